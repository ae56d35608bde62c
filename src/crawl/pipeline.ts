import { withDefaults } from '../with-defaults'
import type { CrawlProgress, CrawlRequest, CrawlResult, SourceMemo, SourceReport } from './crawl-types'
import { FORMAT_KIND } from './discover/platform-tasks'
import { reachOf, type Org } from './discover/scope'
import { DiscoverySession } from './discover/session'
import { readSitemap, sitemapEventPages } from './discover/sitemap'
import { extractDocument } from './extract'
import { FetchError } from './fetch/errors'
import { createFetcher, type FetcherOptions, type FetchResult } from './fetch/fetcher'
import { collectEvents, homeSignals, inferZone, type DocumentHarvest, type HomeSignals } from './collect'
import { Frontier, type Task } from './frontier'
import { memoBudget, readMemo, writeMemo } from './memo'
import type { ExtractResult } from './candidate-types'

/** A crawl that could not produce a result; `retryable` decides whether the job is tried again. */
export class CrawlFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message)
    this.name = 'CrawlFailure'
  }
}

export type CrawlDeps = {
  onProgress?: (progress: CrawlProgress) => void
  signal?: AbortSignal
  /** Test seams for the fetcher (resolver, allowed addresses, trust anchors, timeouts). */
  fetcher?: Partial<FetcherOptions>
  now?: () => number
}

const FEED_KINDS = new Set(['ics', 'tec-rest', 'tec-ics', 'squarespace-json', 'trumba', 'localist', 'json', 'rss', 'atom'])
/** Documents fetched at once; the fetcher's per-host limit (2) and politeness still apply. */
const CONCURRENCY = 4
const REFUSALS = new Set(['robots_disallowed', 'ssrf_blocked', 'too_large', 'bad_url', 'too_many_redirects'])
/** Calendar feeds on these hosts are subscriptions the site publishes, read like a feed reader would: without their robots.txt. */
const FEED_HOSTS = /(^|\.)calendar\.google\.com$|(^|\.)outlook\.(office365|live)\.com$/
/** Tasks that cannot lead to a calendar feed; any other may, and detail pages wait for it (see the dispatch loop). */
const FEEDLESS = new Set<Task['kind']>(['detail', 'hint-event', 'sitemap'])

