import { FetchError } from '../../crawl/fetch/errors'
import { createFetcher, type FetcherOptions } from '../../crawl/fetch/fetcher'
import { OAuthFailure } from './tokens'
import { withDefaults } from '../../with-defaults'

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
  if (url.username || url.password || url.hash || url.pathname === '/' || /\/\.\.?(\/|$)/.test(clientId)) throw new OAuthFailure('invalid_client', 'client_id must be an https URL with a path, without credentials, fragment or dot segments')
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
  if (d.token_endpoint_auth_method !== undefined && d.token_endpoint_auth_method !== 'none')
    throw new OAuthFailure('invalid_client', 'only public clients (token_endpoint_auth_method "none") are supported')
  const name = typeof d.client_name === 'string' && d.client_name.trim() ? d.client_name.trim().slice(0, 100) : url.host
  const clientUri = typeof d.client_uri === 'string' && /^https?:\/\//.test(d.client_uri) ? d.client_uri.slice(0, 500) : undefined
  return { clientId, clientName: name, clientUri, redirectUris: d.redirect_uris as string[] }
}
