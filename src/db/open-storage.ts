import { closeDatabase, openDatabase } from './client'
import { migrate } from './migrate'
import type { CopyCounts } from './copy-errors'
import { sqliteStorage } from './sqlite-storage'
import type { Storage } from './storage'

export { redactDatabaseUrl } from './database-url'
export { TargetNotEmptyError, type CopyCounts } from './copy-errors'

// The PostgreSQL modules (drizzle's pg-core schema, the client, the copier) load only when a DATABASE_URL
// asks for them: evaluating them cost a service on its SQLite default about a tenth of its cold start.

/**
 * The storage of a service: the PostgreSQL database at `url` when one is given (DATABASE_URL, issue 17:
 * several instances share it), else the SQLite file at `path` (created with its folder when missing), with
 * the connection settings every connection must have (client.ts). Throws when the storage cannot be
 * opened; migrations are applied by the caller (`storage.migrate()`), so that the two failures can be told apart.
 */
export async function openStorage(options: { path: string; url?: string }): Promise<Storage> {
  if (options.url) return (await import('./pg/pg-storage')).openPgStorage(options.url)
  return sqliteStorage(openDatabase(options.path), { path: options.path })
}

/**
 * Copies the SQLite file at `path` (brought up to date by its migrations first) into the empty PostgreSQL
 * database at `url` and verifies every table's count (see copySqliteToPostgres): the operation behind
 * `event-index migrate --to-postgres`. Throws TargetNotEmptyError, with nothing written, when the target
 * holds any row. The file is closed however it ends.
 */
export async function copySqliteFileToPostgres(path: string, url: string, onTable?: (table: string, rows: number) => void): Promise<CopyCounts> {
  const { copySqliteToPostgres } = await import('./pg/copy-from-sqlite')
  const db = openDatabase(path)
  try {
    migrate(db)
    return await copySqliteToPostgres(db, url, onTable)
  } finally {
    closeDatabase(db)
  }
}

/** Applies the embedded PostgreSQL migrations to the database at `url` (see pg/migrate.ts); returns how many were applied. */
export async function migratePostgres(url: string): Promise<number> {
  return (await import('./pg/migrate')).migratePostgres(url)
}
