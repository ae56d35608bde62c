/**
 * An iCalendar LOCATION is one line of free text: sometimes a venue name, sometimes an address, often
 * both ("Open Source Project Tempe (1415 E University Dr., Tempe, AZ 85281)", "FabLab @ Main St 5,
 * Cottbus", "Library, Am Kanal 47, 14467 Potsdam"). Split only on shapes that say which part is which;
 * otherwise a line with a house number and a comma is an address, and anything else a name.
 */
import type { CandidatePlace } from '../../candidate-types'

const HAS_NUMBER = /\d/

export function splitLocation(text: string): Pick<CandidatePlace, 'name' | 'address'> {
  const location = text.replace(/\s+/g, ' ').trim()
  if (!location) return {}
  const paren = /^(.+?)\s*\((.*\d.*)\)$/.exec(location)
  if (paren && !HAS_NUMBER.test(paren[1])) return { name: paren[1].trim(), address: paren[2].trim() }
  const at = /^(.+?)\s+@\s+(.+)$/.exec(location)
  if (at && HAS_NUMBER.test(at[2])) return { name: at[1].trim(), address: at[2].trim() }
  const parts = location
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
  if (parts.length >= 2 && !HAS_NUMBER.test(parts[0]) && HAS_NUMBER.test(parts[1])) return { name: parts[0], address: parts.slice(1).join(', ') }
  if (parts.length >= 2 && HAS_NUMBER.test(location)) return { address: location }
  return { name: location }
}
