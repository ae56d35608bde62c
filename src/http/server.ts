import type { Server } from 'bun'
import type { App } from '../app'
import type { Logger } from '../log'
import { recordPeerAddress } from '../net/client-address'
import { sendable } from './answer-response'
import { requestPath } from './request-target'

/**
 * Bun's own body cap, set out of reach so that it never answers: over it Bun sends a bare 413 before the
 * app runs. The app enforces MAX_BODY_BYTES itself (src/http/body.ts): a declared length is refused on
 * arrival, a chunked body as soon as it passes the cap, both with the JSON 413 and `connection: close`, so
 * Bun neither buffers nor drains what was refused.
 */
const SOCKET_BODY_CAP = Number.MAX_SAFE_INTEGER

/**
 * Serves the app on a real socket and writes one JSON log line per request (method, path without query,
 * status, duration, request id). Logging sits here rather than in an Elysia hook because only the final
 * Response knows the status that went out, including those made by the error plugin. The socket's peer
 * address is recorded for the app (client-address.ts) before the request is handled. Every response leaves
 * through {@link sendable}: headers and body in one send.
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
      if (!logger.enabled('info')) return sendable(await app.handle(request), request.method)
      const started = performance.now()
      const response = await app.handle(request)
      logger.info('request', {
        requestId: response.headers.get('x-request-id'),
        method: request.method,
        path: requestPath(request.url),
        status: response.status,
        durationMs: Math.round((performance.now() - started) * 100) / 100,
      })
      return sendable(response, request.method)
    },
    error(error) {
      logger.error('server error', { error: error.message })
      return Response.json({ error: 'internal_error', message: 'internal error' }, { status: 500 })
    },
  })
}
