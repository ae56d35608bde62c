import { parse } from 'parse5'
import { withDefaults } from '../with-defaults'
import type { CrawlProgress, CrawlRequest, CrawlResult, SourceMemo, SourceReport } from './crawl-types'
import { calendarPages } from './discover/navigation'
import { fingerprintSite, type Fingerprint } from './discover/fingerprint'
import { platformProbes, squarespaceJsonUrl } from './discover/probes'
import { eventPagesOf, readSitemap } from './discover/sitemap'
import { extractDocument } from './extract'
import { FetchError } from './fetch/errors'
import { createFetcher, type FetcherOptions, type FetchResult } from './fetch/fetcher'
import { collectEvents, inferZone, type DocumentHarvest } from './collect'
import { Frontier, type Task } from './frontier'
import { memoBudget, readMemo, writeMemo } from './memo'
import type { ExtractResult } from './types'

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
const FORMAT_KIND: Record<string, string> = { ics: 'ics', 'tec-json': 'tec-rest', 'squarespace-json': 'squarespace-json', 'localist-json': 'localist', 'trumba-json': 'trumba', 'json-events': 'json', rss: 'rss', atom: 'atom', html: 'page' }
/** Documents fetched at once; the fetcher's per-host limit (2) and politeness still apply. */
const CONCURRENCY = 4
const REFUSALS = new Set(['robots_disallowed', 'ssrf_blocked', 'too_large', 'bad_url', 'too_many_redirects'])
/** Calendar feeds on these hosts are subscriptions the site publishes, read like a feed reader would: without their robots.txt. */
const FEED_HOSTS = /(^|\.)calendar\.google\.com$|(^|\.)outlook\.(office365|live)\.com$/
/** Tasks that cannot lead to a calendar feed; any other may, and detail pages wait for it (see the dispatch loop). */
const FEEDLESS = new Set<Task['kind']>(['detail', 'hint-event', 'sitemap'])

/** A document as the crawl uses it: read now, or what a 304 stands for (its memo). */
type ReadDocument = Pick<ExtractResult, 'format' | 'candidates' | 'links'> & { url: string; warnings: string[] }
/** How a document was answered, for its source report. */
type Answer = Pick<SourceReport, 'status' | 'httpStatus' | 'etag' | 'lastModified' | 'memo'>

/**
 * Crawls one organization's site (DESIGN §6): fetch the start page, fingerprint it, probe the platform's
 * exports and APIs, follow iCalendar links, calendar and listing pages (with their pagination) and, when
 * no feed gave events, detail pages and sitemaps; all within the page and time budget. Every document is
 * extracted, then everything is normalized in the organization's zone and deduplicated. A source of the
 * last crawl is asked for conditionally when its memo fits this crawl; a 304 then stands for it: its
 * candidates count again and its links are followed again (issue 12), so an unchanged site gives the
 * same events. The start page is always read in full (discovery reads its markup). Never touches the
 * database. Throws CrawlFailure when the site cannot be read at all.
 */
