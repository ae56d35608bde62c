import { afterEach, describe } from 'bun:test'
import { migrate, openDatabase, type Db } from '../../src/db'
import { migratePostgres } from '../../src/db/pg/migrate'
import { openPgStorage } from '../../src/db/pg/pg-storage'
import { sqliteStorage } from '../../src/db/sqlite-storage'
import type { Storage } from '../../src/db/storage'
import { describePostgres, migratedDatabase, type PostgresCluster, sharedPostgres } from './postgres'

export type Backend = Storage['backend']

/** A part of the storage interface a suite uses (kept for suites that name theirs; every part exists on both backends). */
export type StorageGroup = Exclude<keyof Storage, 'backend'>

/**
 * The backends the storage tests run on: the one place that chooses them. PostgreSQL runs where a server
 * can be started (describePostgres: one skip line when none is installed, a failure under REQUIRE_POSTGRES=1).
 */
export const BACKENDS: readonly Backend[] = ['sqlite', 'postgres']

/** A fresh, migrated in-memory SQLite database and the storage over it (`db` for SQLite-only assertions). */
export function sqliteMemoryStorage(): { storage: Storage; db: Db } {
  const db = openDatabase(':memory:')
  migrate(db)
  return { storage: sqliteStorage(db), db }
}

/** A fresh, migrated, empty storage of `backend` (PostgreSQL: a new database on `cluster`, the whole pgStorage). */
export async function storageFor(backend: Backend, cluster?: PostgresCluster, options: { max?: number } = {}): Promise<Storage> {
  if (backend === 'sqlite') return sqliteMemoryStorage().storage
  if (!cluster) throw new Error('a PostgreSQL storage needs a cluster (sharedPostgres())')
  return openPgStorage(await migratedDatabase(cluster, migratePostgres), { max: options.max ?? 4 })
}

type Suite = (open: () => Promise<Storage>, backend: Backend) => void

/** Inside a describePostgres: opens a storage on a fresh migrated database of `cluster`; closes them after each test. */
export function postgresOpener(cluster: () => PostgresCluster): () => Promise<Storage> {
  const opened: Storage[] = []
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()))
  })
  return async () => {
    const storage = await storageFor('postgres', cluster())
    opened.push(storage)
    return storage
  }
}

/**
 * One `describe` per backend of {@link BACKENDS}, each handed a way to open a fresh storage of that
 * backend (PostgreSQL: a fresh migrated database per storage opened, closed after each test, on the
 * run's shared cluster). `needs` (the groups a suite uses) is accepted for the
 * suites that name theirs: every group exists on both backends. Call it at a test file's top level.
 */
export function forEachBackend(name: string, ...args: [suite: Suite] | [needs: readonly StorageGroup[], suite: Suite]): void {
  const suite = args.length === 1 ? args[0] : args[1]
  for (const backend of BACKENDS) {
    if (backend === 'sqlite') describe(`${name} [sqlite]`, () => suite(() => storageFor('sqlite'), 'sqlite'))
    else describePostgres(`${name} [postgres]`, () => suite(postgresOpener(sharedPostgres()), 'postgres'))
  }
}
