import type { UsageItem } from './routes'

/** Timeout of every usage-service call (DESIGN §4). */
export const USAGE_TIMEOUT_MS = 2000

/** The usage service could not give a clear answer: the caller must answer 503, never proceed. */
export class UsageUnavailable extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UsageUnavailable'
  }
}

export type UsageCall = { requestId: string; agentId: string; usage: UsageItem[] }

export type UsageClient = {
  /** True when the agent may consume `usage`; throws UsageUnavailable when the service is unsure. */
  checkAllowance(call: UsageCall): Promise<boolean>
  /** Reports consumed usage (idempotent by request id); throws UsageUnavailable on any failure. */
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
 * any non-2xx (a 4xx is a configuration error on our side) or a body without a boolean `allowed` all
 * throw UsageUnavailable. Read and write keys are kept apart: the allowance check never carries the
 * write key. Keys are never logged.
 */
export function createUsageClient(options: UsageClientOptions): UsageClient {
  const doFetch = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? USAGE_TIMEOUT_MS

  async function post(path: '/allowance' | '/usage', key: string, call: UsageCall): Promise<Response> {
    if (!options.url) throw new UsageUnavailable('no usage service is configured (GW_USAGE_URL)')
    const body = JSON.stringify({ request_id: call.requestId, service: options.service, agent_id: call.agentId, usage: call.usage })
    let response: Response
    try {
      response = await doFetch(`${options.url.replace(/\/+$/, '')}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'x-request-id': call.requestId },
        body,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      })
    } catch (error) {
      const name = (error as Error).name
      throw new UsageUnavailable(name === 'TimeoutError' || name === 'AbortError' ? `usage service timed out after ${timeoutMs} ms` : 'usage service unreachable')
    }
    if (!response.ok) {
      await response.body?.cancel()
      throw new UsageUnavailable(`usage service answered ${response.status} to ${path}`)
    }
    return response
  }

  return {
    async checkAllowance(call) {
      const response = await post('/allowance', options.readKey, call)
      let answer: unknown
      try {
        answer = await response.json()
      } catch {
        throw new UsageUnavailable('usage service answered /allowance with a body that is not JSON')
      }
      const allowed = (answer as { allowed?: unknown } | null)?.allowed
      if (typeof allowed !== 'boolean') throw new UsageUnavailable('usage service answered /allowance without a boolean "allowed"')
      return allowed
    },
    async reportUsage(call) {
      const response = await post('/usage', options.writeKey, call)
      await response.body?.cancel()
    },
  }
}
