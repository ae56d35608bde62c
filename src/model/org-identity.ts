import { createHash } from 'node:crypto'
import { parse } from 'tldts'

export type WebsiteIdentity = {
  /** The URL to start crawling from, normalized (https assumed when no scheme was given). */
  startUrl: string
  /** The organization's homepage origin, e.g. `https://www.example.org`. */
  origin: string
  /** Registrable domain (eTLD+1), lower case; host:port for a loopback or private test site. */
  domain: string
  orgId: string
}

/** `org_` + 16 hex characters of SHA-256(domain): the same registrable domain always maps to the same orgId. */
export function orgIdFor(domain: string): string {
  return `org_${createHash('sha256').update(domain.toLowerCase()).digest('hex').slice(0, 16)}`
}

/**
 * Turns what a caller wrote (`example.org`, `https://www.Example.org/events`) into the organization's
 * identity. Throws a plain Error with a message fit for a 400 when it is not a public website: another
 * scheme, credentials in the URL, an IP address or a name without a public suffix, unless
 * `allowPrivate` (tests and development), where loopback and private hosts are named `host:port`.
 */
export function identifyWebsite(input: string, options: { allowPrivate?: boolean } = {}): WebsiteIdentity {
  const text = input.trim()
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    throw new Error('website must be a domain name or an http(s) URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('website must use http or https')
  if (url.username || url.password) throw new Error('website must not contain credentials')
  url.hash = ''
  const host = url.hostname.toLowerCase()
  const info = parse(host)
  let domain: string
  if (info.domain && info.isIcann && !info.isIp) domain = info.domain
  else if (options.allowPrivate && (info.isIp || host === 'localhost' || host.endsWith('.test') || host.endsWith('.localhost'))) domain = url.port ? `${host}:${url.port}` : host
  else throw new Error('website must be a public domain name (such as example.org)')
  return { startUrl: url.href, origin: url.origin, domain, orgId: orgIdFor(domain) }
}
