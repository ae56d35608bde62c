/**
 * Vendor venue components (`BEGIN:VVENUE`, from the iCalendar venue draft, written by event platforms):
 * NAME, ADDRESS, CITY, REGION, POSTAL-CODE, COUNTRY, GEO and URL of a place, referenced by the event's
 * `LOCATION;VVENUE=<uid>`, an `X-VVENUE` property, by nesting the VVENUE inside the VEVENT, or by a
 * LOCATION whose text is the venue's name. A venue fills the event's place; its text also repairs a
 * LOCATION whose folding broke inside a word ("Königsbau Pass⏎agen"), since both name the same place.
 */
import ICAL from 'ical.js'
import type { CandidatePlace } from '../../candidate-types'
import { type IcsBlock, propertyName, rawValue } from './content-lines'

export type Venue = { uid?: string; place: CandidatePlace }

const FIELDS: Record<string, keyof CandidatePlace> = {
  NAME: 'name',
  ADDRESS: 'street',
  'STREET-ADDRESS': 'street',
  CITY: 'city',
  LOCALITY: 'city',
  REGION: 'region',
  'POSTAL-CODE': 'postalCode',
  POSTALCODE: 'postalCode',
  COUNTRY: 'country',
  URL: 'url',
}

/** Text value of a content line, with iCalendar escapes (`\,`, `\n`) undone. */
function text(line: string): string {
  return rawValue(line)
    .replace(/\\n/gi, ' ')
    .replace(/\\([,;\\])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Reads one VVENUE block; undefined when it names nothing. */
export function readVenue(block: IcsBlock): Venue | undefined {
  const place: CandidatePlace = {}
  let uid: string | undefined
  for (const line of block.lines) {
    const name = propertyName(line)
    if (name === 'UID') uid = text(line) || undefined
    else if (name === 'GEO') {
      const [lat, lon] = text(line).split(/[;,]/).map(Number)
      if (Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && !(lat === 0 && lon === 0)) Object.assign(place, { latitude: lat, longitude: lon })
    } else if (FIELDS[name]) {
      const value = text(line)
      if (value) Object.assign(place, { [FIELDS[name]]: value })
    }
  }
  return Object.keys(place).length ? { ...(uid ? { uid } : {}), place } : undefined
}

/** Text without whitespace or escapes, lower case: how a broken fold and the venue's text compare equal. */
export function squash(value: string | undefined): string {
  return (value ?? '')
    .replace(/\\n/gi, '')
    .replace(/\\([,;\\])/g, '$1')
    .replace(/\s+/g, '')
    .toLowerCase()
}

/** The venue an event refers to, by reference, by nesting, or by a LOCATION that is the venue's name. */
export function findVenue(venues: { venue: Venue; owner?: number }[], eventLine: number, ref: string | undefined, location: string | undefined): Venue | undefined {
  const nested = venues.find((v) => v.owner === eventLine)
  if (nested) return nested.venue
  const shared = venues.filter((v) => v.owner === undefined).map((v) => v.venue)
  if (ref) {
    const byRef = shared.find((v) => v.uid === ref) ?? shared.find((v) => squash(v.place.name) === squash(ref))
    if (byRef) return byRef
  }
  const loc = squash(location)
  return loc ? shared.find((v) => !!v.place.name && (loc === squash(v.place.name) || loc.startsWith(squash(v.place.name)))) : undefined
}

/**
 * The event's place with the venue's fields: the venue's name replaces a LOCATION that says the same
 * (so a broken fold is repaired), address parts, and coordinates the event does not give itself.
 */
export function withVenue(place: CandidatePlace | undefined, venue: Venue): CandidatePlace {
  const own = place ?? {}
  const v = venue.place
  const sameText =
    !own.name && !own.address
      ? true
      : [own.name, own.address, [own.name, own.address].filter(Boolean).join(', ')].some((t) => t && (squash(t) === squash(v.name) || squash(t).startsWith(squash(v.name))))
  const merged: CandidatePlace = { ...own, ...v }
  if (!sameText && own.name) merged.name = own.name
  if (sameText) delete merged.address
  if (own.latitude !== undefined && own.longitude !== undefined) Object.assign(merged, { latitude: own.latitude, longitude: own.longitude })
  for (const key of Object.keys(merged) as (keyof CandidatePlace)[]) if (merged[key] === undefined) delete merged[key]
  return merged
}

/** The VVENUE reference of an event: `LOCATION;VVENUE=<uid>` or an `X-VVENUE` property's value. */
export function venueReference(lines: string[]): string | undefined {
  for (const line of lines) {
    const name = propertyName(line)
    if (name === 'X-VVENUE') return text(line) || undefined
    if (name === 'LOCATION' && /;VVENUE=/i.test(line)) {
      try {
        const params = (ICAL.parse.property(line) as [string, Record<string, unknown>])[1]
        if (typeof params.vvenue === 'string' && params.vvenue.trim()) return params.vvenue.trim()
      } catch {}
    }
  }
  return undefined
}
