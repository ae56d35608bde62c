import { createHmac, randomBytes, timingSafeEqual } from '../crypto-native'
import type { Storage } from '../db/storage'
import { accountForKey } from '../services/credits'
import { fetchClientMetadata, type ClientMetadata, type ClientMetadataOptions } from './client-metadata'
import { csrfSecret } from './keys'
import type { OAuthUrls } from './metadata'
import { createAuthorizationCode, OAuthFailure, parseScope, SCOPES, type Scope } from './tokens'

/** The parameters of an authorization request that the consent form carries back unchanged. */
export const REQUEST_PARAMS = ['response_type', 'client_id', 'redirect_uri', 'code_challenge', 'code_challenge_method', 'state', 'scope', 'resource'] as const
export type AuthorizationParams = Partial<Record<(typeof REQUEST_PARAMS)[number], string>>

/** Name of the double-submit CSRF cookie (HttpOnly, SameSite=Strict, path /oauth). */
export const CSRF_COOKIE = 'ei_csrf'

/** A request that passed every check: what the consent page shows and the code will be bound to. */
export type ValidRequest = { client: ClientMetadata; redirectUri: string; codeChallenge: string; scopes: Scope[]; resource: string; state?: string }

/**
 * What to answer: a page (an error that must not be sent to an unverified redirect URI, or the consent
 * form) or a redirect to the client (a code, or an error once the redirect URI is known to be the client's).
 */
export type AuthorizeOutcome = { kind: 'page'; status: number; html: string; setCookie?: string } | { kind: 'redirect'; location: string }

export type AuthorizeDeps = { storage: Storage; urls: OAuthUrls; client: ClientMetadataOptions; nowMs: number; secureCookie: boolean }

/**
 * Validates an authorization request (OAuth 2.1 §4.1.1 with PKCE, RFC 8707 resource, Client ID Metadata
 * Documents). The client and its redirect URI are checked first: until both are known to belong
 * together, failures are shown on our own page, never sent to the URI (no open redirector). After
 * that, failures go back to the client as `error=` redirects.
 */
export async function validateRequest(params: AuthorizationParams, deps: AuthorizeDeps): Promise<{ ok: ValidRequest } | { outcome: AuthorizeOutcome }> {
  if (!params.client_id) return { outcome: errorPage(400, 'invalid_request: the request has no client_id.') }
  let client: ClientMetadata
  try {
    client = await fetchClientMetadata(params.client_id, deps.client)
  } catch (error) {
    if (error instanceof OAuthFailure) return { outcome: errorPage(400, `${error.code}: the client could not be verified: ${error.message}.`) }
    throw error
  }
  const redirectUri = params.redirect_uri
  if (!redirectUri || !client.redirectUris.includes(redirectUri))
    return { outcome: errorPage(400, 'invalid_request: redirect_uri is missing or is not one of the redirect_uris in the client metadata document (exact match).') }
  const fail = (code: OAuthFailure['code'], message: string) => ({ outcome: redirectTo(redirectUri, { error: code, error_description: message, state: params.state, iss: deps.urls.issuer }) })
  if (params.response_type !== 'code') return fail('unsupported_response_type', 'response_type must be code')
  if (params.code_challenge_method !== 'S256') return fail('invalid_request', 'PKCE is required with code_challenge_method S256 (plain is not supported)')
  if (!params.code_challenge || !/^[A-Za-z0-9_-]{43}$/.test(params.code_challenge)) return fail('invalid_request', 'code_challenge must be the base64url SHA-256 of the code verifier (43 characters)')
  if (params.resource !== undefined && params.resource !== deps.urls.resource) return fail('invalid_target', `resource must be ${deps.urls.resource}`)
  let scopes: Scope[]
  try {
    scopes = parseScope(params.scope)
  } catch (error) {
    return fail('invalid_scope', (error as Error).message)
  }
  return { ok: { client, redirectUri, codeChallenge: params.code_challenge, scopes, resource: deps.urls.resource, state: params.state } }
}

/** GET /oauth/authorize: the consent page, with a fresh CSRF cookie and the form token bound to it and to the request. */
export async function authorizationPage(params: AuthorizationParams, deps: AuthorizeDeps): Promise<AuthorizeOutcome> {
  const checked = await validateRequest(params, deps)
  if ('outcome' in checked) return checked.outcome
  const cookieValue = randomBytes(24).toString('base64url')
  return {
    kind: 'page',
    status: 200,
    html: consentHtml(checked.ok, params, await csrfToken(deps, cookieValue, params)),
    setCookie: `${CSRF_COOKIE}=${cookieValue}; Path=/oauth; HttpOnly; SameSite=Strict; Max-Age=600${deps.secureCookie ? '; Secure' : ''}`,
  }
}

/**
 * POST /oauth/authorize: the holder's answer. The CSRF token must match the cookie and the request
 * parameters (constant-time), the request is validated again (the client document is fetched again),
 * and approval needs the account key. Approve → a code bound to client, redirect URI, challenge,
 * resource and scopes; deny → `access_denied`.
 */
