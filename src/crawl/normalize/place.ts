/**
 * Where an event happens: the spec's `venue` {name, address, latitude, longitude}, `address` (one line) and
 * `city` as the source states it in a field of its own. A city read from the address or found elsewhere in
 * the document is the document-wide pass's work (`event-city.ts`). Coordinates only as the source gives
 * them, a valid pair, never a town's centre.
 */
import type { Event } from '../../model/event'
import type { CandidatePlace } from '../candidate-types'
import { cleanLine } from '../shared/text'

type Venue = NonNullable<Event['venue']>

/** The address from its parts: street, city, region and postal code, country (each cleaned; empty ones left out). */
function joinAddress(p: CandidatePlace, city: string | undefined): string | undefined {
  const regionLine = p.region ? (p.postalCode ? `${p.region} ${p.postalCode}` : `${p.region}`) : p.postalCode ? `${p.postalCode}` : ''
  let out = cleanLine(p.street)
  for (const part of [city, cleanLine(regionLine), cleanLine(p.country)]) if (part) out = out ? `${out}, ${part}` : part
  return out
}

function coordinate(value: number | undefined, limit: number): number | undefined {
  return value !== undefined && Number.isFinite(value) && Math.abs(value) <= limit ? value : undefined
}

export type NormalizedPlace = { venue?: Venue; address?: string; city?: string; latitude?: number; longitude?: number }

/** The record's place fields for a candidate place; empty when the source names no place. */
export function normalizePlace(p: CandidatePlace | undefined): NormalizedPlace {
  if (!p) return {}
  const name = cleanLine(p.name)
  const written = cleanLine(p.address)
  const city = cleanLine(p.city)
  const composed = joinAddress(p, city)
  const address = written && composed && !written.includes(city ?? '\u0000') ? `${written}, ${composed}` : (written ?? composed)
  let latitude = coordinate(p.latitude, 90)
  let longitude = coordinate(p.longitude, 180)
  if (latitude === undefined || longitude === undefined) latitude = longitude = undefined
  const out: NormalizedPlace = {}
  if (name || address || latitude !== undefined) out.venue = { name: name ?? null, address: address ?? null, latitude: latitude ?? null, longitude: longitude ?? null }
  if (address) out.address = address
  if (city) out.city = city
  if (latitude !== undefined) Object.assign(out, { latitude, longitude })
  return out
}
