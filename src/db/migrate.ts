import { createHash } from '../crypto-native'
import type { MigrationMeta } from 'drizzle-orm/migrator'
import { optimizeDatabase, type Db } from './client'
import { migrationFiles } from './migration-files'

type Journal = { entries: { tag: string; when: number; breakpoints: boolean }[] }

/**
 * The migrations embedded in this build, in drizzle's own format (same hash and ordering as
 * `readMigrationFiles`), so a database migrated by a checkout and one migrated by the binary agree.
 */
export function embeddedMigrations(): MigrationMeta[] {
  return migrationsOf(migrationFiles)
}

/** A generated migration-files module (SQLite's or PostgreSQL's) as drizzle's migrations, in journal order. */
export function migrationsOf(files: { journal: unknown; sql: Record<string, string> }): MigrationMeta[] {
  return (files.journal as Journal).entries.map((entry) => {
    const text = files.sql[entry.tag]
    if (text === undefined) throw new Error(`migration ${entry.tag} is in the journal but not embedded`)
    return {
      sql: text.split('--> statement-breakpoint'),
      bps: entry.breakpoints,
      folderMillis: entry.when,
      hash: createHash('sha256').update(text).digest('hex'),
    }
  })
}

/**
 * Applies every embedded migration not yet recorded in `__drizzle_migrations`, in one transaction.
 * Safe to run on every start-up and on an already migrated file. Returns how many were applied; when
 * any were, the planner's statistics are refreshed (a migration may add indexes or rewrite rows).
 */
export function migrate(db: Db): number {
  const before = appliedCount(db)
  const { dialect, session } = db as unknown as {
    dialect: { migrate(m: MigrationMeta[], s: unknown, c: object): void }
    session: unknown
  }
  dialect.migrate(embeddedMigrations(), session, { migrationsFolder: 'embedded' })
  const applied = appliedCount(db) - before
  if (applied > 0) optimizeDatabase(db)
  return applied
}

/** Number of migrations recorded as applied (0 on an empty file). */
export function appliedCount(db: Db): number {
  const exists = db.$client.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get()
  if (!exists) return 0
  return (db.$client.query('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number }).n
}
