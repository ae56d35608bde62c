import type { Event } from '../model/event'

/** What one crawl of one organization needs; plain data, so it crosses the worker boundary as is. */
export type CrawlRequest = {
  /** Where discovery starts (the URL the caller gave, normalized). */
  startUrl: string
  /** The organization's registrable domain (host:port for a private test site). */
  orgDomain: string
  window: { start: string; end: string }
  hints: { calendarUrls: string[]; eventUrls: string[] }
  /** The organization's zone when known from an earlier crawl. */
  timezone?: string
  maxPages: number
  /** Wall-clock budget of the whole crawl. */
  budgetMs: number
  userAgent: string
  allowPrivate: boolean
  /** Politeness delay between requests to one host (0 for benchmarks). */
  politenessMs?: number
  /** Conditional-request validators from the last crawl, by source URL. */
  validators?: Record<string, { etag?: string; lastModified?: string }>
  scriptVersion: string
}

export type CrawlProgress = { pagesFetched: number; sourcesFound: number; eventsFound: number }

/** One calendar source found on the site and what became of it. */
export type SourceReport = {
  url: string
  /** ics, tec-rest, squarespace-json, rss, localist, page, listing, detail, google-calendar, … */
  kind: string
  platform?: string
  status: 'ok' | 'not_modified' | 'error' | 'blocked' | 'unreadable'
  httpStatus?: number
  error?: string
  eventCount: number
  etag?: string
  lastModified?: string
}

/** A normalized event and the source URL it came from (kept so a not-modified source keeps its events). */
export type FoundEvent = { event: Event; source: string }

export type CrawlResult = {
  organization: { name?: string; timezone?: string; platform?: string }
  /** The zone the events were normalized in and how it was chosen (reported in the job's notes). */
  zone?: { zone: string; how: string }
  events: FoundEvent[]
  sources: SourceReport[]
  progress: CrawlProgress
  warnings: string[]
  /** URLs the crawler refused to fetch (robots.txt, SSRF guard, budget) with the reason. */
  refused: { url: string; reason: string }[]
}
