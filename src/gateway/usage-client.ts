import type { UsageItem } from './routes'
import { socketTransport, TransportError, type TransportAnswer, type UsageTransport } from './usage-transport'

/** Timeout of every usage-service call (DESIGN §4). */
export const USAGE_TIMEOUT_MS = 2000

/**
 * Whether a failed call may have taken effect at the usage service. `refused`: it definitely did not
 * (the service answered 4xx, or nothing was sent: no URL configured, connection refused, name not
 * resolved). `unknown`: it may have (a timeout after the request was sent, a connection reset
 * mid-request, a 5xx, an answer we could not read): a report that failed this way may have been recorded.
 */
export type UsageFailure = 'refused' | 'unknown'

/** The usage service could not give a clear answer: the caller must answer 503, never proceed as if allowed. */
export class UsageUnavailable extends Error {
  constructor(
    message: string,
    readonly failure: UsageFailure = 'unknown',
  ) {
    super(message)
    this.name = 'UsageUnavailable'
  }
}

/** Errors of `fetch` raised before any byte of the request left: the call cannot have taken effect. */
const NOTHING_SENT = new Set(['ECONNREFUSED', 'ConnectionRefused', 'ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'FailedToOpenSocket'])

export type UsageCall = { requestId: string; agentId: string; usage: UsageItem[] }

export type UsageClient = {
  /** True when the agent may consume `usage`; throws UsageUnavailable when the service is unsure. */
  checkAllowance(call: UsageCall): Promise<boolean>
  /** Reports consumed usage (idempotent by request id); throws UsageUnavailable, `refused` or `unknown`, on any failure. */
  reportUsage(call: UsageCall): Promise<void>
}

export type UsageClientOptions = {
  url: string
  readKey: string
  writeKey: string
  service: string
  timeoutMs?: number
  fetch?: typeof fetch
}

/**
 * Client for the gateway's usage service. Fails closed: a missing URL, a timeout, a refused connection,
 * any non-2xx (a 4xx is a configuration error on our side, or a refused debit) or a body without a
 * boolean `allowed` all throw UsageUnavailable, which says whether the call definitely had no effect
 * (`refused`) or may have had one (`unknown`; see {@link UsageFailure}). Read and write keys are kept
 * apart: the allowance check never carries the write key. Keys are never logged.
 */
export function createUsageClient(options: UsageClientOptions): UsageClient {
  const timeoutMs = options.timeoutMs ?? USAGE_TIMEOUT_MS
  const base = options.url.replace(/\/+$/, '')
  const origin = URL.canParse(base) ? new URL(base) : undefined
  // Over the request thread's own kept-alive sockets (usage-transport.ts) for an http: service; through
  // fetch for https:, a URL with a query or credentials, or a fetch a test provides.
  const plain = origin?.protocol === 'http:' && !origin.search && !origin.hash && !origin.username && !origin.password
  const transport = !options.fetch && plain ? socketTransport(origin) : undefined
  const doFetch = options.fetch ?? fetch

  async function post(path: '/allowance' | '/usage', key: string, call: UsageCall): Promise<TransportAnswer> {
    if (!options.url) throw new UsageUnavailable('no usage service is configured (GW_USAGE_URL)', 'refused')
    const body = JSON.stringify({ request_id: call.requestId, service: options.service, agent_id: call.agentId, usage: call.usage })
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'x-request-id': call.requestId }
    const answer = transport ? await viaSocket(transport, path, headers, body, timeoutMs) : await viaFetch(doFetch, `${base}${path}`, headers, body, timeoutMs)
    if (answer.status < 200 || answer.status > 299)
      throw new UsageUnavailable(`usage service answered ${answer.status} to ${path}`, answer.status >= 400 && answer.status < 500 ? 'refused' : 'unknown')
    return answer
  }

  return {
    async checkAllowance(call) {
      const response = await post('/allowance', options.readKey, call)
      let answer: unknown
      try {
        answer = JSON.parse(response.body)
      } catch {
        throw new UsageUnavailable('usage service answered /allowance with a body that is not JSON')
      }
      const allowed = (answer as { allowed?: unknown } | null)?.allowed
      if (typeof allowed !== 'boolean') throw new UsageUnavailable('usage service answered /allowance without a boolean "allowed"')
      return allowed
    },
    async reportUsage(call) {
      await post('/usage', options.writeKey, call)
    },
  }
}

async function viaSocket(transport: UsageTransport, path: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<TransportAnswer> {
  try {
    return await transport.post(path, headers, body, timeoutMs)
  } catch (error) {
    if (!(error instanceof TransportError)) throw error
    if (!error.sent) throw new UsageUnavailable(error.timedOut ? `usage service timed out after ${timeoutMs} ms, before the call was sent` : 'usage service unreachable', 'refused')
    if (error.timedOut) throw new UsageUnavailable(`usage service timed out after ${timeoutMs} ms`, 'unknown')
    throw new UsageUnavailable('usage service connection failed mid-request', 'unknown')
  }
}

async function viaFetch(doFetch: typeof fetch, url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<TransportAnswer> {
  let response: Response
  try {
    response = await doFetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' })
  } catch (error) {
    const { name, code } = error as Error & { code?: unknown }
    if (name === 'TimeoutError' || name === 'AbortError') throw new UsageUnavailable(`usage service timed out after ${timeoutMs} ms`, 'unknown')
    if (typeof code === 'string' && NOTHING_SENT.has(code)) throw new UsageUnavailable('usage service unreachable', 'refused')
    throw new UsageUnavailable('usage service connection failed mid-request', 'unknown')
  }
  if (!response.ok) {
    await response.body?.cancel()
    return { status: response.status, body: '' }
  }
  try {
    return { status: response.status, body: await response.text() }
  } catch {
    throw new UsageUnavailable('usage service connection failed mid-request', 'unknown')
  }
}
