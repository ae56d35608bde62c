// Pins the copy of a SQLite database into PostgreSQL (issue 17, `event-index migrate --to-postgres`):
// every table of the SQLite schema is copied, row for row and value for value (64-bit millisecond times,
// booleans, doubles, JSON text byte for byte, NULLs, accents and emoji); the search vectors are built for
// the copied rows; new keys continue after SQLite's (replay keys never reuse a pruned seq); a target with
// rows is refused before anything is written; a failure mid-copy leaves the target empty (one transaction).
import { afterEach, expect, it } from 'bun:test'
import { SQL } from 'bun'
import { getTableColumns, is, Table } from 'drizzle-orm'
import { closeDatabase, migrate, openDatabase, schema, type Db } from '../../../src/db'
import { closePostgres, openPostgres } from '../../../src/db/pg/client'
import { SQLITE_ONLY_TABLES, copyPlan, copySqliteToPostgres, TargetNotEmptyError } from '../../../src/db/pg/copy-from-sqlite'
import { migratePostgres } from '../../../src/db/pg/migrate'
import { describePostgres, migratedDatabase, sharedPostgres } from '../../helpers/postgres'
import { FAR_MS, seedEveryTable } from '../../helpers/seed-every-table'

const open: Db[] = []
afterEach(() => {
  for (const db of open.splice(0)) closeDatabase(db)
})

async function seededSqlite(): Promise<Db> {
  const db = openDatabase(':memory:')
  open.push(db)
  migrate(db)
  await seedEveryTable(db)
  return db
}

/** Every row of every table, SQLite's columns only, each table sorted the same way. */
async function rowsOf(read: (pair: ReturnType<typeof copyPlan>[number], keys: Record<string, unknown>) => Promise<unknown[]> | unknown[]) {
  const out: Record<string, string[]> = {}
  for (const pair of copyPlan()) {
    const keys = Object.keys(getTableColumns(pair.sqlite))
    const rows = (await read(pair, Object.fromEntries(keys.map((k) => [k, k])))) as Record<string, unknown>[]
    out[pair.name] = rows.map((r) => JSON.stringify(keys.map((k) => r[k]))).sort()
  }
  return out
}

