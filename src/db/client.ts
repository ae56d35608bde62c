import { Database } from 'bun:sqlite'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { drizzle, type BunSQLiteDatabase } from 'drizzle-orm/bun-sqlite'
import * as schema from './schema'

export type Db = BunSQLiteDatabase<typeof schema> & { $client: Database }

/** How long a connection waits on a lock before SQLITE_BUSY; readers and the single writer share the file. */
export const BUSY_TIMEOUT_MS = 5000

/**
 * Opens a connection with the settings every connection must have (DESIGN §5): WAL so that readers
 * never block the writer, a busy timeout (bun:sqlite defaults to 0, which fails at once under load),
 * and foreign keys on (SQLite leaves them off per connection). Creates the file's folder if needed.
 * The storage of a file sets the request thread's connection back to no busy timeout, since SQLite waits
 * by sleeping the thread, and retries its writes on timers instead (sqlite-storage.ts, busy.ts).
 */
export function openDatabase(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const sqlite = new Database(path, { create: true, readwrite: true, strict: true })
  sqlite.run(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`)
  sqlite.run('PRAGMA journal_mode = WAL')
  sqlite.run('PRAGMA synchronous = NORMAL')
  sqlite.run('PRAGMA foreign_keys = ON')
  return drizzle({ client: sqlite, schema }) as Db
}

/** Closes the underlying SQLite handle; the drizzle object is unusable afterwards. */
export function closeDatabase(db: Db): void {
  db.$client.close()
}

/**
 * Refreshes the planner's statistics where they are missing or stale (after migrations and bulk writes):
 * `PRAGMA optimize` over every table, with ANALYZE sampling at most 1000 rows per index so that it stays
 * cheap on a million events. Search plans do not depend on it (they name their index), other reads do.
 */
export function optimizeDatabase(db: Db): void {
  db.$client.run('PRAGMA analysis_limit = 1000')
  db.$client.run('PRAGMA optimize = 0x10002')
}

/** The connection's journal mode (`wal` when opened by {@link openDatabase}); throws when the database cannot be read. */
export function journalMode(db: Db): string {
  return (db.$client.query('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode
}
