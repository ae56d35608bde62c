// Drill (issue 12, "search during crawls"): crawl results are stored by the crawl writer, a worker with its
// own connection, never on the request thread. While a deliberately slow store holds the database's write
// lock (real SQLite work inside its transaction, until the test releases it), the service on a real
// socket answers its health check and signed searches (their replay keys decided at once, stored once the
// lock is free) before the store ends; the store then completes and its events are found. A writer that
// dies mid-store leaves the organization's previous events (its transaction rolls back with it), fails
// that store as a storage failure (the job is crawled again), and the next store is written by a new
// writer. Ordering, not durations.
// SQLite only: the crawl writer is SQLite's (PostgreSQL stores on its own connection pool).
import { afterEach, describe, expect, it } from 'bun:test'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Server } from 'bun'
import { createApp } from '../../src/app'
import { loadConfig } from '../../src/config'
import { closeDatabase, migrate, openDatabase } from '../../src/db'
import { readPool } from '../../src/db/read-pool'
import { sqliteStorage } from '../../src/db/sqlite-storage'
import type { Storage } from '../../src/db/storage'
import { isStorageFailure } from '../../src/errors'
import { startServer } from '../../src/http/server'
import { silentLogger } from '../../src/log'
import { LEASE_MS } from '../../src/model/job-state'
import { gatewayHeaders, TEST_KEYRING } from '../helpers/gateway'
import { insertPendingJob } from '../helpers/jobs'
import { crawlResultFor, seedIndexedOrganization } from '../helpers/seed'
import { tempDir } from '../helpers/tmp'

const SLOW_WRITER = new URL('../fixtures/workers/slow-write-worker.ts', import.meta.url).href
const DOMAIN = 'library.example.org'
const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function service() {
  const tmp = tempDir()
  cleanups.push(tmp.cleanup)
  const path = join(tmp.dir, 'drill.sqlite')
  const db = openDatabase(path)
  migrate(db)
  const storage = sqliteStorage(db, { path, writerUrl: SLOW_WRITER })
  await seedIndexedOrganization(storage, { events: 3, domain: DOMAIN, city: 'Springfield' })
  const reads = readPool({ path, workers: 2 })
  const replay = storage.replayStore()
  const app = createApp({ config: loadConfig({ GW_SIGNING_KEYS: TEST_KEYRING }), storage, reads, replay })
  const server: Server<undefined> = startServer(app, { hostname: '127.0.0.1', port: 0, logger: silentLogger })
  cleanups.push(async () => {
    await server.stop(true)
    await reads.close()
    await storage.close()
  })
  const url = `http://127.0.0.1:${server.port}`
  let n = 0
  const search = async (city: string) => {
    const path = `/api/v1/search/events?city=${city}&n=${n++}`
    const res = await fetch(`${url}${path}`, { headers: gatewayHeaders('GET', path, '') })
    return { status: res.status, count: ((await res.json()) as { count?: number }).count }
  }
  const replayRows = () => (db.$client.query('SELECT count(*) AS n FROM replay_keys').get() as { n: number }).n
  return { url, dir: tmp.dir, storage, search, replay, replayRows }
}

/** A re-crawl of the drill's organization that found `events` events in Shelbyville, stored by the runner's path (a claimed job; `job` to store an attempt of it again). */
async function recrawl(storage: Storage, name: string, events: number, job?: { jobId: string; orgId: string }) {
  job ??= await insertPendingJob(storage, { domain: DOMAIN })
  await storage.jobs.claim('runner', Date.now(), LEASE_MS, job.jobId)
  const found = Array.from({ length: events }, (_, i) => ({ title: `New ${i}`, startDate: new Date(Date.now() + (i + 1) * 86_400_000).toISOString(), event_id: `new-${i}`, city: 'Shelbyville' }))
  const result = crawlResultFor(DOMAIN, { name, events: found })
  const stored = storage.events.storeCrawlResult({ jobId: job.jobId, owner: 'runner', orgId: job.orgId, result, nowMs: Date.now(), scriptVersion: 'drill-1' })
  return { job, stored }
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await Bun.sleep(5)
}

describe('a slow crawl store', () => {
  it('never stalls health checks or signed searches, whose replay keys are stored once the lock is free', async () => {
    const { url, dir, storage, search, replay, replayRows } = await service()
    let storeDone = false
    const store = (await recrawl(storage, 'slow-drill', 4)).stored.then((outcome) => {
      storeDone = true
      return outcome
    })
    await until(() => existsSync(join(dir, 'started')))
    const keysBefore = replayRows()

    expect((await fetch(`${url}/api/v1/health`)).status).toBe(200)
    // the old events are read as they were: the store's transaction is not committed
    expect(await search('Springfield')).toEqual({ status: 200, count: 3 })
    expect(await search('Shelbyville')).toEqual({ status: 200, count: 0 })
    expect(storeDone).toBe(false)
    // the searches' keys wait for the lock (the writer holds it), and are refused as replays meanwhile
    await Bun.sleep(30)
    expect(replayRows()).toBe(keysBefore)

    writeFileSync(join(dir, 'release'), '')
    expect(await store).toEqual({ stored: true, eventCount: 4 })
    expect(await search('Shelbyville')).toEqual({ status: 200, count: 4 })
    expect(await search('Springfield')).toEqual({ status: 200, count: 0 })
    await replay.flush()
    expect(replayRows()).toBe(keysBefore + 4)
  })

  it('keeps the previous events when its writer dies mid-store, and the next store is written', async () => {
    const { storage, search } = await service()
    const { job, stored } = await recrawl(storage, 'crash-drill', 4)
    const failed = await stored.then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(isStorageFailure(failed)).toBe(true)
    expect(await search('Springfield')).toEqual({ status: 200, count: 3 })
    // the runner ends the attempt (retried), and the next attempt of the job is stored
    expect(await storage.jobs.failAttempt(job.jobId, 'runner', 'the crawl writer stopped while storing', true, Date.now())).toBe('retry')
    expect(await (await recrawl(storage, 'Library', 2, job)).stored).toEqual({ stored: true, eventCount: 2 })
    expect(await search('Shelbyville')).toEqual({ status: 200, count: 2 })
    expect(await search('Springfield')).toEqual({ status: 200, count: 0 })
  })
})
