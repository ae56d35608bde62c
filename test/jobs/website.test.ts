// Pins which website an organization keeps (issue 15): the one its last successful crawl read. A first
// request that named the wrong scheme (https on a site served over http) fails; the later http request
// that succeeds becomes the organization's website, a later failing request does not undo it, and the
// scheduler's re-crawl goes to the website of the last successful crawl, with its hints. On both backends.
import { afterEach, expect, it } from 'bun:test'
import { Scheduler } from '../../src/jobs/scheduler'
import { createMailer } from '../../src/report/mailer'
import { startEventSite } from '../helpers/event-site'
import { eventually, insertPendingJob, jobRow, startLoopbackRunner } from '../helpers/jobs'
import { peekRows } from '../helpers/peek'
import { forEachBackend } from '../helpers/storage'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

forEachBackend("an organization's website", (open) => {
  it('is the one of its last successful crawl, and re-crawls go there', async () => {
    const site = startEventSite({ name: 'Scheme Library', count: 2 })
    cleanups.push(site.stop)
    const host = new URL(site.url).host
    const storage = await open()
    const runner = startLoopbackRunner(storage, (stop) => cleanups.push(stop))
    const crawl = async (website: string, calendarUrls: string[] = []) => {
      const job = await insertPendingJob(storage, { domain: host, website, calendarUrls })
      runner.kick()
      await eventually(async () => ['ready', 'failed'].includes((await jobRow(storage, job.jobId)).state), 20_000)
      return { ...job, state: (await jobRow(storage, job.jobId)).state }
    }
    const organization = async (orgId: string) => (await storage.organizations.find(orgId))!

    const wrongScheme = await crawl(`https://${host}/`)
    expect(wrongScheme.state).toBe('failed')
    expect((await organization(wrongScheme.orgId)).website).toBe(`https://${host}`)

    const right = await crawl(`http://${host}/`, [`http://${host}/events`])
    expect(right.state).toBe('ready')
    expect((await organization(right.orgId)).website).toBe(`http://${host}`)

    // A later request that fails again leaves the working address in place.
    expect((await crawl(`https://${host}/`)).state).toBe('failed')
    expect((await organization(right.orgId)).website).toBe(`http://${host}`)

    const later = Date.now() + 2 * 86_400_000
    const scheduler = new Scheduler({ storage, mailer: createMailer('', ''), now: () => later })
    await runner.stop()
    expect((await scheduler.tick()).recrawls).toBe(1)
    const [recrawl] = await peekRows<{ website: string; hints: string }>(storage, "SELECT website, hints FROM index_jobs WHERE state = 'pending'")
    expect(recrawl.website).toBe(`http://${host}/`)
    expect(JSON.parse(recrawl.hints).calendarUrls).toEqual([`http://${host}/events`])
  }, 60_000)
})
