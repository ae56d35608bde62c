import { openDatabase } from './client'
import { sqliteStorage } from './sqlite-storage'
import type { Storage } from './storage'

/**
 * The storage of a service: today the SQLite file at `path` (created with its folder when missing), with
 * the connection settings every connection must have (client.ts). Throws when the file cannot be opened;
 * migrations are applied by the caller (`storage.migrate()`), so that the two failures can be told apart.
 * A PostgreSQL backend joins here when DATABASE_URL is set (issue 17).
 */
export function openStorage(options: { path: string }): Storage {
  return sqliteStorage(openDatabase(options.path), { path: options.path })
}