export async function submitConsent(
  form: AuthorizationParams & { csrf?: string; account_key?: string; action?: string },
  cookieValue: string | undefined,
  deps: AuthorizeDeps,
): Promise<AuthorizeOutcome> {
  const params: AuthorizationParams = Object.fromEntries(REQUEST_PARAMS.filter((k) => form[k] !== undefined).map((k) => [k, form[k]]))
  if (!cookieValue || !form.csrf || !sameText(form.csrf, await csrfToken(deps, cookieValue, params)))
    return errorPage(403, 'The form could not be verified (its anti-forgery token is missing, expired or does not match). Start the authorization again from your application.')
  const checked = await validateRequest(params, deps)
  if ('outcome' in checked) return checked.outcome
  const request = checked.ok
  if (form.action === 'deny')
    return redirectTo(request.redirectUri, { error: 'access_denied', error_description: 'the account holder denied the request', state: request.state, iss: deps.urls.issuer })
  const account = form.account_key ? await accountForKey(deps.storage, form.account_key) : undefined
  if (!account) {
    const fresh = randomBytes(24).toString('base64url')
    return {
      kind: 'page',
      status: 401,
      html: consentHtml(request, params, await csrfToken(deps, fresh, params), 'That account key is not valid. Paste the key that `event-index accounts create` printed.'),
      setCookie: `${CSRF_COOKIE}=${fresh}; Path=/oauth; HttpOnly; SameSite=Strict; Max-Age=600${deps.secureCookie ? '; Secure' : ''}`,
    }
  }
  const code = await createAuthorizationCode(
    deps.storage,
    { accountId: account.accountId, clientId: request.client.clientId, redirectUri: request.redirectUri, codeChallenge: request.codeChallenge, resource: request.resource, scopes: request.scopes },
    deps.nowMs,
  )
  return redirectTo(request.redirectUri, { code, state: request.state, iss: deps.urls.issuer })
}

async function csrfToken(deps: AuthorizeDeps, cookieValue: string, params: AuthorizationParams): Promise<string> {
  const bound = REQUEST_PARAMS.map((k) => `${k}=${params[k] ?? ''}`).join('\n')
  return createHmac('sha256', await csrfSecret(deps.storage, deps.nowMs))
    .update(`${cookieValue}\n${bound}`)
    .digest('base64url')
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

function redirectTo(uri: string, query: Record<string, string | undefined>): AuthorizeOutcome {
  const url = new URL(uri)
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v)
  return { kind: 'redirect', location: url.href }
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1d1d1f}
h1{font-size:1.4rem}dl{background:#f5f5f7;padding:1rem;border-radius:.5rem}dt{font-weight:600}dd{margin:0 0 .6rem 0;word-break:break-all}
label{display:block;margin:1rem 0 .3rem;font-weight:600}input[type=password]{width:100%;padding:.5rem;font:inherit;box-sizing:border-box}
.actions{margin-top:1rem;display:flex;gap:.75rem}button{font:inherit;padding:.5rem 1.2rem;border-radius:.4rem;border:1px solid #888;background:#fff}
button[value=approve]{background:#0a58ca;color:#fff;border-color:#0a58ca}.error{color:#b00020;font-weight:600}`

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${escape(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`
}

/** A page that explains a refused request (the text is escaped; nothing is sent to the client). */
export function errorPage(status: number, message: string): AuthorizeOutcome {
  return { kind: 'page', status, html: page('Authorization error', `<h1>Authorization error</h1><p class="error">${escape(message)}</p>`) }
}

/** The consent form: who asks (from the client's own document; its logo is never loaded), for what, on which resource. */
function consentHtml(request: ValidRequest, params: AuthorizationParams, csrf: string, error?: string): string {
  const hidden = REQUEST_PARAMS.filter((k) => params[k] !== undefined)
    .map((k) => `<input type="hidden" name="${k}" value="${escape(params[k]!)}">`)
    .join('')
  const scopes = request.scopes.map((s) => `<li><code>${escape(s)}</code>: ${escape(SCOPES[s])}</li>`).join('')
  const client = request.client
  return page(
    `Authorize ${client.clientName}`,
    `<h1>Authorize ${escape(client.clientName)}</h1>
<p><strong>${escape(client.clientName)}</strong> asks to use your event-index account. Calls it makes are paid from your prepaid credits.</p>
<dl><dt>Client</dt><dd>${escape(client.clientId)}</dd>${client.clientUri ? `<dt>Website</dt><dd>${escape(client.clientUri)}</dd>` : ''}
<dt>Returns to</dt><dd>${escape(request.redirectUri)}</dd><dt>Resource</dt><dd>${escape(request.resource)}</dd><dt>Access</dt><dd><ul>${scopes}</ul></dd></dl>
${error ? `<p class="error">${escape(error)}</p>` : ''}
<form method="post" action="/oauth/authorize">${hidden}<input type="hidden" name="csrf" value="${csrf}">
<label for="account_key">Account key</label><input type="password" id="account_key" name="account_key" autocomplete="off" placeholder="eik_…">
<div class="actions"><button type="submit" name="action" value="approve">Approve</button><button type="submit" name="action" value="deny">Deny</button></div></form>`,
  )
}
