/**
 * Using a document, read now or stood for by a 304: its candidates become a harvest, it gets a source
 * report (with a memo for the next crawl's conditional request), and the links it gives (next page,
 * iCalendar exports, detail pages) go to the frontier. Shared by every task handler.
 */
import { extractDocument } from '../extract'
import type { FetchResult } from '../fetch/fetcher'
import type { Task } from '../frontier'
import { FORMAT_KIND } from '../discover/platform-tasks'
import { writeMemo } from '../memo'
import type { SourceReport } from '../crawl-types'
import { platformLabel, previousSource, type Answer, type CrawlState, type ReadDocument } from './state'

export const FEED_KINDS = new Set(['ics', 'tec-rest', 'tec-ics', 'squarespace-json', 'trumba', 'localist', 'json', 'rss', 'atom'])

/** Records a document's candidates and source report and queues its links; returns how many candidates it gave. */
export function absorb(state: CrawlState, task: Task, doc: ReadDocument, answer: Answer): number {
  const { request, progress, sources } = state
  state.warnings.push(...doc.warnings.slice(0, 10).map((w) => `${doc.url}: ${w}`))
  const kind = FORMAT_KIND[doc.format] ?? doc.format
  const isSource = doc.candidates.length > 0 || FEED_KINDS.has(kind)
  const source: SourceReport | undefined = isSource
    ? { url: task.url, kind, ...platformLabel(state, task), eventCount: 0, ...answer, memo: state.keepMemo(answer.memo ?? writeMemo(doc.url, doc, request)) }
    : undefined
  if (source) sources.push(source)
  state.harvests.push({ url: doc.url, kind, format: doc.format, candidates: doc.candidates, source, ...(doc.organizationPlace ? { organizationPlace: doc.organizationPlace } : {}) })
  progress.eventsFound += doc.candidates.length
  progress.sourcesFound = sources.length
  if (FEED_KINDS.has(kind) && !task.eventExport) state.feedEvents += doc.candidates.length
  followLinks(state, task, doc, kind)
  return doc.candidates.length
}

function followLinks(state: CrawlState, task: Task, doc: ReadDocument, kind: string): void {
  const { frontier, discovery } = state
  const links = doc.links
  const follow = (url: string) => discovery.mayFollow(task, url)
  const onEventPage = task.kind === 'detail' || task.kind === 'hint-event'
  const inherited = task.platform ? { platform: task.platform } : {}
  if (links?.next && task.depth < 20 && follow(links.next))
    frontier.add({ url: links.next, kind: FEED_KINDS.has(kind) ? 'feed-next' : 'listing-next', depth: task.depth + 1, probeKind: kind, ...inherited })
  for (const url of (links?.calendars ?? []).filter(follow)) frontier.add({ url, kind: 'ics', depth: task.depth + 1, probeKind: 'ics', ...inherited, ...(onEventPage ? { eventExport: true } : {}) })
  if (doc.format === 'html') for (const url of (links?.events ?? []).filter(follow).slice(0, state.request.maxPages)) frontier.add({ url, kind: 'detail', depth: task.depth + 1, ...inherited })
}

/**
 * A 304 for a source of the last crawl: its memo stands for the document, so its candidates count again,
 * its links are followed again and what discovery planned from it is planned again. Undefined when the
 * answer is not such a 304 (the start page and POSTs are always read in full).
 */
export function replayMemo(state: CrawlState, task: Task, result: FetchResult): number | undefined {
  const known = result.notModified && task.kind !== 'start' && !task.post ? previousSource(state, task.url) : undefined
  if (!known) return undefined
  const { url, format, candidates, links, discovered, organizationPlace } = known.parsed
  const answer: Answer = { status: 'not_modified', httpStatus: 304, etag: result.etag ?? known.etag, lastModified: result.lastModified ?? known.lastModified, memo: known.memo }
  state.discovery.replan(discovered)
  return absorb(state, task, { url, format, candidates, links, warnings: [], ...(organizationPlace ? { organizationPlace } : {}) }, answer)
}

/** Extracts a fetched document and absorbs it; `discover` lets a listing page plan more tasks from its markup. */
export function extractAndAbsorb(state: CrawlState, task: Task, result: FetchResult, discover?: (format: string) => Task[] | undefined) {
  const { request } = state
  const extracted = extractDocument(result.body, { baseUrl: result.url, timezone: request.timezone, window: request.window, orgDomain: request.orgDomain }, result.contentType)
  const answer: Answer = { status: 'ok', httpStatus: result.status, etag: result.etag, lastModified: result.lastModified }
  const discovered = discover?.(extracted.format)
  const gave = absorb(state, task, { ...extracted, url: result.url, discovered }, answer)
  state.discovery.replan(discovered)
  return { gave, format: extracted.format }
}
