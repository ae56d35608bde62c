import type { CrawlRequest } from '../crawl/crawl-types'
import type { LoopbackSite, ResolveOverride } from '../crawl/fetch/resolve-overrides'
import type { JobRecord, Storage } from '../db/storage'
import { crawlWindow } from '../model/dates'

/** Operator settings every crawl request carries (from the configuration). */
export type CrawlSettings = {
  maxPages: number
  budgetMs: number
  userAgent: string
  allowPrivate: boolean
  /** Absent in production: the fetcher's default (500 ms, or robots.txt's Crawl-delay) applies. Tests and benchmarks set 0. */
  politenessMs?: number
  /** CRAWL_RESOLVE, parsed; present only with CRAWL_ALLOW_PRIVATE. */
  resolve?: ResolveOverride[]
  /** Loopback sites reachable without allowPrivate: the demo site of `event-index dev` only. */
  loopbackSites?: LoopbackSite[]
  /** Extra trust anchors (PEM) for a test web served over https; tests only, never from the configuration. */
  ca?: string
  scriptVersion: string
}

/** A job's stored hints, whatever was written (the column's default is `{}`): both lists, URLs only. */
function readHints(text: string): CrawlRequest['hints'] {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    raw = {}
  }
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [])
  const hints = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>
  return { calendarUrls: list(hints.calendarUrls), eventUrls: list(hints.eventUrls) }
}

/**
 * Everything a worker needs for one job, read on the main thread (workers never touch the database):
 * the job's window (opened a day early when it starts on the day the job was asked for, see
 * `crawlWindow`) and hints, the organization's domain and known zone, and the sources of the last
 * crawl with their validators and memos, for conditional requests. Settings that are not set stay
 * absent, never `undefined` over a default.
 */
export async function buildCrawlRequest(storage: Storage, job: JobRecord, settings: CrawlSettings): Promise<CrawlRequest> {
  const org = await storage.organizations.find(job.orgId)
  if (!org) throw new Error(`organization ${job.orgId} is missing`)
  const request: CrawlRequest = {
    startUrl: job.website,
    orgDomain: org.domain,
    window: crawlWindow(job.startDate, job.endDate, job.createdAt),
    hints: readHints(job.hints),
    maxPages: settings.maxPages,
    budgetMs: settings.budgetMs,
    userAgent: settings.userAgent,
    allowPrivate: settings.allowPrivate,
    previous: await storage.sources.previous(job.orgId),
    scriptVersion: settings.scriptVersion,
  }
  if (org.timezone) request.timezone = org.timezone
  if (settings.politenessMs !== undefined) request.politenessMs = settings.politenessMs
  if (settings.resolve?.length) request.resolve = settings.resolve
  if (settings.loopbackSites?.length) request.loopbackSites = settings.loopbackSites
  if (settings.ca) request.ca = settings.ca
  return request
}
