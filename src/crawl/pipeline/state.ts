/**
 * Everything one crawl knows while it runs, in one object the loop and the task handlers share (instead of
 * closures over a dozen variables): the request, the two fetchers, the frontier, discovery, what was
 * harvested and reported so far, and the memos of the last crawl's sources.
 */
import { withDefaults } from '../../with-defaults'
import type { CrawlProgress, CrawlRequest, CrawlResult, SourceMemo, SourceReport } from '../crawl-types'
import type { DocumentHarvest, HomeSignals } from '../collect'
import type { Org } from '../discover/scope'
import { DiscoverySession } from '../discover/session'
import { createFetcher, type Fetcher, type FetcherOptions } from '../fetch/fetcher'
import { Frontier, type Task } from '../frontier'
import { memoBudget, readMemo } from '../memo'
import type { ExtractResult } from '../candidate-types'

export type CrawlDeps = {
  onProgress?: (progress: CrawlProgress) => void
  signal?: AbortSignal
  /** Test seams for the fetcher (resolver, allowed addresses, trust anchors, timeouts). */
  fetcher?: Partial<FetcherOptions>
  now?: () => number
}

/** A document as the crawl uses it: read now, or what a 304 stands for (its memo). */
export type ReadDocument = Pick<ExtractResult, 'format' | 'candidates' | 'links' | 'organizationPlace'> & Pick<SourceMemo, 'discovered'> & { url: string; warnings: string[] }
/** How a document was answered, for its source report. */
export type Answer = Pick<SourceReport, 'status' | 'httpStatus' | 'etag' | 'lastModified' | 'memo'>

export type CrawlState = {
  readonly request: CrawlRequest
  readonly deps: CrawlDeps
  readonly now: () => number
  readonly started: number
  readonly fetcher: Fetcher
  /** For calendar subscriptions on FEED_HOSTS, read without their robots.txt like a feed reader would. */
  readonly feedFetcher: Fetcher
  readonly frontier: Frontier
  readonly org: Org
  readonly discovery: DiscoverySession
  readonly harvests: DocumentHarvest[]
  readonly sources: SourceReport[]
  readonly refused: CrawlResult['refused']
  readonly warnings: string[]
  readonly progress: CrawlProgress
  /** The home page's signals for the zone, once the start page was read. */
  home?: HomeSignals
  /** Candidates that site feeds (not one event's own export) gave; once above 0, detail pages are skipped. */
  feedEvents: number
  readonly memos: Map<string, SourceMemo | undefined>
  readonly keepMemo: (text: string | undefined) => string | undefined
}

/** A fresh crawl's state; nothing is fetched yet. */
export function createCrawlState(request: CrawlRequest, deps: CrawlDeps): CrawlState {
  const now = deps.now ?? Date.now
  const base = withDefaults(
    { userAgent: request.userAgent, allowPrivate: request.allowPrivate, politenessMs: request.politenessMs, resolve: request.resolve, loopbackSites: request.loopbackSites, ca: request.ca },
    deps.fetcher,
  )
  const frontier = new Frontier()
  const org: Org = { siteHost: new URL(request.startUrl).hostname, orgDomain: request.orgDomain }
  return {
    request,
    deps,
    now,
    started: now(),
    fetcher: createFetcher(base),
    feedFetcher: createFetcher(withDefaults(base, { respectRobots: false })),
    frontier,
    org,
    discovery: new DiscoverySession(org, request.window, request.maxPages, (task) => void frontier.add(task)),
    harvests: [],
    sources: [],
    refused: [],
    warnings: [],
    progress: { pagesFetched: 0, sourcesFound: 0, eventsFound: 0 },
    feedEvents: 0,
    memos: new Map(),
    keepMemo: memoBudget(),
  }
}

/** The last crawl's report of this URL with its memo read (once per URL), when the memo fits this crawl. */
export function previousSource(state: CrawlState, url: string) {
  const known = state.request.previous?.[url]
  if (!known) return undefined
  if (!state.memos.has(url)) state.memos.set(url, readMemo(known.memo, state.request))
  const memo = state.memos.get(url)
  return memo && { ...known, parsed: memo }
}

/** The calendar platform a task belongs to, as a source report field. */
export function platformLabel(state: CrawlState, task: Task): Pick<SourceReport, 'platform'> {
  const platform = state.discovery.platformOf(task)
  return platform ? { platform } : {}
}
