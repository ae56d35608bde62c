// Pins the job runner (DESIGN §5 and §6, issue 5) with real Bun Workers running a scripted crawler:
// results are stored by the runner alone, progress is visible while running, a crashing worker is
// replaced and its job retried, a job that keeps crashing ends failed with its reason, a non-retryable
// failure fails at once, a failed re-crawl keeps the old events, and a graceful stop gives its running
// job back at once without using up an attempt (issue 11); workers are started only for a job and
// stopped once idle, at most the configured number (issue 12: an idle crawler costs memory and start-up),
// and each gets the process's shared gazetteer block as its first message (issue 12: decoded once).
// Runs on both backends (the runner writes through the storage interface only).
import { afterAll, afterEach, expect, it } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Storage } from '../../src/db/storage'
import { gazetteerBlock } from '../../src/geo/gazetteer'
import { JobRunner } from '../../src/jobs/runner'
import { eventually, insertPendingJob, jobRow } from '../helpers/jobs'
import { countRows } from '../helpers/peek'
import { forEachBackend } from '../helpers/storage'
import { tempDir } from '../helpers/tmp'

const WORKER = new URL('../fixtures/workers/scripted-worker.ts', import.meta.url).href
const runners: JobRunner[] = []
const tmp = tempDir()
afterEach(async () => {
  for (const r of runners.splice(0)) await r.stop()
})
afterAll(() => tmp.cleanup())

function setup(storage: Storage, workers = 1, idleMs?: number) {
  const runner = new JobRunner({
    storage,
    workers,
    workerUrl: WORKER,
    pollMs: 50,
    leaseMs: 5000,
    idleMs,
    settings: { maxPages: 10, budgetMs: 10_000, userAgent: 'test', allowPrivate: true, scriptVersion: '1.2.3' },
  })
  runners.push(runner)
  return { storage, runner }
}

const state = async (storage: Storage, jobId: string) => (await jobRow(storage, jobId)).state

const ready = (storage: Storage, jobs: { jobId: string }[]) => async () => (await Promise.all(jobs.map((j) => state(storage, j.jobId)))).every((s) => s === 'ready')

forEachBackend('JobRunner', (open) => {
  it('runs a job in a worker, shows progress, and stores the result', async () => {
    const { storage, runner } = setup(await open())
    const { jobId } = await insertPendingJob(storage, { calendarUrls: ['script:ok'] })
    runner.start()
    await eventually(async () => {
      const job = await jobRow(storage, jobId)
      return job.state === 'running' && JSON.parse(job.progress).pagesFetched === 3
    })
    await eventually(async () => (await state(storage, jobId)) === 'ready')
    expect((await jobRow(storage, jobId)).eventCount).toBe(2)
    expect(await countRows(storage, 'events')).toBe(2)
    expect(runner.status()).toEqual({ status: 'running', configured: 1, alive: 1, busy: 0 })
  })

  it('replaces a crashed worker and retries its job', async () => {
    const { storage, runner } = setup(await open())
    const marker = join(tmp.dir, `crash-${Date.now()}-${Math.random()}`)
    const { jobId } = await insertPendingJob(storage, { calendarUrls: [`script:crash-once@${marker}`] })
    runner.start()
    await eventually(async () => (await state(storage, jobId)) === 'ready')
    expect((await jobRow(storage, jobId)).attempts).toBe(2)
    expect(runner.status().alive).toBe(1)
  })

  it('fails a job that crashes its worker every time, once its attempts (three by default) are used, with the reason', async () => {
    const { storage, runner } = setup(await open())
    const { jobId } = await insertPendingJob(storage, { calendarUrls: ['script:crash'] })
    runner.start()
    await eventually(async () => (await state(storage, jobId)) === 'failed')
    expect(await jobRow(storage, jobId)).toMatchObject({ attempts: 3 })
    expect((await jobRow(storage, jobId)).error).toStartWith('the crawler worker crashed')
  })

  it('fails a non-retryable error at once and keeps the events of the previous crawl', async () => {
    const { storage, runner } = setup(await open())
    const first = await insertPendingJob(storage, { domain: 'lib.example.org', calendarUrls: ['script:ok'] })
    runner.start()
    await eventually(async () => (await state(storage, first.jobId)) === 'ready')
    const second = await insertPendingJob(storage, { domain: 'lib.example.org', calendarUrls: ['script:error'] })
    runner.kick()
    await eventually(async () => (await state(storage, second.jobId)) === 'failed')
    expect(await jobRow(storage, second.jobId)).toMatchObject({ attempts: 1, error: 'the site answered 410 Gone' })
    expect(await countRows(storage, 'events', 'org_id = ?', first.orgId)).toBe(2)
  })

  it("gives each worker the process's shared gazetteer block before any job, so the file is decoded once", async () => {
    const { storage, runner } = setup(await open())
    const job = await insertPendingJob(storage, { domain: 'lib.example.org', calendarUrls: ['script:gazetteer'] })
    runner.start()
    await eventually(async () => (await state(storage, job.jobId)) === 'failed')
    expect((await jobRow(storage, job.jobId)).error).toBe(`first message: gazetteer; shared block of ${gazetteerBlock().memory.byteLength} bytes`)
  })

  it('runs jobs of different organizations in parallel on several workers', async () => {
    const { storage, runner } = setup(await open(), 2)
    const jobs = [await insertPendingJob(storage, { calendarUrls: ['script:ok'] }), await insertPendingJob(storage, { calendarUrls: ['script:ok'] })]
    runner.start()
    await eventually(() => runner.status().busy === 2, 5000)
    await eventually(ready(storage, jobs))
  })

  it('gives its running job back when it stops, so the next runner claims it at once and the attempt is not counted', async () => {
    const first = setup(await open())
    const marker = join(tmp.dir, `hang-${Date.now()}-${Math.random()}`)
    const { jobId } = await insertPendingJob(first.storage, { calendarUrls: [`script:hang-once@${marker}`] })
    first.runner.start()
    await eventually(async () => (await state(first.storage, jobId)) === 'running' && existsSync(marker))
    await first.runner.stop()
    expect(await jobRow(first.storage, jobId)).toMatchObject({ state: 'pending', attempts: 0, leaseOwner: null })
    const second = setup(first.storage)
    second.runner.start()
    await eventually(async () => (await state(first.storage, jobId)) === 'ready', 2000)
    expect(await jobRow(first.storage, jobId)).toMatchObject({ attempts: 1, interruptions: 0 })
  })

  it('starts no worker before a job, at most the configured number, and stops one left idle', async () => {
    const { storage, runner } = setup(await open(), 2, 300)
    runner.start()
    expect(runner.status()).toEqual({ status: 'running', configured: 2, alive: 0, busy: 0 })
    const jobs = await Promise.all([0, 1, 2].map(() => insertPendingJob(storage, { calendarUrls: ['script:ok'] })))
    let most = 0
    const watch = setInterval(() => (most = Math.max(most, runner.status().alive)), 5)
    runner.kick()
    await eventually(ready(storage, jobs))
    clearInterval(watch)
    expect(most).toBe(2)
    expect(runner.status().alive).toBeGreaterThan(0)
    await eventually(() => runner.status().alive === 0)
  })
})