describePostgres('copySqliteToPostgres', () => {
  const cluster = sharedPostgres()

  it('plans every table of the SQLite schema but its trigger-kept read tables, parents before children', () => {
    const names = copyPlan().map((p) => p.name)
    const tables = (Object.values(schema) as unknown[]).filter((v) => is(v, Table))
    expect(names).toHaveLength(13)
    expect([...SQLITE_ONLY_TABLES]).toEqual(['event_search_records'])
    expect(new Set(names).size).toBe(tables.length - SQLITE_ONLY_TABLES.size)
    for (const name of SQLITE_ONLY_TABLES) expect(names).not.toContain(name)
    for (const [child, parent] of [
      ['events', 'organizations'],
      ['events', 'sources'],
      ['event_categories', 'events'],
      ['credit_ledger', 'accounts'],
      ['oauth_codes', 'accounts'],
      ['oauth_refresh_tokens', 'accounts'],
      ['index_jobs', 'organizations'],
    ])
      expect(names.indexOf(child!)).toBeGreaterThan(names.indexOf(parent!))
  })

  it('copies every row of every table with its values intact, and verifies the counts', async () => {
    const source = await seededSqlite()
    const url = await cluster().createDatabase()
    const seen: string[] = []
    const counts = await copySqliteToPostgres(source, url, (table) => seen.push(table))
    expect(seen).toEqual(copyPlan().map((p) => p.name))
    for (const { table, rows } of counts) expect({ table, rows }).toEqual({ table, rows: (source.$client.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n })
    expect(counts.every((c) => c.rows > 0)).toBe(true)
    const pg = openPostgres(url)
    try {
      const fromSqlite = await rowsOf((pair) => source.select().from(pair.sqlite).all())
      const fromPg = await rowsOf((pair) => pg.select().from(pair.pg))
      expect(fromPg).toEqual(fromSqlite)
      const [far] = await pg.$client`SELECT expires_at::text AS v FROM index_jobs WHERE job_id = 'job_pending_1'`
      expect(far.v).toBe(String(FAR_MS))
    } finally {
      await closePostgres(pg)
    }
  })

  it('builds the search vectors of the copied rows and continues keys after SQLite, pruned replay keys included', async () => {
    const source = await seededSqlite()
    const url = await migratedDatabase(cluster(), migratePostgres)
    await copySqliteToPostgres(source, url)
    const sql = new SQL(url)
    try {
      const hits = await sql`SELECT count(*)::int AS n FROM events WHERE text_search @@ to_tsquery('event_index_text', 'cafe & musique & emile & amis')`
      expect(hits[0].n).toBe(3)
      const orgs = await sql`SELECT org_id FROM organizations WHERE text_search @@ to_tsquery('event_index_text', 'musique')`
      expect(orgs).toHaveLength(1)
      const [{ seq }] = await sql`INSERT INTO replay_keys (key, expires_at) VALUES ('new', 0) RETURNING seq::int AS seq`
      expect(seq).toBe(6)
      const maxEvent = (source.$client.query('SELECT max(id) AS n FROM events').get() as { n: number }).n
      const [{ id }] =
        await sql`INSERT INTO events (org_id, event_id, title, starts_at, record, scraped_at, script_version) SELECT org_id, 'fresh', 't', 0, '{}', 0, 'v' FROM organizations LIMIT 1 RETURNING id::int AS id`
      expect(id).toBe(maxEvent + 1)
      const [{ ledger }] = await sql`INSERT INTO credit_ledger (account_id, delta, reason) VALUES ('acct_2', 1, 'grant') RETURNING id::int AS ledger`
      expect(ledger).toBe(4)
    } finally {
      await sql.close()
    }
  })

  it('refuses a target that holds any row, before writing anything', async () => {
    const url = await migratedDatabase(cluster(), migratePostgres)
    await copySqliteToPostgres(await seededSqlite(), url)
    const other = openDatabase(':memory:')
    open.push(other)
    migrate(other)
    other.$client.run("INSERT INTO accounts (account_id, email, key_hash, created_at) VALUES ('acct_9', 'zed@example.org', 'z', 0)")
    const error = await copySqliteToPostgres(other, url).then(
      () => undefined,
      (e: Error) => e,
    )
    expect(error).toBeInstanceOf(TargetNotEmptyError)
    expect(error!.message).toContain('organizations: 2')
    const sql = new SQL(url)
    const rows = await sql`SELECT account_id FROM accounts ORDER BY 1`
    await sql.close()
    expect(rows.map((r: { account_id: string }) => r.account_id)).toEqual(['acct_1', 'acct_2'])
  })

  it('refuses a target with only an account in it too (any table counts)', async () => {
    const url = await migratedDatabase(cluster(), migratePostgres)
    const sql = new SQL(url)
    await sql`INSERT INTO accounts (account_id, email, key_hash, created_at) VALUES ('a', 'a@example.org', 'k', 0)`
    await sql.close()
    const error = await copySqliteToPostgres(await seededSqlite(), url).catch((e: Error) => e)
    expect(error).toBeInstanceOf(TargetNotEmptyError)
    expect((error as TargetNotEmptyError).counts).toEqual([{ table: 'accounts', rows: 1 }])
  })

  it('leaves the target empty when a row cannot be copied (one transaction)', async () => {
    const source = await seededSqlite()
    // SQLite keeps what it is given in a column of another type; PostgreSQL refuses it.
    source.$client.run("UPDATE replay_keys SET expires_at = 'soon' WHERE seq = 3")
    const url = await migratedDatabase(cluster(), migratePostgres)
    await expect(copySqliteToPostgres(source, url)).rejects.toThrow()
    const sql = new SQL(url)
    const [{ n }] = await sql`SELECT (SELECT count(*) FROM organizations) + (SELECT count(*) FROM events) + (SELECT count(*) FROM accounts) + (SELECT count(*) FROM replay_keys) AS n`
    await sql.close()
    expect(Number(n)).toBe(0)
  })
})
