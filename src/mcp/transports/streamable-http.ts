import { Elysia } from 'elysia'
import type { Cidr } from '../../config/cidr'
import type { Storage } from '../../db/storage'
import { rawBody } from '../../gateway/plugin'
import { oauthUrls, bearerChallenge, type OAuthUrls } from '../../oauth/metadata'
import { verifyAccessToken, type Scope } from '../../oauth/tokens'
import type { McpAuthExtra } from '../server'
import type { Caller, ToolDeps } from '../tools/define'
import { withDefaults } from '../../with-defaults'
import { clientAddress } from '../../net/client-address'

export type McpRouteDeps = {
  storage: Storage
  now: () => number
  /** PUBLIC_BASE_URL, else http://HOST:PORT with the port actually listened on. */
  baseUrl: () => string
  /** The port the server listens on (loopback Host/Origin values must name it). */
  listeningPort: () => number
  /** The configured HOST: allowed as a Host value too when it is a specific address. */
  bindHost: string
  /** TRUSTED_PROXIES: whose X-Forwarded-For names the client (anonymous report cap); empty trusts none. */
  trustedProxies: readonly Cidr[]
  tools: ToolDeps
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]']
const WILDCARD_BIND = new Set(['0.0.0.0', '::', '[::]', ''])

const json = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: withDefaults({ 'content-type': 'application/json' }, headers) })

/** `host:port` with the scheme's default port made explicit, so `example.org` and `example.org:443` compare equal. */
function hostKey(url: URL): string {
  return `${url.hostname.toLowerCase()}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`
}

/**
 * DNS-rebinding protection (MCP transport security): the Host header, and the Origin header when a
 * browser sends one, must name this server: the public base URL's host, or a loopback name (or the
 * configured bind address) with the listening port. A request without Origin is a non-browser client
 * and is allowed. Returns the reason for a 403, or undefined.
 */
export function foreignOrigin(request: Request, deps: Pick<McpRouteDeps, 'baseUrl' | 'listeningPort' | 'bindHost'>): string | undefined {
  const port = String(deps.listeningPort())
  const names = [...LOOPBACK, ...(WILDCARD_BIND.has(deps.bindHost) ? [] : [deps.bindHost.includes(':') && !deps.bindHost.startsWith('[') ? `[${deps.bindHost}]` : deps.bindHost])]
  const allowed = new Set(names.map((name) => `${name.toLowerCase()}:${port}`))
  allowed.add(hostKey(new URL(deps.baseUrl())))
  const host = request.headers.get('host') ?? new URL(request.url).host
  let hostUrl: URL
  try {
    hostUrl = new URL(`http://${host}`)
  } catch {
    return 'the Host header is not a host name'
  }
  const hostOk = hostUrl.port ? allowed.has(hostKey(hostUrl)) : allowed.has(`${hostUrl.hostname.toLowerCase()}:80`) || allowed.has(`${hostUrl.hostname.toLowerCase()}:443`)
  if (!hostOk) return `Host ${host} is not this server`
  const origin = request.headers.get('origin')
  if (origin === null) return undefined
  let originUrl: URL
  try {
    originUrl = new URL(origin)
  } catch {
    return 'the Origin header is not an origin'
  }
  if ((originUrl.protocol !== 'http:' && originUrl.protocol !== 'https:') || !allowed.has(hostKey(originUrl))) return `Origin ${origin} is not allowed`
  return undefined
}

/** The names of the tools a JSON-RPC message (or batch) calls. */
function toolCalls(message: unknown): string[] {
  const list = Array.isArray(message) ? message : [message]
  return list.flatMap((m) => (m && typeof m === 'object' && (m as { method?: unknown }).method === 'tools/call' ? [String((m as { params?: { name?: unknown } }).params?.name ?? '')] : []))
}

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    return undefined
  }
}

/**
 * Authenticates the caller of one MCP message. A bearer token, when sent, must be valid for this
 * resource (else 401 `invalid_token`, whatever the tool). Without one, only anonymous tools may be
 * called: a protected tool gets the 401 challenge that points to the Protected Resource Metadata, so a
 * client can start the OAuth flow; a token without the tool's scope gets 403 `insufficient_scope`.
 */
