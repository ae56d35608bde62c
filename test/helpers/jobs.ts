import type { JobRecord, Storage } from '../../src/db/storage'
import type { CrawlSettings } from '../../src/jobs/request'
import { JobRunner } from '../../src/jobs/runner'
import { orgIdFor } from '../../src/model/org-identity'
import { newJobId } from '../../src/services/index-jobs'

const DAY_MS = 24 * 3600_000

/**
 * Enqueues a pending job (and its organization) through the storage interface, as a paid request does
 * (reserved, then confirmed), with raw hints, for queue and runner tests on either backend. A loopback site
 * gives its `domain` as host:port and its `website`; the window defaults to a fixed one. `createdAt` places
 * the job in the queue's order; the job lives 24 hours from `nowMs`.
 */
export async function insertPendingJob(
  storage: Storage,
  options: { domain?: string; website?: string; window?: { start: string; end: string }; calendarUrls?: string[]; nowMs?: number; createdAt?: number } = {},
) {
  const domain = options.domain ?? `site-${Math.random().toString(36).slice(2, 8)}.example.org`
  const orgId = orgIdFor(domain)
  const now = options.nowMs ?? Date.now()
  const website = options.website ?? `https://${domain}/`
  const window = options.window ?? { start: '2026-12-01', end: '2027-02-28' }
  const jobId = newJobId()
  await storage.jobs.reserve({
    organization: { orgId, domain, website: new URL(website).origin },
    jobId,
    website,
    startDate: window.start,
    endDate: window.end,
    hints: JSON.stringify({ calendarUrls: options.calendarUrls ?? [], eventUrls: [] }),
    hintReport: JSON.stringify({ items: [], count: 0 }),
    nowMs: options.createdAt ?? now,
    expiresAt: now + DAY_MS,
  })
  if (!(await storage.jobs.confirm(jobId, now))) throw new Error('insertPendingJob: could not confirm its job')
  return { jobId, orgId, domain }
}

/** A job as stored (it must exist). */
export async function jobRow(storage: Storage, jobId: string): Promise<JobRecord> {
  const job = await storage.jobs.find(jobId)
  if (!job) throw new Error(`no job ${jobId}`)
  return job
}

/** Polls until `check` passes or the time is up (runner tests wait on real workers). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time')
    await Bun.sleep(25)
  }
}

/**
 * The real job runner and crawler worker over loopback sites, one worker, started: what a test that crawls
 * a fixture site end to end needs. Politeness is 0 only to keep such tests short (the default is pinned in
 * test/jobs/politeness.test.ts). `onStop` receives the runner's stop, for the test's cleanup list.
 */
export function startLoopbackRunner(storage: Storage, onStop: (stop: () => Promise<void>) => void, settings: Partial<CrawlSettings> = {}): JobRunner {
  const runner = new JobRunner({
    storage,
    workers: 1,
    pollMs: 50,
    settings: { maxPages: 20, budgetMs: 20_000, userAgent: 'event-index-test', allowPrivate: true, politenessMs: 0, scriptVersion: 'test', ...settings },
  })
  onStop(() => runner.stop())
  runner.start()
  return runner
}