export async function crawlSite(request: CrawlRequest, deps: CrawlDeps = {}): Promise<CrawlResult> {
  const now = deps.now ?? Date.now
  const started = now()
  const base = withDefaults({ userAgent: request.userAgent, allowPrivate: request.allowPrivate, politenessMs: request.politenessMs }, deps.fetcher)
  const fetcher = createFetcher(base)
  const feedFetcher = createFetcher(withDefaults(base, { respectRobots: false }))
  const frontier = new Frontier()
  const harvests: DocumentHarvest[] = []
  const sources: SourceReport[] = []
  const refused: CrawlResult['refused'] = []
  const warnings: string[] = []
  const progress: CrawlProgress = { pagesFetched: 0, sourcesFound: 0, eventsFound: 0 }
  let fingerprint: Fingerprint | undefined
  let homeText: string | undefined
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
  for (const url of request.hints.calendarUrls) frontier.add({ url, kind: 'hint-calendar', depth: 0 })
  for (const url of request.hints.eventUrls) frontier.add({ url, kind: 'hint-event', depth: 0 })

  const report = () => deps.onProgress?.({ ...progress })
  const inFlight = new Set<Promise<void>>()
  const overBudget = () => progress.pagesFetched + inFlight.size >= request.maxPages || now() - started > request.budgetMs || deps.signal?.aborted

  // Up to CONCURRENCY documents in flight (the fetcher still keeps 2 per host); tasks are taken in
  // priority order as slots free up, so a listing's next page is fetched before its detail pages.
  let fatal: unknown
  const run = async (task: Task) => {
    const result = await fetchTask(task)
    if (!result) return
    progress.pagesFetched++
    handle(task, result)
    report()
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

  const zone = inferZone(harvests, request.timezone, homeText)
  const { events, warnings: normalizeWarnings } = collectEvents(harvests, request, zone, new Date(now()).toISOString())
  warnings.push(...normalizeWarnings)
  progress.eventsFound = events.length
  progress.sourcesFound = sources.length
  return {
    organization: { name: fingerprint?.name, timezone: zone, platform: platformOf(fingerprint) },
    events,
    sources,
    progress,
    warnings: warnings.slice(0, 200),
    refused,
  }

  async function fetchTask(task: Task): Promise<FetchResult | undefined> {
    const isFeed = task.kind === 'probe' || task.kind === 'ics' || task.kind === 'feed-next' || task.kind === 'hint-calendar'
    const external = FEED_HOSTS.test(new URL(task.url).hostname)
    const known = task.kind === 'start' ? undefined : previous(task.url)
    const accept = isFeed ? 'text/calendar, application/json, */*;q=0.5' : 'text/html, */*;q=0.5'
    try {
      return await (isFeed && external ? feedFetcher : fetcher).fetch(task.url, withDefaults({ accept }, known && { etag: known.etag, lastModified: known.lastModified }))
    } catch (error) {
      if (!(error instanceof FetchError)) throw error
      if (task.kind === 'start' && !request.hints.calendarUrls.length) throw new CrawlFailure(`${task.url}: ${error.message}`, error.retryable)
      if (REFUSALS.has(error.code)) refused.push({ url: error.url, reason: `${error.code}: ${error.message}` })
      if (task.kind !== 'detail' && task.kind !== 'listing-next' && (task.expected || task.kind !== 'probe'))
        sources.push({ url: task.url, kind: task.probeKind ?? task.kind, status: error.code === 'robots_disallowed' || error.code === 'ssrf_blocked' ? 'blocked' : 'error', error: error.message, eventCount: 0 })
      return undefined
    }
  }

  function handle(task: Task, result: FetchResult): void {
    const known = result.notModified && task.kind !== 'start' ? previous(task.url) : undefined
    if (known) {
      const { url, format, candidates, links } = known.parsed
      const answer: Answer = { status: 'not_modified', httpStatus: 304, etag: result.etag ?? known.etag, lastModified: result.lastModified ?? known.lastModified, memo: known.memo }
      return absorb(task, { url, format, candidates, links, warnings: [] }, answer)
    }
    if (!result.ok) {
      if (task.kind === 'start' && !request.hints.calendarUrls.length) throw new CrawlFailure(`${task.url} answered HTTP ${result.status}`, result.status >= 500 || result.status === 429)
      if (task.expected || task.kind === 'hint-calendar' || task.kind === 'ics') sources.push({ url: task.url, kind: task.probeKind ?? task.kind, status: 'error', httpStatus: result.status, eventCount: 0 })
      return
    }
    if (task.kind === 'sitemap') return followSitemap(task, result)
    const extracted = extractDocument(result.body, { baseUrl: result.url, timezone: request.timezone, window: request.window, orgDomain: request.orgDomain }, result.contentType)
    const answer: Answer = { status: 'ok', httpStatus: result.status, etag: result.etag, lastModified: result.lastModified }
    absorb(task, { ...extracted, url: result.url }, answer)
    if (task.kind === 'start' && extracted.format === 'html') discoverFromHome(result)
  }

  /** Uses a document, read now or stood for by a 304: its candidates, its source report, and the links to follow. */
  function absorb(task: Task, doc: ReadDocument, answer: Answer): void {
    warnings.push(...doc.warnings.slice(0, 10).map((w) => `${doc.url}: ${w}`))
    const kind = FORMAT_KIND[doc.format] ?? doc.format
    const isSource = doc.candidates.length > 0 || FEED_KINDS.has(kind)
    const source: SourceReport | undefined = isSource
      ? { url: task.url, kind, platform: platformOf(fingerprint), eventCount: 0, ...answer, memo: keepMemo(answer.memo ?? writeMemo(doc.url, doc, request)) }
      : undefined
    if (source) sources.push(source)
    harvests.push({ url: doc.url, kind, format: doc.format, candidates: doc.candidates, source })
    progress.eventsFound += doc.candidates.length
    progress.sourcesFound = sources.length
    if (FEED_KINDS.has(kind) && !task.eventExport) feedEvents += doc.candidates.length
    const links = doc.links
    const onEventPage = task.kind === 'detail' || task.kind === 'hint-event'
    if (links?.next && task.depth < 20) frontier.add({ url: links.next, kind: FEED_KINDS.has(kind) ? 'feed-next' : 'listing-next', depth: task.depth + 1, probeKind: kind })
    for (const url of links?.calendars ?? []) frontier.add({ url, kind: 'ics', depth: task.depth + 1, probeKind: 'ics', ...(onEventPage ? { eventExport: true } : {}) })
    if (doc.format !== 'html') return
    for (const url of (links?.events ?? []).slice(0, request.maxPages)) frontier.add({ url, kind: 'detail', depth: task.depth + 1 })
    if ((task.kind === 'calendar-page' || task.kind === 'hint-calendar') && fingerprint?.platforms.includes('squarespace'))
      frontier.add({ url: squarespaceJsonUrl(doc.url), kind: 'probe', depth: task.depth + 1, probeKind: 'squarespace-json', expected: true })
  }

  function discoverFromHome(result: FetchResult): void {
    const html = new TextDecoder().decode(result.body)
    fingerprint = fingerprintSite(html, result.headers)
    homeText = html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ').replace(/&nbsp;|&middot;|&#183;/g, ' ')
    if (fingerprint.unreadable) {
      sources.push({ url: result.url, kind: fingerprint.unreadable.platform, platform: fingerprint.unreadable.platform, status: 'unreadable', error: fingerprint.unreadable.reason, eventCount: 0 })
      warnings.push(`${fingerprint.unreadable.platform}: ${fingerprint.unreadable.reason}`)
    }
    const origin = new URL(result.url).origin
    for (const probe of platformProbes(origin, fingerprint)) frontier.add({ url: probe.url, kind: 'probe', depth: 1, probeKind: probe.kind, expected: probe.expected })
    for (const url of calendarPages(parse(html), result.url)) frontier.add({ url, kind: 'calendar-page', depth: 1 })
    frontier.add({ url: `${origin}/sitemap.xml`, kind: 'sitemap', depth: 1 })
  }

  function followSitemap(task: Task, result: FetchResult): void {
    if (feedEvents > 0 || task.depth > 2) return
    const { sitemaps, pages } = readSitemap(new TextDecoder().decode(result.body))
    for (const url of sitemaps.slice(0, 5)) frontier.add({ url, kind: 'sitemap', depth: task.depth + 1 })
    for (const url of eventPagesOf(pages, 50)) frontier.add({ url, kind: 'detail', depth: task.depth + 1 })
  }
}

function platformOf(fp: Fingerprint | undefined): string | undefined {
  if (!fp) return undefined
  for (const p of ['the-events-calendar', 'squarespace', 'trumba', 'localist', 'drupal', 'wordpress', 'wix', 'google-calendar']) if (fp.platforms.includes(p)) return p
  return fp.platforms[0]
}
