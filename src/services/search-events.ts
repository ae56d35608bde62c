import { addDays, firstLocalDay, utcToday } from '../model/dates'
import { answerBytes, answerText, dropAnswer } from './answer-bytes'
import { DEFAULT_WINDOW_DAYS } from './index-jobs'
import { encodeCursor, findEvents, fingerprint, isExtended, resolveFind, type FindFilters, type FindInput } from './find-events'
import type { ReadContext } from './read-context'

export type EventSearchInput = { startDate?: string; endDate?: string; category?: string; city?: string; limit?: number } & FindInput
export type AppliedFilters = { startDate: string; endDate: string; category: string | null; city: string | null } & FindFilters
/** A search answer: its JSON body as bytes, built once and reused by every request it is cached for (see answerBytes). */
export type SearchAnswer = { count: number; filters: AppliedFilters; body: Uint8Array; nextCursor?: string | null }

/** The answer's body as text (MCP tools parse it). */
export function answerJson(answer: { body: Uint8Array }): string {
  return answerText(answer.body)
}

/** Event search defaults (documented in the OpenAPI description of each parameter). */
export const SEARCH_DEFAULTS = { limit: 50, windowDays: DEFAULT_WINDOW_DAYS } as const

/** How long an answer may be reused while no event was written: "upcoming" moves with the clock. */
export const SEARCH_CACHE_TTL_MS = 2000

/** Default window ends by start date: most searches give no end, and their starts repeat. */
const defaultEnds = new Map<string, string>()

function defaultEnd(startDate: string): string {
  let end = defaultEnds.get(startDate)
  if (end === undefined) {
    if (defaultEnds.size >= 1024) defaultEnds.clear()
    defaultEnds.set(startDate, (end = addDays(startDate, SEARCH_DEFAULTS.windowDays)))
  }
  return end
}

/** The filters a request asks for, with the defaults filled in. */
export function applyDefaults(input: EventSearchInput, nowMs: number): AppliedFilters & { limit: number } {
  const startDate = input.startDate ?? utcToday(nowMs)
  return {
    startDate,
    endDate: input.endDate ?? defaultEnd(startDate),
    category: input.category?.trim() || null,
    city: input.city?.trim() || null,
    limit: input.limit ?? SEARCH_DEFAULTS.limit,
  }
}

/**
 * Upcoming events across every indexed organization, in start order: those overlapping the requested
 * local days (an evening event in Los Angeles counts for its own date; a window starting today starts on
 * the earliest date on Earth, so that evening is still found after UTC midnight: `firstLocalDay`), not yet ended, optionally in a
 * city (case-insensitive) and a category. Records come out of storage exactly as search returns them
 * (built at write time) and the body is encoded once; an identical question is answered from the cache
 * until an event is written or two seconds pass. A full page carries `nextCursor`. A search with any
 * parameter of issue 18 (text, place, audience, free, when, cursor) is answered by findSearch.
 */
export function searchEvents(ctx: ReadContext, input: EventSearchInput, nowMs: number): Promise<SearchAnswer> {
  if (isExtended(input) || (input.city !== undefined && input.city.includes(','))) return findSearch(ctx, input, nowMs)
  const { limit, ...filters } = applyDefaults(input, nowMs)
  const key = JSON.stringify(['search', filters.startDate, filters.endDate, filters.city, filters.category, limit])
  const generation = ctx.generation()
  return ctx.cache.get(
    key,
    { generation, nowMs, ttlMs: SEARCH_CACHE_TTL_MS },
    async () => {
      const found = await ctx.reads.searchEvents({
        startDate: firstLocalDay(filters.startDate, nowMs),
        endDate: filters.endDate,
        cityKey: filters.city?.toLowerCase() ?? null,
        category: filters.category?.toLowerCase() ?? null,
        limit,
        nowMs,
        generation,
      })
      const next = found.count === limit && found.last ? encodeCursor('start', fingerprint(findKey(filters, {}, limit)), found.last) : null
      const body = answerBytes(`{"count":${found.count},"filters":${JSON.stringify(filters)},"events":[`, found.records, next ? `],"nextCursor":"${next}"}` : ']}')
      return { count: found.count, filters, body, nextCursor: next }
    },
    (answer) => answer.body.byteLength,
    (answer, bytes) => dropAnswer(answer.body, bytes),
  )
}

/** The parameters that make a search what it is (not the cursor): the cache key and the cursor's fingerprint. */
function findKey(filters: AppliedFilters, input: FindInput, limit: number): string {
  return JSON.stringify(['find', filters.startDate, filters.endDate, filters.city, filters.category, limit, input.q, input.near, input.radiusKm, input.audience, input.free === true, input.when])
}

/**
 * The search with the parameters of issue 18: `q` ranks by relevance, `near` keeps the events within
 * the radius by distance (venue coordinates, else the city's centroid), `city` may name its region or
 * country ("Paris, TX") and resolves to the gazetteer's place, `audience` and `free` filter, `when` picks
 * the dates in the zone of the place (else UTC) unless startDate/endDate are given, and `cursor` continues
 * a previous page. Each resolution is reported in `filters`.
 */
async function findSearch(ctx: ReadContext, input: EventSearchInput, nowMs: number): Promise<SearchAnswer> {
  const resolved = resolveFind(input, nowMs)
  const { limit, ...base } = applyDefaults({ ...input, ...resolved.window }, nowMs)
  const filters: AppliedFilters = { ...base, ...resolved.filters }
  const key = findKey(filters, input, limit)
  return ctx.cache.get(
    JSON.stringify([key, input.cursor ?? null]),
    { generation: ctx.generation(), nowMs, ttlMs: SEARCH_CACHE_TTL_MS },
    async () => {
      const near = resolved.near && { latitude: resolved.near.latitude, longitude: resolved.near.longitude, radiusKm: filters.radiusKm! }
      const found = await findEvents(
        ctx,
        {
          // A start from `when` is already a local day of the place's zone; only "today" in UTC opens early.
          startDate: input.when && input.startDate === undefined ? filters.startDate : firstLocalDay(filters.startDate, nowMs),
          endDate: filters.endDate,
          cityKey: resolved.cityName?.toLowerCase() || null,
          region: resolved.place?.region ?? null,
          country: resolved.place?.country ?? null,
          category: filters.category?.toLowerCase() ?? null,
          audience: input.audience ?? null,
          free: input.free === true,
          near: near ?? null,
          q: input.q,
          cursor: input.cursor,
          limit,
          nowMs,
        },
        key,
      )
      const next = found.nextCursor ? `,"nextCursor":"${found.nextCursor}"` : ''
      const body = answerBytes(`{"count":${found.count},"filters":${JSON.stringify(filters)},"events":[`, found.body, `]${next}}`)
      return { count: found.count, filters, body, nextCursor: found.nextCursor }
    },
    (answer) => answer.body.byteLength,
    (answer, bytes) => dropAnswer(answer.body, bytes),
  )
}
