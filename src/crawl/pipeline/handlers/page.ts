/**
 * Pages of the organization's own site: the start page (its markup feeds discovery: platforms, feeds,
 * listings, and the sitemaps robots.txt names) and calendar or listing pages (their markup may show more
 * platforms and listing pages to plan).
 */
import { homeSignals } from '../../collect'
import { reachOf } from '../../discover/scope'
import type { FetchResult } from '../../fetch/fetcher'
import type { Task } from '../../frontier'
import { extractAndAbsorb } from '../absorb'
import type { CrawlState } from '../state'

/** Calendar and listing pages (also a caller's calendar hint): discovery reads the markup of the first two kinds. */
export async function handleListingPage(state: CrawlState, task: Task, result: FetchResult): Promise<number> {
  const listing = task.kind === 'calendar-page' || task.kind === 'hint-calendar'
  const discover = (format: string) => (format === 'html' && listing ? state.discovery.fromListing(task, new TextDecoder().decode(result.body), result.url, result.headers) : undefined)
  return extractAndAbsorb(state, task, result, discover).gave
}

/** The start page: read like any page, then, when it is HTML, the home page discovery starts from. */
export async function handleStartPage(state: CrawlState, task: Task, result: FetchResult): Promise<number> {
  const { gave, format } = extractAndAbsorb(state, task, result)
  if (format === 'html') await discoverFromHome(state, result)
  return gave
}

async function discoverFromHome(state: CrawlState, result: FetchResult): Promise<void> {
  const { org, frontier } = state
  const html = new TextDecoder().decode(result.body)
  state.home = homeSignals(html)
  const homeHost = new URL(result.url).hostname
  if (homeHost !== org.siteHost) org.homeHost = homeHost
  state.discovery.fromHome(html, result.url, result.headers)
  const origin = new URL(result.url).origin
  // The sitemaps robots.txt names (on the site or a subdomain), then the usual place.
  const rules = await state.fetcher.robots.rules(new URL(result.url)).catch(() => undefined)
  for (const url of (rules?.sitemaps ?? []).filter((u) => reachOf(u, org) !== 'outside').slice(0, 3)) frontier.add({ url, kind: 'sitemap', depth: 1 })
  frontier.add({ url: `${origin}/sitemap.xml`, kind: 'sitemap', depth: 1 })
}
