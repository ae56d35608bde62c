import type { PreviousSource } from '../model/crawl-result'
import type { LoopbackSite, ResolveOverride } from './fetch/resolve-overrides'
import type { Task } from './frontier'
import type { Candidate, CandidatePlace, CrawlWindow, ExtractLinks, Format } from './candidate-types'

/** What one crawl of one organization needs; plain data, so it crosses the worker boundary as is. */
export type CrawlRequest = {
  /** Where discovery starts (the URL the caller gave, normalized). */
  startUrl: string
  /** The organization's registrable domain (host:port for a private test site). */
  orgDomain: string
  window: CrawlWindow
  hints: { calendarUrls: string[]; eventUrls: string[] }
  /** The organization's zone when known from an earlier crawl. */
  timezone?: string
  maxPages: number
  /** Wall-clock budget of the whole crawl. */
  budgetMs: number
  userAgent: string
  allowPrivate: boolean
  /** Politeness delay between requests to one host: 500 ms when absent or undefined; 0 only for tests and benchmarks. */
  politenessMs?: number
  /** CRAWL_RESOLVE (present only with CRAWL_ALLOW_PRIVATE): host names connected to a given address, a test web on loopback. */
  resolve?: ResolveOverride[]
  /** Loopback sites this crawl may reach without allowPrivate (the demo site of `event-index dev`); never set by `serve`. */
  loopbackSites?: LoopbackSite[]
  /** Extra trust anchors (PEM) for https: a test web's self-signed certificate. Never set in production. */
  ca?: string
  /** The sources of the last crawl that may be asked for conditionally, by source URL. */
  previous?: Record<string, PreviousSource>
  scriptVersion: string
}

/**
 * What one document gave when it was last read: its candidates and the links it led to (detail pages,
 * feeds, its next page). A 304 Not Modified stands for the document only with this, since the crawl must
 * go on to the same children and normalize the same candidates (issue 12). Extraction depends on the
 * window and the crawler's version, so a memo is used only when both are the same.
 */
export type SourceMemo = {
  url: string
  format: Format
  candidates: Candidate[]
  links?: ExtractLinks
  /** What discovery planned from the document (a listing page's embedded platforms and strong links): planned again on a 304. */
  discovered?: Task[]
  /** The organization's own address the document stated (its footer, JSON-LD Organization): the events' last-resort city. */
  organizationPlace?: CandidatePlace
  window: { start: string; end: string }
  scriptVersion: string
}

/** The crawl's result as storage receives it: plain types in model/, so db/ imports no crawl code. */
export type { CrawlProgress, CrawlResult, FoundEvent, PreviousSource, SourceReport } from '../model/crawl-result'
