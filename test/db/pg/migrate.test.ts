// Pins PostgreSQL migrations (issue 17): the embedded copy equals drizzle-pg/ (same hashes as drizzle's
// own reader); they apply to an empty database and are a no-op on a migrated one; N instances migrating
// one fresh database at once (under pg_advisory_lock) migrate it exactly once, without an error.
import { describe, expect, it } from 'bun:test'
import { SQL } from 'bun'
import { join } from 'node:path'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { embeddedPgMigrations, MIGRATION_LOCK_KEY, migratePostgres } from '../../../src/db/pg/migrate'
import { describePostgres, sharedPostgres } from '../../helpers/postgres'

const DRIZZLE_PG_DIR = join(import.meta.dir, '../../../drizzle-pg')
const TABLES = [
  'accounts',
  'credit_ledger',
  'event_categories',
  'events',
  'events_generation',
  'index_jobs',
  'oauth_codes',
  'oauth_keys',
  'oauth_refresh_tokens',
  'organizations',
  'replay_keys',
  'reports',
  'sources',
  'usage_reports',
]

describe('embedded PostgreSQL migrations', () => {
  it('are exactly what drizzle-kit wrote in drizzle-pg/, with the hashes drizzle computes', () => {
    const fromDisk = readMigrationFiles({ migrationsFolder: DRIZZLE_PG_DIR })
    const embedded = embeddedPgMigrations()
    expect(embedded.length).toBeGreaterThan(0)
    expect(embedded.map((m) => m.hash)).toEqual(fromDisk.map((m) => m.hash))
    expect(embedded.map((m) => m.folderMillis)).toEqual(fromDisk.map((m) => m.folderMillis))
    expect(embedded.map((m) => m.sql)).toEqual(fromDisk.map((m) => m.sql))
  })
})

describePostgres('migratePostgres', () => {
  const cluster = sharedPostgres()

  async function inspect(url: string) {
    const sql = new SQL(url)
    try {
      const tables = (await sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`).map((r: { name: string }) => r.name)
      const applied = (await sql`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id`).map((r: { hash: string }) => r.hash)
      const extensions = (await sql`SELECT extname FROM pg_extension ORDER BY 1`).map((r: { extname: string }) => r.extname)
      return { tables, applied, extensions }
    } finally {
      await sql.close()
    }
  }

  it('creates every table of the SQLite schema on an empty database, with pg_trgm and unaccent', async () => {
    const url = await cluster().createDatabase()
    expect(await migratePostgres(url)).toBe(embeddedPgMigrations().length)
    const { tables, applied, extensions } = await inspect(url)
    expect(tables).toEqual(TABLES)
    expect(applied).toEqual(embeddedPgMigrations().map((m) => m.hash))
    expect(extensions).toContain('pg_trgm')
    expect(extensions).toContain('unaccent')
  })

  it('applies nothing the second time', async () => {
    const url = await cluster().createDatabase()
    await migratePostgres(url)
    expect(await migratePostgres(url)).toBe(0)
    expect((await inspect(url)).applied).toHaveLength(embeddedPgMigrations().length)
  })

  it('migrates a fresh database exactly once when three instances start at once', async () => {
    const url = await cluster().createDatabase()
    const results = await Promise.all([migratePostgres(url), migratePostgres(url), migratePostgres(url)])
    expect(results.sort()).toEqual([0, 0, embeddedPgMigrations().length])
    const { tables, applied } = await inspect(url)
    expect(tables).toEqual(TABLES)
    expect(applied).toEqual(embeddedPgMigrations().map((m) => m.hash))
  })

  it('releases its lock: a session can take it at once afterwards', async () => {
    const url = await cluster().createDatabase()
    await migratePostgres(url)
    const sql = new SQL({ url, max: 1 })
    const [{ got }] = await sql`SELECT pg_try_advisory_lock(${MIGRATION_LOCK_KEY.toString()}::bigint) AS got`
    expect(got).toBe(true)
    const [{ held }] = await sql`SELECT count(*)::int AS held FROM pg_locks WHERE locktype = 'advisory' AND pid <> pg_backend_pid()`
    expect(held).toBe(0)
    await sql.close()
  })

  it('fails on a database it cannot reach, naming no password', async () => {
    const url = `postgres://postgres:hunter2-secret@127.0.0.1:${cluster().port}/no_such_database`
    const error = await migratePostgres(url).then(
      () => undefined,
      (e: Error) => e,
    )
    expect(error).toBeInstanceOf(Error)
    expect(String(error?.message)).not.toContain('hunter2-secret')
  })
})
