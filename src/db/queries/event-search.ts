import type { Database, Statement } from 'bun:sqlite'
import { circleCells, distanceKm } from '../../model/geo'
import { DAY_MS, dayAfter, earliest, FIRST_CHUNK, opensBefore, type Row, utcMidnight } from '../day-merge'
import type { EventSearchParams, NearbyParams, NearbyRow } from '../reads'
import { joinedRecordBytes, recordsById } from './search-records'
import { geoCell, SPAN_CLASS_DAYS } from './search-keys'

/**
 * Event search as bounded range scans (issue 12: a search must cost the same on 10 000 events as on a
 * million). An event matches a window [start, end] of local days when it starts on or before `end`, ends
 * on or after `start` and has not ended at `nowMs`; answers are in start order (instant, then id).
 *
 * Two kinds of read, each an index range bounded at both ends, on the covering index of the filter
 * combination (none, city, category, city and category; category rows carry a copy of the search
 * columns, see schema.ts), pinned by test/db/search-plans.test.ts:
 * - one stream per local start day, read in start order (`start_day = ?` then `starts_at`). Days are
 *   merged here in start order; a day is opened only when the merge reaches the earliest instant an event
 *   of that day can have (its UTC midnight minus a day, whatever the offset), and empty days are skipped
 *   with one seek. Each day is read up to the number of events still wanted, so a search reads a few
 *   times `limit` rows at most, wherever its window lies and however many events are stored.
 * - the events already running when the window opens (start day before it: multi-day events, few), per
 *   span class from the window's start minus the class's longest span (SPAN_CLASS_DAYS), so a long
 *   exhibition never widens the scan of short events.
 * Single-day events that started three days or more before today have all ended, so no day before that
 * is read. Only the records returned are read from the table.
 */
/**
 * Values compared for equality (day, city, category) are bound behind a CAST. Compared bare with a column
 * (`city_key = $city`), SQLite (3.54) lets the bound value take part in planning, and then prepares the
 * statement again each time a value is bound to it: 15 µs for a day read of one row, 70 µs for an ongoing
 * read, more than the reads themselves and most of a search's time. Behind a CAST the planner sees an
 * expression and keeps its plan (the plans are pinned in test/db/search-plans.test.ts). For the same
 * reason limits are bound as `CAST($want AS INTEGER)`, never as `LIMIT $want`.
 */
const DAY = 'CAST($day AS TEXT)'
const CITY = 'CAST($city AS TEXT)'
const CATEGORY = 'CAST($category AS TEXT)'
const ONGOING_CLASSES = SPAN_CLASS_DAYS.map((_, k) => k).filter((k) => k > 0)
const WHOLE_DAY = -1

export type Source = { table: string; id: string; dayIndex: string; ongoingIndex: string; filter: string }
export const SOURCES = {
  all: { table: 'events', id: 'id', dayIndex: 'events_day_search', ongoingIndex: 'events_ongoing_search', filter: '' },
  city: { table: 'events', id: 'id', dayIndex: 'events_city_day_search', ongoingIndex: 'events_city_ongoing_search', filter: `e.city_key = ${CITY} AND ` },
  category: { table: 'event_categories', id: 'event_pk', dayIndex: 'event_categories_day_search', ongoingIndex: 'event_categories_ongoing_search', filter: `e.category = ${CATEGORY} AND ` },
  both: {
    table: 'event_categories',
    id: 'event_pk',
    dayIndex: 'event_categories_city_day_search',
    ongoingIndex: 'event_categories_city_ongoing_search',
    filter: `e.category = ${CATEGORY} AND e.city_key = ${CITY} AND `,
  },
} satisfies Record<string, Source>
export type SearchSource = keyof typeof SOURCES

/** The filter combination a search reads with. */
export function searchSource(params: Pick<EventSearchParams, 'cityKey' | 'category'>): SearchSource {
  return params.category ? (params.cityKey ? 'both' : 'category') : params.cityKey ? 'city' : 'all'
}

