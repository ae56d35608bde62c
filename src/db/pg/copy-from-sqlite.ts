import { SQL } from 'bun'
import { getTableColumns, getTableName, is, sql, Table } from 'drizzle-orm'
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Db } from '../client'
import { TargetNotEmptyError, type CopyCounts } from '../copy-errors'
import * as sqliteSchema from '../schema'
import { migratePostgres } from './migrate'
import * as pgSchema from './schema'

/** How many rows of one table a copy reads from SQLite and sends to PostgreSQL at a time. */
export const COPY_BATCH_ROWS = 1000

/** The advisory lock a copy holds for its transaction, so that two copies into one database cannot both find it empty. */
export const COPY_LOCK_KEY = 0x65766978_636f7079n

export { TargetNotEmptyError, type CopyCounts } from '../copy-errors'

type Pair = { name: string; sqlite: SQLiteTable; pg: PgTable }

/**
 * SQLite tables that only hold what SQLite's triggers derive from other tables for its own reads (the
 * search records clustered by start, issue 12): PostgreSQL reads those columns from `events` itself, so
 * they have no mirror and are not copied.
 */
export const SQLITE_ONLY_TABLES: ReadonlySet<string> = new Set(['event_search_records'])

const tablesOf = <T>(module: object): T[] => Object.values(module).filter((v) => is(v, Table)) as T[]

/**
 * Every table of the SQLite schema with its PostgreSQL mirror, parents before children (by their foreign
 * keys), so each row's references exist when it is written. A SQLite table without a mirror is an error:
 * the copy never leaves a table behind.
 */
export function copyPlan(): Pair[] {
  const pgByName = new Map(tablesOf<PgTable>(pgSchema).map((t) => [getTableName(t), t]))
  const pairs = tablesOf<SQLiteTable>(sqliteSchema)
    .filter((sqlite) => !SQLITE_ONLY_TABLES.has(getTableName(sqlite)))
    .map((sqlite) => {
      const name = getTableName(sqlite)
      const pg = pgByName.get(name)
      if (!pg) throw new Error(`table ${name} has no PostgreSQL mirror in src/db/pg/schema.ts`)
      return { name, sqlite, pg }
    })
  const ordered: Pair[] = []
  const visit = (pair: Pair, path: string[]) => {
    if (ordered.includes(pair)) return
    if (path.includes(pair.name)) throw new Error(`foreign keys form a cycle: ${[...path, pair.name].join(' → ')}`)
    for (const fk of getTableConfig(pair.pg).foreignKeys) {
      const parent = pairs.find((p) => p.pg === fk.reference().foreignTable)
      if (parent && parent !== pair) visit(parent, [...path, pair.name])
    }
    ordered.push(pair)
  }
  for (const pair of [...pairs].sort((a, b) => a.name.localeCompare(b.name))) visit(pair, [])
  return ordered
}

/** The columns the copy writes (key and column name): every SQLite column; PostgreSQL computes its own search vectors. */
function writtenColumns(pair: Pair): { key: string; name: string }[] {
  const mirrored = getTableColumns(pair.pg)
  return Object.entries(getTableColumns(pair.sqlite)).map(([key, column]) => {
    if (!(key in mirrored) || mirrored[key]!.name !== column.name) throw new Error(`${pair.name}.${column.name} has no PostgreSQL mirror: the schemas disagree`)
    return { key, name: column.name }
  })
}

/** One value in COPY's text format: NULL as \N, booleans t/f, numbers as JS prints them (exact for doubles), text escaped. */
function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N'
  if (typeof value === 'boolean') return value ? 't' : 'f'
  return String(value).replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!)
}
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }

/**
 * Copies one table with `COPY … FROM STDIN`, reading SQLite in rowid order a batch at a time (the values
 * typed by drizzle, so flags arrive as booleans) and sending each batch as one chunk; returns the rows sent.
 */
