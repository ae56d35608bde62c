import type { Statement } from 'bun:sqlite'
import type { Db } from '../db'
import { eventsGeneration } from '../db/queries/generation'
import { addDays, utcToday } from '../model/dates'
import { DEFAULT_WINDOW_DAYS } from './index-jobs'

export type EventSearchInput = { startDate?: string; endDate?: string; category?: string; city?: string; limit?: number }
export type AppliedFilters = { startDate: string; endDate: string; category: string | null; city: string | null }
export type SearchAnswer = { count: number; filters: AppliedFilters; json: string; bytes?: Uint8Array }

const encoder = new TextEncoder()

/** The answer's body as UTF-8, encoded once per cached answer rather than once per request. */
export function answerBytes(answer: SearchAnswer): Uint8Array {
  answer.bytes ??= encoder.encode(answer.json)
  return answer.bytes
}

/** Event search defaults (documented in the OpenAPI description of each parameter). */
export const SEARCH_DEFAULTS = { limit: 50, windowDays: DEFAULT_WINDOW_DAYS } as const

/** How long an answer may be reused while no event was written: "upcoming" moves with the clock. */
export const SEARCH_CACHE_TTL_MS = 2000
const CACHE_SIZE = 1000

type Prepared = { statements: Map<string, Statement>; cache: Map<string, { generation: number; at: number; answer: SearchAnswer }> }
const perDb = new WeakMap<Db, Prepared>()

function prepared(db: Db): Prepared {
  let p = perDb.get(db)
  if (!p) perDb.set(db, (p = { statements: new Map(), cache: new Map() }))
  return p
}

function statement(db: Db, city: boolean, category: boolean): Statement {
  const p = prepared(db)
  const key = `${city}:${category}`
  let stmt = p.statements.get(key)
  if (!stmt) {
    // The filters are all columns of the covering index (city_key, starts_at, id, start_day, end_day,
    // until_at), so only the rows returned are read from the table.
    stmt = db.$client.prepare(
      `SELECT e.search_record FROM events e
       WHERE ${city ? 'e.city_key = ?5 AND' : ''} e.start_day <= ?2 AND e.end_day >= ?1 AND e.until_at >= ?3
       ${category ? 'AND EXISTS (SELECT 1 FROM event_categories c WHERE c.event_pk = e.id AND c.category = ?6)' : ''}
       ORDER BY e.starts_at, e.id LIMIT ?4`,
    )
    p.statements.set(key, stmt)
  }
  return stmt
}

/** The filters a request asks for, with the defaults filled in. */
export function applyDefaults(input: EventSearchInput, nowMs: number): AppliedFilters & { limit: number } {
  const startDate = input.startDate ?? utcToday(nowMs)
  return {
    startDate,
    endDate: input.endDate ?? addDays(startDate, SEARCH_DEFAULTS.windowDays),
    category: input.category?.trim() || null,
    city: input.city?.trim() || null,
    limit: input.limit ?? SEARCH_DEFAULTS.limit,
  }
}

/**
 * Upcoming events across every indexed organization, in start order: those overlapping the requested
 * local days (an evening event in Los Angeles counts for its own date), not yet ended, optionally in a
 * city (case-insensitive) and a category. Records come out of the database exactly as search returns
 * them (built at write time); an identical question is answered from a small cache until an event is
 * written or two seconds pass.
 */
export function searchEvents(db: Db, input: EventSearchInput, nowMs: number): SearchAnswer {
  const { limit, ...filters } = applyDefaults(input, nowMs)
  const p = prepared(db)
  const generation = eventsGeneration(db)
  const key = `${filters.startDate}|${filters.endDate}|${filters.city ?? ''}|${filters.category ?? ''}|${limit}`
  const hit = p.cache.get(key)
  if (hit && hit.generation === generation && nowMs - hit.at < SEARCH_CACHE_TTL_MS) return hit.answer
  const args: (string | number | null)[] = [filters.startDate, filters.endDate, nowMs, limit]
  if (filters.city || filters.category) args.push(filters.city?.toLowerCase() ?? null)
  if (filters.category) args.push(filters.category.toLowerCase())
  const rows = statement(db, !!filters.city, !!filters.category).values(...args) as string[][]
  let events = ''
  for (let i = 0; i < rows.length; i++) events += i ? `,${rows[i][0]}` : rows[i][0]
  const answer = { count: rows.length, filters, json: `{"count":${rows.length},"filters":${JSON.stringify(filters)},"events":[${events}]}` }
  if (p.cache.size >= CACHE_SIZE) p.cache.delete(p.cache.keys().next().value!)
  p.cache.set(key, { generation, at: nowMs, answer })
  return answer
}
