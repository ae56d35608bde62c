import { getTableColumns, getTableName, is, sql, Table } from 'drizzle-orm'
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Db } from '../client'
import * as sqliteSchema from '../schema'
import { closePostgres, openPostgres, type PgDb } from './client'
import { migratePostgres } from './migrate'
import * as pgSchema from './schema'

/** How many rows of one table a copy reads and writes at a time (fewer when a table is wide: see {@link rowsPerInsert}). */
export const COPY_BATCH_ROWS = 1000

/** The advisory lock a copy holds for its transaction, so that two copies into one database cannot both find it empty. */
export const COPY_LOCK_KEY = 0x65766978_636f7079n

/** Rows per table, in the order the copy wrote them. */
export type CopyCounts = { table: string; rows: number }[]

/** The target already holds data: a copy would mix two databases, so it is refused before writing anything. */
export class TargetNotEmptyError extends Error {
  constructor(readonly counts: CopyCounts) {
    super(`the PostgreSQL database is not empty (${counts.map((c) => `${c.table}: ${c.rows}`).join(', ')}); copy only into an empty database`)
    this.name = 'TargetNotEmptyError'
  }
}

type Pair = { name: string; sqlite: SQLiteTable; pg: PgTable }

const tablesOf = <T>(module: object): T[] => Object.values(module).filter((v) => is(v, Table)) as T[]

/**
 * Every table of the SQLite schema with its PostgreSQL mirror, parents before children (by their foreign
 * keys), so each row's references exist when it is written. A SQLite table without a mirror is an error:
 * the copy never leaves a table behind.
 */
export function copyPlan(): Pair[] {
  const pgByName = new Map(tablesOf<PgTable>(pgSchema).map((t) => [getTableName(t), t]))
  const pairs = tablesOf<SQLiteTable>(sqliteSchema).map((sqlite) => {
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

/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters in one statement. */
function rowsPerInsert(pg: PgTable): number {
  return Math.max(1, Math.min(COPY_BATCH_ROWS, Math.floor(60_000 / Object.keys(getTableColumns(pg)).length)))
}

/** The columns the copy writes: every SQLite column (PostgreSQL computes its own search vectors). */
function writtenKeys(pair: Pair): string[] {
  const keys = Object.keys(getTableColumns(pair.sqlite))
  const mirrored = getTableColumns(pair.pg)
  for (const key of keys) if (!(key in mirrored)) throw new Error(`${pair.name}.${key} has no PostgreSQL mirror: the schemas disagree`)
  return keys
}

/** Copies one table in rowid order, a batch at a time; returns the rows written. */
async function copyTable(source: Db, tx: PgDb, pair: Pair): Promise<number> {
  const keys = writtenKeys(pair)
  const columns = getTableColumns(pair.sqlite) as Record<string, unknown>
  const selection = { rowid_: sql<number>`rowid`, ...Object.fromEntries(keys.map((k) => [k, columns[k]])) } as never
  const size = rowsPerInsert(pair.pg)
  let last = Number.MIN_SAFE_INTEGER
  let written = 0
  for (;;) {
    const rows = source.select(selection).from(pair.sqlite).where(sql`rowid > ${last}`).orderBy(sql`rowid`).limit(size).all() as Record<string, unknown>[]
    if (rows.length === 0) return written
    last = rows[rows.length - 1]!.rowid_ as number
    for (const row of rows) delete row.rowid_
    await tx.insert(pair.pg).values(rows as never)
    written += rows.length
  }
}

/** Row counts of every planned table, in plan order. */
async function pgCounts(tx: PgDb, plan: Pair[]): Promise<CopyCounts> {
  const out: CopyCounts = []
  for (const pair of plan) {
    const [row] = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${pair.pg}`)
    out.push({ table: pair.name, rows: Number(row!.n) })
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
async function advanceSequences(source: Db, tx: PgDb, plan: Pair[]): Promise<void> {
  const used = new Map((source.$client.query('SELECT name, seq FROM sqlite_sequence').all() as { name: string; seq: number }[]).map((r) => [r.name, r.seq]))
  for (const pair of plan) {
    for (const column of Object.values(getTableColumns(pair.pg))) {
      if (!column.generatedIdentity) continue
      const [row] = await tx.execute<{ n: number | null }>(sql`SELECT max(${sql.identifier(column.name)})::bigint AS n FROM ${pair.pg}`)
      const next = Math.max(Number(row?.n ?? 0), used.get(pair.name) ?? 0) + 1
      await tx.execute(sql`SELECT setval(pg_get_serial_sequence(${pair.name}, ${column.name}), ${next}::bigint, false)`)
    }
  }
}

/**
 * Copies every table of a SQLite database into a PostgreSQL database (issue 17, `event-index migrate
 * --to-postgres`). The target is migrated first, then everything happens in one PostgreSQL transaction
 * under an advisory lock: a target holding any row is refused ({@link TargetNotEmptyError}) before a
 * row is written; each table is copied in batches, parents first; the identity sequences are moved past
 * SQLite's keys; the row count of every table is compared with SQLite's, and any difference rolls it all
 * back. The SQLite side is read in one read transaction, so the copy is one consistent snapshot even if
 * a service still writes to the file. Returns the verified counts.
 */
export async function copySqliteToPostgres(source: Db, url: string, onTable?: (table: string, rows: number) => void): Promise<CopyCounts> {
  const plan = copyPlan()
  await migratePostgres(url)
  const target = openPostgres(url, { max: 1 })
  source.$client.run('BEGIN')
  try {
    return await target.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${COPY_LOCK_KEY.toString()}::bigint)`)
      const before = (await pgCounts(tx as never, plan)).filter((c) => c.rows > 0)
      if (before.length > 0) throw new TargetNotEmptyError(before)
      for (const pair of plan) {
        const rows = await copyTable(source, tx as never, pair)
        onTable?.(pair.name, rows)
      }
      await advanceSequences(source, tx as never, plan)
      const after = await pgCounts(tx as never, plan)
      for (const { table, rows } of after) {
        const expected = sqliteCount(source, table)
        if (rows !== expected) throw new Error(`verification failed: ${table} has ${rows} rows in PostgreSQL and ${expected} in SQLite; nothing was copied`)
      }
      return after
    })
  } finally {
    source.$client.run('ROLLBACK')
    await closePostgres(target)
  }
}
