import type { SQL } from 'bun'
import { distancePage, findResult } from '../../find-pages'
import type { FindOrder, FindParams, FindResult } from '../../reads'
import { textSize, tsQueryText } from './fts-query'
import { mergeDays, type Row } from './merge'
import { rows, type Named } from './run'
import { cellsAround, dayReads, PG_SOURCES, pgOngoingParts, pgSearchSql, recordsById, searchBound } from './search'

/**
 * The extended event search of issue 18 on PostgreSQL, answering what src/db/queries/event-find.ts
 * answers: in start order the day-by-day merge on the filter combination's index (an audience without a
 * category reads the audience tag's category rows); near a point every candidate of the window in the
 * circle's venue cells, sorted by distance, start and id in JS with the same distance function; by text
 * the tsvector matches within the window, best first. Relevance is ts_rank with the weights of FTS5's
 * bm25 in SQLite (title 10, venue 4, organization and organizer 3 and 2, description 1: classes A, B, C, D
 * as 1.0, 0.4, 0.25, 0.1), so a match in more or weightier fields ranks first; on equal ranks the shorter
 * text (fewer words) first, as bm25 favours shorter rows, then start and id. ts_rank's own length
 * normalizations were tried and let a long title-only match outrank a title-and-venue match, which bm25
 * never does. bm25's term rarity (idf) and saturation have no counterpart, so a row with the word in a
 * weak field as well may rank above a shorter row that bm25 puts first (the parity suite holds the same
 * matches there, not the same order).
 * The cursor key is (minus the rank, the length, start, id), lower first as with bm25; compared as
 * float8, so any number a client puts in a cursor is compared, never refused.
 */
const RANK = `ts_rank('{0.1,0.25,0.4,1.0}'::float4[], e.text_search, to_tsquery('event_index_text', $match::text), 0)::float8`
const SIZE = textSize('e.text_search')
const TEXT = `e.text_search @@ to_tsquery('event_index_text', $match::text)`
const MIN = -Number.MAX_SAFE_INTEGER

/** Conditions on the event row `x` (free, region, country). */
function eventConditions(p: FindParams, x: string): string[] {
  const out: string[] = []
  if (p.free) out.push(`${x}.is_free`)
  if (p.country) out.push(`(${x}.city_country IS NULL OR ${x}.city_country = $country::text)`)
  if (p.region) out.push(`(${x}.city_region IS NULL OR ${x}.city_region = $region::text)`)
  return out
}

const hasTag = (id: string, param: string) => `EXISTS (SELECT 1 FROM event_categories c WHERE c.event_pk = ${id} AND c.category = ${param}::text)`

/** The extra WHERE of a read on `events e` (text and point searches): city, tags and event conditions. */
function onEvents(p: FindParams): string {
  const parts = eventConditions(p, 'e')
  if (p.cityKey) parts.push('e.city_key = $city::text')
  if (p.category) parts.push(hasTag('e.id', '$category'))
  if (p.audience) parts.push(hasTag('e.id', '$audience'))
  return parts.map((c) => ` AND ${c}`).join('')
}

function bound(p: FindParams, extra: Named): Named {
  return searchBound(p, { city: p.cityKey, category: p.category, audience: p.audience, country: p.country, region: p.region, ...extra }, p.after)
}

/** The statements of a search in start order with these filters; exported so tests can pin their plans. */
export function startOrderSql(p: FindParams) {
  const category = p.category ?? p.audience
  const source = PG_SOURCES[category ? (p.cityKey ? 'both' : 'category') : p.cityKey ? 'city' : 'all']
  const onRow = source.table === 'events'
  const conditions = eventConditions(p, onRow ? 'e' : 'x')
  const checks = [
    ...(p.category && p.audience ? [hasTag(`e.${source.id}`, '$audience')] : []),
    ...(conditions.length ? [onRow ? conditions.join(' AND ') : `EXISTS (SELECT 1 FROM events x WHERE x.id = e.event_pk AND ${conditions.join(' AND ')})`] : []),
  ]
  return pgSearchSql(source, checks.map((c) => ` AND ${c}`).join(''))
}

