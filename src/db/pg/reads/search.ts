import type { SQL } from 'bun'
import { circleCells, distanceKm } from '../../../model/geo'
import { bindings } from '../../queries/event-search'
import { geoCell, SPAN_CLASS_DAYS } from '../../queries/search-keys'
import type { EventSearchParams, NearbyParams, NearbyRow } from '../../reads'
import { mergeDays, type DayReads, type Row } from './merge'
import { rows, type Named } from './run'

/**
 * Event search on PostgreSQL (the same answers, in the same order, as src/db/queries/event-search.ts):
 * one read of the running events and a read per local start day, each an index range on the covering
 * index of the filter combination (the indexes of drizzle/0011, made by drizzle-pg/0001), merged in
 * start order by mergeDays. Values are cast to the columns' types so that each comparison stays an index
 * condition (a bigint column against a numeric parameter would not). Plans pinned by
 * test/db/pg/read-plans.test.ts.
 */
export type PgSource = { table: string; id: string; filter: string }
export const PG_SOURCES = {
  all: { table: 'events', id: 'id', filter: '' },
  city: { table: 'events', id: 'id', filter: 'e.city_key = $city::text AND ' },
  category: { table: 'event_categories', id: 'event_pk', filter: 'e.category = $category::text AND ' },
  both: { table: 'event_categories', id: 'event_pk', filter: 'e.category = $category::text AND e.city_key = $city::text AND ' },
} satisfies Record<string, PgSource>
export type PgSearchSource = keyof typeof PG_SOURCES

export const ONGOING_CLASSES = SPAN_CLASS_DAYS.map((_, k) => k).filter((k) => k > 0)

/** The running events of the window per span class (see event-search.ts ongoingParts), `extra` on each. */
export const pgOngoingParts = (s: PgSource, extra = '') =>
  ONGOING_CLASSES.map(
    (k) =>
      `(SELECT e.starts_at::float8 AS at, e.${s.id}::float8 AS id FROM ${s.table} e WHERE ${s.filter}e.span_class > 0 AND e.span_class = ${k}
       AND e.starts_at >= $lo${k}::bigint AND e.starts_at < $hi::bigint AND e.start_day < $first::text AND e.start_day <= $end::text AND e.end_day >= $start::text
       AND e.until_at >= $now::bigint${extra})`,
  ).join('\nUNION ALL\n')

/** The statements of one source, with `extra` conditions on its rows; exported so tests can pin their plans. */
export function pgSearchSql(s: PgSource, extra = '') {
  const from = `FROM ${s.table} e WHERE ${s.filter}`
  return {
    // min() over an index whose first columns are the filter's then the day: one seek (a MinMaxAgg).
    nextDay: `SELECT min(e.start_day) ${from}e.start_day >= $from::text AND e.start_day <= $end::text`,
    day: `SELECT e.starts_at::float8 AS at, e.${s.id}::float8 AS id ${from}e.start_day = $day::text AND (e.starts_at, e.${s.id}) > ($at::bigint, $after::bigint)
      AND e.end_day >= $start::text AND e.until_at >= $now::bigint${extra} ORDER BY e.starts_at, e.${s.id} LIMIT $want::bigint`,
    ongoing: `${pgOngoingParts(s, `${extra} AND (e.starts_at, e.${s.id}) > ($at0::bigint, $after0::bigint)`)}\nORDER BY 1, 2 LIMIT $want::bigint`,
  }
}

/** The DayReads of statements `sql` with the values `bound` (each call adds its own). */
export function dayReads(sql: SQL, text: Record<'nextDay' | 'day' | 'ongoing', string>, bound: Named, map: (r: unknown[]) => Row = (r) => r as Row): DayReads {
  return {
    nextDay: async (from) => (await rows<[string | null]>(sql, text.nextDay, { ...bound, from }))[0]?.[0] ?? undefined,
    day: async (day, at, after, want) => (await rows(sql, text.day, { ...bound, day, at, after, want })).map(map),
    ongoing: async (want) => (await rows(sql, text.ongoing, { ...bound, want })).map(map),
  }
}

const MAX = Number.MAX_SAFE_INTEGER
const MIN = -MAX

/**
 * A cursor's (start, id) as integer bounds that select the same rows after them: a cursor comes from the
 * client and may hold any finite number (a fraction, 1e300), which PostgreSQL would refuse as a bigint
 * (an error, where SQLite simply compares). Starts and ids are integers of at most 2^53.
 */
export function afterKey(at: number, id: number): [number, number] {
  if (!(at <= MAX)) return [MAX, MAX]
  if (at < MIN) return [MIN, MIN]
  if (!Number.isInteger(at)) return [Math.floor(at), MAX]
  if (!(id <= MAX)) return [at, MAX]
  return [at, id < MIN ? MIN : Math.floor(id)]
}

