// Pins re-crawls (DESIGN §5–6, issue 12) through the real job runner, crawler worker and store, against
// the loopback fixture site `listing-details` (listing pages → detail pages → per-event .ics, served with
// ETag and Last-Modified): an unchanged site re-crawled three times stores the same event set, same
// count and same event_ids, while its listing, detail pages and .ics files answer 304 (a 304 on a
// listing still leads to the pages it linked last time); a listing that changed adds the new detail
// page's event and drops the removed one's; a failed re-crawl keeps the old events; a crawl for another
// window reads every document afresh. On both backends.
import { afterEach, describe, expect, it } from 'bun:test'
import type { Storage } from '../../src/db/storage'
import { startFixtureSite, type FixtureSite, type RecordedRequest } from '../helpers/fixture-server'
import { eventually, insertPendingJob, jobRow, startLoopbackRunner } from '../helpers/jobs'
import { peekRows } from '../helpers/peek'
import { forEachBackend } from '../helpers/storage'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** Every page and feed under the listing: what a re-crawl of the unchanged site must ask for again. */
const LINKED = ['watercolour-basics', 'open-studio-night', 'artist-talk-mara-ellison', 'family-clay-day', 'printmaking-intensive', 'members-show-opening']
const UNDER_LISTING = ['/events', '/events?page=2', ...LINKED.flatMap((slug) => [`/events/${slug}`, `/events/${slug}.ics`])].sort()

type StoredEvent = { event_id: string; title: string; record: string }

async function setup(storage: Storage) {
  const site = await startFixtureSite('listing-details')
  cleanups.push(() => site.stop())
  // The real crawler worker (politeness 0 only to keep this test short).
  const runner = startLoopbackRunner(storage, (stop) => cleanups.push(stop), { maxPages: 60, budgetMs: 30_000, userAgent: 'event-index-test/1.0', scriptVersion: 'recrawl-test' })
  const expected = site.expected()
  const crawl = async (window = expected.window) => {
    const since = site.requests.length
    const job = await insertPendingJob(storage, { domain: new URL(site.url).host, website: `${site.url}/`, window })
    runner.kick()
    await eventually(async () => ['ready', 'failed'].includes((await jobRow(storage, job.jobId)).state), 20_000)
    return { job: await jobRow(storage, job.jobId), orgId: job.orgId, events: await stored(storage, job.orgId), log: site.requests.slice(since) }
  }
  return { site, storage, expected, crawl }
}

const stored = (storage: Storage, orgId: string) => peekRows<StoredEvent>(storage, 'SELECT event_id, title, record FROM events WHERE org_id = ? ORDER BY starts_at, event_id', orgId)
const titles = (events: StoredEvent[]) => events.map((e) => `${e.title} @ ${JSON.parse(e.record).startDate}`)
const wanted = (site: FixtureSite) => site.expected().events.map((e) => `${e.title} @ ${e.start}`)
const underListing = (log: RecordedRequest[]) => log.filter((r) => r.path.startsWith('/events'))