/** A document as the crawl uses it: read now, or what a 304 stands for (its memo). */
type ReadDocument = Pick<ExtractResult, 'format' | 'candidates' | 'links' | 'organizationPlace'> & Pick<SourceMemo, 'discovered'> & { url: string; warnings: string[] }
/** How a document was answered, for its source report. */
type Answer = Pick<SourceReport, 'status' | 'httpStatus' | 'etag' | 'lastModified' | 'memo'>

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
  const now = deps.now ?? Date.now
  const started = now()
  const base = withDefaults({ userAgent: request.userAgent, allowPrivate: request.allowPrivate, politenessMs: request.politenessMs, resolve: request.resolve, loopbackSites: request.loopbackSites, ca: request.ca }, deps.fetcher)
  const fetcher = createFetcher(base)
  const feedFetcher = createFetcher(withDefaults(base, { respectRobots: false }))
  const frontier = new Frontier()
  const org: Org = { siteHost: new URL(request.startUrl).hostname, orgDomain: request.orgDomain }
  const discovery = new DiscoverySession(org, request.window, request.maxPages, (task) => void frontier.add(task))
  const harvests: DocumentHarvest[] = []
  const sources: SourceReport[] = []
  const refused: CrawlResult['refused'] = []
  const warnings: string[] = []
  const progress: CrawlProgress = { pagesFetched: 0, sourcesFound: 0, eventsFound: 0 }
  let home: HomeSignals | undefined
  let feedEvents = 0
  let feedsInFlight = 0
  const memos = new Map<string, SourceMemo | undefined>()
  const keepMemo = memoBudget()
  const previous = (url: string) => {
    const known = request.previous?.[url]
    if (!known) return undefined
    if (!memos.has(url)) memos.set(url, readMemo(known.memo, request))
    const memo = memos.get(url)
    return memo && { ...known, parsed: memo }
  }

  frontier.add({ url: request.startUrl, kind: 'start', depth: 0 })
  for (const url of request.hints.calendarUrls) {
    frontier.add({ url, kind: 'hint-calendar', depth: 0 })
    discovery.fromHint(url)
  }
  for (const url of request.hints.eventUrls) frontier.add({ url, kind: 'hint-event', depth: 0 })

  const report = () => deps.onProgress?.({ ...progress })
  const inFlight = new Set<Promise<void>>()
  const overBudget = () => progress.pagesFetched + inFlight.size >= request.maxPages || now() - started > request.budgetMs || deps.signal?.aborted

  // Up to CONCURRENCY documents in flight (the fetcher still keeps 2 per host); tasks are taken in
  // priority order as slots free up, so a listing's next page is fetched before its detail pages.
  let fatal: unknown
  const run = async (task: Task) => {
    const result = await fetchTask(task)
    let gave = 0
    if (result) {
      progress.pagesFetched++
      gave = await handle(task, result)
      report()
    }
    // An endpoint that gave nothing (an error, a refusal, no events) hands over to the next of its calendar's.
    const [next, ...rest] = gave === 0 ? (task.fallbacks ?? []) : []
    if (next) frontier.add(rest.length ? { ...next, fallbacks: rest } : next)
  }
  for (;;) {
    while (inFlight.size < CONCURRENCY && fatal === undefined) {
      const task = frontier.peek()
      if (!task) break
      // Detail pages are skipped once a feed gave events; decide that only when no task that could still
      // find a feed is in flight, so the same site always gives the same pages (and events).
      if (task.kind === 'detail' && feedsInFlight > 0) break
      if (task.kind === 'detail' && feedEvents > 0) {
        frontier.next()
        continue
      }
      if (overBudget()) break
      frontier.next()
      const feedCapable = !FEEDLESS.has(task.kind) && !task.eventExport
      if (feedCapable) feedsInFlight++
      const p: Promise<void> = run(task)
        .catch((error) => void (fatal ??= error))
        .finally(() => {
          inFlight.delete(p)
          if (feedCapable) feedsInFlight--
        })
      inFlight.add(p)
      if (task.kind === 'start') await p
    }
    if (inFlight.size === 0) break
    await Promise.race(inFlight)
  }
  if (fatal !== undefined) throw fatal
  for (const left of frontier.remaining().filter((t) => !(t.kind === 'detail' && feedEvents > 0))) refused.push({ url: left.url, reason: 'not fetched: crawl budget reached' })
  if (deps.signal?.aborted) throw new CrawlFailure('the crawl was cancelled', false)

  const zone = inferZone(harvests, request.timezone, home, request.startUrl)
  const { events, warnings: normalizeWarnings } = collectEvents(harvests, request, zone?.zone, new Date(now()).toISOString(), !!zone?.inferred)
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
    refused,
  }

  async function fetchTask(task: Task): Promise<FetchResult | undefined> {
    const isFeed = task.kind === 'probe' || task.kind === 'ics' || task.kind === 'feed-next' || task.kind === 'hint-calendar'
    const external = FEED_HOSTS.test(new URL(task.url).hostname)
    const known = task.kind === 'start' || task.post ? undefined : previous(task.url)
    const accept = isFeed ? 'text/calendar, application/json, */*;q=0.5' : 'text/html, */*;q=0.5'
    try {
      return await (isFeed && external ? feedFetcher : fetcher).fetch(task.url, withDefaults({ accept }, task.post ? { post: task.post } : known && { etag: known.etag, lastModified: known.lastModified }))
    } catch (error) {
      if (!(error instanceof FetchError)) throw error
      if (task.kind === 'start' && !request.hints.calendarUrls.length) throw new CrawlFailure(`${task.url}: ${error.message}`, error.retryable)
      if (REFUSALS.has(error.code)) refused.push({ url: error.url, reason: `${error.code}: ${error.message}` })
      const blocked = error.code === 'robots_disallowed' || error.code === 'ssrf_blocked'
      // A probe the platform may not serve is reported only when it was refused (the calendar may be there).
      if (task.kind !== 'detail' && task.kind !== 'listing-next' && !task.detect && (task.expected || blocked || task.kind !== 'probe'))
        sources.push({ url: task.url, kind: task.probeKind ?? task.kind, ...platformLabel(task), status: blocked ? 'blocked' : 'error', error: error.message, eventCount: 0 })
      return undefined
    }
  }

  /** Uses a fetched document; returns how many candidates it gave (0 lets the task's fallback run). */
  async function handle(task: Task, result: FetchResult): Promise<number> {
    const known = result.notModified && task.kind !== 'start' && !task.post ? previous(task.url) : undefined
    if (known) {
      const { url, format, candidates, links, discovered, organizationPlace } = known.parsed
      const answer: Answer = { status: 'not_modified', httpStatus: 304, etag: result.etag ?? known.etag, lastModified: result.lastModified ?? known.lastModified, memo: known.memo }
      discovery.replan(discovered)
      return absorb(task, { url, format, candidates, links, warnings: [], ...(organizationPlace ? { organizationPlace } : {}) }, answer)
    }
    if (!result.ok) {
      if (task.kind === 'start' && !request.hints.calendarUrls.length) throw new CrawlFailure(`${task.url} answered HTTP ${result.status}`, result.status >= 500 || result.status === 429)
      if (task.expected || task.kind === 'hint-calendar' || task.kind === 'ics') sources.push({ url: task.url, kind: task.probeKind ?? task.kind, ...platformLabel(task), status: 'error', httpStatus: result.status, eventCount: 0 })
      return 0
    }
    if (task.kind === 'sitemap') return followSitemap(task, result), 0
    if (task.detect) return discovery.fromDetectDocument(task, new TextDecoder().decode(result.body), result.url), 0
    const extracted = extractDocument(result.body, { baseUrl: result.url, timezone: request.timezone, window: request.window, orgDomain: request.orgDomain }, result.contentType)
    const answer: Answer = { status: 'ok', httpStatus: result.status, etag: result.etag, lastModified: result.lastModified }
    const listing = extracted.format === 'html' && (task.kind === 'calendar-page' || task.kind === 'hint-calendar')
    const discovered = listing ? discovery.fromListing(task, new TextDecoder().decode(result.body), result.url, result.headers) : undefined
    const gave = absorb(task, { ...extracted, url: result.url, discovered }, answer)
    discovery.replan(discovered)
    if (task.kind === 'start' && extracted.format === 'html') await discoverFromHome(result)
    return gave
  }

  function platformLabel(task: Task): Pick<SourceReport, 'platform'> {
    const platform = discovery.platformOf(task)
    return platform ? { platform } : {}
  }

  /** Uses a document, read now or stood for by a 304: its candidates, its source report, and the links to follow. */
  function absorb(task: Task, doc: ReadDocument, answer: Answer): number {
    warnings.push(...doc.warnings.slice(0, 10).map((w) => `${doc.url}: ${w}`))
    const kind = FORMAT_KIND[doc.format] ?? doc.format
    const isSource = doc.candidates.length > 0 || FEED_KINDS.has(kind)
    const source: SourceReport | undefined = isSource
      ? { url: task.url, kind, ...platformLabel(task), eventCount: 0, ...answer, memo: keepMemo(answer.memo ?? writeMemo(doc.url, doc, request)) }
      : undefined
    if (source) sources.push(source)
    harvests.push({ url: doc.url, kind, format: doc.format, candidates: doc.candidates, source, ...(doc.organizationPlace ? { organizationPlace: doc.organizationPlace } : {}) })
    progress.eventsFound += doc.candidates.length
    progress.sourcesFound = sources.length
    if (FEED_KINDS.has(kind) && !task.eventExport) feedEvents += doc.candidates.length
    const links = doc.links
    const follow = (url: string) => discovery.mayFollow(task, url)
    const onEventPage = task.kind === 'detail' || task.kind === 'hint-event'
    const inherited = task.platform ? { platform: task.platform } : {}
    if (links?.next && task.depth < 20 && follow(links.next)) frontier.add({ url: links.next, kind: FEED_KINDS.has(kind) ? 'feed-next' : 'listing-next', depth: task.depth + 1, probeKind: kind, ...inherited })
    for (const url of (links?.calendars ?? []).filter(follow)) frontier.add({ url, kind: 'ics', depth: task.depth + 1, probeKind: 'ics', ...inherited, ...(onEventPage ? { eventExport: true } : {}) })
    if (doc.format === 'html') for (const url of (links?.events ?? []).filter(follow).slice(0, request.maxPages)) frontier.add({ url, kind: 'detail', depth: task.depth + 1, ...inherited })
    return doc.candidates.length
  }

  async function discoverFromHome(result: FetchResult): Promise<void> {
    const html = new TextDecoder().decode(result.body)
    home = homeSignals(html)
    const homeHost = new URL(result.url).hostname
    if (homeHost !== org.siteHost) org.homeHost = homeHost
    discovery.fromHome(html, result.url, result.headers)
    const origin = new URL(result.url).origin
    // The sitemaps robots.txt names (on the site or a subdomain), then the usual place.
    const rules = await fetcher.robots.rules(new URL(result.url)).catch(() => undefined)
    for (const url of (rules?.sitemaps ?? []).filter((u) => reachOf(u, org) !== 'outside').slice(0, 3)) frontier.add({ url, kind: 'sitemap', depth: 1 })
    frontier.add({ url: `${origin}/sitemap.xml`, kind: 'sitemap', depth: 1 })
  }

  function followSitemap(task: Task, result: FetchResult): void {
    if (feedEvents > 0 || task.depth > 2) return
    const { sitemaps, pages } = readSitemap(new TextDecoder().decode(result.body))
    const own = (url: string) => reachOf(url, org) !== 'outside'
    for (const url of sitemaps.filter(own).slice(0, 5)) frontier.add({ url, kind: 'sitemap', depth: task.depth + 1 })
    const { listings, details } = sitemapEventPages(pages.filter(own), 50)
    for (const url of listings.slice(0, 5)) frontier.add({ url, kind: 'calendar-page', depth: 2 })
    for (const url of details) frontier.add({ url, kind: 'detail', depth: task.depth + 1 })
  }
}
