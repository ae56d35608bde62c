// Pins which website an organization keeps (issue 15): the one its last successful crawl read. A first
// request that named the wrong scheme (https on a site served over http) fails; the later http request
// that succeeds becomes the organization's website, a later failing request does not undo it, and the
// scheduler's re-crawl goes to the website of the last successful crawl, with its hints.
import { sqliteStorage } from '../../src/db/sqlite-storage'
import { afterEach, describe, expect, it } from 'bun:test'
import { migrate, openDatabase } from '../../src/db'
import { JobRunner } from '../../src/jobs/runner'
import { Scheduler } from '../../src/jobs/scheduler'
import { createMailer } from '../../src/report/mailer'
import { startEventSite } from '../helpers/event-site'
import { eventually, insertPendingJob, jobRow } from '../helpers/jobs'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

describe("an organization's website", () => {
  it('is the one of its last successful crawl, and re-crawls go there', async () => {
    const site = startEventSite({ name: 'Scheme Library', count: 2 })
    cleanups.push(site.stop)
    const host = new URL(site.url).host
    const db = openDatabase(':memory:')
    migrate(db)
    const runner = new JobRunner({
      storage: sqliteStorage(db),
      workers: 1,
      pollMs: 50,
      settings: { maxPages: 20, budgetMs: 20_000, userAgent: 'event-index-test', allowPrivate: true, politenessMs: 0, scriptVersion: 'test' },
    })
    cleanups.push(() => runner.stop())
    runner.start()
    const crawl = async (website: string, calendarUrls: string[] = []) => {
      const job = insertPendingJob(db, { domain: host, website, maxAttempts: 1, calendarUrls })
      runner.kick()
      await eventually(() => ['ready', 'failed'].includes(jobRow(db, job.jobId).state), 20_000)
      return { ...job, state: jobRow(db, job.jobId).state }
    }
    const organization = (orgId: string) => db.$client.query('SELECT website FROM organizations WHERE org_id = ?1').get(orgId) as { website: string }

    const wrongScheme = await crawl(`https://${host}/`)
    expect(wrongScheme.state).toBe('failed')
    expect(organization(wrongScheme.orgId).website).toBe(`https://${host}`)

    const right = await crawl(`http://${host}/`, [`http://${host}/events`])
    expect(right.state).toBe('ready')
    expect(organization(right.orgId).website).toBe(`http://${host}`)

    // A later request that fails again leaves the working address in place.
    expect((await crawl(`https://${host}/`)).state).toBe('failed')
    expect(organization(right.orgId).website).toBe(`http://${host}`)

    const later = Date.now() + 2 * 86_400_000
    const scheduler = new Scheduler({ storage: sqliteStorage(db), mailer: createMailer('', ''), now: () => later })
    await runner.stop()
    expect((await scheduler.tick()).recrawls).toBe(1)
    const recrawl = db.$client.query("SELECT website, hints FROM index_jobs WHERE state = 'pending'").get() as { website: string; hints: string }
    expect(recrawl.website).toBe(`http://${host}/`)
    expect(JSON.parse(recrawl.hints).calendarUrls).toEqual([`http://${host}/events`])
  }, 60_000)
})
