// Pins the SQLite job queue (DESIGN §5, issues 5 and 11): a job is claimed by one runner only; a lease
// that expires (its process died) lets another runner claim it again without using up an attempt (an
// interruption, bounded apart by MAX_INTERRUPTIONS so a job that kills its process every time still ends
// failed with its reason); a graceful release gives a job back at once, uncounted; an organization is
// never crawled twice at once; a job past 24 h never runs.
import { describe, expect, it } from 'bun:test'
import { migrate, openDatabase } from '../../src/db'
import { cancelJob, claimJob, failAttempt, failStuckJobs, MAX_INTERRUPTIONS, releaseJobs, renewLease } from '../../src/jobs/queue'
import { insertPendingJob, jobRow } from '../helpers/jobs'

function db() {
  const d = openDatabase(':memory:')
  migrate(d)
  return d
}

describe('claimJob', () => {
  it('gives a job to exactly one runner, oldest first', () => {
    const d = db()
    const older = insertPendingJob(d, { createdAt: 1000 })
    const newer = insertPendingJob(d, { createdAt: 2000 })
    const now = 5000
    expect(claimJob(d, 'a', now)?.jobId).toBe(older.jobId)
    expect(claimJob(d, 'b', now)?.jobId).toBe(newer.jobId)
    expect(claimJob(d, 'c', now)).toBeUndefined()
    expect(jobRow(d, older.jobId)).toMatchObject({ state: 'running', attempts: 1, lease_owner: 'a' })
  })

  it('claims only the named job when asked for one, under the same rules', () => {
    const d = db()
    const older = insertPendingJob(d, { createdAt: 1000 })
    const named = insertPendingJob(d, { createdAt: 2000 })
    const now = 5000
    expect(claimJob(d, 'a', now, 1000, named.jobId)?.jobId).toBe(named.jobId)
    expect(claimJob(d, 'b', now, 1000, named.jobId)).toBeUndefined()
    expect(jobRow(d, older.jobId).state).toBe('pending')
    expect(claimJob(d, 'b', now, 1000, 'job_unknown')).toBeUndefined()
    expect(claimJob(d, 'b', now)?.jobId).toBe(older.jobId)
  })

  it('reclaims a job whose lease expired, and not before', () => {
    const d = db()
    const { jobId } = insertPendingJob(d)
    const now = Date.now()
    claimJob(d, 'dead-runner', now, 1000)
    expect(claimJob(d, 'survivor', now + 999, 1000)).toBeUndefined()
    expect(claimJob(d, 'survivor', now + 1001, 1000)?.jobId).toBe(jobId)
    expect(jobRow(d, jobId)).toMatchObject({ attempts: 1, interruptions: 1, lease_owner: 'survivor' })
    expect(renewLease(d, jobId, 'dead-runner', now + 1002)).toBe(false)
    expect(renewLease(d, jobId, 'survivor', now + 1002)).toBe(true)
  })

  it('does not count restarts against the attempts: three process deaths during one crawl leave every retry', () => {
    const d = db()
    const { jobId } = insertPendingJob(d, { maxAttempts: 3 })
    let now = Date.now()
    for (const owner of ['first', 'after-restart-1', 'after-restart-2', 'after-restart-3']) {
      expect(claimJob(d, owner, now, 100)?.jobId).toBe(jobId)
      now += 200
      expect(failStuckJobs(d, now)).toBe(0)
    }
    expect(jobRow(d, jobId)).toMatchObject({ state: 'running', attempts: 1, interruptions: 3 })
    claimJob(d, 'after-restart-4', now, 100)
    expect(failAttempt(d, jobId, 'after-restart-4', 'the site timed out', true, now)).toBe('retry')
    expect(claimJob(d, 'r', now)?.attempts).toBe(2)
  })

  it(`ends a job whose process dies every time after ${MAX_INTERRUPTIONS} interruptions, with the reason`, () => {
    const d = db()
    const { jobId } = insertPendingJob(d)
    let now = Date.now()
    let claims = 0
    while (claimJob(d, `r${claims}`, now, 100)) {
      claims++
      now += 200
    }
    expect(claims).toBe(1 + MAX_INTERRUPTIONS)
    expect(failStuckJobs(d, now)).toBe(1)
    expect(jobRow(d, jobId)).toMatchObject({ state: 'failed', error: `the crawl was interrupted ${MAX_INTERRUPTIONS + 1} times (its process stopped each time)` })
  })

  it('gives released jobs back at once, without counting the interrupted attempt', () => {
    const d = db()
    const { jobId } = insertPendingJob(d)
    const now = Date.now()
    claimJob(d, 'stopping', now)
    expect(releaseJobs(d, 'someone-else', now)).toBe(0)
    expect(releaseJobs(d, 'stopping', now)).toBe(1)
    expect(jobRow(d, jobId)).toMatchObject({ state: 'pending', attempts: 0, interruptions: 0, lease_owner: null })
    expect(claimJob(d, 'next-process', now)).toMatchObject({ jobId, attempts: 1 })
  })

  it('never runs two jobs of one organization at once', () => {
    const d = db()
    const first = insertPendingJob(d, { domain: 'library.example.org', createdAt: 1 })
    insertPendingJob(d, { domain: 'library.example.org', createdAt: 2 })
    const other = insertPendingJob(d, { domain: 'museum.example.org', createdAt: 3 })
    const now = Date.now()
    expect(claimJob(d, 'a', now)?.jobId).toBe(first.jobId)
    expect(claimJob(d, 'b', now)?.jobId).toBe(other.jobId)
  })

  it('does not run a job past its 24 hours, and fails it', () => {
    const d = db()
    const { jobId } = insertPendingJob(d, { nowMs: 0 })
    const later = 24 * 3600_000 + 1
    expect(claimJob(d, 'a', later)).toBeUndefined()
    failStuckJobs(d, later)
    expect(jobRow(d, jobId)).toMatchObject({ state: 'failed', error: 'the job did not complete within 24 hours' })
  })
})

describe('failAttempt and cancelJob', () => {
  it('retries a retryable failure while attempts remain, then fails it', () => {
    const d = db()
    const { jobId } = insertPendingJob(d, { maxAttempts: 2 })
    const now = Date.now()
    claimJob(d, 'a', now)
    expect(failAttempt(d, jobId, 'a', 'timeout', true, now)).toBe('retry')
    expect(jobRow(d, jobId).state).toBe('pending')
    claimJob(d, 'a', now)
    expect(failAttempt(d, jobId, 'a', 'timeout again', true, now)).toBe('failed')
    expect(jobRow(d, jobId)).toMatchObject({ state: 'failed', error: 'timeout again' })
  })

  it('fails a non-retryable failure at once and ignores a runner that lost the lease', () => {
    const d = db()
    const { jobId } = insertPendingJob(d)
    claimJob(d, 'a', Date.now())
    expect(failAttempt(d, jobId, 'b', 'x', false, Date.now())).toBe('lost')
    expect(failAttempt(d, jobId, 'a', 'robots.txt forbids the site', false, Date.now())).toBe('failed')
  })

  it('cancels a pending job and refuses to cancel a finished one', () => {
    const d = db()
    const { jobId } = insertPendingJob(d)
    expect(cancelJob(d, jobId, Date.now())).toBe(true)
    expect(claimJob(d, 'a', Date.now())).toBeUndefined()
    expect(cancelJob(d, jobId, Date.now())).toBe(false)
  })
})
