import { afterAll, afterEach, beforeEach, describe } from 'bun:test'
import { migrate, openDatabase, type Db } from '../../src/db'
import { migratePostgres } from '../../src/db/pg/migrate'
import { openPgStorage } from '../../src/db/pg/pg-storage'
import { sqliteStorage } from '../../src/db/sqlite-storage'
import type { Storage } from '../../src/db/storage'
import { peekPostgres, peekSqlite } from './peek'
import { describePostgres, dropDatabase, migratedDatabase, type PostgresCluster, sharedPostgres } from './postgres'

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
  const storage = sqliteStorage(db)
  peekSqlite(storage, db)
  return { storage, db }
}

/** A fresh, migrated, empty storage of `backend` (PostgreSQL: a new database on `cluster`, the whole pgStorage, its database dropped when it closes). */
export async function storageFor(backend: Backend, cluster?: PostgresCluster, options: { max?: number } = {}): Promise<Storage> {
  if (backend === 'sqlite') return sqliteMemoryStorage().storage
  if (!cluster) throw new Error('a PostgreSQL storage needs a cluster (sharedPostgres())')
  const url = await migratedDatabase(cluster, migratePostgres)
  return peekPostgres(await openPgStorage(url, { max: options.max ?? 4 }), url, async () => void dropDatabase(cluster, url).catch(() => {}))
}

type Suite = (open: () => Promise<Storage>, backend: Backend) => void

/**
 * Inside a describePostgres: opens a storage on a fresh migrated database of `cluster`. One opened in a test
 * (or its beforeEach) is closed after that test; one opened in a beforeAll (a suite sharing one app) after
 * the suite.
 */
export function postgresOpener(cluster: () => PostgresCluster): () => Promise<Storage> {
  const perTest: Storage[] = []
  const perSuite: Storage[] = []
  let inTest = false
  beforeEach(() => {
    inTest = true
  })
  afterEach(async () => {
    inTest = false
    await Promise.all(perTest.splice(0).map((s) => s.close()))
  })
  afterAll(async () => {
    await Promise.all(perSuite.splice(0).map((s) => s.close()))
  })
  return async () => {
    const opened = inTest ? perTest : perSuite
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
