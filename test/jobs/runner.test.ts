// Pins the job runner (DESIGN §5 and §6, issue 5) with real Bun Workers running a scripted crawler:
// results are stored by the runner alone, progress is visible while running, a crashing worker is
// replaced and its job retried, a job that keeps crashing ends failed with its reason, a non-retryable
// failure fails at once, a failed re-crawl keeps the old events, and a graceful stop gives its running
// job back at once without using up an attempt (issue 11); workers are started only for a job and
// stopped once idle, at most the configured number (issue 12: an idle crawler costs memory and start-up).
import { sqliteStorage } from '../../src/db/sqlite-storage'
import { afterAll, afterEach, describe, expect, it } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { migrate, openDatabase } from '../../src/db'
import { JobRunner } from '../../src/jobs/runner'
import { eventually, insertPendingJob, jobRow } from '../helpers/jobs'
import { tempDir } from '../helpers/tmp'

const WORKER = new URL('../fixtures/workers/scripted-worker.ts', import.meta.url).href
const runners: JobRunner[] = []
const tmp = tempDir()
afterEach(async () => {
  for (const r of runners.splice(0)) await r.stop()
})
afterAll(() => tmp.cleanup())

function setup(workers = 1, db = openDatabase(':memory:'), idleMs?: number) {
  migrate(db)
  const runner = new JobRunner({
    storage: sqliteStorage(db),
    workers,
    workerUrl: WORKER,
    pollMs: 50,
    leaseMs: 5000,
    idleMs,
    settings: { maxPages: 10, budgetMs: 10_000, userAgent: 'test', allowPrivate: true, scriptVersion: '1.2.3' },
  })
  runners.push(runner)
  return { db, runner }
}

describe('JobRunner', () => {
  it('runs a job in a worker, shows progress, and stores the result', async () => {
    const { db, runner } = setup()
    const { jobId } = insertPendingJob(db, { calendarUrls: ['script:ok'] })
    runner.start()
    await eventually(() => jobRow(db, jobId).state === 'running' && JSON.parse(jobRow(db, jobId).progress).pagesFetched === 3)
    await eventually(() => jobRow(db, jobId).state === 'ready')
    expect(jobRow(db, jobId).event_count).toBe(2)
    expect((db.$client.query('SELECT count(*) AS n FROM events').get() as { n: number }).n).toBe(2)
    expect(runner.status()).toEqual({ status: 'running', configured: 1, alive: 1, busy: 0 })
  })

  it('replaces a crashed worker and retries its job', async () => {
    const { db, runner } = setup()
    const marker = join(tmp.dir, `crash-${Date.now()}`)
    const { jobId } = insertPendingJob(db, { calendarUrls: [`script:crash-once@${marker}`] })
    runner.start()
    await eventually(() => jobRow(db, jobId).state === 'ready')
    expect(jobRow(db, jobId).attempts).toBe(2)
    expect(runner.status().alive).toBe(1)
  })

  it('fails a job that crashes its worker every time, with the reason', async () => {
    const { db, runner } = setup()
    const { jobId } = insertPendingJob(db, { calendarUrls: ['script:crash'], maxAttempts: 2 })
    runner.start()
    await eventually(() => jobRow(db, jobId).state === 'failed')
    expect(jobRow(db, jobId).error).toStartWith('the crawler worker crashed')
  })

  it('fails a non-retryable error at once and keeps the events of the previous crawl', async () => {
    const { db, runner } = setup()
    const first = insertPendingJob(db, { domain: 'lib.example.org', calendarUrls: ['script:ok'] })
    runner.start()
    await eventually(() => jobRow(db, first.jobId).state === 'ready')
    const second = insertPendingJob(db, { domain: 'lib.example.org', calendarUrls: ['script:error'] })
    runner.kick()
    await eventually(() => jobRow(db, second.jobId).state === 'failed')
    expect(jobRow(db, second.jobId)).toMatchObject({ attempts: 1, error: 'the site answered 410 Gone' })
    expect((db.$client.query('SELECT count(*) AS n FROM events WHERE org_id = ?').get(first.orgId) as { n: number }).n).toBe(2)
  })

  it('runs jobs of different organizations in parallel on several workers', async () => {
    const { db, runner } = setup(2)
    const jobs = [insertPendingJob(db, { calendarUrls: ['script:ok'] }), insertPendingJob(db, { calendarUrls: ['script:ok'] })]
    runner.start()
    await eventually(() => runner.status().busy === 2, 5000)
    await eventually(() => jobs.every((j) => jobRow(db, j.jobId).state === 'ready'))
  })

  it('gives its running job back when it stops, so the next runner claims it at once and the attempt is not counted', async () => {
    const first = setup()
    const marker = join(tmp.dir, `hang-${Date.now()}`)
    const { jobId } = insertPendingJob(first.db, { calendarUrls: [`script:hang-once@${marker}`], maxAttempts: 1 })
    first.runner.start()
    await eventually(() => jobRow(first.db, jobId).state === 'running' && existsSync(marker))
    await first.runner.stop()
    expect(jobRow(first.db, jobId)).toMatchObject({ state: 'pending', attempts: 0, lease_owner: null })
    const second = setup(1, first.db)
    second.runner.start()
    await eventually(() => jobRow(first.db, jobId).state === 'ready', 2000)
    expect(jobRow(first.db, jobId)).toMatchObject({ attempts: 1, interruptions: 0 })
  })

  it('starts no worker before a job, at most the configured number, and stops one left idle', async () => {
    const { db, runner } = setup(2, undefined, 300)
    runner.start()
    expect(runner.status()).toEqual({ status: 'running', configured: 2, alive: 0, busy: 0 })
    const jobs = [0, 1, 2].map(() => insertPendingJob(db, { calendarUrls: ['script:ok'] }))
    let most = 0
    const watch = setInterval(() => (most = Math.max(most, runner.status().alive)), 5)
    runner.kick()
    await eventually(() => jobs.every((j) => jobRow(db, j.jobId).state === 'ready'))
    clearInterval(watch)
    expect(most).toBe(2)
    expect(runner.status().alive).toBeGreaterThan(0)
    await eventually(() => runner.status().alive === 0)
  })
})
