import type { NormalizedEvent } from './event'

/** A source of the last crawl: its validators and its memo, as JSON text (it crosses the worker boundary and is stored as is). */
export type PreviousSource = { etag?: string; lastModified?: string; memo: string }

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
  /** JSON text of the source's SourceMemo (crawl-types), kept for the next crawl's conditional request (absent when too large). */
  memo?: string
}

/** A normalized event and the URL of the source it was first found in. */
export type FoundEvent = { event: NormalizedEvent; source: string }

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
