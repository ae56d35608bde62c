import { SQL } from 'bun'
import { pgCreditStorage } from '../../src/db/pg/storage/credits'
import { pgHealth } from '../../src/db/pg/storage/health'
import { pgOAuthStorage } from '../../src/db/pg/storage/oauth'
import { pgReplayStore } from '../../src/db/pg/storage/replay-keys'
import { pgReportStorage } from '../../src/db/pg/storage/reports'
import type { Storage } from '../../src/db/storage'

/** The parts of {@link Storage} the PostgreSQL account groups implement (src/db/pg/storage/{credits,reports,oauth,replay-keys,health}.ts). */
export const PG_ACCOUNTS_GROUPS = ['credits', 'reports', 'oauth', 'replayStore', 'health'] as const

const notInThisTest = (part: string) => () => {
  throw new Error(`${part} is not in this test: pgAccountsStorage implements ${PG_ACCOUNTS_GROUPS.join(', ')} only`)
}

/** A group whose every method throws "not in this test". */
const absentGroup = <T extends object>(name: string): T => new Proxy({} as T, { get: (_, method) => notInThisTest(`${name}.${String(method)}`) })

/**
 * A test-side composition (until the lead assembles `pgStorage`): a {@link Storage} over a PostgreSQL
 * database whose account groups are the PostgreSQL implementations and whose other parts throw "not in
 * this test". It owns its pool (Bun's SQL client on `url`), closed by `close()`.
 */
export function pgAccountsStorage(url: string): Storage {
  const sql = new SQL({ url, max: 4, connectionTimeout: 10 })
  return {
    backend: 'postgres',
    organizations: absentGroup('organizations'),
    jobs: absentGroup('jobs'),
    events: absentGroup('events'),
    sources: absentGroup('sources'),
    usageReports: absentGroup('usageReports'),
    credits: pgCreditStorage(sql),
    reports: pgReportStorage(sql),
    oauth: pgOAuthStorage(sql),
    replayStore: (options) => pgReplayStore(sql, options),
    health: () => pgHealth(sql),
    openReads: notInThisTest('openReads'),
    migrate: notInThisTest('migrate'),
    optimize: notInThisTest('optimize'),
    close: () => sql.close(),
  }
}
