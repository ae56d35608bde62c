import { SQL } from 'bun'
import { migratePostgres } from '../../src/db/pg/migrate'
import { dropDatabase, migratedDatabase, type PostgresCluster } from './postgres'

/**
 * The databases the tests' PostgreSQL storages run on, recycled. A storage's database, once the storage
 * closed, is emptied (every table of the schema truncated and its identities restarted: what a fresh copy
 * of the migrated template holds) and handed to a later test. Copying the template and dropping the copy
 * each make the server checkpoint, several times the cost of the truncation; every test still starts on
 * an empty database of its own. A database that cannot be emptied (a session left holding a lock) is
 * dropped instead. Each database in rotation keeps one idle connection for its emptying.
 */
type Pool = { idle: string[]; janitors: Map<string, SQL> }

const pools = new WeakMap<PostgresCluster, Pool>()

function poolOf(cluster: PostgresCluster): Pool {
  let pool = pools.get(cluster)
  if (!pool) {
    const created: Pool = { idle: [], janitors: new Map() }
    cluster.onStop(() => Promise.all([...created.janitors.values()].map((janitor) => janitor.close())))
    pools.set(cluster, created)
    pool = created
  }
  return pool
}

/** An empty migrated database of `cluster` for one storage: a recycled one when there is one, else a new copy of the template. */
export async function testDatabase(cluster: PostgresCluster): Promise<string> {
  return poolOf(cluster).idle.shift() ?? migratedDatabase(cluster, migratePostgres)
}

/** Takes back the database at `url` once nothing uses it: emptied, it serves a later test (dropped when it cannot be emptied). */
export async function giveBackDatabase(cluster: PostgresCluster, url: string): Promise<void> {
  const pool = poolOf(cluster)
  if (pool.idle.includes(url)) throw new Error(`test database ${url} given back twice: two tests would share it`)
  let janitor = pool.janitors.get(url)
  if (!janitor) {
    janitor = new SQL({ url, max: 1 })
    pool.janitors.set(url, janitor)
  }
  try {
    await janitor.begin(async (tx) => {
      await tx`SET LOCAL lock_timeout = '2s'`
      const tables: { name: string }[] = await tx`SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public'`
      await tx.unsafe(`TRUNCATE ${tables.map((t) => t.name).join(', ')} RESTART IDENTITY CASCADE`)
      // Every sequence of the schema where a fresh copy has it, owned by a column or not.
      await tx`SELECT setval(format('public.%I', sequencename)::regclass, start_value, false) FROM pg_sequences WHERE schemaname = 'public'`
    })
    pool.idle.push(url)
  } catch {
    pool.janitors.delete(url)
    await janitor.close().catch(() => {})
    await dropDatabase(cluster, url).catch(() => {})
  }
}
