import { randomBytes } from '../../crypto-native'
import type { UsageItem } from '../routes'
import { signRequest } from '../signature'
import type { AgentRegistry } from './agents'
import type { Ledger } from './ledger'

export type ProxyOptions = { upstream: () => string; kid: string; secret: string; publicUrl: string; agents: AgentRegistry; ledger: Ledger; fetch?: typeof fetch }

const FORWARDED = ['content-type', 'accept', 'user-agent']
const error = (status: number, code: string, message: string, extra: object = {}) => Response.json({ error: code, message, ...extra }, { status })

/**
 * Serves `/s/<session>/<rest>`: identifies the agent by its bearer key, strips the storefront prefix,
 * signs the request exactly as DESIGN §4 says with `gw2` and a fresh `lgw-…` request id (so two identical
 * requests in one second are two requests, not a replay), forwards it to the origin and turns a 402 into a
 * buyer's challenge. It never debits: the usage service ({@link handleUsage}) is the single place the local
 * gateway debits, keyed by the service's usage request id; a second debit here from the `gw-usage` header
 * would charge twice or charge what was never allowed.
 */
export async function proxy(request: Request, session: string, rest: string, options: ProxyOptions): Promise<Response> {
  if (!options.agents.hasSession(session)) return error(404, 'unknown_session', `no storefront session ${session}`)
  const key = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]
  const agent = key ? options.agents.byKey(key) : undefined
  if (key && !agent) return error(401, 'invalid_agent_key', 'the agent key is not registered with this gateway')
  if (agent && agent.session !== session) return error(403, 'session_mismatch', 'this agent key belongs to another storefront session')
  const body = request.method === 'GET' || request.method === 'HEAD' ? new Uint8Array(0) : new Uint8Array(await request.arrayBuffer())
  const target = new URL(rest, options.upstream())
  const pathAndQuery = `${target.pathname}${target.search}`
  const requestId = `lgw-${randomBytes(12).toString('hex')}`
  const headers = new Headers()
  for (const name of FORWARDED) {
    const value = request.headers.get(name)
    if (value) headers.set(name, value)
  }
  const t = Math.floor(Date.now() / 1000)
  headers.set('gw-signature', signRequest(options.secret, { t, kid: options.kid, id: requestId, method: request.method, pathAndQuery, agentId: agent?.agentId, body }))
  if (agent) headers.set('gw-agent-id', agent.agentId)
  headers.set('gw-base-url', `${options.publicUrl}/s/${session}`)
  headers.set('x-request-id', requestId)
  let upstream: Response
  try {
    upstream = await (options.fetch ?? fetch)(target, { method: request.method, headers, body: body.length ? body : undefined, redirect: 'manual' })
  } catch {
    return error(502, 'upstream_unreachable', `the service at ${options.upstream()} did not answer`)
  }
  if (upstream.status === 402) return challenge(upstream, agent?.agentId, options)
  const out = new Headers(upstream.headers)
  out.delete('content-encoding')
  out.delete('content-length')
  return new Response(upstream.body, { status: upstream.status, headers: out })
}

/** The buyer-facing 402: what the request costs, what the agent has, and how to get an allowance. */
async function challenge(upstream: Response, agentId: string | undefined, options: ProxyOptions): Promise<Response> {
  const body = (await upstream.json().catch(() => ({}))) as { error?: string; message?: string; usage?: UsageItem[] }
  const usage = body.usage ?? []
  if (!agentId) return error(402, body.error ?? 'identity_required', 'this route needs a registered agent: send Authorization: Bearer <your agent key>', { usage })
  const quote = options.ledger.quote(agentId, usage)
  return error(402, body.error ?? 'payment_required', body.message ?? 'payment required', {
    usage,
    price: { units: quote.units, usd: quote.usd },
    balance: options.ledger.balance(agentId),
    held: options.ledger.held(agentId),
    topUp: { method: 'POST', url: `${options.publicUrl}/_gateway/agents/${agentId}/credits`, body: { units: quote.units } },
  })
}
