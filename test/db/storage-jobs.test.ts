// Pins the storage interface's jobs, organizations, events and sources (issue 17), through the interface
// only, so that every backend runs the same suite (test/helpers/storage.ts chooses them): reserving a job
// creates its organization and is not claimable until confirmed; a claim gives a job to one runner; a
// job interrupted too often or past its life ends failed; a lost lease stores nothing; a stored crawl
// replaces the organization's events whole, records its sources and advances the events generation; a
// prune deletes ended events and refreshes counts.
import { expect, it } from 'bun:test'
import type { CrawlResult } from '../../src/crawl/crawl-types'
import type { Storage } from '../../src/db/storage'
import { MAX_INTERRUPTIONS } from '../../src/model/job-state'
import { forEachBackend } from '../helpers/storage'

const NOW = Date.parse('2026-06-01T12:00:00Z')
const DAY = 86_400_000

/** The groups these suites use (PostgreSQL runs them once its test composition has them all). */
const GROUPS = ['organizations', 'jobs', 'events', 'sources'] as const

let jobCounter = 0

/** Reserves a job for `domain` through the interface (its organization created), as the index service does. */
async function reserve(storage: Storage, domain = 'lib.example.org', nowMs = NOW) {
  const jobId = `job_test_${++jobCounter}`
  const orgId = `org_${domain.replace(/\W/g, '_')}`
  await storage.jobs.reserve({
    organization: { orgId, domain, website: `https://${domain}` },
    jobId,
    website: `https://${domain}/`,
    startDate: '2026-06-01',
    endDate: '2026-08-30',
    hints: '{"calendarUrls":[],"eventUrls":[]}',
    hintReport: '{"items":[],"count":0}',
    accountId: 'acct_1',
    nowMs,
    expiresAt: nowMs + DAY,
  })
  return { jobId, orgId, domain }
}

function crawl(domain: string, events: { id: string; start: string; title?: string }[]): CrawlResult {
  const source = `https://${domain}/events`
  return {
    organization: { name: `Library of ${domain}`, timezone: 'America/New_York' },
    events: events.map((e) => ({ event: { title: e.title ?? e.id, startDate: e.start, event_id: e.id }, source })),
    sources: [{ url: source, kind: 'page', status: 'ok', eventCount: events.length, etag: '"v1"', memo: '{"m":1}' }],
    progress: { pagesFetched: 1, sourcesFound: 1, eventsFound: events.length },
    warnings: [],
    refused: [],
  }
}

/** A job reserved, confirmed, claimed by `owner` and crawled: the organization indexed with `events`. */
async function indexed(storage: Storage, events: { id: string; start: string }[], domain = 'lib.example.org', nowMs = NOW) {
  const job = await reserve(storage, domain, nowMs)
  await storage.jobs.confirm(job.jobId, nowMs)
  const claimed = await storage.jobs.claim('owner-1', nowMs, 15_000, job.jobId)
  if (claimed?.jobId !== job.jobId) throw new Error('could not claim the job')
  const outcome = await storage.events.storeCrawlResult({ jobId: job.jobId, owner: 'owner-1', orgId: job.orgId, result: crawl(domain, events), nowMs, scriptVersion: 'test-1' })
  return { ...job, outcome }
}

