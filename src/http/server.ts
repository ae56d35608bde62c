import type { Server } from 'bun'
import { MAX_BODY_BYTES, type App } from '../app'
import type { Logger } from '../log'
import { recordPeerAddress } from './client-address'

/**
 * Bun's own hard cap, above the app's: a declared body over MAX_BODY_BYTES gets the app's JSON 413, and
 * only an undeclared (chunked) body past this cap gets Bun's bare 413 and a closed connection.
 */
const SOCKET_BODY_CAP = 4 * MAX_BODY_BYTES

/**
 * Serves the app on a real socket and writes one JSON log line per request (method, path without query,
 * status, duration, request id). Logging sits here rather than in an Elysia hook because only the final
 * Response knows the status that went out, including those made by the error plugin. The socket's peer
 * address is recorded for the app (client-address.ts) before the request is handled.
 */
export function startServer(app: App, options: { hostname: string; port: number; logger: Logger }): Server<undefined> {
  const { logger } = options
  return Bun.serve({
    hostname: options.hostname,
    port: options.port,
    maxRequestBodySize: SOCKET_BODY_CAP,
    development: false,
    async fetch(request, server) {
      recordPeerAddress(request, server.requestIP(request)?.address)
      if (!logger.enabled('info')) return app.handle(request)
      const started = performance.now()
      const response = await app.handle(request)
      const url = request.url
      const pathStart = url.indexOf('/', url.indexOf('//') + 2)
      const queryStart = url.indexOf('?', pathStart)
      logger.info('request', {
        requestId: response.headers.get('x-request-id'),
        method: request.method,
        path: queryStart < 0 ? url.slice(pathStart) : url.slice(pathStart, queryStart),
        status: response.status,
        durationMs: Math.round((performance.now() - started) * 100) / 100,
      })
      return response
    },
    error(error) {
      logger.error('server error', { error: error.message })
      return Response.json({ error: 'internal_error', message: 'internal error' }, { status: 500 })
    },
  })
}
