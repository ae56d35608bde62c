import { Elysia } from 'elysia'
import type { Config } from './config'
import { parseCidrList } from './config/cidr'
import type { Reads } from './db/reads'
import type { Storage } from './db/storage'
import { errorPlugin } from './errors'
import { parseAgentKeys, parseKeyring } from './gateway/keyring'
import { gatewayPlugin } from './gateway/plugin'
import type { ReplayStore } from './gateway/replay'
import { createUsageClient, type UsageClient } from './gateway/usage-client'
import { bodyDepthGuard } from './http/body-depth'
import { declaredTooLarge, payloadTooLarge } from './http/body'
import { businessesRoutes } from './http/businesses'
import { docsPlugin } from './http/docs'
import { healthRoutes } from './http/health'
import type { WorkerStatus } from './model/health'
import { orgsRoutes } from './http/orgs'
import { reportRoutes } from './http/report'
import { requestIdPlugin } from './http/request-id'
import { mcpRoutes } from './mcp/transports/streamable-http'
import { oauthRoutes } from './http/oauth'
import { searchRoutes } from './http/search'
import { targetGuard } from './http/target-guard'
import { silentLogger, type Logger } from './log'
import { createMailer, type Mailer } from './report/mailer'
import { answerCacheFor } from './services/answer-cache'
import type { ReadContext } from './services/read-context'
import type { FetcherOptions } from './crawl/fetch/fetcher'
import { crawlResolve, type LoopbackSite } from './crawl/fetch/resolve-overrides'
import { withDefaults } from './with-defaults'
import { VERSION } from './version'

export { MAX_BODY_BYTES } from './http/body'

export type AppDeps = {
  config: Config
  /** Where everything but the searches is stored (the searches read through `reads`). */
  storage: Storage
  logger?: Logger
  now?: () => number
  workers?: () => WorkerStatus
  /** The usage service client; built from GW_USAGE_* when not given. */
  usage?: UsageClient
  /** Where replay keys are kept; `storage`'s replay store when not given (the service passes its own to flush it at stop). */
  replay?: ReplayStore
  /** Storefront base when the gateway forwards none; PUBLIC_BASE_URL, else http://HOST:PORT. */
  publicBaseUrl?: () => string
  /** Report mail; built from SMTP_URL and REPORT_TO when not given. */
  mailer?: Mailer
  /** Called when a job was enqueued (the runner claims it at once instead of at its next poll). */
  onJobQueued?: () => void
  /** The port actually listened on (PORT=0 picks one); Host/Origin checks of /mcp name it. Default: PORT. */
  listeningPort?: () => number
  /** Test seams for the fetches MCP makes (client metadata documents, previews): resolver, timeouts. */
  mcpFetcher?: Partial<FetcherOptions>
  /** Loopback sites that may be indexed without CRAWL_ALLOW_PRIVATE: `event-index dev`'s demo site, nothing else. */
  loopbackSites?: readonly LoopbackSite[]
  /** Where searches and pulls are read; the request thread's own connection when not given (the service passes its worker pool). */
  reads?: Reads
}

/**
 * Builds the HTTP application: errors first (global), request ids, the request-target guard, the body cap,
 * the gateway (authentication in `onParse`/`derive`, before JSON and validation), then the REST routes, the
 * OAuth documents and endpoints, and `/mcp`. Never listens: tests call `app.handle(new Request(...))` and
 * `startServer` serves it. `normalize: false` keeps Elysia from silently rewriting a wrongly typed body into
 * a valid one; `standardHostname: false` makes its router find the path after any Host (see target-guard.ts).
 */
export function createApp(deps: AppDeps) {
  const { config, storage } = deps
  const logger = deps.logger ?? silentLogger
  const now = deps.now ?? Date.now
  const workers = deps.workers ?? (() => ({ status: 'not_running', configured: config.CRAWL_WORKERS, alive: 0, busy: 0 }))
  const usage = deps.usage ?? createUsageClient({ url: config.GW_USAGE_URL, readKey: config.GW_USAGE_READ_KEY, writeKey: config.GW_USAGE_WRITE_KEY, service: config.GW_SERVICE_SLUG })
  const publicBaseUrl = deps.publicBaseUrl ?? (() => config.PUBLIC_BASE_URL || `http://${config.HOST}:${config.PORT}`)
  const mailer = deps.mailer ?? createMailer(config.SMTP_URL, config.REPORT_TO, config.REPORT_MAIL_HOURLY_CAP)
  const userAgent = config.CRAWL_USER_AGENT.replace('{version}', VERSION)
  const catalog: ReadContext = { reads: deps.reads ?? storage.openReads({ workers: 0 }), cache: answerCacheFor(config), generation: () => storage.events.generation() }
  const gateway = gatewayPlugin({
    keyring: parseKeyring(config.GW_SIGNING_KEYS),
    agentKeys: parseAgentKeys(config.AGENT_KEYS),
    replay: deps.replay ?? storage.replayStore({ now }),
    usage,
    now,
    publicBaseUrl,
  })
  return new Elysia({ normalize: false, handler: { standardHostname: false } })
    .use(errorPlugin(logger))
    .use(requestIdPlugin())
    .use(targetGuard())
    .onRequest(({ request }) => {
      if (declaredTooLarge(request)) throw payloadTooLarge()
    })
    .use(gateway)
    .use(bodyDepthGuard())
    .use(docsPlugin())
    .use(healthRoutes({ storage, workers, now, startedAt: now() }))
    .use(orgsRoutes({ gateway, storage, usage, now, allowPrivate: config.CRAWL_ALLOW_PRIVATE, loopbackSites: deps.loopbackSites, onJobQueued: deps.onJobQueued }))
    .use(businessesRoutes({ gateway, storage, catalog, usage, now }))
    .use(searchRoutes({ gateway, catalog, now }))
    .use(reportRoutes({ gateway, storage, now, mailer, dailyCap: config.REPORT_DAILY_CAP, allowPrivate: config.CRAWL_ALLOW_PRIVATE }))
    .use(oauthRoutes({ storage, now, baseUrl: publicBaseUrl, userAgent, allowPrivate: config.CRAWL_ALLOW_PRIVATE, fetcher: deps.mcpFetcher }))
    .use(
      mcpRoutes({
        storage,
        now,
        baseUrl: publicBaseUrl,
        listeningPort: deps.listeningPort ?? (() => config.PORT),
        bindHost: config.HOST,
        trustedProxies: parseCidrList(config.TRUSTED_PROXIES) ?? [],
        tools: {
          storage,
          catalog,
          now,
          baseUrl: publicBaseUrl,
          allowPrivate: config.CRAWL_ALLOW_PRIVATE,
          loopbackSites: deps.loopbackSites,
          userAgent,
          maxPages: config.CRAWL_MAX_PAGES,
          mailer,
          dailyCap: config.REPORT_DAILY_CAP,
          workers,
          startedAt: now(),
          logger,
          onJobQueued: deps.onJobQueued,
          fetcher: withDefaults({ resolve: crawlResolve(config.CRAWL_RESOLVE, config.CRAWL_ALLOW_PRIVATE) }, deps.mcpFetcher),
        },
      }),
    )
}

export type App = ReturnType<typeof createApp>