async function copyTable(source: Db, tx: SQL, pair: Pair): Promise<number> {
  const columns = writtenColumns(pair)
  const sqliteColumns = getTableColumns(pair.sqlite) as Record<string, unknown>
  const selection = { rowid_: sql<number>`rowid`, ...Object.fromEntries(columns.map((c) => [c.key, sqliteColumns[c.key]])) } as never
  const writer = tx
    .unsafe(`COPY "${pair.name}" (${columns.map((c) => `"${c.name}"`).join(', ')}) FROM STDIN`)
    .writable()
    .getWriter()
  let last = Number.MIN_SAFE_INTEGER
  let written = 0
  try {
    for (;;) {
      const rows = source.select(selection).from(pair.sqlite).where(sql`rowid > ${last}`).orderBy(sql`rowid`).limit(COPY_BATCH_ROWS).all() as Record<string, unknown>[]
      if (rows.length === 0) break
      last = rows[rows.length - 1]!.rowid_ as number
      await writer.write(rows.map((row) => `${columns.map((c) => copyValue(row[c.key])).join('\t')}\n`).join(''))
      written += rows.length
    }
  } catch (error) {
    await writer.abort(error)
    throw error
  }
  await writer.close()
  return written
}

/** Row counts of every planned table, in plan order. */
async function pgCounts(tx: SQL, plan: Pair[]): Promise<CopyCounts> {
  const out: CopyCounts = []
  for (const pair of plan) {
    const [row] = await tx.unsafe(`SELECT count(*)::int AS n FROM "${pair.name}"`)
    out.push({ table: pair.name, rows: Number(row.n) })
  }
  return out
}

function sqliteCount(source: Db, name: string): number {
  return (source.$client.query(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n
}

/**
 * Sets each identity sequence past the highest key SQLite ever handed out (its sqlite_sequence, which
 * AUTOINCREMENT keeps even for deleted rows), so new rows never reuse a copied key or one that was pruned
 * (replay_keys.seq must only grow).
 */
async function advanceSequences(source: Db, tx: SQL, plan: Pair[]): Promise<void> {
  const used = new Map((source.$client.query('SELECT name, seq FROM sqlite_sequence').all() as { name: string; seq: number }[]).map((r) => [r.name, r.seq]))
  for (const pair of plan) {
    for (const column of Object.values(getTableColumns(pair.pg))) {
      if (!column.generatedIdentity) continue
      const [row] = await tx.unsafe(`SELECT max("${column.name}")::text AS n FROM "${pair.name}"`)
      const next = Math.max(Number(row.n ?? 0), used.get(pair.name) ?? 0) + 1
      await tx`SELECT setval(pg_get_serial_sequence(${pair.name}, ${column.name}), ${String(next)}::bigint, false)`
    }
  }
}

/**
 * Copies every table of a SQLite database into a PostgreSQL database (issue 17, `event-index migrate
 * --to-postgres`). The target is migrated first, then everything happens in one PostgreSQL transaction
 * under an advisory lock: a target holding any row is refused ({@link TargetNotEmptyError}) before a
 * row is written; each table is copied in batches (COPY, parents first); the identity sequences are moved
 * past SQLite's keys; the row count of every table is compared with SQLite's, and any difference rolls it
 * all back. The SQLite side is read in one read transaction, so the copy is one consistent snapshot even
 * if a service still writes to the file. Returns the verified counts.
 */
export async function copySqliteToPostgres(source: Db, url: string, onTable?: (table: string, rows: number) => void): Promise<CopyCounts> {
  const plan = copyPlan()
  await migratePostgres(url)
  const target = new SQL({ url, max: 1, connectionTimeout: 10 })
  source.$client.run('BEGIN')
  try {
    return await target.begin(async (tx) => {
      await tx`SELECT pg_advisory_xact_lock(${COPY_LOCK_KEY.toString()}::bigint)`
      const before = (await pgCounts(tx, plan)).filter((c) => c.rows > 0)
      if (before.length > 0) throw new TargetNotEmptyError(before)
      for (const pair of plan) {
        const rows = await copyTable(source, tx, pair)
        onTable?.(pair.name, rows)
      }
      await advanceSequences(source, tx, plan)
      const after = await pgCounts(tx, plan)
      for (const { table, rows } of after) {
        const expected = sqliteCount(source, table)
        if (rows !== expected) throw new Error(`verification failed: ${table} has ${rows} rows in PostgreSQL and ${expected} in SQLite; nothing was copied`)
      }
      return after
    })
  } finally {
    source.$client.run('ROLLBACK')
    await target.close()
  }
}
