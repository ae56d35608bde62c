import { getDomain } from 'tldts'
import { isCalendarLabel } from './keywords'

/**
 * Where a URL lies for an organization's crawl (DESIGN §6 "Discover": the site, its subdomains, known
 * calendar platforms): on its own site (the start host, `www.` or not), on another host of its
 * registrable domain (`events.example.org`), or outside. Outside hosts are reached only through the
 * platform registry, and only for the organization's own calendar there.
 */
export type Reach = 'site' | 'subdomain' | 'outside'

/**
 * The parts of a crawl that decide reach: the start page's host and the organization's registrable domain;
 * `homeHost`, once known, the host its home page redirected to (`example.org` → `www.example-library.org`),
 * which is the organization's site too, its registrable domain the organization's as well.
 */
export type Org = { siteHost: string; orgDomain: string; homeHost?: string }

const bare = (host: string) => host.toLowerCase().replace(/^www\./, '')

/** Where `url` lies for the organization; `outside` for anything unparsable. */
export function reachOf(url: string, org: Org): Reach {
  let host: string
  try {
    host = new URL(url).hostname.toLowerCase()
  } catch {
    return 'outside'
  }
  if (bare(host) === bare(org.siteHost) || (org.homeHost && bare(host) === bare(org.homeHost))) return 'site'
  // A loopback test site is named host:port and has no subdomains.
  const domains = [org.orgDomain, org.homeHost && getDomain(org.homeHost)].filter((d): d is string => !!d && !d.includes(':')).map((d) => d.toLowerCase())
  const registrable = getDomain(host)
  return domains.some((d) => registrable === d || host.endsWith(`.${d}`)) ? 'subdomain' : 'outside'
}

/** True when a subdomain's own first label names a calendar (`events.`, `calendar.`, `agenda.`, `kalender.`). */
export function isCalendarHost(url: string): boolean {
  try {
    return isCalendarLabel(new URL(url).hostname.split('.')[0])
  } catch {
    return false
  }
}
