/**
 * Addresses as small organizations write them: a street ("200 W. 4th Street", "Hauptstraße 5", "rue des
 * Écoles") or a postal code, a venue's name before its street, and the address lines under a venue's name.
 */
import { memoize } from '../../../bounded-cache'
import type { CandidatePlace } from '../../candidate-types'
import { VENUE_WORD } from './labels'
import type { Line } from './page-lines'

export const STREET =
  /\b\d{1,6}[a-z]?\s+(?:[NSEW]\.?\s+)?(?:\d{1,3}(?:st|nd|rd|th)\s+|[\p{L}][\p{L}\s.'-]*\b)(street|st|road|rd|avenue|ave|boulevard|blvd|drive|dr|lane|ln|way|court|ct|place|pl|highway|hwy|parkway|pkwy|circle|cir|square|sq|terrace)\b\.?|\b[\p{L}-]*(straat|weg|laan|plein|gracht|kade|singel|dijk|wal|steeg|markt|dreef|hof|strasse|straße|str\.|platz|gasse|allee|ring|damm|ufer)\s+\d{1,5}\b|\b(rue|avenue|boulevard|chemin|place|calle|avenida|plaza|via|viale|piazza|corso|rua|praça)\s+[\p{L}]/iu
const POSTAL = /\b[A-Z]{2}\s+\d{5}(-\d{4})?\b|\b\d{4}\s?[A-Z]{2}\b|\b\d{5}\s+[\p{Lu}][\p{L}]+/u
/** A street or a postal code in the text; asked of each line of every card, so each distinct text is read once. */
export const addressShaped = memoize((text: string) => STREET.test(text) || POSTAL.test(text))

/**
 * "<span class=eventLocation>City Hall Council Chambers</span><br>123 Main St.<br>Greenfield, OH 45123": the
 * address lines (up to two) right after a venue's name line, in the same block.
 */
export function addressAfter(lines: Line[], i: number): string | undefined {
  const parts: string[] = []
  for (let j = i + 1; j < lines.length && j <= i + 2; j++) {
    const l = lines[j]
    if (l.virtual || (l.el !== lines[i].el && !lines[i].path.includes(l.el)) || l.text.length > 80 || !addressShaped(l.text)) break
    parts.push(l.text)
  }
  return parts.length ? parts.join(', ') : undefined
}

/**
 * "Salle polyvalente, rue des Écoles", "Library Annex, 300 Pinon Street": a venue's name and its street, and
 * nothing else: what a line that says only where (besides its date) names.
 */
export function placeOnly(text: string): CandidatePlace | undefined {
  const comma = text.indexOf(', ')
  if (comma < 0 || text.length > 80) return undefined
  const name = text.slice(0, comma)
  const address = text.slice(comma + 2)
  return name.split(/\s+/).length <= 4 && VENUE_WORD.test(name) && STREET.exec(address)?.index === 0 ? { name, address } : undefined
}

/** "Abrams Building / 1520 Market St. / St. Louis, MO 63103": a name, then its address. */
export function splitPlace(values: string[]): CandidatePlace {
  if (values.length === 1) {
    const v = values[0]
    if (!addressShaped(v)) return { name: v }
    // "Library Annex, 300 Pinon Street": a name without digits, then the address.
    const comma = v.indexOf(',')
    const head = comma > 0 ? v.slice(0, comma) : ''
    return head && !/\d/.test(head) && STREET.test(v.slice(comma + 1)) ? { name: head.trim(), address: v.slice(comma + 1).trim() } : { address: v }
  }
  const [first, ...rest] = values
  if (STREET.test(first)) return { address: values.join(', ').replace(/,\s*,/g, ',') }
  return { name: first, address: rest.join(' ').replace(/\s+/g, ' ').replace(/,\s*$/, '') }
}