async function authenticate(
  request: Request,
  message: unknown,
  deps: McpRouteDeps,
  urls: OAuthUrls,
  requiredScope: (tool: string) => Scope | undefined,
): Promise<{ caller: Caller; token?: string; expiresAt?: number } | Response> {
  const authorization = request.headers.get('authorization')
  let caller: Caller = { scopes: [] }
  let token: string | undefined
  let expiresAt: number | undefined
  if (authorization !== null) {
    const match = /^Bearer[ ]+([A-Za-z0-9._~+/-]+=*)$/i.exec(authorization.trim())
    const refuse = (description: string) => json(401, { error: 'invalid_token', message: description }, { 'www-authenticate': bearerChallenge(urls, { code: 'invalid_token', description }) })
    if (!match) return refuse('the Authorization header must be Bearer <access token>')
    try {
      const claims = await verifyAccessToken(deps.storage, match[1], { issuer: urls.issuer, resource: urls.resource, nowMs: deps.now() })
      caller = { accountId: claims.accountId, clientId: claims.clientId, scopes: claims.scopes }
      token = claims.token
      expiresAt = Math.floor(claims.expiresAt / 1000)
    } catch (error) {
      return refuse((error as Error).message)
    }
  }
  for (const name of toolCalls(message)) {
    const scope = requiredScope(name)
    if (!scope) continue
    if (!caller.accountId)
      return json(
        401,
        { error: 'unauthorized', message: `the tool ${name} needs an OAuth access token (see the resource_metadata of the WWW-Authenticate header)` },
        { 'www-authenticate': bearerChallenge(urls) },
      )
    if (!caller.scopes.includes(scope)) {
      const description = `the tool ${name} needs the scope ${scope}`
      return json(
        403,
        { error: 'insufficient_scope', message: description },
        { 'www-authenticate': bearerChallenge(urls, { code: 'insufficient_scope', description, scope: [...new Set([...caller.scopes, scope])].join(' ') }) },
      )
    }
  }
  return { caller, token, expiresAt }
}

/**
 * `POST /mcp` (DESIGN §7): stateless Streamable HTTP through the SDK's handler. GET (which would hold an
 * SSE stream open forever on a stateless server) and every other method answer 405; Host and Origin are
 * checked before anything else (403). The gateway plugin has already read the body; the request handed
 * to the SDK is rebuilt from those exact bytes, so the SDK and the checks here see the same message.
 */
export function mcpRoutes(deps: McpRouteDeps) {
  // The MCP SDK and the tools (which reach the crawler) are loaded on the first MCP request, not at
  // start-up: they are most of the service's start time and a REST-only deployment never needs them.
  let loaded: Promise<{ endpoint: ReturnType<typeof import('../server').createMcpEndpoint>; requiredScope: (tool: string) => Scope | undefined }> | undefined
  const load = () => (loaded ??= import('../server').then((m) => ({ endpoint: m.createMcpEndpoint(deps.tools), requiredScope: m.requiredScope })))
  return new Elysia({ name: 'mcp' }).all(
    '/mcp',
    async ({ request }) => {
      if (request.method !== 'POST')
        return json(405, { error: 'method_not_allowed', message: 'this MCP endpoint is stateless: send JSON-RPC messages with POST (no GET stream, no sessions to DELETE)' }, { allow: 'POST' })
      const foreign = foreignOrigin(request, deps)
      if (foreign) return json(403, { error: 'forbidden', message: `${foreign}; DNS-rebinding protection refuses requests that do not name this server` })
      const urls = oauthUrls(deps.baseUrl())
      const bytes = rawBody(request)
      const { endpoint, requiredScope } = await load()
      const auth = await authenticate(request, parseJson(bytes), deps, urls, requiredScope)
      if (auth instanceof Response) return auth
      const forwarded = new Request(request.url, { method: 'POST', headers: request.headers, body: bytes, signal: request.signal })
      const extra: McpAuthExtra = { caller: { ...auth.caller, address: clientAddress(request, deps.trustedProxies) } }
      return endpoint.fetch(forwarded, {
        authInfo: { token: auth.token ?? '', clientId: auth.caller.clientId ?? '', scopes: auth.caller.scopes, expiresAt: auth.expiresAt, resource: new URL(urls.resource), extra },
      })
    },
    { detail: { hide: true } },
  )
}
