import { Elysia } from 'elysia'
import type { Config } from './config'
import type { Db } from './db'
import { AppError, errorPlugin } from './errors'
import { businessesRoutes } from './http/businesses'
import { docsPlugin } from './http/docs'
import { healthRoutes } from './http/health'
import type { WorkerStatus } from './http/health.model'
import { orgsRoutes } from './http/orgs'
import { reportRoutes } from './http/report'
import { requestIdPlugin } from './http/request-id'
import { reservedRoutes } from './http/reserved'
import { searchRoutes } from './http/search'
import { silentLogger, type Logger } from './log'

/** Largest request body accepted; the spec's biggest body (a hints object) fits many times over. */
export const MAX_BODY_BYTES = 1024 * 1024

export type AppDeps = {
  config: Config
  db: Db
  logger?: Logger
  now?: () => number
  workers?: () => WorkerStatus
}

/**
 * Builds the HTTP application: errors first (global), then request ids, then the routes. Never listens:
 * tests call `app.handle(new Request(...))`, and `startServer` serves it. Validation failures are mapped to
 * `400 invalid_request` by the error plugin; `normalize: false` keeps Elysia from silently rewriting a
 * wrongly typed body into a valid one.
 */
export function createApp(deps: AppDeps) {
  const logger = deps.logger ?? silentLogger
  const now = deps.now ?? Date.now
  const workers = deps.workers ?? (() => ({ status: 'not_running', configured: deps.config.CRAWL_WORKERS, alive: 0, busy: 0 }))
  return new Elysia({ normalize: false })
    .use(errorPlugin(logger))
    .use(requestIdPlugin())
    .onRequest(({ request }) => {
      const length = Number(request.headers.get('content-length') ?? 0)
      if (length > MAX_BODY_BYTES) throw new AppError(413, 'payload_too_large', `request body is larger than ${MAX_BODY_BYTES} bytes`)
    })
    .use(docsPlugin())
    .use(healthRoutes({ db: deps.db, workers, now, startedAt: now() }))
    .use(orgsRoutes())
    .use(businessesRoutes())
    .use(searchRoutes())
    .use(reportRoutes())
    .use(reservedRoutes())
}

export type App = ReturnType<typeof createApp>
