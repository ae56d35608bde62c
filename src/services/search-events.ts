import type { Statement } from 'bun:sqlite'
import type { Db } from '../db'
import { addDays, utcToday } from '../model/dates'
import { DEFAULT_WINDOW_DAYS } from './index-jobs'

export type EventSearchInput = { startDate?: string; endDate?: string; category?: string; city?: string; limit?: number }
export type AppliedFilters = { startDate: string; endDate: string; category: string | null; city: string | null }

/** Event search defaults (documented in the OpenAPI description of each parameter). */
export const SEARCH_DEFAULTS = { limit: 50, windowDays: DEFAULT_WINDOW_DAYS } as const

type Row = { record: string; is_external: number; scraped_at: number; script_version: string; domain: string }

const cache = new WeakMap<Db, Map<string, Statement>>()

function statement(db: Db, city: boolean, category: boolean): Statement {
  let byDb = cache.get(db)
  if (!byDb) cache.set(db, (byDb = new Map()))
  const key = `${city}:${category}`
  let stmt = byDb.get(key)
  if (!stmt) {
    stmt = db.$client.prepare(
      `SELECT e.record, e.is_external, e.scraped_at, e.script_version, o.domain FROM events e JOIN organizations o ON o.org_id = e.org_id
       WHERE e.start_day <= ?2 AND e.end_day >= ?1 AND COALESCE(e.ends_at, e.starts_at) >= ?3
       ${city ? 'AND e.city_key = ?5' : ''} ${category ? 'AND EXISTS (SELECT 1 FROM event_categories c WHERE c.event_pk = e.id AND c.category = ?6)' : ''}
       ORDER BY e.starts_at, e.id LIMIT ?4`,
    )
    byDb.set(key, stmt)
  }
  return stmt
}

/** Adds `_source` and `_external` to a stored record without parsing it (records are JSON objects). */
export function withSource(record: string, row: { domain: string; scraped_at: number; script_version: string; is_external: number }): string {
  const extra = `"_source":${JSON.stringify({ domain: row.domain, scrapedAt: new Date(row.scraped_at).toISOString(), scriptVersion: row.script_version })},"_external":${row.is_external === 1}`
  return record === '{}' ? `{${extra}}` : `${record.slice(0, -1)},${extra}}`
}

/**
 * Upcoming events across every indexed organization, in start order: those overlapping the requested
 * local days (an evening event in Los Angeles counts for its own date), not yet ended, optionally in a
 * city (case-insensitive) and a category. The answer's JSON is assembled from the stored records.
 */
export function searchEvents(db: Db, input: EventSearchInput, nowMs: number): { count: number; filters: AppliedFilters; json: string } {
  const startDate = input.startDate ?? utcToday(nowMs)
  const endDate = input.endDate ?? addDays(startDate, SEARCH_DEFAULTS.windowDays)
  const city = input.city?.trim() || null
  const category = input.category?.trim() || null
  const limit = input.limit ?? SEARCH_DEFAULTS.limit
  const filters: AppliedFilters = { startDate, endDate, category, city }
  const args: (string | number | null)[] = [startDate, endDate, nowMs, limit]
  if (city || category) args.push(city?.toLowerCase() ?? null)
  if (category) args.push(category.toLowerCase())
  const rows = statement(db, !!city, !!category).all(...args) as Row[]
  const events = rows.map((row) => withSource(row.record, row))
  return { count: rows.length, filters, json: `{"count":${rows.length},"filters":${JSON.stringify(filters)},"events":[${events.join(',')}]}` }
}
