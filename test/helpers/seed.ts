import type { CrawlResult } from '../../src/crawl/crawl-types'
import type { Storage } from '../../src/db/storage'
import type { Event } from '../../src/model/event'
import { LEASE_MS } from '../../src/model/job-state'
import { insertPendingJob } from './jobs'

/** A crawl of `domain` that found `events` on one page (what seedOrganization stores). */
export function crawlResultFor(domain: string, options: { name?: string; timezone?: string; events: Event[]; sources?: CrawlResult['sources'] }): CrawlResult {
  return {
    organization: { name: options.name ?? `Library of ${domain}`, timezone: options.timezone ?? 'America/New_York' },
    events: options.events.map((event) => ({ event, source: `https://${domain}/events` })),
    sources: options.sources ?? [{ url: `https://${domain}/events`, kind: 'page', status: 'ok', eventCount: options.events.length }],
    progress: { pagesFetched: 1, sourcesFound: 1, eventsFound: options.events.length },
    warnings: [],
    refused: [],
  }
}

/**
 * Runs a waiting job to `ready` as the job runner would: claims it by name and stores `result` for its
 * organization (the default: an empty crawl). Throws when the job cannot be claimed or stored.
 */
export async function finishJob(storage: Storage, job: { jobId: string; orgId: string }, result: CrawlResult = crawlResultFor('example.org', { events: [] }), nowMs = Date.now()): Promise<void> {
  const owner = `seed-${job.jobId}`
  if ((await storage.jobs.claim(owner, nowMs, LEASE_MS, job.jobId))?.jobId !== job.jobId) throw new Error('seed: could not claim its job')
  const outcome = await storage.events.storeCrawlResult({ jobId: job.jobId, owner, orgId: job.orgId, result, nowMs, scriptVersion: 'seed-1' })
  if (!outcome.stored) throw new Error(`seed: ${outcome.reason}`)
}

/**
 * Indexes an organization through the same path the job runner uses (a claimed job and
 * storage.events.storeCrawlResult), so the read side is tested on rows written exactly as in production,
 * on whichever backend `storage` is.
 */
export async function seedOrganization(
  storage: Storage,
  options: { domain?: string; name?: string; timezone?: string; events: Event[]; nowMs?: number; sources?: CrawlResult['sources'] },
): Promise<string> {
  const nowMs = options.nowMs ?? Date.now()
  const job = await insertPendingJob(storage, { domain: options.domain, nowMs })
  await finishJob(storage, job, crawlResultFor(job.domain, options), nowMs)
  return job.orgId
}

/** An indexed organization with `events` daily events starting tomorrow, for billing and read tests. */
export function seedIndexedOrganization(storage: Storage, options: { events: number; domain?: string; city?: string; nowMs?: number }): Promise<string> {
  const now = options.nowMs ?? Date.now()
  const events: Event[] = Array.from({ length: options.events }, (_, i) => ({
    title: `Event ${i + 1}`,
    startDate: new Date(now + (i + 1) * 86_400_000).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
    event_id: `ev-${i}`,
    city: options.city ?? 'Springfield',
  }))
  return seedOrganization(storage, { domain: options.domain, events, nowMs: now })
}
