import type { Database } from 'bun:sqlite'
import { circleCells } from '../../model/geo'
import { distancePage, findResult } from '../find-pages'
import type { FindOrder, FindParams, FindResult } from '../reads'
import { bindings, merge, ongoingParts, prepare, prepareAll, SOURCES, type Row, type Source } from './event-search'
import { recordsById } from './search-records'
import { geoCell } from './search-keys'

/**
 * The extended event search of issue 18, on the bounded reads of event-search.ts:
 * - in start order (no text, no point): the same day-by-day merge on the covering index of the filter
 *   combination; an audience without a category reads the category rows of the audience tag (audience
 *   tags are categories), so it costs what a category search costs. Free, a second tag and the city's
 *   region and country are checked on the rows the index yields.
 * - near a point: every event of the window in the 1°×1° venue cells covering the circle (the venue's
 *   coordinates, else its city's centroid: see eventColumns), checked against the exact circle and
 *   sorted by distance, then start, then id.
 * - by text: the FTS5 matches within the window, best bm25 first (title weighs most), then start and id.
 * `after` continues a page: the sort key of the last row handed out.
 */
const BM25 = 'bm25(events_fts, 10.0, 1.0, 4.0, 2.0, 3.0)'
const MIN = -Number.MAX_SAFE_INTEGER

/** Conditions on the event row `x` (free, region, country); `id` names the event's id on `e`. */
function eventConditions(p: FindParams, x: string): string[] {
  const out: string[] = []
  if (p.free) out.push(`${x}.is_free = 1`)
  if (p.country) out.push(`(${x}.city_country IS NULL OR ${x}.city_country = $country)`)
  if (p.region) out.push(`(${x}.city_region IS NULL OR ${x}.city_region = $region)`)
  return out
}

const hasTag = (id: string, param: string) => `EXISTS (SELECT 1 FROM event_categories c WHERE c.event_pk = ${id} AND c.category = ${param})`

/** The extra WHERE of a read on `events e` (text and point searches): city, tags and event conditions. */
function onEvents(p: FindParams): string {
  const parts = eventConditions(p, 'e')
  if (p.cityKey) parts.push('e.city_key = $city')
  if (p.category) parts.push(hasTag('e.id', '$category'))
  if (p.audience) parts.push(hasTag('e.id', '$audience'))
  return parts.map((c) => ` AND ${c}`).join('')
}

function bound(p: FindParams, extra: Record<string, unknown>) {
  const named: Record<string, unknown> = { ...extra }
  for (const k of ['city', 'category', 'audience', 'country', 'region'] as const) {
    const v = k === 'city' ? p.cityKey : p[k]
    if (v) named[k] = v
  }
  return bindings(p, named)
}

/** In start order: the source of the filter combination, with the other filters on its rows. */
function startOrder(sqlite: Database, p: FindParams): { rows: Row[]; keys: number[][] } {
  const category = p.category ?? p.audience
  const source: Source = SOURCES[category ? (p.cityKey ? 'both' : 'category') : p.cityKey ? 'city' : 'all']
  const onRow = source.table === 'events'
  const conditions = eventConditions(p, onRow ? 'e' : 'x')
  const checks = [
    ...(p.category && p.audience ? [hasTag(`e.${source.id}`, '$audience')] : []),
    ...(conditions.length ? [onRow ? conditions.join(' AND ') : `EXISTS (SELECT 1 FROM events x WHERE x.id = e.event_pk AND ${conditions.join(' AND ')})`] : []),
  ]
  const extra = checks.map((c) => ` AND ${c}`).join('')
  const from = `FROM ${source.table} e INDEXED BY ${source.dayIndex} WHERE ${source.filter}`
  const sql = {
    nextDay: `SELECT e.start_day AS day ${from}e.start_day >= $from AND e.start_day <= $end ORDER BY e.start_day LIMIT 1`,
    day: `SELECT e.starts_at AS at, e.${source.id} AS id ${from}e.start_day = $day AND (e.starts_at, e.${source.id}) > ($at, $after) AND e.end_day >= $start AND e.until_at >= $now${extra}
      ORDER BY e.starts_at, e.${source.id} LIMIT $want`,
    ongoing: `${ongoingParts(source, `${extra} AND (e.starts_at, e.${source.id}) > ($at0, $after0)`)}\nORDER BY 1, 2 LIMIT $want`,
  }
  const named = bound(p, { at0: p.after?.[0] ?? MIN, after0: p.after?.[1] ?? MIN })
  if (category) named.category = category
  const rows = merge(prepareAll(sqlite, `find:${sql.day}`, sql), named, p.limit)
  return { rows, keys: rows.map((r) => [r[0], r[1]]) }
}