export const ongoingParts = (s: Source, extra = '') =>
  ONGOING_CLASSES.map(
    (k) =>
      `SELECT e.starts_at AS at, e.${s.id} AS id FROM ${s.table} e INDEXED BY ${s.ongoingIndex} WHERE ${s.filter}e.span_class > 0 AND e.span_class = ${k}
       AND e.starts_at >= $lo${k} AND e.starts_at < $hi AND e.start_day < $first AND e.start_day <= $end AND e.end_day >= $start AND e.until_at >= $now${extra}`,
  ).join('\nUNION ALL\n')

/** The statements of one filter combination, as SQL; exported so that tests can pin their query plans. */
export function searchSql(source: SearchSource) {
  const s = SOURCES[source]
  const from = `FROM ${s.table} e INDEXED BY ${s.dayIndex} WHERE ${s.filter}`
  return {
    /** The first day from `$from` to `$end` with a row of this combination (ended or not). */
    nextDay: `SELECT e.start_day AS day ${from}e.start_day >= $from AND e.start_day <= $end ORDER BY e.start_day LIMIT 1`,
    /** One day's matching events in start order after (`$at`, `$after`), at most `$want`. */
    day: `SELECT e.starts_at AS at, e.${s.id} AS id ${from}e.start_day = ${DAY} AND (e.starts_at, e.${s.id}) > ($at, $after) AND e.end_day >= $start AND e.until_at >= $now
      ORDER BY e.starts_at, e.${s.id} LIMIT CAST($want AS INTEGER)`,
    /** Events that started before `$first` and are still running in the window, in start order. */
    ongoing: `${ongoingParts(s)}\nORDER BY 1, 2 LIMIT CAST($want AS INTEGER)`,
  }
}

const NEARBY_CATEGORY = ` AND EXISTS (SELECT 1 FROM event_categories c WHERE c.event_pk = e.id AND c.category = ${CATEGORY})`
const CELLS = 'e.geo_cell IN (SELECT value FROM json_each($cells))'

/** The statements of a search near a point (venue cells instead of a city), with or without a category. */
export function nearbySql(category: boolean) {
  const extra = category ? NEARBY_CATEGORY : ''
  return {
    nextDay: `SELECT min((SELECT e.start_day FROM events e INDEXED BY events_geo_day_search WHERE e.geo_cell = c.value AND e.start_day >= $from AND e.start_day <= $end
      ORDER BY e.start_day LIMIT 1)) AS day FROM json_each($cells) c`,
    day: `SELECT e.starts_at AS at, e.id AS id, e.latitude AS lat, e.longitude AS lon FROM events e INDEXED BY events_geo_day_search
      WHERE ${CELLS} AND e.start_day = ${DAY} AND (e.starts_at, e.id) > ($at, $after) AND e.end_day >= $start AND e.until_at >= $now${extra} ORDER BY e.starts_at, e.id LIMIT CAST($want AS INTEGER)`,
    ongoing: `SELECT x.at, x.id, e.latitude AS lat, e.longitude AS lon FROM (${ongoingParts(SOURCES.all, ` AND e.geo_cell IS NOT NULL`)}) x JOIN events e ON e.id = x.id
      WHERE ${CELLS}${extra} ORDER BY 1, 2 LIMIT CAST($want AS INTEGER)`,
  }
}

export type Prepared = { nextDay: Statement; day: Statement; ongoing: Statement }
export type { Row } from '../day-merge'
const cache = new WeakMap<Database, Map<string, Prepared | Statement>>()

export function prepare<T extends Prepared | Statement>(sqlite: Database, key: string, make: () => T): T {
  let byKey = cache.get(sqlite)
  if (!byKey) cache.set(sqlite, (byKey = new Map()))
  let p = byKey.get(key) as T | undefined
  if (!p) byKey.set(key, (p = make()))
  return p
}

