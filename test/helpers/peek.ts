import { SQL } from 'bun'
import type { Db } from '../../src/db'
import type { Storage } from '../../src/db/storage'

/**
 * Test-only reads of rows the storage interface does not expose (how many jobs exist, what a ledger row
 * stored), on either backend, for assertions that must hold on both. Written once in SQL both dialects
 * accept, with `?` placeholders (numbered for PostgreSQL here). Only storages opened by the helpers of
 * test/helpers/storage.ts can be peeked at. Never a write: seeders go through the interface.
 */
type Runner = (query: string, params: readonly unknown[]) => Promise<Record<string, unknown>[]>

const runners = new WeakMap<Storage, Runner>()

/** Notes how to read `storage`'s SQLite connection. */
export function peekSqlite(storage: Storage, db: Db): void {
  runners.set(storage, async (query, params) => db.$client.query(query).all(...(params as never[])) as Record<string, unknown>[])
}

/**
 * Notes how to read the PostgreSQL database at `url` behind `storage` (one connection, opened on first
 * peek); answers the storage whose close closes that reader, then the storage, then runs `afterClose`.
 */
export function peekPostgres(storage: Storage, url: string, afterClose: () => Promise<void> = async () => {}): Storage {
  let reader: SQL | undefined
  const close = storage.close.bind(storage)
  // Once, however often a test and its lifetimes close it: its database must be given back once.
  let closing: Promise<void> | undefined
  const wrapped: Storage = {
    ...storage,
    close: () =>
      (closing ??= (async () => {
        await reader?.close()
        await close()
        await afterClose()
      })()),
  }
  runners.set(wrapped, async (query, params) => {
    reader ??= new SQL({ url, max: 1 })
    let n = 0
    return (await reader.unsafe(
      query.replace(/\?/g, () => `$${++n}`),
      [...params],
    )) as Record<string, unknown>[]
  })
  return wrapped
}

/** Plain JS numbers for the integers a driver answers as bigint or numeric text (counts, milliseconds). */
const plain = (value: unknown): unknown => (typeof value === 'bigint' ? Number(value) : value)

/** The rows `query` selects from `storage`'s database (integers as numbers). */
export async function peekRows<T = Record<string, unknown>>(storage: Storage, query: string, ...params: unknown[]): Promise<T[]> {
  const run = runners.get(storage)
  if (!run) throw new Error('peek: this storage was not opened by test/helpers/storage.ts')
  const rows = await run(query, params)
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, plain(v)]))) as T[]
}

/** The first row `query` selects, or undefined. */
export async function peekRow<T = Record<string, unknown>>(storage: Storage, query: string, ...params: unknown[]): Promise<T | undefined> {
  return (await peekRows<T>(storage, query, ...params))[0]
}

/** How many rows of `table` match `where` (a condition with `?` placeholders; all rows when omitted). */
export async function countRows(storage: Storage, table: string, where = 'TRUE', ...params: unknown[]): Promise<number> {
  const row = await peekRow<{ n: unknown }>(storage, `SELECT count(*) AS n FROM ${table} WHERE ${where}`, ...params)
  return Number(row?.n)
}
