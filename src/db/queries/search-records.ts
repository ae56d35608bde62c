import type { Database, Statement } from 'bun:sqlite'
import type { Row } from './event-search'

/**
 * The events' search records, read from `event_search_records` (issue 12; see schema.ts): a narrow table
 * clustered by start, so the hundred or so records of a search lie side by side on a few pages instead of
 * one wide events row each. Rows are found by the key of their start and id (`recordKey`).
 */
const statements = new WeakMap<Database, Map<string, Statement>>()

const HOUR_MS = 3_600_000
const KEY_HOURS = 2 ** 21 - 1
const KEY_ID = 2 ** 32

/**
 * Where an event's search record is kept in `event_search_records`: the start's UTC hour, clamped to
 * ±(2^21 − 1) hours (years 1731 to 2209), times 2^32, plus the event's id (below 2^32), so that the records
 * of a window lie side by side and the key is an exact JavaScript number. Must agree with the expression
 * of migration 0014's triggers (pinned by test/db/search-records.test.ts).
 */
export function recordKey(at: number, id: number): number {
  return Math.min(Math.max(Math.trunc(Math.trunc(at) / HOUR_MS), -KEY_HOURS), KEY_HOURS) * KEY_ID + id
}

/** The event id a record key was made of. */
const idOfKey = (key: number) => ((key % KEY_ID) + KEY_ID) % KEY_ID

/** The records of `rows` from the clustered table, in one statement (per-row statements cost twice as much), keyed by event id. */
function recordsOf<T>(sqlite: Database, key: string, column: string, rows: readonly Row[]): Map<number, T> {
  let byKey = statements.get(sqlite)
  if (!byKey) statements.set(sqlite, (byKey = new Map()))
  let stmt = byKey.get(key)
  if (!stmt) byKey.set(key, (stmt = sqlite.prepare(`SELECT key, ${column} FROM event_search_records WHERE key IN (SELECT value FROM json_each(?1))`)))
  const found = new Map<number, T>()
  if (rows.length === 0) return found
  for (const [k, record] of stmt.values(JSON.stringify(rows.map((row) => recordKey(row[0], row[1])))) as [number, T][]) found.set(idOfKey(k), record)
  return found
}

/** The search records (JSON text) of `rows`, keyed by event id. */
export function recordsById(sqlite: Database, rows: readonly Row[]): Map<number, string> {
  return recordsOf<string>(sqlite, 'records', 'record', rows)
}

/** The statement of {@link joinedRecordBytes} (its plan is pinned by test/db/search-plans.test.ts). */
const JOINED_RECORDS_SQL =
  "SELECT count(*) AS n, max(json_each.key) AS lastIndex, CAST(group_concat(event_search_records.record, ',') AS BLOB) AS records FROM json_each(?1) CROSS JOIN event_search_records ON event_search_records.key = json_each.value"

/**
 * The search records of `rows`, in the rows' order, comma-separated (a JSON array's inside) as UTF-8 bytes
 * in one buffer of its own (see record-bytes.ts), with how many were found and the index in `rows` of the
 * last one found. Joined by SQLite in one statement: read one by one, each record was a buffer of its own
 * in the read worker's heap, and a search's hundreds of them made the worker's heap grow to several times
 * what it keeps (issue 12: resident memory). The CROSS JOIN keeps `rows` as the outer loop, so records come
 * in their order (pinned with the plans in test/db/search-plans.test.ts; the property tests check the order).
 */
export function joinedRecordBytes(sqlite: Database, rows: readonly Row[]): { count: number; bytes: Uint8Array; lastIndex: number } {
  if (rows.length === 0) return { count: 0, bytes: new Uint8Array(0), lastIndex: -1 }
  let byKey = statements.get(sqlite)
  if (!byKey) statements.set(sqlite, (byKey = new Map()))
  let stmt = byKey.get('joined')
  if (!stmt) byKey.set('joined', (stmt = sqlite.prepare(JOINED_RECORDS_SQL)))
  const found = stmt.get(JSON.stringify(rows.map((row) => recordKey(row[0], row[1])))) as { n: number; lastIndex: number | null; records: Uint8Array | null }
  return { count: found.n, bytes: found.records ?? new Uint8Array(0), lastIndex: found.lastIndex ?? -1 }
}