async function startOrder(sql: SQL, p: FindParams): Promise<{ rows: Row[]; keys: number[][] }> {
  const named = bound(p, { category: p.category ?? p.audience })
  const found = await mergeDays(dayReads(sql, startOrderSql(p), named), named.first as string, p.limit, [named.at0 as number, named.after0 as number])
  return { rows: found, keys: found.map((r) => [r[0], r[1]]) }
}

/** The statement of a search near a point: every candidate of the window in the circle's cells. */
export function distanceSql(p: FindParams): string {
  const extra = `${onEvents(p)}${p.match ? ` AND ${TEXT}` : ''}`
  return `SELECT e.starts_at::float8, e.id::float8, e.latitude, e.longitude FROM events e
      WHERE e.geo_cell = ANY($cells::int[]) AND e.start_day >= $first::text AND e.start_day <= $end::text AND e.end_day >= $start::text AND e.until_at >= $now::bigint${extra}
    UNION ALL
    SELECT x.at, x.id, e.latitude, e.longitude FROM (${pgOngoingParts(PG_SOURCES.all, ' AND e.geo_cell IS NOT NULL')}) x JOIN events e ON e.id = x.id::bigint
      WHERE e.geo_cell = ANY($cells::int[])${extra}`
}

async function distanceOrder(sql: SQL, p: FindParams): Promise<{ rows: Row[]; keys: number[][]; distances: number[] }> {
  const near = p.near!
  const named = { ...bound(p, { cells: cellsAround(near.latitude, near.longitude, near.radiusKm), match: p.match && tsQueryText(p.match) }), at0: MIN, after0: MIN }
  return distancePage(await rows<Row>(sql, distanceSql(p), named), near, p.after, p.limit)
}

/** The statement of a search by text: the window's matches, best first, after the cursor's key. */
export function relevanceSql(p: FindParams): string {
  return `SELECT at, id, score, size FROM (SELECT e.starts_at::float8 AS at, e.id::float8 AS id, -${RANK} AS score, ${SIZE} AS size FROM events e
      WHERE ${TEXT} AND e.start_day <= $end::text AND e.end_day >= $start::text AND e.until_at >= $now::bigint${onEvents(p)}) m
    WHERE (score, size, at, id) > ($k0::float8, $k1::float8, $k2::float8, $k3::float8) ORDER BY score, size, at, id LIMIT $want::bigint`
}

async function relevanceOrder(sql: SQL, p: FindParams): Promise<{ rows: Row[]; keys: number[][] }> {
  const match = tsQueryText(p.match!)
  if (match === null) return { rows: [], keys: [] }
  const after = p.after
  const named = bound(p, { match, want: p.limit, k0: after?.[0] ?? -Number.MAX_VALUE, k1: after?.[1] ?? MIN, k2: after?.[2] ?? MIN, k3: after?.[3] ?? MIN })
  const found = await rows<[number, number, number, number]>(sql, relevanceSql(p), named)
  return { rows: found.map((r) => [r[0], r[1]]), keys: found.map((r) => [r[2], r[3], r[0], r[1]]) }
}

/** The extended search (see FindParams): records in answer order and the key of the last one. */
export async function pgFindEvents(sql: SQL, p: FindParams): Promise<FindResult> {
  const order: FindOrder = p.near ? 'distance' : p.match ? 'relevance' : 'start'
  const found: { rows: Row[]; keys: number[][]; distances?: number[] } =
    order === 'distance' ? await distanceOrder(sql, p) : order === 'relevance' ? await relevanceOrder(sql, p) : await startOrder(sql, p)
  const byId = await recordsById(
    sql,
    found.rows.map((r) => r[1]),
  )
  return findResult(order, found, byId)
}
