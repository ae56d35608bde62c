// Pins the scheduler (DESIGN §1.4, issue 5): it ends jobs that cannot finish, re-crawls stale
// organizations with free system jobs (one at a time per organization), prunes events that have ended,
// resends report mail that failed, and forgets finished jobs after a week. On both backends.
import { afterEach, describe, expect, it } from 'bun:test'
import type { Storage } from '../../src/db/storage'
import { createMailer } from '../../src/report/mailer'
import { Scheduler } from '../../src/jobs/scheduler'
import { seedOrganization } from '../helpers/seed'
import { insertPendingJob, jobRow } from '../helpers/jobs'
import { countRows, peekRows } from '../helpers/peek'
import { startSmtpSink } from '../helpers/smtp-sink'
import { forEachBackend } from '../helpers/storage'

const DAY = 86_400_000
const NOW = Date.UTC(2026, 11, 10, 12)
const sinks: { stop(): Promise<void> }[] = []
afterEach(async () => {
  for (const s of sinks.splice(0)) await s.stop()
})

function setup(storage: Storage, now = NOW) {
  let kicked = 0
  const scheduler = new Scheduler({ storage, mailer: createMailer('', ''), now: () => now, onEnqueued: () => kicked++ })
  return { storage, scheduler, kicked: () => kicked }
}

const pendingJobs = (storage: Storage) => peekRows(storage, "SELECT org_id, state, start_date, end_date, agent_id FROM index_jobs WHERE state = 'pending'")

forEachBackend('Scheduler', (open) => {
  describe('Scheduler.tick', () => {
    it('re-crawls an organization indexed more than a day ago, once, with a free job for the default window', async () => {
      const { storage, scheduler, kicked } = setup(await open())
      const stale = await seedOrganization(storage, { domain: 'stale-library.org', events: [], nowMs: NOW - 2 * DAY })
      await seedOrganization(storage, { domain: 'fresh-library.org', events: [], nowMs: NOW - 3600_000 })
      expect((await scheduler.tick()).recrawls).toBe(1)
      expect(await pendingJobs(storage)).toEqual([{ org_id: stale, state: 'pending', start_date: '2026-12-10', end_date: '2027-03-10', agent_id: null }])
      expect(kicked()).toBe(1)
      expect((await scheduler.tick()).recrawls).toBe(0)
    })

    it('prunes events that ended more than a day ago and keeps the counts right', async () => {
      const { storage, scheduler } = setup(await open())
      const orgId = await seedOrganization(storage, {
        domain: 'library-prune.org',
        nowMs: NOW - 3 * DAY,
        events: [
          { title: 'old', startDate: '2026-12-01T10:00:00+00:00', event_id: 'old' },
          { title: 'yesterday', startDate: '2026-12-09T20:00:00+00:00', event_id: 'y' },
          { title: 'next', startDate: '2026-12-20T10:00:00+00:00', event_id: 'n' },
        ],
      })
      expect((await scheduler.tick()).eventsPruned).toBe(1)
      expect((await storage.organizations.find(orgId))?.eventCount).toBe(2)
    })

    it('fails jobs past their 24 hours and purges finished jobs after a week', async () => {
      const { storage, scheduler } = setup(await open())
      const waiting = await insertPendingJob(storage, { nowMs: NOW - 25 * 3600_000 })
      const ancient = await seedOrganization(storage, { domain: 'ancient-library.org', events: [], nowMs: NOW - 10 * DAY })
      const ancientJob = (await storage.organizations.find(ancient))?.lastJobId as string
      expect((await jobRow(storage, ancientJob)).state).toBe('ready')
      const report = await scheduler.tick()
      expect(report.jobsEnded).toBe(1)
      expect(report.jobsPurged).toBe(1)
      expect((await jobRow(storage, waiting.jobId)).state).toBe('failed')
      expect(await storage.jobs.find(ancientJob)).toBeUndefined()
    })

    it('sends report mail that failed before', async () => {
      const sink = await startSmtpSink()
      sinks.push(sink)
      const storage = await open()
      const tried = NOW - 5 * 60_000
      expect(await storage.reports.insertWithinDailyCap({ reportId: 'rpt_1', reporter: 'anonymous', message: 'hello', diagnostics: '{}', createdAt: tried }, 10)).toBe(true)
      expect(await storage.reports.reserveMailSlot('rpt_1', tried, 10)).toBe(true)
      await storage.reports.markFailed('rpt_1', 'the mail server was down')
      const scheduler = new Scheduler({ storage, mailer: createMailer(sink.url, 'team@events.example'), now: () => NOW })
      expect((await scheduler.tick()).reportsSent).toBe(1)
      expect(sink.messages).toHaveLength(1)
    })
  })

  // Issue 17: the scheduler's singleton work runs on one instance at a time (Storage.singleton; over
  // PostgreSQL an advisory lock). While another instance holds it, a tick changes nothing.
  describe('Scheduler singleton', () => {
    it('does no upkeep while another instance holds the scheduler lock, and does it once the lock is free', async () => {
      const base = await open()
      let held = true
      const names: string[] = []
      const storage = { ...base, singleton: <T>(name: string, work: () => Promise<T>) => (names.push(name), held ? Promise.resolve(undefined) : work()) }
      const scheduler = new Scheduler({ storage, mailer: createMailer('', ''), now: () => NOW })
      await seedOrganization(base, { domain: 'stale-library.org', events: [], nowMs: NOW - 2 * DAY })
      expect(await scheduler.tick()).toEqual({ jobsEnded: 0, recrawls: 0, eventsPruned: 0, reportsSent: 0, jobsPurged: 0, answersForgotten: 0 })
      expect(await countRows(base, 'index_jobs', "state = 'pending'")).toBe(0)
      expect(names).toEqual(['scheduler'])
      held = false
      expect((await scheduler.tick()).recrawls).toBe(1)
      expect(await countRows(base, 'index_jobs', "state = 'pending'")).toBe(1)
    })
  })
})
