import type { Server } from 'bun'
import { createApp } from './app'
import { ConfigError, listenFailure, type Config } from './config'
import { crawlResolve, type LoopbackSite } from './crawl/fetch/resolve-overrides'
import { SCRIPT_VERSION } from './crawl/version'
import { openStorage, redactDatabaseUrl } from './db/open-storage'
import type { Storage } from './db/storage'
import { startServer } from './http/server'
import type { CrawlSettings } from './jobs/request'
import { JobRunner } from './jobs/runner'
import { Scheduler } from './jobs/scheduler'
import { createUsageClient } from './gateway/usage-client'
import { createLogger, type Logger } from './log'
import { createMailer } from './report/mailer'
import { VERSION } from './version'

export type ServiceHandle = { server: Server<undefined>; storage: Storage; logger: Logger; url: string; migrationsApplied: number; runner: JobRunner; stop(): Promise<void> }

/** The scheduler's first pass waits this long after start-up, so that the first requests are answered first. */
export const FIRST_SCHEDULER_PASS_MS = 500

/** Wall-clock budget of one crawl. */
export const CRAWL_BUDGET_MS = 10 * 60_000

/** The crawl settings every job carries, from the configuration. */
export function crawlSettings(config: Config): CrawlSettings {
  const settings: CrawlSettings = {
    maxPages: config.CRAWL_MAX_PAGES,
    budgetMs: CRAWL_BUDGET_MS,
    userAgent: config.CRAWL_USER_AGENT.replace('{version}', VERSION),
    allowPrivate: config.CRAWL_ALLOW_PRIVATE,
    scriptVersion: SCRIPT_VERSION,
  }
  const resolve = crawlResolve(config.CRAWL_RESOLVE, config.CRAWL_ALLOW_PRIVATE)
  if (resolve) settings.resolve = resolve
  return settings
}

/** What `dev` adds to a service: the loopback sites (its demo site) that may be indexed without CRAWL_ALLOW_PRIVATE. */
export type ServiceExtras = { loopbackSites?: LoopbackSite[] }

/**
 * Opens and migrates the configured storage: the PostgreSQL database of DATABASE_URL when it is set, else
 * the SQLite file of DATABASE_PATH. A file that cannot be opened or written (a folder in the way, no
 * permission, not a database) is a bad DATABASE_PATH, a PostgreSQL server that cannot be reached a bad
 * DATABASE_URL: a ConfigError naming it (exit 78), never a raw error, and never the URL's password.
 * Failures of a migration itself are not the setting's fault and are passed on as they are.
 */
export async function openConfiguredStorage(config: Pick<Config, 'DATABASE_PATH' | 'DATABASE_URL'>): Promise<{ storage: Storage; migrationsApplied: number }> {
  const { DATABASE_PATH: path, DATABASE_URL: url } = config
  const setting = url ? 'DATABASE_URL' : 'DATABASE_PATH'
  const where = url ? redactDatabaseUrl(url) : path
  let storage: Storage
  try {
    storage = await openStorage({ path, url: url || undefined })
  } catch (error) {
    throw new ConfigError(setting, `cannot open the database at ${where}: ${withoutSecret((error as Error).message, url)}`)
  }
  try {
    return { storage, migrationsApplied: await storage.migrate() }
  } catch (error) {
    await storage.close()
    if (/SQLITE_(READONLY|CANTOPEN|NOTADB|PERM|IOERR|FULL|CORRUPT|AUTH)|ERR_POSTGRES_CONNECTION/.test(String((error as { code?: string }).code ?? ''))) {
      throw new ConfigError(setting, `cannot write the database at ${where}: ${withoutSecret((error as Error).message, url)}`)
    }
    throw error
  }
}

/** `message` without the password of `url` (a driver may quote what it was given). */
function withoutSecret(message: string, url: string | undefined): string {
  if (!url) return message
  let password = ''
  try {
    password = decodeURIComponent(new URL(url).password)
  } catch {}
  return password ? message.split(password).join('***') : message
}

/**
 * The composition root shared by `serve` and `dev`: open the database (migrating it), start the job
 * runner and its workers, the scheduler, and the HTTP server. `stop()` closes the socket first, then the
 * runner and scheduler, then stores the replay keys still waiting, then the database, so no request or
 * write is cut off halfway. A socket that cannot be opened is a ConfigError naming HOST or PORT.
 */
export async function startService(config: Config, logger: Logger = createLogger(config.LOG_LEVEL), extras: ServiceExtras = {}): Promise<ServiceHandle> {
  const { storage, migrationsApplied } = await openConfiguredStorage(config)
  const mailer = createMailer(config.SMTP_URL, config.REPORT_TO, config.REPORT_MAIL_HOURLY_CAP)
  const settings = crawlSettings(config)
  if (extras.loopbackSites?.length) settings.loopbackSites = extras.loopbackSites
  const runner = new JobRunner({ storage, workers: config.CRAWL_WORKERS, leaseMs: config.JOB_LEASE_MS, settings, logger })
  const usage = createUsageClient({ url: config.GW_USAGE_URL, readKey: config.GW_USAGE_READ_KEY, writeKey: config.GW_USAGE_WRITE_KEY, service: config.GW_SERVICE_SLUG })
  const scheduler = new Scheduler({ storage, mailer, logger, usage, settleAfterMs: config.BILLING_SETTLE_AFTER_MS, onEnqueued: () => runner.kick() })
  const replay = storage.replayStore()
  const reads = storage.openReads({ workers: config.READ_WORKERS })
  let server: Server<undefined> | undefined
  const listeningPort = () => server?.port ?? config.PORT
  const hostName = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST
  const app = createApp({
    config,
    storage,
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
    loopbackSites: extras.loopbackSites,
  })
  try {
    server = startServer(app, { hostname: config.HOST, port: config.PORT, logger })
  } catch (error) {
    await reads.close()
    await storage.close()
    throw listenFailure(error, { what: 'the service', hostname: config.HOST, port: config.PORT, hostSetting: { variable: 'HOST', flag: '--host' }, portSetting: { variable: 'PORT', flag: '--port' } })
  }
  runner.start()
  scheduler.start()
  const firstPass = setTimeout(() => {
    void scheduler.tick()
    void scheduler.settle()
  }, FIRST_SCHEDULER_PASS_MS)
  const url = `http://${hostName}:${server.port}`
  logger.info('listening', { url, database: config.DATABASE_PATH, migrationsApplied, workers: config.CRAWL_WORKERS, pid: process.pid })
  return {
    server: server!,
    storage,
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
        await replay.flush()
      } catch (error) {
        logger.error('replay keys could not be stored at stop', { error: (error as Error).message })
      }
      await storage.close()
    },
  }
}
