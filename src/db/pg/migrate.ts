import { SQL } from 'bun'
import { drizzle } from 'drizzle-orm/bun-sql'
import type { MigrationMeta } from 'drizzle-orm/migrator'
import { migrationsOf } from '../migrate'
import { migrationFiles } from './migration-files'

/**
 * The key of the session-level advisory lock held while migrating (an arbitrary constant: "evix" "migr" in
 * ASCII). Every instance uses the same key, so instances starting at once migrate one after the other:
 * the first applies the migrations, the others then find nothing left to apply.
 */
export const MIGRATION_LOCK_KEY = 0x65766978_6d696772n

/** drizzle's PgDialect.migrate (internal to drizzle; its own bun-sql migrator reads only a folder). */
type PgMigrator = { migrate(migrations: MigrationMeta[], session: unknown, config: { migrationsFolder: string }): Promise<void> }

/** The PostgreSQL migrations embedded in this build (drizzle-pg/), in drizzle's format and order. */
export function embeddedPgMigrations(): MigrationMeta[] {
  return migrationsOf(migrationFiles)
}

/**
 * Applies every embedded PostgreSQL migration not yet recorded in `drizzle.__drizzle_migrations`, in one
 * transaction, under `pg_advisory_lock`: N instances starting at once on one database migrate it exactly
 * once, and none of them reads the schema half-made. The lock is taken on a connection of its own (a
 * pool of one), before drizzle even creates its migrations table, and is released with it. Returns how
 * many migrations were applied; when any were, the planner's statistics are refreshed (ANALYZE).
 */
export async function migratePostgres(url: string): Promise<number> {
  const client = new SQL({ url, max: 1, connectionTimeout: 10 })
  try {
    const conn = await client.reserve()
    try {
      await conn`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY.toString()}::bigint)`
      try {
        const before = await appliedPgCount(conn)
        const { dialect, session } = drizzle({ client: conn }) as unknown as { dialect: PgMigrator; session: unknown }
        await dialect.migrate(embeddedPgMigrations(), session, { migrationsFolder: 'embedded' })
        const applied = (await appliedPgCount(conn)) - before
        if (applied > 0) await conn`ANALYZE`
        return applied
      } finally {
        await conn`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY.toString()}::bigint)`
      }
    } finally {
      await conn.release()
    }
  } finally {
    await client.close()
  }
}

/** Number of PostgreSQL migrations recorded as applied (0 on an empty database). */
export async function appliedPgCount(sql: SQL): Promise<number> {
  const [row] = await sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`
  if (!row.present) return 0
  const [{ n }] = await sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`
  return n
}
