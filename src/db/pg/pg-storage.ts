import { SQL } from 'bun'
import type { Storage } from '../storage'
import { migratePostgres } from './migrate'
import { pgCreditStorage } from './storage/credits'
import { pgEventStorage } from './storage/events'
import { listenGeneration } from './storage/generation'
import { pgHealth } from './storage/health'
import { pgJobStorage } from './storage/jobs'
import { pgOAuthStorage } from './storage/oauth'
import { pgOrganizationStorage } from './storage/organizations'
import { pgReplayStore } from './storage/replay-keys'
import { pgReportStorage } from './storage/reports'
import { pgSourceStorage } from './storage/sources'
import { pgUsageReportStorage } from './storage/usage-reports'
import { pgReads } from './reads'

/**
 * The storage interface over the PostgreSQL database at `url` (issue 17): one pool of Bun's SQL client
 * shared by every group, the events write generation listened to (a write on any instance reaches this
 * one's caches by NOTIFY), the scheduler's singleton work under `pg_try_advisory_lock`. Migrations are
 * applied by `migrate()` under an advisory lock, so instances starting together migrate once. `max` is
 * the pool's size (connections this instance may hold).
 */
export async function openPgStorage(url: string, options: { max?: number } = {}): Promise<Storage> {
  const sql = new SQL({ url, max: options.max ?? 10, connectionTimeout: 10 })
  const generation = await listenGeneration(sql)
  return {
    backend: 'postgres',
    organizations: pgOrganizationStorage(sql),
    jobs: pgJobStorage(sql),
    events: pgEventStorage(sql, generation),
    sources: pgSourceStorage(sql),
    credits: pgCreditStorage(sql),
    reports: pgReportStorage(sql),
    usageReports: pgUsageReportStorage(sql),
    oauth: pgOAuthStorage(sql),
    replayStore: (replayOptions) => pgReplayStore(sql, replayOptions),
    // PostgreSQL answers reads on its own pool: no reader threads (`workers` is SQLite's).
    openReads: () => pgReads(sql),
    migrate: () => migratePostgres(url),
    health: async () => {
      const { journalMode, migrations, replicationLagSeconds } = await pgHealth(sql)
      return { backend: 'postgres', journalMode, migrations, replicationLagSeconds }
    },
    // Statistics: PostgreSQL's autovacuum analyzes tables whose rows changed enough.
    optimize: async () => {},
    singleton: (name, work) => pgSingleton(sql, name, work),
    close: async () => {
      await generation.close()
      await sql.close()
    },
  }
}

/**
 * Runs `work` while this instance holds the session advisory lock named `name` on a reserved connection;
 * undefined when another instance holds it. An instance that dies loses its connection and so the lock.
 */
async function pgSingleton<T>(sql: SQL, name: string, work: () => Promise<T>): Promise<T | undefined> {
  const conn = await sql.reserve()
  try {
    const [row] = await conn`SELECT pg_try_advisory_lock(hashtextextended(${name}, 0)) AS locked`
    if (!row?.locked) return undefined
    try {
      return await work()
    } finally {
      await conn`SELECT pg_advisory_unlock(hashtextextended(${name}, 0))`
    }
  } finally {
    conn.release()
  }
}
