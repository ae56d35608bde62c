import autocannon from 'autocannon'
import { signRequest } from '../../../src/gateway/signature'

export type LoadResult = { rps: number; p50: number; p99: number; p999: number; errors: number; non2xx: number; bytesPerResponse: number }

/**
 * Drives `url` with autocannon. With `sign`, every request carries a fresh gateway signature (a counter
 * in the query keeps each one unique, as replays are refused), computed in the load generator.
 */
export async function load(url: string, options: { connections: number; seconds: number; sign?: { kid: string; secret: string; agentId: string } }): Promise<LoadResult> {
  const target = new URL(url)
  let n = 0
  const result = await autocannon({
    url: target.origin,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (req: any) => {
          const path = `${target.pathname}${target.search}${target.search ? '&' : '?'}n=${n++}`
          const headers: Record<string, string> = {}
          if (options.sign) {
            headers['gw-signature'] = signRequest(options.sign.secret, { t: Math.floor(Date.now() / 1000), kid: options.sign.kid, method: 'GET', pathAndQuery: path, agentId: options.sign.agentId, body: '' })
            headers['gw-agent-id'] = options.sign.agentId
          }
          return { ...req, path, headers: { ...req.headers, ...headers } }
        },
      },
    ],
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    p999: result.latency.p99_9,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytesPerResponse: result.requests.total ? result.throughput.total / result.requests.total : 0,
  }
}

/** A one-line summary of a run. */
export function line(name: string, r: LoadResult): string {
  return `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms  p99.9 ${String(r.p999).padStart(3)} ms  non-2xx ${r.non2xx}  errors ${r.errors}  ~${Math.round(r.bytesPerResponse)} B/response`
}
