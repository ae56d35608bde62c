import { describe } from 'bun:test'
import { migrate, openDatabase, type Db } from '../../src/db'
import { sqliteStorage } from '../../src/db/sqlite-storage'
import type { Storage } from '../../src/db/storage'

export type Backend = Storage['backend']

/**
 * The backends the storage tests run on: the one place that chooses them. Today SQLite only; PostgreSQL
 * joins when its implementation lands (issue 17), and every suite written with {@link forEachBackend}
 * then runs on both.
 */
export const BACKENDS: readonly Backend[] = ['sqlite']

/** A fresh, migrated in-memory SQLite database and the storage over it (`db` for SQLite-only assertions). */
export function sqliteMemoryStorage(): { storage: Storage; db: Db } {
  const db = openDatabase(':memory:')
  migrate(db)
  return { storage: sqliteStorage(db), db }
}

/** A fresh, migrated, empty storage of `backend`. */
export async function storageFor(backend: Backend): Promise<Storage> {
  if (backend === 'sqlite') return sqliteMemoryStorage().storage
  throw new Error(`no test storage for ${backend} yet`)
}

/** One `describe` per backend of {@link BACKENDS}, each handed a way to open a fresh storage of that backend. */
export function forEachBackend(name: string, suite: (open: () => Promise<Storage>, backend: Backend) => void): void {
  for (const backend of BACKENDS) describe(`${name} [${backend}]`, () => suite(() => storageFor(backend), backend))
}