forEachBackend('re-crawls', (open) => {
  describe('re-crawling an unchanged site', () => {
    it('stores the same events three times over (same count, same event_ids), from 304s on the listing, its detail pages and their .ics', async () => {
      const { site, crawl } = await setup(await open())
      const first = await crawl()
      expect(first.job.state).toBe('ready')
      expect(titles(first.events)).toEqual(wanted(site))
      expect(
        underListing(first.log)
          .map((r) => r.path)
          .sort(),
      ).toEqual(UNDER_LISTING)
      expect(underListing(first.log).every((r) => r.status === 200)).toBe(true)

      for (const round of [2, 3]) {
        const again = await crawl()
        expect({ round, state: again.job.state, count: again.job.eventCount }).toEqual({ round, state: 'ready', count: first.events.length })
        expect(again.events).toEqual(first.events)
        const asked = underListing(again.log)
        // The listing answered 304, and every page and feed it led to last time was asked for again, conditionally.
        expect(asked.map((r) => r.path).sort()).toEqual(UNDER_LISTING)
        expect(asked.filter((r) => r.status !== 304)).toEqual([])
        const ics = asked.filter((r) => r.path.endsWith('.ics'))
        expect(ics.every((r) => r.headers['if-modified-since'] && !r.headers['if-none-match'])).toBe(true)
        expect(asked.filter((r) => !r.path.endsWith('.ics')).every((r) => r.headers['if-none-match'])).toBe(true)
      }
    }, 60_000)

    it('keeps the source counts of what answered 304, and reads the start page in full every time', async () => {
      const { storage, crawl } = await setup(await open())
      const first = await crawl()
      const counts = async () => (await storage.sources.forOrganization(first.orgId)).sort((a, b) => (a.url < b.url ? -1 : 1))
      const before = await counts()
      const again = await crawl()
      const after = await counts()
      expect(after.map(({ url, eventCount }) => ({ url, eventCount }))).toEqual(before.map(({ url, eventCount }) => ({ url, eventCount })))
      expect(after.every((s) => s.status === 'not_modified')).toBe(true)
      expect(again.log.find((r) => r.path === '/')).toMatchObject({ status: 200 })
      expect(again.log.find((r) => r.path === '/')!.headers['if-none-match']).toBeUndefined()
    }, 30_000)
  })

  describe('re-crawling a site that changed', () => {
    it("follows a new detail link and drops a removed one's events; the other events keep their ids", async () => {
      const { site, crawl } = await setup(await open())
      const first = await crawl()
      site.setRoutes({ '/events': { file: 'events-changed.html', headers: { 'Last-Modified': '{{http 0 08:00}}' } } })
      const second = await crawl()
      const linocut = `Linocut for Teens @ ${site.expand('{{iso +7 16:00}}')}`
      const expected = [...wanted(site).filter((t) => !t.startsWith('Family Clay Day @')), linocut].sort()
      expect(titles(second.events).sort()).toEqual(expected)
      const idOf = (events: StoredEvent[]) => new Map(events.map((e) => [e.title, e.event_id]))
      const before = idOf(first.events)
      for (const [title, id] of idOf(second.events)) if (title !== 'Linocut for Teens') expect({ title, id }).toEqual({ title, id: before.get(title)! })
      expect(second.log.find((r) => r.path === '/events')).toMatchObject({ status: 200 })
      expect(second.log.find((r) => r.path === '/events/linocut-for-teens')).toMatchObject({ status: 200 })
      expect(second.log.map((r) => r.path)).not.toContain('/events/family-clay-day')

      const third = await crawl()
      expect(third.events).toEqual(second.events)
      expect(underListing(third.log).filter((r) => r.status !== 304)).toEqual([])
    }, 60_000)

    it('keeps the old events when the re-crawl fails, and the next re-crawl can still use its 304s', async () => {
      const { site, crawl } = await setup(await open())
      const first = await crawl()
      site.setRoutes({ '/': { file: 'home.html', status: 410 } })
      const failed = await crawl()
      expect(failed.job.state).toBe('failed')
      expect(failed.events).toEqual(first.events)
      site.setRoutes({})
      const recovered = await crawl()
      expect(recovered.events).toEqual(first.events)
      expect(underListing(recovered.log).filter((r) => r.status !== 304)).toEqual([])
    }, 60_000)
  })

  describe('re-crawling for another window', () => {
    it('reads every document in full (what a page gives depends on the window) and stores the same events', async () => {
      const { site, expected, crawl } = await setup(await open())
      const first = await crawl()
      const later = await crawl({ start: expected.window.start, end: site.expand('{{date +91}}') })
      expect(later.events).toEqual(first.events)
      expect(later.log.filter((r) => r.headers['if-none-match'] || r.headers['if-modified-since'])).toEqual([])
    }, 30_000)
  })
})