export function prepareAll(sqlite: Database, key: string, sql: Record<keyof Prepared, string>): Prepared {
  return prepare(sqlite, key, () => ({ nextDay: sqlite.prepare(sql.nextDay), day: sqlite.prepare(sql.day), ongoing: sqlite.prepare(sql.ongoing) }))
}

/** The parameters every statement of a search binds (statements ignore the ones they do not name). */
export function bindings(params: Pick<EventSearchParams, 'startDate' | 'endDate' | 'nowMs'>, extra: Record<string, unknown>) {
  const threeDaysAgo = new Date(params.nowMs - 3 * DAY_MS).toISOString().slice(0, 10)
  const first = params.startDate > threeDaysAgo ? params.startDate : threeDaysAgo
  const bound: Record<string, unknown> = { ...extra, start: params.startDate, end: params.endDate, now: params.nowMs, first, hi: utcMidnight(first) + DAY_MS }
  for (const k of ONGOING_CLASSES) bound[`lo${k}`] = Math.max(utcMidnight(params.startDate) - (SPAN_CLASS_DAYS[k] + 1) * DAY_MS, params.nowMs - (SPAN_CLASS_DAYS[k] + 3) * DAY_MS)
  return bound
}

type Stream = { rows: Row[]; i: number; day?: string; chunk: number; done: boolean; from?: Position }
type Position = [at: number, id: number]
const END: Position = [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]

/** Where a day stream may start, for the days whose first events may have ended (see resumeFor). */
type Resume = { get(day: string): Position | undefined; set(day: string, from: Position): void }
/** How long a remembered start is used: as long as an answer is (the answer cache's two seconds). */
const RESUME_TTL_MS = 2000
const resumes = new WeakMap<Database, Map<string, { from: Position; nowMs: number; generation: number }>>()

/**
 * A day stream of today (or of a day before it) first skips, inside the index, every event of the day that
 * has ended: thousands of rows at a million events in the afternoon, ten times the cost of the rest of the
 * search. Ended events stay ended, so where the live ones begin can be remembered: per connection, filter
 * combination and day, for the events write generation it was found in (a write may add a running event
 * earlier in the day) and at most RESUME_TTL_MS (another process may write), and only for searches at the
 * same instant or later. Without a generation (callers outside the services) nothing is remembered.
 */
function resumeFor(sqlite: Database, key: string, params: EventSearchParams): Resume | undefined {
  const generation = params.generation
  if (generation === undefined) return undefined
  let known = resumes.get(sqlite)
  if (!known) resumes.set(sqlite, (known = new Map()))
  const byDay = known
  return {
    get(day) {
      const r = byDay.get(`${key}|${day}`)
      return r && r.generation === generation && r.nowMs <= params.nowMs && params.nowMs - r.nowMs <= RESUME_TTL_MS ? r.from : undefined
    },
    set(day, from) {
      if (utcMidnight(day) - DAY_MS > params.nowMs) return // nothing of that day can have ended yet
      if (byDay.size >= 4096) byDay.clear()
      byDay.set(`${key}|${day}`, { from, nowMs: params.nowMs, generation })
    },
  }
}

/**
 * The matching rows in start order, at most `limit`, merging the running events and the day streams. A
 * day is read in chunks (keyset on start and id), so opening a day early costs one small read. With
 * `accept` (search near a point), rows are dropped after they are read, so each day is read whole.
 */
