/**
 * Crawls one organization's site (DESIGN §6). The pieces: `state.ts` (everything one crawl knows, one
 * object), `crawl-loop.ts` (concurrency, budget, fallbacks), `router.ts` (a document to its task kind's
 * handler), `handlers/` (page, feed, API, detail, sitemap), `absorb.ts` (a document's candidates, source
 * report and links) and `errors.ts` (what a failed fetch means).
 */
import type { CrawlRequest, CrawlResult } from '../crawl-types'
import { collectEvents, inferZone } from '../collect'
import { runCrawlLoop } from './crawl-loop'
import { CrawlFailure } from './errors'
import { createCrawlState, type CrawlDeps, type CrawlState } from './state'

export { CrawlFailure } from './errors'
export type { CrawlDeps } from './state'

/**
 * Crawls one organization's site (DESIGN §6): fetch the start page; discovery (`discover/session.ts`)
 * finds the platforms it shows and their feeds and APIs (on its host, its subdomains and platform hosts,
 * in fallback chains), its listing pages in its language, and its sitemaps; then iCalendar links,
 * calendar and listing pages (with their pagination) and, when no feed gave events, detail pages; all
 * within the page and time budget, every fetch through the one fetcher (robots.txt, politeness, SSRF
 * guard). Every document is extracted, then everything is normalized in the organization's zone and
 * deduplicated. A source of the last crawl is asked for conditionally when its memo fits this crawl; a
 * 304 then stands for it: its candidates count again, its links are followed again and what discovery
 * planned from it is planned again (issue 12), so an unchanged site gives the same events. The start
 * page is always read in full (discovery reads its markup). Never touches the database. Throws
 * CrawlFailure when the site cannot be read at all.
 */
export async function crawlSite(request: CrawlRequest, deps: CrawlDeps = {}): Promise<CrawlResult> {
  const state = createCrawlState(request, deps)
  state.frontier.add({ url: request.startUrl, kind: 'start', depth: 0 })
  for (const url of request.hints.calendarUrls) {
    state.frontier.add({ url, kind: 'hint-calendar', depth: 0 })
    state.discovery.fromHint(url)
  }
  for (const url of request.hints.eventUrls) state.frontier.add({ url, kind: 'hint-event', depth: 0 })
  await runCrawlLoop(state)
  for (const left of state.frontier.remaining().filter((t) => !(t.kind === 'detail' && state.feedEvents > 0))) state.refused.push({ url: left.url, reason: 'not fetched: crawl budget reached' })
  if (deps.signal?.aborted) throw new CrawlFailure('the crawl was cancelled', false)
  return crawlResult(state)
}

/** Normalizes what the crawl harvested in the organization's zone and writes the result. */
function crawlResult(state: CrawlState): CrawlResult {
  const { request, discovery, sources, warnings, progress } = state
  const zone = inferZone(state.harvests, request.timezone, state.home, request.startUrl)
  const { events, warnings: normalizeWarnings } = collectEvents(state.harvests, request, zone?.zone, new Date(state.now()).toISOString(), !!zone?.inferred)
  warnings.push(...normalizeWarnings)
  for (const unreadable of discovery.unreadableSources(events.length)) {
    sources.push(unreadable)
    warnings.push(`${unreadable.platform}: ${unreadable.error}`)
  }
  for (const e of discovery.skipped.slice(0, 5)) warnings.push(`${e.url}: not fetched (a ${e.method} without its body): ${e.note}`)
  progress.eventsFound = events.length
  progress.sourcesFound = sources.length
  return {
    organization: { name: discovery.name, timezone: zone?.zone, platform: discovery.platform },
    zone: zone ?? { zone: 'Etc/UTC', how: 'nothing on the site points to a zone: times are written in UTC (+00:00)' },
    events,
    sources,
    progress,
    warnings: warnings.slice(0, 200),
    refused: state.refused,
  }
}
