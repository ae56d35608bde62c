import { getDomain } from 'tldts'
import { isCalendarLabel } from './keywords'

/**
 * Where a URL lies for an organization's crawl (DESIGN §6 "Discover": the site, its subdomains, known
 * calendar platforms): on its own site (the start host, `www.` or not), on another host of its
 * registrable domain (`events.example.org`), or outside. Outside hosts are reached only through the
 * platform registry, and only for the organization's own calendar there.
 */
export type Reach = 'site' | 'subdomain' | 'outside'

/** The parts of a crawl that decide reach: the start page's host and the organization's registrable domain. */
export type Org = { siteHost: string; orgDomain: string }

const bare = (host: string) => host.toLowerCase().replace(/^www\./, '')

/** Where `url` lies for the organization; `outside` for anything unparsable. */
export function reachOf(url: string, org: Org): Reach {
  let host: string
  try {
    host = new URL(url).hostname.toLowerCase()
  } catch {
    return 'outside'
  }
  if (bare(host) === bare(org.siteHost)) return 'site'
  const domain = org.orgDomain.toLowerCase()
  // A loopback test site is named host:port and has no subdomains.
  if (domain.includes(':')) return 'outside'
  return getDomain(host) === domain || host.endsWith(`.${domain}`) ? 'subdomain' : 'outside'
}

/** True when a subdomain's own first label names a calendar (`events.`, `calendar.`, `agenda.`, `kalender.`). */
export function isCalendarHost(url: string): boolean {
  try {
    return isCalendarLabel(new URL(url).hostname.split('.')[0])
  } catch {
    return false
  }
}
