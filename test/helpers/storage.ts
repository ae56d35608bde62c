import { afterAll, afterEach, beforeEach, describe } from 'bun:test'
import { join } from 'node:path'
import { migrate, openDatabase, type Db } from '../../src/db'
import { openPgStorage } from '../../src/db/pg/pg-storage'
import { sqliteStorage } from '../../src/db/sqlite-storage'
import type { Storage } from '../../src/db/storage'
import { peekPostgres, peekSqlite } from './peek'
import { tempDir } from './tmp'
import { giveBackDatabase, testDatabase } from './pg-databases'
import { describePostgres, type PostgresCluster, sharedPostgres } from './postgres'

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

/** The whole pgStorage over an empty migrated database of `cluster`; the database is recycled once the storage closes. */
async function openPostgresStorage(cluster: PostgresCluster, max: number): Promise<Storage> {
  const url = await testDatabase(cluster)
  const storage = await openPgStorage(url, { max }).catch(async (error) => {
    await giveBackDatabase(cluster, url)
    throw error
  })
  return peekPostgres(storage, url, async () => void giveBackDatabase(cluster, url))
}

/** Per cluster: the next test's storage (pool size 4), opened while the current test runs. */
const spares = new WeakMap<PostgresCluster, Promise<Storage>>()

/**
 * A fresh, migrated, empty storage of `backend` (PostgreSQL: the whole pgStorage with a pool of `max`
 * connections, on an empty database of `cluster` of its own). With the default pool, the storage was
 * opened ahead, during the previous test, and the next one is opened now; the last one left over is
 * closed when the cluster stops.
 */
export async function storageFor(backend: Backend, cluster?: PostgresCluster, options: { max?: number } = {}): Promise<Storage> {
  if (backend === 'sqlite') return sqliteMemoryStorage().storage
  if (!cluster) throw new Error('a PostgreSQL storage needs a cluster (sharedPostgres())')
  if (options.max !== undefined && options.max !== 4) return openPostgresStorage(cluster, options.max)
  const spare = spares.get(cluster)
  if (!spare) cluster.onStop(async () => (await spares.get(cluster)?.catch(() => undefined))?.close())
  const next = openPostgresStorage(cluster, 4)
  next.catch(() => {})
  spares.set(cluster, next)
  return (await spare?.catch(() => undefined)) ?? openPostgresStorage(cluster, 4)
}

/** A database several storages open at once: instances of the service on one database, or one service restarted. */
export type SharedDatabase = {
  /** Opens one more storage on the database (the first one migrates it); closed after the test like the others. */
  instance(): Promise<Storage>
}

type Suite = (open: () => Promise<Storage>, backend: Backend, shared: () => Promise<SharedDatabase>) => void
type Track = (close: () => Promise<void>) => void

/**
 * Inside a describe: closes what is opened there after the test that opened it (or its beforeEach), or
 * after the suite when it was opened in a beforeAll (a suite sharing one app). Answers how to register a close.
 */
function lifetimes(): Track {
  const perTest: (() => Promise<void>)[] = []
  const perSuite: (() => Promise<void>)[] = []
  let inTest = false
  beforeEach(() => {
    inTest = true
  })
  afterEach(async () => {
    inTest = false
    await Promise.all(perTest.splice(0).map((close) => close()))
  })
  afterAll(async () => {
    await Promise.all(perSuite.splice(0).map((close) => close()))
  })
  return (close) => {
    ;(inTest ? perTest : perSuite).push(close)
  }
}

/** Closes `storage`, once, whatever a test already closed (a restart closes its first instance). */
const closeQuietly = (storage: Storage) => storage.close().catch(() => {})

/** A migrated SQLite file in a temporary folder, each instance a connection of its own (as two processes on one file). */
function sqliteShared(track: Track): SharedDatabase {
  const tmp = tempDir('event-index-shared-')
  const path = join(tmp.dir, 'shared.sqlite')
  const opened: Storage[] = []
  track(async () => {
    await Promise.all(opened.map(closeQuietly))
    tmp.cleanup()
  })
  return {
    async instance() {
      const db = openDatabase(path)
      if (opened.length === 0) migrate(db)
      const storage = sqliteStorage(db, { path })
      peekSqlite(storage, db)
      opened.push(storage)
      return storage
    },
  }
}

/** An empty migrated database of `cluster`, each instance a storage (pool) of its own on it; recycled after the test. */
async function postgresShared(cluster: PostgresCluster, track: Track): Promise<SharedDatabase> {
  const url = await testDatabase(cluster)
  const opened: Storage[] = []
  track(async () => {
    await Promise.all(opened.map(closeQuietly))
    void giveBackDatabase(cluster, url)
  })
  return {
    async instance() {
      const storage = peekPostgres(await openPgStorage(url, { max: 4 }), url)
      opened.push(storage)
      return storage
    },
  }
}

/**
 * One `describe` per backend of {@link BACKENDS}, each handed a way to open a fresh storage of that
 * backend (PostgreSQL: a fresh migrated database per storage opened, on the run's shared cluster), and a
 * way to make a database several storages share (`shared().instance()`: instances on one database, or a
 * restart). What a test opens is closed after it; what a beforeAll opens, after the suite. `needs` (the
 * groups a suite uses) is accepted for the suites that name theirs: every group exists on both backends.
 * Call it at a test file's top level.
 */
export function forEachBackend(name: string, ...args: [suite: Suite] | [needs: readonly StorageGroup[], suite: Suite]): void {
  const suite = args.length === 1 ? args[0] : args[1]
  for (const backend of BACKENDS) {
    if (backend === 'sqlite') {
      describe(`${name} [sqlite]`, () => {
        const track = lifetimes()
        suite(
          async () => storageFor('sqlite'),
          'sqlite',
          async () => sqliteShared(track),
        )
      })
      continue
    }
    describePostgres(`${name} [postgres]`, () => {
      const cluster = sharedPostgres()
      const track = lifetimes()
      const open = async () => {
        const storage = await storageFor('postgres', cluster())
        track(() => storage.close())
        return storage
      }
      suite(open, 'postgres', () => postgresShared(cluster(), track))
    })
  }
}
