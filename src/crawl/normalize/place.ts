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

function joinAddress(p: CandidatePlace): string | undefined {
  const regionLine = [p.region, p.postalCode].filter(Boolean).join(' ')
  const parts = [p.street, p.city, regionLine, p.country].map((s) => cleanLine(s)).filter((s): s is string => !!s)
  return parts.length ? parts.join(', ') : undefined
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
  const composed = joinAddress(p)
  const address = written && composed && !written.includes(cleanLine(p.city) ?? '\u0000') ? `${written}, ${composed}` : (written ?? composed)
  const city = cleanLine(p.city)
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
