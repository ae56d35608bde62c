import { Elysia } from 'elysia'
import { AppError, invalidRequest } from '../errors'
import { readCappedBody } from '../http/body'
import { requestTarget } from '../http/request-target'
import { authenticate, checkHeaders, verifySignature, type Authenticated, type Refused } from './authenticate'
import type { ReplayStore } from './replay'
import { allowedMethods, durableReplay, routeRule, type RouteRule, type UsageItem } from './routes'
import { bodyDigest } from './signature'
import { mintedUsageRequestId, scopedUsageRequestId, signatureUsageRequestId } from './usage-id'
import { UsageUnavailable, type UsageClient } from './usage-client'

export type GatewayDeps = {
  keyring: Map<string, string>
  agentKeys: Map<string, string>
  replay: ReplayStore
  usage: UsageClient
  now: () => number
  /** Storefront base when the gateway forwards none (PUBLIC_BASE_URL, else the listening address). */
  publicBaseUrl: () => string
}

/** What a gateway route's handler learns about the caller. */
export type Caller = {
  readonly agentId?: string
  readonly via: 'signature' | 'agent-key'
  /** The request_id sent to the usage service (see usage-id.ts): from what was signed, or minted here. */
  readonly usageRequestId: string
  /** Storefront base for statusUrl/eventsUrl/indexUrl. */
  readonly baseUrl: string
  readonly rule: RouteRule
}

const rawBodies = new WeakMap<Request, Uint8Array>()
/** Callers of body routes, authenticated in `onParse` (before their JSON is parsed). */
const bodyCallers = new WeakMap<Request, Authenticated>()
const INVALID_JSON = Symbol('invalid-json')
const EMPTY = new Uint8Array(0)

/** The exact bytes of a request's body as received (empty when it had none). */
export function rawBody(request: Request): Uint8Array {
  return rawBodies.get(request) ?? EMPTY
}

const unauthenticated = (refused: Refused) => new AppError(401, refused.code, refused.message)
const nowS = (deps: GatewayDeps) => Math.floor(deps.now() / 1000)

/**
 * Gateway authentication and identity: 401, then 402, then anything else (DESIGN §4). A route with a body
 * is authenticated in `onParse`: the signature header, kid and timestamp are checked before a byte of the
 * body is read, the body is read up to the cap and hashed once, the MAC checked, and only then is the JSON
 * parsed. Other routes (GET, HEAD) are authenticated in `derive`, which runs before validation. A body that
 * is not JSON becomes a 400 only after identity and allowance. `/mcp` and `/oauth` bodies are read (capped)
 * and kept as bytes for their handlers.
 */
export function gatewayPlugin(deps: GatewayDeps) {
  return new Elysia({ name: 'gateway' })
    .onParse({ as: 'global' }, async ({ request, route }) => {
      const rule = routeRule(request.method, route)
      const checked = rule ? checkHeaders(headers(request, rule), { ...deps, nowS: nowS(deps) }) : undefined
      if (checked?.ok === false) throw unauthenticated(checked)
      const bytes = await readCappedBody(request)
      rawBodies.set(request, bytes)
      if (!checked) return bytes
      const signed = {
        method: request.method,
        pathAndQuery: requestTarget(request.url),
        agentIdHeader: request.headers.get('gw-agent-id'),
        digest: bodyDigest(bytes),
        durable: durableReplay(rule!, request.method),
      }
      const caller = checked.ok === 'pending' ? await verifySignature(checked, signed, { replay: deps.replay, nowS: nowS(deps) }) : checked
      if (!caller.ok) throw unauthenticated(caller)
      bodyCallers.set(request, caller)
      if (bytes.length === 0) return { [INVALID_JSON]: 'empty' }
      try {
        return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
      } catch {
        return { [INVALID_JSON]: 'invalid' }
      }
    })
    .derive({ as: 'global' }, async ({ request, route, body }) => {
      const rule = routeRule(request.method, route)
      if (!rule) {
        const allowed = allowedMethods(route)
        if (allowed) throw methodNotAllowed(request.method, allowed)
        return { caller: undefined }
      }
      const caller = await identify(request, rule, deps)
      if (body && typeof body === 'object' && INVALID_JSON in body)
        throw invalidRequest((body as Record<symbol, unknown>)[INVALID_JSON] === 'empty' ? 'request body is empty; send a JSON object' : 'request body is not valid JSON')
      return { caller }
    })
}

function headers(request: Request, rule: RouteRule) {
  return { signature: request.headers.get('gw-signature'), authorization: request.headers.get('authorization'), allowAgentKey: rule.read }
}

function methodNotAllowed(method: string, allowed: string[]): AppError {
  return new AppError(405, 'method_not_allowed', `${method} is not served here; use ${allowed.join(' or ')}`, {}, { allow: allowed.join(', ') })
}

async function identify(request: Request, rule: RouteRule, deps: GatewayDeps): Promise<Caller> {
  let auth = bodyCallers.get(request)
  if (!auth) {
    const result = await authenticate(
      {
        ...headers(request, rule),
        method: request.method,
        pathAndQuery: requestTarget(request.url),
        agentIdHeader: request.headers.get('gw-agent-id'),
        body: rawBody(request),
        durable: durableReplay(rule, request.method),
      },
      { keyring: deps.keyring, agentKeys: deps.agentKeys, replay: deps.replay, nowS: nowS(deps) },
    )
    if (!result.ok) throw unauthenticated(result)
    auth = result
  }
  // A HEAD carries no events, so the per-event price of a paid GET can neither be charged nor waived.
  if (request.method === 'HEAD' && rule.kind === 'paid') throw methodNotAllowed('HEAD', ['GET'])
  if (rule.kind !== 'verify' && !auth.agentId) throw new AppError(402, 'identity_required', 'this route needs a registered agent (gw-agent-id); the identity check costs nothing', { usage: [] })
  const caller = new GatewayCaller(request, auth, rule, deps)
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
    private readonly auth: Authenticated,
    readonly rule: RouteRule,
    private readonly deps: GatewayDeps,
  ) {
    this.agentId = auth.agentId
    this.via = auth.via
  }

  get usageRequestId(): string {
    const auth = this.auth
    this.usageId ??= auth.via === 'agent-key' ? mintedUsageRequestId() : auth.id !== undefined ? scopedUsageRequestId(auth.agentId, auth.id) : signatureUsageRequestId(auth.kid, auth.v1)
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
