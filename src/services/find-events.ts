import { invalidRequest } from './errors'
import { releasedBytes } from '../memory'
import type { FindParams } from '../db/reads'
import { ftsQuery } from './search-businesses'
import { nearPoint, placeOf, whenDays, type SearchPlace, type When } from './search-place'
import type { ReadContext } from './read-context'

export const AUDIENCES = ['family', 'kids', 'teens', 'adults', 'seniors'] as const
export type Audience = (typeof AUDIENCES)[number]

/** The parameters issue 18 adds to the event search (all optional; see the OpenAPI descriptions). */
export type FindInput = {
  q?: string
  near?: string
  radiusKm?: number
  audience?: Audience
  free?: boolean
  when?: When
  cursor?: string
}

export const FIND_DEFAULTS = { radiusKm: 25, maxRadiusKm: 200 } as const

/** What `filters` reports beyond the spec's four: each added parameter used, as the search resolved it. */
export type FindFilters = {
  q?: string
  near?: { latitude: number; longitude: number; place?: SearchPlace }
  radiusKm?: number
  place?: SearchPlace
  audience?: Audience
  free?: true
  when?: { name: When; timeZone: string; startDate: string; endDate: string }
}

/** True when a search uses any parameter of issue 18 (else it is the spec's plain search). */
export function isExtended(input: FindInput): boolean {
  return input.q !== undefined || input.near !== undefined || input.audience !== undefined || input.free === true || input.when !== undefined || input.cursor !== undefined
}

/** Resolves the place parameters and `when` into the filters reported and the window they imply. */
export function resolveFind(input: FindInput & { city?: string; startDate?: string; endDate?: string }, nowMs: number) {
  if (input.radiusKm !== undefined && !(input.radiusKm > 0 && input.radiusKm <= FIND_DEFAULTS.maxRadiusKm))
    throw invalidRequest(`radiusKm must be more than 0 and at most ${FIND_DEFAULTS.maxRadiusKm} (kilometres)`)
  const filters: FindFilters = {}
  const near = input.near !== undefined ? nearPoint(input.near) : undefined
  if (near) {
    filters.near = { latitude: near.latitude, longitude: near.longitude, ...(near.place ? { place: near.place } : {}) }
    filters.radiusKm = input.radiusKm ?? FIND_DEFAULTS.radiusKm
  }
  const city = input.city?.trim()
  const place = city ? placeOf(city) : undefined
  if (place) filters.place = place
  if (input.q !== undefined) filters.q = input.q
  if (input.audience) filters.audience = input.audience
  if (input.free) filters.free = true
  let window: { startDate?: string; endDate?: string } = {}
  if (input.when) {
    const timeZone = near?.timeZone ?? place?.timeZone ?? 'UTC'
    const days = whenDays(input.when, nowMs, timeZone)
    // Explicit dates win over `when`, each on its own.
    window = { startDate: input.startDate ?? days.startDate, endDate: input.endDate ?? days.endDate }
    filters.when = { name: input.when, timeZone, ...days }
  }
  return { filters, near, place, cityName: place && city ? city.split(',')[0].trim() : city, window }
}

type Cursor = { o: string; f: string; k: number[] }

/** The opaque cursor of the page after the one whose last row has sort key `k`. */
export function encodeCursor(order: string, fingerprint: string, k: number[]): string {
  return Buffer.from(JSON.stringify({ o: order, f: fingerprint, k } satisfies Cursor)).toString('base64url')
}

/** The sort key a cursor continues after; a 400 naming `cursor` when it is not one of this search's. */
export function decodeCursor(text: string, order: string, fingerprint: string): number[] {
  let c: Partial<Cursor> | undefined
  try {
    c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>
  } catch {}
  if (!c || c.o !== order || c.f !== fingerprint || !Array.isArray(c.k) || !c.k.every((n) => typeof n === 'number' && Number.isFinite(n)))
    throw invalidRequest('cursor is not a nextCursor of this search (same parameters, other than cursor)')
  return c.k
}

/** A short digest of a search's parameters: a cursor only continues the search it came from. */
export function fingerprint(key: string): string {
  return Bun.hash(key).toString(36)
}

export type FindAnswerParts = { count: number; body: string; nextCursor: string | null }

/**
 * Runs the extended search on the read side and writes the events part of the body (records as stored,
 * `distanceKm` appended when near a point) and the cursor of the next page (only when this one is full).
 */
export async function findEvents(ctx: ReadContext, params: Omit<FindParams, 'after' | 'match'> & { q?: string; cursor?: string }, key: string): Promise<FindAnswerParts> {
  const order = params.near ? 'distance' : params.q !== undefined ? 'relevance' : 'start'
  const print = fingerprint(key)
  const after = params.cursor !== undefined ? decodeCursor(params.cursor, order, print) : null
  const match = params.q !== undefined ? (ftsQuery(params.q) ?? null) : null
  // Text with no word in it (only punctuation) matches nothing; it is never an error.
  if (params.q !== undefined && match === null) return { count: 0, body: '', nextCursor: null }
  const { q: _q, cursor: _c, ...rest } = params
  const found = await ctx.reads.findEvents({ ...rest, match, after })
  let body = ''
  found.records.forEach((record, i) => {
    const item = found.order === 'distance' ? `${record.slice(0, -1)},"distanceKm":${Math.round(found.distances[i] * 100) / 100}}` : record
    body += i ? `,${item}` : item
  })
  releasedBytes(body.length)
  const full = found.records.length === params.limit && found.last !== null
  return { count: found.records.length, body, nextCursor: full ? encodeCursor(found.order, print, found.last!) : null }
}
