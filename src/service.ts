import type { Server } from 'bun'
import { createApp } from './app'
import type { Config } from './config'
import { SCRIPT_VERSION } from './crawl/version'
import { closeDatabase, migrate, openDatabase, type Db } from './db'
import { sqliteReplayStore } from './db/queries/replay-keys'
import { openReads } from './db/read-pool'
import { startServer } from './http/server'
import type { CrawlSettings } from './jobs/request'
import { JobRunner } from './jobs/runner'
import { Scheduler } from './jobs/scheduler'
import { createUsageClient } from './gateway/usage-client'
import { createLogger, type Logger } from './log'
import { createMailer } from './report/mailer'
import { VERSION } from './version'

export type ServiceHandle = { server: Server<undefined>; db: Db; logger: Logger; url: string; migrationsApplied: number; runner: JobRunner; stop(): Promise<void> }

/** The scheduler's first pass waits this long after start-up, so that the first requests are answered first. */
export const FIRST_SCHEDULER_PASS_MS = 500

/** Wall-clock budget of one crawl. */
export const CRAWL_BUDGET_MS = 10 * 60_000

/** The crawl settings every job carries, from the configuration. */
export function crawlSettings(config: Config): CrawlSettings {
  return {
    maxPages: config.CRAWL_MAX_PAGES,
    budgetMs: CRAWL_BUDGET_MS,
    userAgent: config.CRAWL_USER_AGENT.replace('{version}', VERSION),
    allowPrivate: config.CRAWL_ALLOW_PRIVATE,
    scriptVersion: SCRIPT_VERSION,
  }
}

/**
 * The composition root shared by `serve` and `dev`: open the database (migrating it), start the job
 * runner and its workers, the scheduler, and the HTTP server. `stop()` closes the socket first, then the
 * runner and scheduler, then stores the replay keys still waiting, then the database, so no request or
 * write is cut off halfway.
 */
export async function startService(config: Config, logger: Logger = createLogger(config.LOG_LEVEL)): Promise<ServiceHandle> {
  const db = openDatabase(config.DATABASE_PATH)
  const migrationsApplied = migrate(db)
  const mailer = createMailer(config.SMTP_URL, config.REPORT_TO, config.REPORT_MAIL_HOURLY_CAP)
  const runner = new JobRunner({ db, workers: config.CRAWL_WORKERS, settings: crawlSettings(config), logger })
  const usage = createUsageClient({ url: config.GW_USAGE_URL, readKey: config.GW_USAGE_READ_KEY, writeKey: config.GW_USAGE_WRITE_KEY, service: config.GW_SERVICE_SLUG })
  const scheduler = new Scheduler({ db, mailer, logger, usage, settleAfterMs: config.BILLING_SETTLE_AFTER_MS, onEnqueued: () => runner.kick() })
  const replay = sqliteReplayStore(db)
  const reads = openReads(db.$client, { path: config.DATABASE_PATH, workers: config.READ_WORKERS })
  let server: Server<undefined> | undefined
  const listeningPort = () => server?.port ?? config.PORT
  const hostName = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST
  const app = createApp({
    config,
    db,
    logger,
    mailer,
    usage,
    replay,
    reads,
    workers: () => runner.status(),
    onJobQueued: () => runner.kick(),
    // With PORT=0 the real port is known only once listening; links and the MCP resource must name it.
    publicBaseUrl: () => config.PUBLIC_BASE_URL || `http://${hostName}:${listeningPort()}`,
    listeningPort,
  })
  try {
    server = startServer(app, { hostname: config.HOST, port: config.PORT, logger })
  } catch (error) {
    await reads.close()
    closeDatabase(db)
    throw error
  }
  runner.start()
  scheduler.start()
  const firstPass = setTimeout(() => {
    void scheduler.tick()
    void scheduler.settle()
  }, FIRST_SCHEDULER_PASS_MS)
  const url = `http://${hostName}:${server.port}`
  logger.info('listening', { url, database: config.DATABASE_PATH, migrationsApplied, workers: config.CRAWL_WORKERS })
  return {
    server: server!,
    db,
    logger,
    url,
    migrationsApplied,
    runner,
    async stop() {
      await server!.stop()
      await reads.close()
      clearTimeout(firstPass)
      scheduler.stop()
      await runner.stop()
      try {
        replay.flush()
      } catch (error) {
        logger.error('replay keys could not be stored at stop', { error: (error as Error).message })
      }
      closeDatabase(db)
    },
  }
}