const CELLS = 'e.geo_cell IN (SELECT value FROM json_each($cells))'

/** Near a point: every candidate of the window in the circle's cells, sorted by distance in JS. */
function distanceOrder(sqlite: Database, p: FindParams): { rows: Row[]; keys: number[][]; distances: number[] } {
  const near = p.near!
  const extra = onEvents(p)
  const text = p.match ? ` AND e.id IN (SELECT rowid FROM events_fts WHERE events_fts MATCH $match)` : ''
  const sql = `SELECT e.starts_at AS at, e.id AS id, e.latitude AS lat, e.longitude AS lon FROM events e INDEXED BY events_geo_day_search
      WHERE ${CELLS} AND e.start_day >= $first AND e.start_day <= $end AND e.end_day >= $start AND e.until_at >= $now${extra}${text}
    UNION ALL
    SELECT x.at, x.id, e.latitude, e.longitude FROM (${ongoingParts(SOURCES.all, ' AND e.geo_cell IS NOT NULL')}) x JOIN events e ON e.id = x.id WHERE ${CELLS}${extra}${text}`
  const named = bound(p, { cells: JSON.stringify(circleCells(near.latitude, near.longitude, near.radiusKm, geoCell)), ...(p.match ? { match: p.match } : {}) })
  return distancePage(prepare(sqlite, `find:${sql}`, () => sqlite.prepare(sql)).values(named as never) as Row[], near, p.after, p.limit)
}

/** By text relevance within the window (the FTS5 matches drive the read). */
function relevanceOrder(sqlite: Database, p: FindParams): { rows: Row[]; keys: number[][] } {
  const sql = `SELECT at, id, score FROM (SELECT e.starts_at AS at, e.id AS id, ${BM25} AS score FROM events_fts JOIN events e ON e.id = events_fts.rowid
      WHERE events_fts MATCH $match AND e.start_day <= $end AND e.end_day >= $start AND e.until_at >= $now${onEvents(p)})
    WHERE (score, at, id) > ($k0, $k1, $k2) ORDER BY score, at, id LIMIT $want`
  const named = bound(p, { match: p.match, want: p.limit, k0: p.after?.[0] ?? -Number.MAX_VALUE, k1: p.after?.[1] ?? MIN, k2: p.after?.[2] ?? MIN })
  const found = prepare(sqlite, `find:${sql}`, () => sqlite.prepare(sql)).values(named as never) as [number, number, number][]
  return { rows: found.map((r) => [r[0], r[1]]), keys: found.map((r) => [r[2], r[0], r[1]]) }
}

/** The extended search (see FindParams): records in answer order and the key of the last one. */
export function findEventRecords(sqlite: Database, p: FindParams): FindResult {
  const order: FindOrder = p.near ? 'distance' : p.match ? 'relevance' : 'start'
  const found: { rows: Row[]; keys: number[][]; distances?: number[] } = order === 'distance' ? distanceOrder(sqlite, p) : order === 'relevance' ? relevanceOrder(sqlite, p) : startOrder(sqlite, p)
  const byId = recordsById(sqlite, found.rows)
  return findResult(order, found, byId)
}
