// Pins the job queue of storage.jobs, on both backends (DESIGN §5, issues 5 and 11): a job is claimed by one runner only; a lease
// that expires (its process died) lets another runner claim it again without using up an attempt (an
// interruption, bounded apart by MAX_INTERRUPTIONS so a job that kills its process every time still ends
// failed with its reason); a graceful release gives a job back at once, uncounted; an organization is
// never crawled twice at once; a job past 24 h never runs.
import { describe, expect, it } from 'bun:test'
import { MAX_INTERRUPTIONS } from '../../src/jobs/queue'
import { insertPendingJob, jobRow } from '../helpers/jobs'
import { forEachBackend } from '../helpers/storage'

forEachBackend('job queue', (open) => {
  describe('claimJob', () => {
    it('gives a job to exactly one runner, oldest first', async () => {
      const s = await open()
      const older = await insertPendingJob(s, { createdAt: 1000 })
      const newer = await insertPendingJob(s, { createdAt: 2000 })
      const now = 5000
      expect((await s.jobs.claim('a', now))?.jobId).toBe(older.jobId)
      expect((await s.jobs.claim('b', now))?.jobId).toBe(newer.jobId)
      expect(await s.jobs.claim('c', now)).toBeUndefined()
      expect(await jobRow(s, older.jobId)).toMatchObject({ state: 'running', attempts: 1, leaseOwner: 'a' })
    })

    it('claims only the named job when asked for one, under the same rules', async () => {
      const s = await open()
      const older = await insertPendingJob(s, { createdAt: 1000 })
      const named = await insertPendingJob(s, { createdAt: 2000 })
      const now = 5000
      expect((await s.jobs.claim('a', now, 1000, named.jobId))?.jobId).toBe(named.jobId)
      expect(await s.jobs.claim('b', now, 1000, named.jobId)).toBeUndefined()
      expect((await jobRow(s, older.jobId)).state).toBe('pending')
      expect(await s.jobs.claim('b', now, 1000, 'job_unknown')).toBeUndefined()
      expect((await s.jobs.claim('b', now))?.jobId).toBe(older.jobId)
    })

    it('reclaims a job whose lease expired, and not before', async () => {
      const s = await open()
      const { jobId } = await insertPendingJob(s)
      const now = Date.now()
      await s.jobs.claim('dead-runner', now, 1000)
      expect(await s.jobs.claim('survivor', now + 999, 1000)).toBeUndefined()
      expect((await s.jobs.claim('survivor', now + 1001, 1000))?.jobId).toBe(jobId)
      expect(await jobRow(s, jobId)).toMatchObject({ attempts: 1, interruptions: 1, leaseOwner: 'survivor' })
      expect(await s.jobs.renewLease(jobId, 'dead-runner', now + 1002)).toBe(false)
      expect(await s.jobs.renewLease(jobId, 'survivor', now + 1002)).toBe(true)
    })

    it('does not count restarts against the attempts: three process deaths during one crawl leave every retry', async () => {
      const s = await open()
      const { jobId } = await insertPendingJob(s)
      let now = Date.now()
      for (const owner of ['first', 'after-restart-1', 'after-restart-2', 'after-restart-3']) {
        expect((await s.jobs.claim(owner, now, 100))?.jobId).toBe(jobId)
        now += 200
        expect(await s.jobs.failStuck(now)).toBe(0)
      }
      expect(await jobRow(s, jobId)).toMatchObject({ state: 'running', attempts: 1, interruptions: 3 })
      await s.jobs.claim('after-restart-4', now, 100)
      expect(await s.jobs.failAttempt(jobId, 'after-restart-4', 'the site timed out', true, now)).toBe('retry')
      expect((await s.jobs.claim('r', now))?.attempts).toBe(2)
    })

    it(`ends a job whose process dies every time after ${MAX_INTERRUPTIONS} interruptions, with the reason`, async () => {
      const s = await open()
      const { jobId } = await insertPendingJob(s)
      let now = Date.now()
      let claims = 0
      while (await s.jobs.claim(`r${claims}`, now, 100)) {
        claims++
        now += 200
      }
      expect(claims).toBe(1 + MAX_INTERRUPTIONS)
      expect(await s.jobs.failStuck(now)).toBe(1)
      expect(await jobRow(s, jobId)).toMatchObject({ state: 'failed', error: `the crawl was interrupted ${MAX_INTERRUPTIONS + 1} times (its process stopped each time)` })
    })

    it('gives released jobs back at once, without counting the interrupted attempt', async () => {
      const s = await open()
      const { jobId } = await insertPendingJob(s)
      const now = Date.now()
      await s.jobs.claim('stopping', now)
      expect(await s.jobs.release('someone-else', now)).toBe(0)
      expect(await s.jobs.release('stopping', now)).toBe(1)
      expect(await jobRow(s, jobId)).toMatchObject({ state: 'pending', attempts: 0, interruptions: 0, leaseOwner: null })
      expect(await s.jobs.claim('next-process', now)).toMatchObject({ jobId, attempts: 1 })
    })

    it('never runs two jobs of one organization at once', async () => {
      const s = await open()
      const first = await insertPendingJob(s, { domain: 'library.example.org', createdAt: 1 })
      await insertPendingJob(s, { domain: 'library.example.org', createdAt: 2 })
      const other = await insertPendingJob(s, { domain: 'museum.example.org', createdAt: 3 })
      const now = Date.now()
      expect((await s.jobs.claim('a', now))?.jobId).toBe(first.jobId)
      expect((await s.jobs.claim('b', now))?.jobId).toBe(other.jobId)
    })

    it('does not run a job past its 24 hours, and fails it', async () => {
      const s = await open()
      const { jobId } = await insertPendingJob(s, { nowMs: 0 })
      const later = 24 * 3600_000 + 1
      expect(await s.jobs.claim('a', later)).toBeUndefined()
      await s.jobs.failStuck(later)
      expect(await jobRow(s, jobId)).toMatchObject({ state: 'failed', error: 'the job did not complete within 24 hours' })
    })
  })

  describe('failAttempt and cancelJob', () => {
    it('retries a retryable failure while attempts remain (three by default), then fails it', async () => {
      const s = await open()
      const { jobId } = await insertPendingJob(s)
      const now = Date.now()
      expect(await jobRow(s, jobId)).toMatchObject({ maxAttempts: 3 })
      for (const reason of ['timeout', 'timeout again']) {
        await s.jobs.claim('a', now)
        expect(await s.jobs.failAttempt(jobId, 'a', reason, true, now)).toBe('retry')
        expect((await jobRow(s, jobId)).state).toBe('pending')
      }
      await s.jobs.claim('a', now)
      expect(await s.jobs.failAttempt(jobId, 'a', 'timeout a third time', true, now)).toBe('failed')
      expect(await jobRow(s, jobId)).toMatchObject({ state: 'failed', error: 'timeout a third time', attempts: 3 })
    })

    it('fails a non-retryable failure at once and ignores a runner that lost the lease', async () => {
      const s = await open()
      const { jobId } = await insertPendingJob(s)
      await s.jobs.claim('a', Date.now())
      expect(await s.jobs.failAttempt(jobId, 'b', 'x', false, Date.now())).toBe('lost')
      expect(await s.jobs.failAttempt(jobId, 'a', 'robots.txt forbids the site', false, Date.now())).toBe('failed')
    })

    it('cancels a pending job and refuses to cancel a finished one', async () => {
      const s = await open()
      const { jobId } = await insertPendingJob(s)
      expect(await s.jobs.cancel(jobId, Date.now())).toBe(true)
      expect(await s.jobs.claim('a', Date.now())).toBeUndefined()
      expect(await s.jobs.cancel(jobId, Date.now())).toBe(false)
    })
  })
})
