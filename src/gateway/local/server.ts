import { randomBytes, timingSafeEqual } from '../../crypto-native'
import type { Server } from 'bun'
import { AgentRegistry, type IssuedAgent } from './agents'
import { Ledger, type LedgerState } from './ledger'
import { proxy } from './proxy'
import { handleUsage } from './usage-service'

export type LocalGatewayOptions = {
  /** The service's origin (no path), e.g. http://127.0.0.1:3000; a function when it is known only later. */
  upstream: string | (() => string)
  hostname?: string
  port?: number
  kid: string
  secret: string
  usageReadKey: string
  usageWriteKey: string
  /** Bearer key for the `/_gateway/*` admin endpoints; generated when not given. */
  adminKey?: string
  /** Agents to register at start (dev mode keeps its agent's key and session across restarts). */
  agents?: Partial<IssuedAgent>[]
  /** Clock of the ledger's holds (tests move it to expire a hold). */
  now?: () => number
  /** A ledger saved earlier (balances and settled ids), and where to save it after each debit or credit (dev mode). */
  ledgerState?: LedgerState
  onLedgerChange?: (state: LedgerState) => void
}

export type LocalGateway = {
  url: string
  usageUrl: string
  adminKey: string
  agents: IssuedAgent[]
  ledger: Ledger
  issueAgent(options?: Partial<IssuedAgent>): IssuedAgent
  stop(): Promise<void>
}

const json = (status: number, body: unknown) => Response.json(body, { status })

/**
 * The local reference gateway (DESIGN §4): a storefront at `/s/<session>/…` that signs and forwards to
 * the service, the usage service at `/_usage/{allowance,usage}`, and admin endpoints to issue agents and
 * credit units at `/_gateway/agents`. A real program: `event-index gateway` and `event-index dev` run it.
 */
export function startLocalGateway(options: LocalGatewayOptions): LocalGateway {
  const agents = new AgentRegistry()
  const ledger = new Ledger(options.now, options.ledgerState, options.onLedgerChange)
  const adminKey = options.adminKey ?? `adm_${randomBytes(18).toString('base64url')}`
  const issued = (options.agents ?? [{}]).map((a) => agents.issue(a))
  let publicUrl = ''
  const upstream = typeof options.upstream === 'string' ? () => options.upstream as string : options.upstream
  const isAdmin = (request: Request) => {
    const given = Buffer.from(/^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '')
    const expected = Buffer.from(adminKey)
    return given.length === expected.length && timingSafeEqual(given, expected)
  }

  const server: Server<undefined> = Bun.serve({
    hostname: options.hostname ?? '127.0.0.1',
    port: options.port ?? 8080,
    async fetch(request) {
      const url = new URL(request.url)
      const storefront = /^\/s\/([A-Za-z0-9_-]{1,64})(\/.*)?$/.exec(url.pathname)
      if (storefront) return proxy(request, storefront[1], `${storefront[2] ?? '/'}${url.search}`, { upstream, kid: options.kid, secret: options.secret, publicUrl, agents, ledger })
      if (url.pathname.startsWith('/_usage/')) return handleUsage(request, url.pathname.slice('/_usage'.length), ledger, { readKey: options.usageReadKey, writeKey: options.usageWriteKey })
      if (url.pathname.startsWith('/_gateway/')) return admin(request, url.pathname, isAdmin(request))
      return json(404, { error: 'not_found', message: 'agents call /s/<session>/api/v1/…' })
    },
  })
  publicUrl = `http://${server.hostname}:${server.port}`

  async function admin(request: Request, path: string, authorized: boolean): Promise<Response> {
    if (!authorized) return json(401, { error: 'unauthorized', message: 'admin endpoints need Authorization: Bearer <admin key>' })
    if (request.method === 'POST' && path === '/_gateway/agents') {
      const agent = agents.issue()
      issued.push(agent)
      return json(201, { ...agent, storefront: `${publicUrl}/s/${agent.session}` })
    }
    const m = /^\/_gateway\/agents\/([A-Za-z0-9_-]+)(\/credits)?$/.exec(path)
    if (m && m[2] && request.method === 'POST') {
      const units = ((await request.json().catch(() => ({}))) as { units?: unknown }).units
      if (!Number.isInteger(units) || (units as number) <= 0) return json(400, { error: 'invalid_request', message: 'units must be a positive integer' })
      ledger.credit(m[1], units as number)
      return json(200, { agentId: m[1], balance: ledger.balance(m[1]), held: ledger.held(m[1]), debits: ledger.settledCount(m[1]) })
    }
    if (m && !m[2] && request.method === 'GET') return json(200, { agentId: m[1], balance: ledger.balance(m[1]), held: ledger.held(m[1]), debits: ledger.settledCount(m[1]) })
    return json(404, { error: 'not_found', message: `no admin endpoint ${request.method} ${path}` })
  }

  return {
    url: publicUrl,
    usageUrl: `${publicUrl}/_usage`,
    adminKey,
    agents: issued,
    ledger,
    issueAgent(o) {
      const agent = agents.issue(o)
      issued.push(agent)
      return agent
    },
    async stop() {
      await server.stop(true)
    },
  }
}
