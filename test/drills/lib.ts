import { gatewayHeaders } from '../helpers/gateway'
import { startUsageServer } from '../helpers/usage-server'

/** A drill agent: a bearer key for reads, signed requests for indexing, and a usage service that allows all. */
export const AGENT = {
  key: 'ak_drill_agent',
  startUsage: () => startUsageServer({ allowance: 'allow' }),
  /** Asks to index `website`; a request `id` (gw2) makes a repeat of the same request a new one, not a replay. */
  async index(base: string, website: string, id?: string): Promise<string> {
    const body = JSON.stringify({ website })
    const res = await fetch(`${base}/api/v1/orgs`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...gatewayHeaders('POST', '/api/v1/orgs', body, { secret: 'drill-secret-0123456789abcdef0123456789', kid: 'k', id }) },
    })
    if (res.status !== 202) throw new Error(`index answered ${res.status}: ${await res.text()}`)
    return ((await res.json()) as { jobId: string }).jobId
  },
}