/** The values every statement of a search binds: the window's (see bindings in event-search.ts) and a cursor's. */
export function searchBound(params: Pick<EventSearchParams, 'startDate' | 'endDate' | 'nowMs'>, extra: Named, after?: number[] | null): Named {
  const [at0, after0] = after ? afterKey(after[0] ?? MIN, after[1] ?? MIN) : [MIN, MIN]
  return { ...bindings(params, extra), at0, after0 }
}

/** The search records of `ids` in one statement, keyed by id. */
export async function recordsById(sql: SQL, ids: number[]): Promise<Map<number, string>> {
  const found = new Map<number, string>()
  if (ids.length === 0) return found
  for (const [id, record] of await rows<[number, string]>(sql, 'SELECT id::float8, search_record FROM events WHERE id = ANY($ids::bigint[])', { ids: `{${ids.join(',')}}` })) found.set(id, record)
  return found
}

/** Matching events' search records in start order, comma-separated, how many, and the last one's key. */
export async function pgSearchEvents(sql: SQL, params: EventSearchParams): Promise<{ count: number; records: string; last: [at: number, id: number] | null }> {
  const source = PG_SOURCES[params.category ? (params.cityKey ? 'both' : 'category') : params.cityKey ? 'city' : 'all']
  const bound = searchBound(params, { city: params.cityKey, category: params.category })
  const found = await mergeDays(dayReads(sql, pgSearchSql(source), bound), bound.first as string, params.limit, null)
  const byId = await recordsById(
    sql,
    found.map((r) => r[1]),
  )
  let records = ''
  let count = 0
  let last: [number, number] | null = null
  for (const row of found) {
    const record = byId.get(row[1])
    if (record === undefined) continue
    records += count++ ? `,${record}` : record
    last = [row[0], row[1]]
  }
  return { count, records, last }
}

const CELLS = 'e.geo_cell = ANY($cells::int[])'
const NEARBY_CATEGORY = ' AND EXISTS (SELECT 1 FROM event_categories c WHERE c.event_pk = e.id AND c.category = $category::text)'

/** The statements of a search near a point: the venue cells around it instead of a city. */
export function pgNearbySql(category: boolean) {
  const extra = category ? NEARBY_CATEGORY : ''
  const cols = 'e.starts_at::float8 AS at, e.id::float8 AS id, e.latitude, e.longitude'
  return {
    nextDay: `SELECT min(x.day) FROM unnest($cells::int[]) c(cell) CROSS JOIN LATERAL (SELECT e.start_day AS day FROM events e WHERE e.geo_cell = c.cell
      AND e.start_day >= $from::text AND e.start_day <= $end::text ORDER BY e.start_day LIMIT 1) x`,
    day: `SELECT ${cols} FROM events e WHERE ${CELLS} AND e.start_day = $day::text AND (e.starts_at, e.id) > ($at::bigint, $after::bigint)
      AND e.end_day >= $start::text AND e.until_at >= $now::bigint${extra} ORDER BY e.starts_at, e.id LIMIT $want::bigint`,
    ongoing: `SELECT x.at, x.id, e.latitude, e.longitude FROM (${pgOngoingParts(PG_SOURCES.all, ' AND e.geo_cell IS NOT NULL')}) x JOIN events e ON e.id = x.id::bigint
      WHERE ${CELLS}${extra} ORDER BY 1, 2 LIMIT $want::bigint`,
  }
}

/** The geo cells covering a circle, as a PostgreSQL array literal. */
export const cellsAround = (latitude: number, longitude: number, radiusKm: number) => `{${circleCells(latitude, longitude, radiusKm, geoCell).join(',')}}`

/** Upcoming events within `radiusKm` of a point, in start order, with their distance (see nearbyEventRecords). */
export async function pgNearbyEvents(sql: SQL, params: NearbyParams): Promise<NearbyRow[]> {
  const bound = searchBound(params, { cells: cellsAround(params.latitude, params.longitude, params.radiusKm), category: params.category })
  const distances = new Map<number, number>()
  const found = await mergeDays(dayReads(sql, pgNearbySql(!!params.category), bound), bound.first as string, params.limit, null, (row) => {
    const d = distanceKm(params.latitude, params.longitude, row[2]!, row[3]!)
    distances.set(row[1], d)
    return d <= params.radiusKm
  })
  const byId = await recordsById(
    sql,
    found.map((r) => r[1]),
  )
  return found.flatMap((row) => {
    const record = byId.get(row[1])
    return record === undefined ? [] : [{ record, distanceKm: Math.round(distances.get(row[1])! * 100) / 100 }]
  })
}