forEachBackend('storage: jobs', GROUPS, (open) => {
  it('reserves a job with its organization, not claimable until confirmed, then claimed by one runner only', async () => {
    const storage = await open()
    const job = await reserve(storage)
    expect(await storage.organizations.find(job.orgId)).toMatchObject({ orgId: job.orgId, domain: 'lib.example.org', website: 'https://lib.example.org', lastIndexedAt: null })
    expect(await storage.jobs.find(job.jobId)).toMatchObject({ state: 'reserved', accountId: 'acct_1', billing: null })
    expect(await storage.jobs.claim('a', NOW + 1)).toBeUndefined()
    expect(await storage.jobs.confirm(job.jobId, NOW + 1)).toBe(true)
    expect(await storage.jobs.confirm(job.jobId, NOW + 1)).toBe(false)
    const [first, second] = await Promise.all([storage.jobs.claim('a', NOW + 2), storage.jobs.claim('b', NOW + 2)])
    expect([first?.jobId, second?.jobId].filter(Boolean)).toEqual([job.jobId])
    expect(await storage.jobs.renewLease(job.jobId, first ? 'b' : 'a', NOW + 3)).toBe(false)
    expect(await storage.jobs.renewLease(job.jobId, first ? 'a' : 'b', NOW + 3)).toBe(true)
    expect(await storage.jobs.forAccount('acct_1', 10)).toEqual([expect.objectContaining({ jobId: job.jobId, state: 'running' })])
  })

  it('keeps one organization for two reservations of its domain, and discards a reserved job whole', async () => {
    const storage = await open()
    const a = await reserve(storage)
    const b = await reserve(storage)
    expect(a.orgId).toBe(b.orgId)
    await storage.jobs.discardReserved(a.jobId)
    expect(await storage.jobs.find(a.jobId)).toBeUndefined()
    expect(await storage.jobs.find(b.jobId)).toMatchObject({ state: 'reserved' })
    expect(await storage.jobs.forAccount('acct_1', 10)).toEqual([])
  })

  it('settles billing on a reserved job: report sent, unknown, cancelled as refused', async () => {
    const storage = await open()
    const job = await reserve(storage)
    await storage.jobs.markReportSent(job.jobId, NOW + 1)
    await storage.jobs.markBillingUnknown(job.jobId, NOW + 2)
    expect(await storage.jobs.staleReserved(NOW + 3, 10)).toEqual([expect.objectContaining({ jobId: job.jobId, billing: 'unknown' })])
    expect(await storage.jobs.cancelReserved(job.jobId, 'refused', 'no', NOW + 4)).toBe(true)
    expect(await storage.jobs.cancelReserved(job.jobId, 'refused', 'no', NOW + 4)).toBe(false)
    expect(await storage.jobs.find(job.jobId)).toMatchObject({ state: 'cancelled', billing: 'refused', error: 'no' })
  })

  it('ends attempts: retry while attempts remain, lost for another owner, released uncounted', async () => {
    const storage = await open()
    const job = await reserve(storage)
    await storage.jobs.confirm(job.jobId, NOW)
    await storage.jobs.claim('a', NOW)
    expect(await storage.jobs.failAttempt(job.jobId, 'b', 'x', true, NOW)).toBe('lost')
    expect(await storage.jobs.failAttempt(job.jobId, 'a', 'flaky', true, NOW)).toBe('retry')
    await storage.jobs.claim('a', NOW + 1)
    expect(await storage.jobs.release('a', NOW + 2)).toBe(1)
    expect(await storage.jobs.find(job.jobId)).toMatchObject({ state: 'pending', attempts: 1, leaseOwner: null })
    expect(await storage.jobs.cancel(job.jobId, NOW + 3)).toBe(true)
    expect(await storage.jobs.cancel(job.jobId, NOW + 3)).toBe(false)
  })

  it('fails stuck jobs (interrupted too often, or past their life), records progress for the holder only, and purges finished jobs', async () => {
    const storage = await open()
    const interrupted = await reserve(storage, 'a.example')
    const old = await reserve(storage, 'b.example')
    for (const job of [interrupted, old]) await storage.jobs.confirm(job.jobId, NOW)
    const last = NOW + MAX_INTERRUPTIONS * 20_000
    for (let t = 0; t <= MAX_INTERRUPTIONS; t++) expect(await storage.jobs.claim(`r${t}`, NOW + t * 20_000, 1_000, interrupted.jobId)).toMatchObject({ interruptions: t })
    expect(await storage.jobs.claim('again', last + 20_000, 1_000, interrupted.jobId)).toBeUndefined()
    await storage.jobs.recordProgress(interrupted.jobId, `r${MAX_INTERRUPTIONS}`, { pagesFetched: 3 }, last + 1)
    await storage.jobs.recordProgress(interrupted.jobId, 'r0', { pagesFetched: 9 }, last + 2)
    expect(JSON.parse((await storage.jobs.find(interrupted.jobId))!.progress)).toEqual({ pagesFetched: 3 })
    expect(await storage.jobs.failStuck(last + 20_000)).toBe(1)
    expect(await storage.jobs.find(interrupted.jobId)).toMatchObject({
      state: 'failed',
      error: `the crawl was interrupted ${MAX_INTERRUPTIONS + 1} times (its process stopped each time)`,
      leaseOwner: null,
    })
    expect(await storage.jobs.failStuck(NOW + DAY)).toBe(1)
    expect(await storage.jobs.find(old.jobId)).toMatchObject({ state: 'failed', error: 'the job did not complete within 24 hours', finishedAt: NOW + DAY })
    expect(await storage.jobs.purgeFinished(NOW + DAY)).toBe(0)
    expect(await storage.jobs.purgeFinished(NOW + DAY + 1)).toBe(2)
    expect(await storage.jobs.find(old.jobId)).toBeUndefined()
  })
})

