// Pins the scheduler (DESIGN §1.4, issue 5): it ends jobs that cannot finish, re-crawls stale
// organizations with free system jobs (one at a time per organization), prunes events that have ended,
// resends report mail that failed, and forgets finished jobs after a week.
import { sqliteStorage } from '../../src/db/sqlite-storage'
import { afterEach, describe, expect, it } from 'bun:test'
import { migrate, openDatabase } from '../../src/db'
import { createMailer } from '../../src/report/mailer'
import { Scheduler } from '../../src/jobs/scheduler'
import { seedOrganization } from '../helpers/seed'
import { insertPendingJob, jobRow } from '../helpers/jobs'
import { startSmtpSink } from '../helpers/smtp-sink'

const DAY = 86_400_000
const NOW = Date.UTC(2026, 11, 10, 12)
const sinks: { stop(): Promise<void> }[] = []
afterEach(async () => {
  for (const s of sinks.splice(0)) await s.stop()
})

function setup(now = NOW) {
  const db = openDatabase(':memory:')
  migrate(db)
  let kicked = 0
  const scheduler = new Scheduler({ storage: sqliteStorage(db), mailer: createMailer('', ''), now: () => now, onEnqueued: () => kicked++ })
  return { db, scheduler, kicked: () => kicked }
}

describe('Scheduler.tick', () => {
  it('re-crawls an organization indexed more than a day ago, once, with a free job for the default window', async () => {
    const { db, scheduler, kicked } = setup()
    const stale = seedOrganization(db, { domain: 'stale-library.org', events: [], nowMs: NOW - 2 * DAY })
    seedOrganization(db, { domain: 'fresh-library.org', events: [], nowMs: NOW - 3600_000 })
    expect((await scheduler.tick()).recrawls).toBe(1)
    const job = db.$client.query("SELECT org_id, state, start_date, end_date, agent_id FROM index_jobs WHERE state = 'pending'").get() as any
    expect(job).toEqual({ org_id: stale, state: 'pending', start_date: '2026-12-10', end_date: '2027-03-10', agent_id: null })
    expect(kicked()).toBe(1)
    expect((await scheduler.tick()).recrawls).toBe(0)
  })

  it('prunes events that ended more than a day ago and keeps the counts right', async () => {
    const { db, scheduler } = setup()
    const orgId = seedOrganization(db, {
      domain: 'library-prune.org',
      nowMs: NOW - 3 * DAY,
      events: [
        { title: 'old', startDate: '2026-12-01T10:00:00+00:00', event_id: 'old' },
        { title: 'yesterday', startDate: '2026-12-09T20:00:00+00:00', event_id: 'y' },
        { title: 'next', startDate: '2026-12-20T10:00:00+00:00', event_id: 'n' },
      ],
    })
    expect((await scheduler.tick()).eventsPruned).toBe(1)
    expect((db.$client.query('SELECT event_count FROM organizations WHERE org_id = ?').get(orgId) as any).event_count).toBe(2)
  })

  it('fails jobs past their 24 hours and purges finished jobs after a week', async () => {
    const { db, scheduler } = setup()
    const waiting = insertPendingJob(db, { nowMs: NOW - 25 * 3600_000 })
    const ancient = insertPendingJob(db, { nowMs: NOW - 10 * DAY })
    db.$client.run("UPDATE index_jobs SET state = 'ready' WHERE job_id = ?", [ancient.jobId])
    const report = await scheduler.tick()
    expect(report.jobsEnded).toBe(1)
    expect(report.jobsPurged).toBe(1)
    expect(jobRow(db, waiting.jobId).state).toBe('failed')
    expect(jobRow(db, ancient.jobId)).toBeNull()
  })

  it('sends report mail that failed before', async () => {
    const sink = await startSmtpSink()
    sinks.push(sink)
    const db = openDatabase(':memory:')
    migrate(db)
    db.$client.run("INSERT INTO reports (report_id, reporter, message, diagnostics, delivery_attempts, last_attempt_at, created_at) VALUES ('rpt_1', 'anonymous', 'hello', '{}', 1, ?1, ?1)", [
      NOW - 5 * 60_000,
    ])
    const scheduler = new Scheduler({ storage: sqliteStorage(db), mailer: createMailer(sink.url, 'team@events.example'), now: () => NOW })
    expect((await scheduler.tick()).reportsSent).toBe(1)
    expect(sink.messages).toHaveLength(1)
  })
})

// Issue 17: the scheduler's singleton work runs on one instance at a time (Storage.singleton; over
// PostgreSQL an advisory lock). While another instance holds it, a tick changes nothing.
describe('Scheduler singleton', () => {
  it('does no upkeep while another instance holds the scheduler lock, and does it once the lock is free', async () => {
    const db = openDatabase(':memory:')
    migrate(db)
    const base = sqliteStorage(db)
    let held = true
    const names: string[] = []
    const storage = { ...base, singleton: <T>(name: string, work: () => Promise<T>) => (names.push(name), held ? Promise.resolve(undefined) : work()) }
    const scheduler = new Scheduler({ storage, mailer: createMailer('', ''), now: () => NOW })
    seedOrganization(db, { domain: 'stale-library.org', events: [], nowMs: NOW - 2 * DAY })
    expect(await scheduler.tick()).toEqual({ jobsEnded: 0, recrawls: 0, eventsPruned: 0, reportsSent: 0, jobsPurged: 0, answersForgotten: 0 })
    expect(db.$client.query("SELECT count(*) AS n FROM index_jobs WHERE state = 'pending'").get()).toEqual({ n: 0 })
    expect(names).toEqual(['scheduler'])
    held = false
    expect((await scheduler.tick()).recrawls).toBe(1)
    expect(db.$client.query("SELECT count(*) AS n FROM index_jobs WHERE state = 'pending'").get()).toEqual({ n: 1 })
  })
})
