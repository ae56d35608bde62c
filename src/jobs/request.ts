import type { CrawlRequest } from '../crawl/crawl-types'
import type { Db } from '../db'
import type { JobRow } from '../db/queries/jobs'

/** Operator settings every crawl request carries (from the configuration). */
export type CrawlSettings = {
  maxPages: number
  budgetMs: number
  userAgent: string
  allowPrivate: boolean
  politenessMs?: number
  scriptVersion: string
}

/**
 * Everything a worker needs for one job, read on the main thread (workers never touch the database):
 * the job's window and hints, the organization's domain and known zone, and the ETag/Last-Modified of
 * the sources seen last time, for conditional requests.
 */
export function buildCrawlRequest(db: Db, job: JobRow, settings: CrawlSettings): CrawlRequest {
  const org = db.$client.query('SELECT domain, timezone FROM organizations WHERE org_id = ?1').get(job.orgId) as { domain: string; timezone: string | null } | null
  if (!org) throw new Error(`organization ${job.orgId} is missing`)
  const validators: CrawlRequest['validators'] = {}
  for (const s of db.$client.query('SELECT url, etag, last_modified FROM sources WHERE org_id = ?1').all(job.orgId) as { url: string; etag: string | null; last_modified: string | null }[])
    if (s.etag || s.last_modified) validators[s.url] = { etag: s.etag ?? undefined, lastModified: s.last_modified ?? undefined }
  return {
    startUrl: job.website,
    orgDomain: org.domain,
    window: { start: job.startDate, end: job.endDate },
    hints: JSON.parse(job.hints),
    timezone: org.timezone ?? undefined,
    maxPages: settings.maxPages,
    budgetMs: settings.budgetMs,
    userAgent: settings.userAgent,
    allowPrivate: settings.allowPrivate,
    politenessMs: settings.politenessMs,
    validators,
    scriptVersion: settings.scriptVersion,
  }
}