forEachBackend('storage: events and sources', GROUPS, (open) => {
  it('stores a crawl whole: events, sources, the organization indexed, the job ready, the generation advanced', async () => {
    const storage = await open()
    const before = storage.events.generation()
    const job = await indexed(storage, [
      { id: 'e1', start: '2026-06-02T10:00:00-04:00' },
      { id: 'e2', start: '2026-06-03T10:00:00-04:00' },
    ])
    expect(job.outcome).toEqual({ stored: true, eventCount: 2 })
    expect(storage.events.generation()).toBe(before + 1)
    expect(await storage.jobs.find(job.jobId)).toMatchObject({ state: 'ready', eventCount: 2, leaseOwner: null })
    expect(await storage.organizations.find(job.orgId)).toMatchObject({ name: 'Library of lib.example.org', eventCount: 2, lastIndexedAt: NOW, lastJobId: job.jobId })
    expect(await storage.events.upcomingCount(job.orgId, NOW)).toBe(2)
    expect((await storage.events.upcomingSample(job.orgId, 1, NOW)).map((r) => JSON.parse(r).event_id)).toEqual(['e1'])
    expect(JSON.parse((await storage.events.record(job.orgId, 'e2'))!)).toMatchObject({ event_id: 'e2' })
    expect(await storage.events.record(job.orgId, 'nope')).toBeUndefined()
    expect(await storage.sources.count(job.orgId)).toBe(1)
    expect(await storage.sources.forOrganization(job.orgId)).toEqual([expect.objectContaining({ url: 'https://lib.example.org/events', eventCount: 2, lastFetchedAt: NOW })])
    expect(await storage.sources.previous(job.orgId)).toEqual({ 'https://lib.example.org/events': { etag: '"v1"', memo: '{"m":1}' } })
  })

  it('replaces the events of a re-crawl, and stores nothing for a runner that lost the lease', async () => {
    const storage = await open()
    const first = await indexed(storage, [{ id: 'old', start: '2026-06-02T10:00:00-04:00' }])
    const second = await reserve(storage)
    await storage.jobs.confirm(second.jobId, NOW + 1)
    await storage.jobs.claim('owner-2', NOW + 1, 15_000, second.jobId)
    const generation = storage.events.generation()
    const lost = await storage.events.storeCrawlResult({ jobId: second.jobId, owner: 'someone-else', orgId: first.orgId, result: crawl(first.domain, []), nowMs: NOW + 2, scriptVersion: 't' })
    expect(lost).toEqual({ stored: false, reason: 'lease lost' })
    expect(storage.events.generation()).toBe(generation)
    expect(await storage.events.upcomingCount(first.orgId, NOW)).toBe(1)
    const stored = await storage.events.storeCrawlResult({
      jobId: second.jobId,
      owner: 'owner-2',
      orgId: first.orgId,
      result: crawl(first.domain, [{ id: 'new', start: '2026-06-05T10:00:00-04:00' }]),
      nowMs: NOW + 3,
      scriptVersion: 't',
    })
    expect(stored).toEqual({ stored: true, eventCount: 1 })
    expect(await storage.events.record(first.orgId, 'old')).toBeUndefined()
    expect(await storage.events.record(first.orgId, 'new')).toBeDefined()
  })

  it('prunes ended events with their organization counts, and lists stale organizations for a re-crawl', async () => {
    const storage = await open()
    const job = await indexed(storage, [
      { id: 'past', start: '2026-05-01T10:00:00-04:00' },
      { id: 'soon', start: '2026-06-02T10:00:00-04:00' },
    ])
    expect(await storage.events.pruneEnded(NOW - DAY)).toBe(1)
    expect(await storage.events.pruneEnded(NOW - DAY)).toBe(0)
    expect(await storage.organizations.find(job.orgId)).toMatchObject({ eventCount: 1 })
    expect(await storage.organizations.stale(NOW + 1, 10)).toEqual([
      { orgId: job.orgId, website: 'https://lib.example.org/', hints: '{"calendarUrls":[],"eventUrls":[]}', origin: 'https://lib.example.org' },
    ])
    expect(await storage.organizations.stale(NOW, 10)).toEqual([])
    await storage.jobs.enqueuePending([
      { jobId: 'job_recrawl', orgId: job.orgId, website: 'https://lib.example.org/', startDate: '2026-06-01', endDate: '2026-08-30', hints: '{}', nowMs: NOW, expiresAt: NOW + DAY },
    ])
    expect(await storage.organizations.stale(NOW + 1, 10)).toEqual([])
    expect(await storage.jobs.find('job_recrawl')).toMatchObject({ state: 'pending', billing: null })
  })
})
