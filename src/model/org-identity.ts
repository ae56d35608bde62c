import { createHash } from '../crypto-native'
import { parse } from 'tldts'
import { loopbackSiteFor, type LoopbackSite } from './loopback-site'

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
 * `allowPrivate` (tests and development), where loopback and private hosts are named `host:port`; one of
 * `loopbackSites` (exactly its host and port: the demo site of `event-index dev`) is let in the same way.
 * The refusal of a loopback or private address names CRAWL_ALLOW_PRIVATE, the switch that allows it.
 */
export function identifyWebsite(input: string, options: { allowPrivate?: boolean; loopbackSites?: readonly LoopbackSite[] } = {}): WebsiteIdentity {
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
  const local = info.isIp || host === 'localhost' || host.endsWith('.test') || host.endsWith('.localhost')
  if (info.domain && info.isIcann && !info.isIp) domain = info.domain
  else if (local && (options.allowPrivate || loopbackSiteFor(url, options.loopbackSites))) domain = url.port ? `${host}:${url.port}` : host
  else if (local)
    throw new Error(
      `website must be a public domain name (such as example.org): ${url.host} is a loopback, private or test address, refused unless the service runs with CRAWL_ALLOW_PRIVATE=true (tests and development only)`,
    )
  else throw new Error('website must be a public domain name (such as example.org)')
  return { startUrl: url.href, origin: url.origin, domain, orgId: orgIdFor(domain) }
}
