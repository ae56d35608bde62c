import { createHash } from 'node:crypto'
import { Elysia } from 'elysia'
import { AppError, invalidRequest } from '../errors'
import { authenticate } from './authenticate'
import type { ReplayCache } from './replay'
import { routeRule, type RouteRule, type UsageItem } from './routes'
import { UsageUnavailable, type UsageClient } from './usage-client'

export type GatewayDeps = {
  keyring: Map<string, string>
  agentKeys: Map<string, string>
  replay: ReplayCache
  usage: UsageClient
  now: () => number
  /** Storefront base when the gateway forwards none (PUBLIC_BASE_URL, else the listening address). */
  publicBaseUrl: () => string
}

/** What a gateway route's handler learns about the caller. */
export type Caller = {
  readonly agentId?: string
  readonly via: 'signature' | 'agent-key'
  /** The id sent to the usage service: the gateway's request id, else derived from the signature. */
  readonly usageRequestId: string
  /** Storefront base for statusUrl/eventsUrl/indexUrl. */
  readonly baseUrl: string
  readonly rule: RouteRule
}

const rawBodies = new WeakMap<Request, Uint8Array>()
const INVALID_JSON = Symbol('invalid-json')
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/
const EMPTY = new Uint8Array(0)

/** The exact bytes of a request's body as received (empty when it had none). */
export function rawBody(request: Request): Uint8Array {
  return rawBodies.get(request) ?? EMPTY
}

/**
 * Gateway authentication and identity, in `derive` so that it runs before validation: 401, then 402,
 * then anything else (DESIGN §4). The body is read once in `onParse`, its bytes kept for the digest;
 * a body that is not JSON becomes a 400 only after the caller is authenticated.
 */
export function gatewayPlugin(deps: GatewayDeps) {
  return new Elysia({ name: 'gateway' })
    .onParse({ as: 'global' }, async ({ request }) => {
      const bytes = new Uint8Array(await request.arrayBuffer())
      rawBodies.set(request, bytes)
      if (bytes.length === 0) return { [INVALID_JSON]: 'empty' }
      try {
        return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
      } catch {
        return { [INVALID_JSON]: 'invalid' }
      }
    })
    .derive({ as: 'global' }, async ({ request, route, body, set }) => {
      const rule = routeRule(request.method, route)
      if (!rule) return { caller: undefined }
      const caller = await identify(request, rule, deps, String(set.headers['x-request-id'] ?? ''))
      if (body && typeof body === 'object' && INVALID_JSON in body)
        throw invalidRequest((body as Record<symbol, unknown>)[INVALID_JSON] === 'empty' ? 'request body is empty; send a JSON object' : 'request body is not valid JSON')
      return { caller }
    })
}

async function identify(request: Request, rule: RouteRule, deps: GatewayDeps, responseRequestId: string): Promise<Caller> {
  const url = request.url
  const auth = authenticate(
    {
      method: request.method,
      pathAndQuery: url.slice(url.indexOf('/', url.indexOf('//') + 2)),
      signature: request.headers.get('gw-signature'),
      agentIdHeader: request.headers.get('gw-agent-id'),
      authorization: request.headers.get('authorization'),
      body: rawBody(request),
      allowAgentKey: rule.read,
    },
    { keyring: deps.keyring, agentKeys: deps.agentKeys, replay: deps.replay, nowS: Math.floor(deps.now() / 1000) },
  )
  if (!auth.ok) throw new AppError(401, auth.code, auth.message)
  if (rule.kind !== 'verify' && !auth.agentId)
    throw new AppError(402, 'identity_required', 'this route needs a registered agent (gw-agent-id); the identity check costs nothing', { usage: [] })
  const caller = new GatewayCaller(request, auth, rule, deps, responseRequestId)
  if (rule.usage) await requireAllowance(deps.usage, caller, [rule.usage])
  return caller
}

/**
 * The caller of a gateway route. Its usage request id and storefront base are worked out only when a
 * handler asks (read routes never need the first), so the hot search path pays for neither.
 */
class GatewayCaller implements Caller {
  readonly agentId?: string
  readonly via: Caller['via']
  private usageId?: string
  private base?: string

  constructor(
    private readonly request: Request,
    private readonly auth: { via: Caller['via']; agentId?: string; kid?: string; v1?: string },
    readonly rule: RouteRule,
    private readonly deps: GatewayDeps,
    private readonly responseRequestId: string,
  ) {
    this.agentId = auth.agentId
    this.via = auth.via
  }

  get usageRequestId(): string {
    if (this.usageId === undefined) {
      const incoming = this.request.headers.get('x-request-id')
      this.usageId =
        incoming && REQUEST_ID.test(incoming)
          ? incoming
          : this.auth.v1
            ? `sig-${createHash('sha256').update(`${this.auth.kid}:${this.auth.v1}`).digest('hex').slice(0, 32)}`
            : this.responseRequestId
    }
    return this.usageId
  }

  get baseUrl(): string {
    this.base ??= baseUrl(this.request, this.via, this.deps)
    return this.base
  }
}

function baseUrl(request: Request, via: Caller['via'], deps: GatewayDeps): string {
  const forwarded = via === 'signature' ? request.headers.get('gw-base-url') : null
  if (forwarded && /^https?:\/\/[^\s"<>]+$/.test(forwarded) && forwarded.length <= 512) return forwarded.replace(/\/+$/, '')
  return deps.publicBaseUrl().replace(/\/+$/, '')
}

/**
 * Asks the usage service whether the caller may consume `usage`: 402 `payment_required` with the
 * usage declaration when not, 503 when the service cannot say (never proceed as if allowed).
 */
export async function requireAllowance(usage: UsageClient, caller: Caller, items: UsageItem[]): Promise<void> {
  let allowed: boolean
  try {
    allowed = await usage.checkAllowance({ requestId: caller.usageRequestId, agentId: caller.agentId!, usage: items })
  } catch (error) {
    throw unavailable(error)
  }
  if (!allowed)
    throw new AppError(402, 'payment_required', 'the allowance does not cover this request; the usage declaration says what it costs', {
      usage: items,
      request_id: caller.usageRequestId,
    })
}

function unavailable(error: unknown): AppError {
  if (error instanceof UsageUnavailable) return new AppError(503, 'usage_unavailable', `billing is unavailable: ${error.message}; nothing was charged`, {}, { 'retry-after': '5' })
  throw error
}

/** The gateway plugin instance; route modules `.use()` it for its types (Elysia dedupes it by name). */
export type GatewayPlugin = ReturnType<typeof gatewayPlugin>
