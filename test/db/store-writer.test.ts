// Pins the crawl writer of a SQLite file (issue 12) as the service's storage uses it by default (opened on
// a file): a crawl is stored with the outcome the store gives, what it wrote is seen by the request
// thread's connection, and only a committed store advances the read caches' generation there (a store
// refused for a lost lease does not). A closed storage refuses stores as it refuses any use
// (SQLITE_MISUSE). The scheduler's daily delete of ended events is the writer's too: it deletes what ended
// before its time and advances the generation only when it deleted something. That the store runs off the
// request thread is the drill's (drills/slow-store.test.ts).
// SQLite only: the crawl writer is SQLite's.
import { afterEach, describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { openStorage } from '../../src/db/open-storage'
import type { Storage } from '../../src/db/storage'
import { isStorageFailure } from '../../src/errors'
import { LEASE_MS } from '../../src/model/job-state'
import { insertPendingJob } from '../helpers/jobs'
import { crawlResultFor } from '../helpers/seed'
import { tempDir } from '../helpers/tmp'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function service(): Promise<Storage> {
  const tmp = tempDir()
  const storage = await openStorage({ path: join(tmp.dir, 'writer.sqlite') })
  await storage.migrate()
  cleanups.push(tmp.cleanup, () => storage.close())
  return storage
}

const events = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `E ${i}`, startDate: new Date(Date.now() + (i + 1) * 86_400_000).toISOString(), event_id: `e-${i}` }))

describe('the crawl writer', () => {
  it('stores a claimed crawl, and only a committed store advances the generation', async () => {
    const storage = await service()
    const job = await insertPendingJob(storage, { domain: 'writer.example.org' })
    await storage.jobs.claim('runner', Date.now(), LEASE_MS, job.jobId)
    const args = { jobId: job.jobId, orgId: job.orgId, result: crawlResultFor('writer.example.org', { events: events(3) }), nowMs: Date.now(), scriptVersion: 't-1' }
    const before = storage.events.generation()

    expect(await storage.events.storeCrawlResult({ ...args, owner: 'another-runner' })).toEqual({ stored: false, reason: 'lease lost' })
    expect(storage.events.generation()).toBe(before)

    expect(await storage.events.storeCrawlResult({ ...args, owner: 'runner' })).toEqual({ stored: true, eventCount: 3 })
    expect(storage.events.generation()).toBe(before + 1)
    expect(await storage.events.upcomingCount(job.orgId, Date.now())).toBe(3)
    expect((await storage.jobs.find(job.jobId))?.state).toBe('ready')
  })

  it('prunes ended events on the writer, advancing the generation only when it deleted some', async () => {
    const storage = await service()
    const job = await insertPendingJob(storage, { domain: 'prune.example.org' })
    await storage.jobs.claim('runner', Date.now(), LEASE_MS, job.jobId)
    const past = (days: number, i: number) => ({ title: `Past ${i}`, startDate: new Date(Date.now() - days * 86_400_000).toISOString(), event_id: `p-${i}` })
    const result = crawlResultFor('prune.example.org', { events: [...events(2), past(3, 1), past(4, 2)] })
    expect(await storage.events.storeCrawlResult({ jobId: job.jobId, orgId: job.orgId, owner: 'runner', result, nowMs: Date.now(), scriptVersion: 't-1' })).toMatchObject({ stored: true })
    const before = storage.events.generation()

    expect(await storage.events.pruneEnded(Date.now() - 86_400_000)).toBe(2)
    expect(storage.events.generation()).toBe(before + 1)
    expect((await storage.organizations.find(job.orgId))?.eventCount).toBe(2)
    expect(await storage.events.pruneEnded(Date.now() - 86_400_000)).toBe(0)
    expect(storage.events.generation()).toBe(before + 1)
  })

  it('refuses stores once the storage is closed', async () => {
    const storage = await service()
    await storage.close()
    const job = { jobId: 'job_x', orgId: 'org_x' }
    const refused = await storage.events
      .storeCrawlResult({ ...job, owner: 'runner', result: crawlResultFor('x.example.org', { events: [] }), nowMs: Date.now(), scriptVersion: 't-1' })
      .catch((error: unknown) => error)
    expect(isStorageFailure(refused)).toBe(false)
    expect((refused as { code?: string }).code).toBe('SQLITE_MISUSE')
  })
})
