import { FetchError } from '../crawl/fetch/errors'
import { createFetcher, type FetcherOptions } from '../crawl/fetch/fetcher'
import { OAuthFailure } from './tokens'
import { withDefaults } from '../with-defaults'

/** A Client ID Metadata Document is small; anything bigger is refused unread (the draft suggests 5 KB). */
export const MAX_CLIENT_DOCUMENT_BYTES = 16 * 1024

export type ClientMetadata = {
  clientId: string
  clientName: string
  clientUri?: string
  redirectUris: string[]
}

export type ClientMetadataOptions = {
  userAgent: string
  /** CRAWL_ALLOW_PRIVATE: also loopback/private hosts and plain http (tests and development). */
  allowPrivate: boolean
  /** Test seams of the fetcher (resolver, timeouts). */
  fetcher?: Partial<FetcherOptions>
}

/** A public client needs a few redirect URIs (one per port or platform); a long list is refused unread. */
export const MAX_REDIRECT_URIS = 20
const MAX_REDIRECT_URI_CHARS = 2000
/** Schemes that run or read content where they are opened: never a redirect target. */
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'filesystem:'])
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Why a redirect URI listed in a client metadata document cannot be used, or undefined when it can
 * (OAuth 2.1 §2.3.1, RFC 8252 §7): an absolute URI without fragment or credentials that is https, http on
 * a loopback host (native apps on a local port), or a native app's private-use scheme. Checked when the
 * document is read, so every later step (the exact match, the `error=` redirect, the code redirect) only
 * ever sees URIs that parse and are safe to send a browser to.
 */
export function redirectUriProblem(uri: string): string | undefined {
  if (uri.length > MAX_REDIRECT_URI_CHARS) return `is longer than ${MAX_REDIRECT_URI_CHARS} characters`
  let url: URL
  try {
    url = new URL(uri)
  } catch {
    return 'is not an absolute URI'
  }
  if (uri.includes('#')) return 'has a fragment; a redirect URI must not have one'
  if (/[\s\\]/.test(uri)) return 'contains white space or a backslash'
  if (url.username || url.password) return 'carries credentials'
  if (FORBIDDEN_SCHEMES.has(url.protocol)) return `uses the ${url.protocol} scheme, which is never a redirect target`
  if (url.protocol === 'http:' && !(LOOPBACK_HOSTS.has(url.hostname) || /^127\.\d+\.\d+\.\d+$/.test(url.hostname)))
    return 'uses plain http on a host that is not loopback; use https (or http://127.0.0.1, http://[::1], http://localhost for a native app)'
  if ((url.protocol === 'https:' || url.protocol === 'http:') && !url.hostname) return 'has no host'
  return undefined
}

/**
 * Checks that a `client_id` can be a Client ID Metadata Document URL (draft-ietf-oauth-client-id-metadata-document):
 * https with a path, no fragment, no credentials, no dot segments; plain http only where private
 * targets are allowed (tests, development).
 */
export function checkClientIdUrl(clientId: string, allowPrivate: boolean): URL {
  let url: URL
  try {
    url = new URL(clientId)
  } catch {
    throw new OAuthFailure('invalid_client', 'client_id must be the https URL of a client metadata document')
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) throw new OAuthFailure('invalid_client', 'client_id must be an https URL')
  if (url.username || url.password || url.hash || url.pathname === '/' || /\/\.\.?(\/|$)/.test(clientId))
    throw new OAuthFailure('invalid_client', 'client_id must be an https URL with a path, without credentials, fragment or dot segments')
  return url
}

/**
 * Fetches and validates a client's metadata document with the crawler's fetcher, so the SSRF guard
 * (resolved address checked and connected to), timeouts and body cap apply; no redirect is followed and
 * robots.txt is not consulted (the document exists to be read by authorization servers). The document
 * must be a JSON object whose `client_id` equals the URL exactly, with `redirect_uris` and, if stated,
 * `token_endpoint_auth_method: "none"` (public clients only: no secrets here).
 */
export async function fetchClientMetadata(clientId: string, options: ClientMetadataOptions): Promise<ClientMetadata> {
  const url = checkClientIdUrl(clientId, options.allowPrivate)
  const fetcher = createFetcher(
    withDefaults(
      {
        userAgent: options.userAgent,
        allowPrivate: options.allowPrivate,
        maxBytes: MAX_CLIENT_DOCUMENT_BYTES,
        maxRedirects: 0,
        respectRobots: false,
        headersTimeoutMs: 5000,
        totalTimeoutMs: 8000,
        politenessMs: 0,
      },
      options.fetcher,
    ),
  )
  let result
  try {
    result = await fetcher.fetch(url.href, { accept: 'application/json' })
  } catch (error) {
    if (!(error instanceof FetchError)) throw error
    const why =
      error.code === 'too_many_redirects'
        ? 'the client metadata document redirects; it must be served at the client_id URL itself'
        : error.code === 'too_large'
          ? `the client metadata document is larger than ${MAX_CLIENT_DOCUMENT_BYTES} bytes`
          : error.code === 'ssrf_blocked'
            ? 'the client metadata document is on an address this server does not fetch'
            : `the client metadata document could not be fetched: ${error.message}`
    throw new OAuthFailure('invalid_client', why)
  }
  if (!result.ok) throw new OAuthFailure('invalid_client', `the client metadata document answered HTTP ${result.status}`)
  let doc: unknown
  try {
    doc = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(result.body))
  } catch {
    throw new OAuthFailure('invalid_client', 'the client metadata document is not JSON')
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new OAuthFailure('invalid_client', 'the client metadata document is not a JSON object')
  const d = doc as Record<string, unknown>
  if (d.client_id !== clientId) throw new OAuthFailure('invalid_client', 'the client metadata document names another client_id; it must equal the document URL')
  if (!Array.isArray(d.redirect_uris) || !d.redirect_uris.length || !d.redirect_uris.every((u) => typeof u === 'string'))
    throw new OAuthFailure('invalid_client', 'the client metadata document has no redirect_uris')
  if (d.redirect_uris.length > MAX_REDIRECT_URIS) throw new OAuthFailure('invalid_client', `the client metadata document lists more than ${MAX_REDIRECT_URIS} redirect_uris`)
  d.redirect_uris.forEach((uri: string, i) => {
    const why = redirectUriProblem(uri)
    if (why) throw new OAuthFailure('invalid_client', `redirect_uris[${i}] (${JSON.stringify(uri.slice(0, 200))}) ${why}`)
  })
  if (d.token_endpoint_auth_method !== undefined && d.token_endpoint_auth_method !== 'none')
    throw new OAuthFailure('invalid_client', 'only public clients (token_endpoint_auth_method "none") are supported')
  const name = typeof d.client_name === 'string' && d.client_name.trim() ? d.client_name.trim().slice(0, 100) : url.host
  const clientUri = typeof d.client_uri === 'string' && /^https?:\/\//.test(d.client_uri) ? d.client_uri.slice(0, 500) : undefined
  return { clientId, clientName: name, clientUri, redirectUris: d.redirect_uris as string[] }
}
