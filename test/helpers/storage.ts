import { afterEach, describe } from 'bun:test'
import { migrate, openDatabase, type Db } from '../../src/db'
import { migratePostgres } from '../../src/db/pg/migrate'
import { sqliteStorage } from '../../src/db/sqlite-storage'
import type { Storage } from '../../src/db/storage'
import { PG_ACCOUNTS_GROUPS, pgAccountsStorage } from './pg-accounts-storage'
import { describePostgres, findPostgresBin, migratedDatabase, type PostgresCluster, sharedPostgres } from './postgres'

export type Backend = Storage['backend']

/** A part of the storage interface a suite uses. */
export type StorageGroup = Exclude<keyof Storage, 'backend'>

/**
 * The backends the storage tests run on: the one place that chooses them. PostgreSQL runs a suite only
 * when the suite names the groups it uses and the PostgreSQL test storage has them all
 * ({@link PG_TEST_GROUPS}: the groups implemented so far, issue 17); without PostgreSQL installed its
 * suites print one line saying they did not run (describePostgres).
 */
export const BACKENDS: readonly Backend[] = ['sqlite', 'postgres']

/** The groups the PostgreSQL test storage implements today. */
export const PG_TEST_GROUPS: ReadonlySet<StorageGroup> = new Set<StorageGroup>([...PG_ACCOUNTS_GROUPS, 'close'])

/** A fresh, migrated in-memory SQLite database and the storage over it (`db` for SQLite-only assertions). */
export function sqliteMemoryStorage(): { storage: Storage; db: Db } {
  const db = openDatabase(':memory:')
  migrate(db)
  return { storage: sqliteStorage(db), db }
}

/** A fresh, migrated, empty SQLite storage. */
export async function storageFor(backend: Backend): Promise<Storage> {
  if (backend === 'sqlite') return sqliteMemoryStorage().storage
  throw new Error(`storageFor(${backend}): PostgreSQL storages are opened inside forEachBackend (one cluster per file)`)
}

/**
 * One `describe` per backend of {@link BACKENDS}, each handed a way to open a fresh storage of that
 * backend. `needs` (before the suite) names the groups the suite uses; PostgreSQL runs it when it has them all (a fresh
 * migrated database per storage opened, closed after each test). Call it at a test file's top level: the
 * PostgreSQL suites of one file share one cluster.
 */
export function forEachBackend(name: string, ...args: [suite: Suite] | [needs: readonly StorageGroup[], suite: Suite]): void {
  const [needs, suite] = args.length === 1 ? [undefined, args[0]] : args
  for (const backend of BACKENDS) {
    if (backend === 'sqlite') describe(`${name} [sqlite]`, () => suite(() => storageFor('sqlite'), 'sqlite'))
    else if (needs?.every((group) => PG_TEST_GROUPS.has(group))) {
      const cluster = findPostgresBin() ? clusterOfThisFile() : undefined
      describePostgres(`${name} [postgres]`, () => suite(postgresOpener(cluster!), 'postgres'))
    }
  }
}

type Suite = (open: () => Promise<Storage>, backend: Backend) => void

let fileCluster: { file: string; cluster: () => PostgresCluster } | undefined

/** The cluster shared by the PostgreSQL suites of the test file being loaded (`Bun.main`), started before its first test and stopped after its last. */
function clusterOfThisFile(): () => PostgresCluster {
  if (fileCluster?.file !== Bun.main) fileCluster = { file: Bun.main, cluster: sharedPostgres() }
  return fileCluster.cluster
}

/** Inside a describePostgres: opens a storage on a fresh migrated database of `cluster`; closes them after each test. */
export function postgresOpener(cluster: () => PostgresCluster): () => Promise<Storage> {
  const opened: Storage[] = []
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()))
  })
  return async () => {
    const storage = pgAccountsStorage(await migratedDatabase(cluster(), migratePostgres))
    opened.push(storage)
    return storage
  }
}