export function merge(p: Prepared, bound: Record<string, unknown>, limit: number, accept?: (row: Row) => boolean, resume?: Resume): Row[] {
  const out: Row[] = []
  const streams: Stream[] = [{ rows: p.ongoing.values({ ...bound, want: accept ? WHOLE_DAY : limit }) as Row[], i: 0, chunk: 0, done: true }]
  const read = (s: Stream) => {
    const last = s.rows[s.rows.length - 1] ?? s.from
    const want = accept ? WHOLE_DAY : Math.min(s.chunk, limit - out.length)
    // A page after a cursor (issue 18) starts every day after the cursor's row: `$at0`, `$after0`.
    const at = last?.[0] ?? (bound.at0 as number | undefined) ?? -Number.MAX_SAFE_INTEGER
    const after = last?.[1] ?? (bound.after0 as number | undefined) ?? -Number.MAX_SAFE_INTEGER
    s.rows = p.day.values({ ...bound, day: s.day, at, after, want }) as Row[]
    s.i = 0
    s.done = want < 0 || s.rows.length < want
    s.chunk *= 2
  }
  /** The first read of a day: from where its live events begin, if known, and then that is known. */
  const open = (day: string): Stream => {
    const s: Stream = { rows: [], i: 0, day, chunk: FIRST_CHUNK, done: false, from: resume?.get(day) }
    read(s)
    const first = s.rows[0]
    if (resume && (first || s.done)) resume.set(day, first ? [first[0], first[1] - 1] : END)
    return s
  }
  let from: string | undefined = bound.first as string
  let next: string | undefined
  while (out.length < limit) {
    if (next === undefined && from !== undefined) {
      next = (p.nextDay.get({ ...bound, from }) as { day: string | null } | null)?.day ?? undefined
      if (next === undefined) from = undefined
    }
    for (const s of streams) if (s.i >= s.rows.length && !s.done) read(s)
    const best = earliest(streams)
    if (opensBefore(next, best)) {
      streams.push(open(next))
      from = dayAfter(next)
      next = undefined
      continue
    }
    if (!best) break
    const row = best.rows[best.i++]
    if (!accept || accept(row)) out.push(row)
  }
  return out
}

/**
 * The matching events' search records in start order, comma-separated (a JSON array's inside) as UTF-8
 * bytes in a buffer of their own (the read worker transfers it), how many, and the start and id of the last.
 */
export function searchEventRecords(sqlite: Database, params: EventSearchParams): { count: number; records: Uint8Array; last: [at: number, id: number] | null } {
  const source = searchSource(params)
  const extra: Record<string, unknown> = {}
  if (params.cityKey) extra.city = params.cityKey
  if (params.category) extra.category = params.category
  const rows = merge(prepareAll(sqlite, source, searchSql(source)), bindings(params, extra), params.limit, undefined, resumeFor(sqlite, `${source}|${params.cityKey}|${params.category}`, params))
  const found = joinedRecordBytes(sqlite, rows)
  const last = rows[found.lastIndex]
  return { count: found.count, records: found.bytes, last: last ? [last[0], last[1]] : null }
}

/**
 * Upcoming events whose venue lies within `radiusKm` of a point, in start order, with their distance:
 * the same merge over the venue cells that cover the circle (see circleCells), each candidate checked
 * against the exact circle. Events whose source gave no coordinates are never near anything.
 */
export function nearbyEventRecords(sqlite: Database, params: NearbyParams): NearbyRow[] {
  const cells = circleCells(params.latitude, params.longitude, params.radiusKm, geoCell)
  const extra: Record<string, unknown> = { cells: JSON.stringify(cells) }
  if (params.category) extra.category = params.category
  const key = params.category ? 'nearby-category' : 'nearby'
  const distances = new Map<number, number>()
  const rows = merge(prepareAll(sqlite, key, nearbySql(!!params.category)), bindings(params, extra), params.limit, (row) => {
    const d = distanceKm(params.latitude, params.longitude, row[2]!, row[3]!)
    distances.set(row[1], d)
    return d <= params.radiusKm
  })
  const found = recordsById(sqlite, rows)
  return rows.flatMap((row) => {
    const record = found.get(row[1])
    return record === undefined ? [] : [{ record, distanceKm: Math.round(distances.get(row[1])! * 100) / 100 }]
  })
}
