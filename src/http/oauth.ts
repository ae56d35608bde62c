import { Elysia } from 'elysia'
import type { FetcherOptions } from '../crawl/fetch/fetcher'
import type { Storage } from '../db/storage'
import { rawBody } from '../gateway/plugin'
import { emptyRecord } from '../lookup-table'
import { authorizationPage, CSRF_COOKIE, errorPage, REQUEST_PARAMS, submitConsent, type AuthorizationParams, type AuthorizeOutcome } from '../oauth/authorize'
import { signingKey } from '../oauth/keys'
import { authorizationServerMetadata, oauthUrls, protectedResourceMetadata } from '../oauth/metadata'
import { exchangeCode, OAuthFailure, refreshTokens } from '../oauth/tokens'
import { withDefaults } from '../with-defaults'

export type OAuthRouteDeps = {
  storage: Storage
  now: () => number
  baseUrl: () => string
  userAgent: string
  /** CRAWL_ALLOW_PRIVATE: client metadata documents on loopback/private hosts and plain http (tests, development). */
  allowPrivate: boolean
  /** Test seams of the fetcher that reads client metadata documents. */
  fetcher?: Partial<FetcherOptions>
}

const hidden = { detail: { hide: true } }
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' }
const PUBLIC_JSON = { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=300' }
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  ...NO_STORE,
}
const KNOWN = new Set(['/oauth/authorize', '/oauth/token', '/oauth/jwks'])

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: withDefaults({ 'content-type': 'application/json' }, headers) })

/** An OAuth error in RFC 6749 §5.2 form, with the house `message` beside `error_description`. */
const oauthError = (error: OAuthFailure) => json(error.status, { error: error.code, error_description: error.message, message: error.message }, NO_STORE)

function respond(outcome: AuthorizeOutcome): Response {
  if (outcome.kind === 'redirect') return new Response(null, { status: 302, headers: { location: outcome.location, ...NO_STORE } })
  const headers: Record<string, string> = { ...PAGE_HEADERS }
  if (outcome.setCookie) headers['set-cookie'] = outcome.setCookie
  return new Response(outcome.html, { status: outcome.status, headers })
}

function cookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === name) return v.join('=')
  }
  return undefined
}

/** Form fields of a urlencoded body (read from the bytes the gateway plugin kept); a repeated parameter is refused (RFC 6749 §3.1). */
function formOf(request: Request): Record<string, string> | OAuthFailure {
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
  if (type !== 'application/x-www-form-urlencoded') return new OAuthFailure('invalid_request', 'send the parameters as application/x-www-form-urlencoded')
  return paramsOf(new URLSearchParams(new TextDecoder().decode(rawBody(request))))
}

/** Parameters by name; names like `constructor` or `__proto__` are ordinary unknown parameters (no prototype). */
function paramsOf(search: URLSearchParams): Record<string, string> | OAuthFailure {
  const out = emptyRecord<string>()
  for (const [k, v] of search) {
    if (Object.hasOwn(out, k)) return new OAuthFailure('invalid_request', `the parameter ${k} is repeated`)
    out[k] = v
  }
  return out
}

/**
 * The authorization server and resource metadata (DESIGN §7): RFC 9728 Protected Resource Metadata,
 * RFC 8414 AS metadata, the consent page, the token endpoint and the JWKS. Anything else under
 * `/.well-known/` or `/oauth/` is a 404 `{error, message}` (not the 403 of a missing `/api/v1`).
 */
export function oauthRoutes(deps: OAuthRouteDeps) {
  const urls = () => oauthUrls(deps.baseUrl())
  const authorizeDeps = () => ({
    storage: deps.storage,
    urls: urls(),
    client: { userAgent: deps.userAgent, allowPrivate: deps.allowPrivate, fetcher: deps.fetcher },
    nowMs: deps.now(),
    secureCookie: deps.baseUrl().startsWith('https:'),
  })
  const notFound = ({ request }: { request: Request }) => {
    const path = new URL(request.url).pathname
    if (KNOWN.has(path))
      return json(
        405,
        { error: 'method_not_allowed', message: `${request.method} is not allowed on ${path}` },
        { allow: path === '/oauth/authorize' ? 'GET, POST' : path === '/oauth/token' ? 'POST' : 'GET' },
      )
    return json(404, { error: 'not_found', message: `nothing at ${path}` })
  }
  return new Elysia({ name: 'oauth' })
    .get('/.well-known/oauth-protected-resource', () => json(200, protectedResourceMetadata(urls()), PUBLIC_JSON), hidden)
    .get('/.well-known/oauth-protected-resource/mcp', () => json(200, protectedResourceMetadata(urls()), PUBLIC_JSON), hidden)
    .get('/.well-known/oauth-authorization-server', () => json(200, authorizationServerMetadata(urls()), PUBLIC_JSON), hidden)
    .all('/.well-known/*', notFound, hidden)
    .get(
      '/oauth/authorize',
      async ({ request }) => {
        const params = paramsOf(new URL(request.url).searchParams)
        if (params instanceof OAuthFailure) return respond(errorPage(400, `${params.code}: ${params.message}`))
        return respond(await authorizationPage(pick(params), authorizeDeps()))
      },
      hidden,
    )
    .post(
      '/oauth/authorize',
      async ({ request }) => {
        const form = formOf(request)
        if (form instanceof OAuthFailure) return respond(errorPage(400, `${form.code}: ${form.message}`))
        return respond(await submitConsent({ ...pick(form), csrf: form.csrf, account_key: form.account_key, action: form.action }, cookie(request, CSRF_COOKIE), authorizeDeps()))
      },
      hidden,
    )
    .post(
      '/oauth/token',
      async ({ request }) => {
        const form = formOf(request)
        if (form instanceof OAuthFailure) return oauthError(form)
        const ctx = { issuer: urls().issuer, nowMs: deps.now() }
        try {
          if (!form.client_id) throw new OAuthFailure('invalid_request', 'client_id is required (public clients identify themselves with their metadata document URL)')
          if (form.grant_type === 'authorization_code') {
            for (const k of ['code', 'redirect_uri', 'code_verifier'] as const) if (!form[k]) throw new OAuthFailure('invalid_request', `${k} is required`)
            return json(
              200,
              await exchangeCode(deps.storage, { code: form.code, clientId: form.client_id, redirectUri: form.redirect_uri, codeVerifier: form.code_verifier, resource: form.resource }, ctx),
              NO_STORE,
            )
          }
          if (form.grant_type === 'refresh_token') {
            if (!form.refresh_token) throw new OAuthFailure('invalid_request', 'refresh_token is required')
            return json(200, await refreshTokens(deps.storage, { refreshToken: form.refresh_token, clientId: form.client_id, resource: form.resource, scope: form.scope }, ctx), NO_STORE)
          }
          throw new OAuthFailure('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token')
        } catch (error) {
          if (error instanceof OAuthFailure) return oauthError(error)
          throw error
        }
      },
      hidden,
    )
    .get('/oauth/jwks', async () => json(200, { keys: [(await signingKey(deps.storage, deps.now())).publicJwk] }, PUBLIC_JSON), hidden)
    .all('/oauth/*', notFound, hidden)
}

function pick(source: Record<string, string>): AuthorizationParams {
  return Object.fromEntries(REQUEST_PARAMS.filter((k) => source[k] !== undefined).map((k) => [k, source[k]]))
}
