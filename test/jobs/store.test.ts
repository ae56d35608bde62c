// Pins how crawl results are written (DESIGN §5): one transaction per organization; a re-crawl replaces
// the event set, also when sources answered 304 (issue 12: the crawl reports their events from their
// memos); each source keeps the memo and validators of its last answer, and only sources with a memo are
// asked for conditionally; a runner that lost its lease writes nothing;
// derived columns (local days, city, categories) are computed once at write time; the internal `_locality`
// note (which source gave the city, its region and country) goes to its columns, never into a served record; the job keeps the list of
// its sources (platform, status, event count) for the poll. On both backends (the stored columns are
// read with SQL both accept).
import { describe, expect, it } from 'bun:test'
import type { CrawlResult } from '../../src/crawl/crawl-types'
import type { Storage } from '../../src/db/storage'
import { LEASE_MS } from '../../src/model/job-state'
import { insertPendingJob, jobRow } from '../helpers/jobs'
import { peekRow, peekRows } from '../helpers/peek'
import { forEachBackend } from '../helpers/storage'

const result = (events: { id: string; start: string; source?: string; end?: string; city?: string }[], sources: CrawlResult['sources'] = []): CrawlResult => ({
  organization: { name: 'Springfield Library', timezone: 'America/Los_Angeles', platform: 'wordpress' },
  events: events.map((e) => ({
    source: e.source ?? 'https://lib.example.org/cal.ics',
    event: { title: `T ${e.id}`, startDate: e.start, endDate: e.end, event_id: e.id, city: e.city ?? 'Springfield', categories: ['Kids', 'kids', 'Family'], _external: false },
  })),
  sources,
  progress: { pagesFetched: 4, sourcesFound: sources.length, eventsFound: events.length },
  warnings: [],
  refused: [],
})

async function crawl(storage: Storage, res: CrawlResult, domain = 'lib.example.org') {
  const job = await insertPendingJob(storage, { domain })
  await storage.jobs.claim('owner', Date.now(), LEASE_MS, job.jobId)
  const outcome = await storage.events.storeCrawlResult({ jobId: job.jobId, owner: 'owner', orgId: job.orgId, result: res, nowMs: Date.now(), scriptVersion: '1.0.0' })
  return { ...job, outcome }
}

const events = (storage: Storage) =>
  peekRows<{
    event_id: string
    start_day: string
    end_day: string
    city_key: string
    category: string
    record: string
  }>(storage, 'SELECT event_id, start_day, end_day, city_key, category, record FROM events ORDER BY starts_at')

forEachBackend('crawl results', (open) => {
  describe('storeCrawlResult', () => {
    it('stores events with their derived columns and marks the job ready', async () => {
      const storage = await open()
      const { jobId, orgId, outcome } = await crawl(
        storage,
        result([
          { id: 'a', start: '2026-12-01T20:00:00-08:00' },
          { id: 'b', start: '2026-12-03' },
        ]),
      )
      expect(outcome).toEqual({ stored: true, eventCount: 2 })
      const rows = await events(storage)
      expect(rows.map((r) => [r.event_id, r.start_day, r.end_day, r.city_key, r.category])).toEqual([
        ['a', '2026-12-01', '2026-12-01', 'springfield', 'kids'],
        ['b', '2026-12-03', '2026-12-03', 'springfield', 'kids'],
      ])
      expect(JSON.parse(rows[0].record)._external).toBeUndefined()
      expect(await peekRows(storage, 'SELECT category FROM event_categories ORDER BY category')).toEqual([{ category: 'family' }, { category: 'family' }, { category: 'kids' }, { category: 'kids' }])
      expect(await jobRow(storage, jobId)).toMatchObject({ state: 'ready', eventCount: 2, leaseOwner: null })
      expect(await storage.organizations.find(orgId)).toMatchObject({ name: 'Springfield Library', timezone: 'America/Los_Angeles', eventCount: 2 })
    })

    it('keeps where the city came from, and whether the event is free, in columns, never in the served records (issue 18)', async () => {
      const storage = await open()
      const res = result([
        { id: 'a', start: '2026-12-01T20:00:00-08:00' },
        { id: 'b', start: '2026-12-02T20:00:00-08:00' },
      ])
      Object.assign(res.events[0].event, { city: 'Hanford', isAccessibleForFree: true, _locality: { citySource: 'organization', region: 'CA', country: 'US' } })
      await crawl(storage, res)
      const rows = await peekRows<Record<string, string | number | null>>(
        storage,
        'SELECT event_id, city, city_source, city_region, city_country, CASE WHEN is_free THEN 1 ELSE 0 END AS is_free, record, search_record FROM events ORDER BY starts_at',
      )
      expect(rows.map((r) => [r.event_id, r.city, r.city_source, r.city_region, r.city_country, r.is_free])).toEqual([
        ['a', 'Hanford', 'organization', 'CA', 'US', 1],
        ['b', 'Springfield', null, null, null, 0],
      ])
      for (const r of rows) for (const served of [r.record, r.search_record]) expect(JSON.parse(String(served))._locality).toBeUndefined()
    })

    it('replaces the whole set on a re-crawl', async () => {
      const storage = await open()
      await crawl(
        storage,
        result([
          { id: 'a', start: '2026-12-01T10:00:00-08:00' },
          { id: 'b', start: '2026-12-02T10:00:00-08:00' },
        ]),
      )
      await crawl(storage, result([{ id: 'c', start: '2026-12-05T10:00:00-08:00' }]))
      expect((await events(storage)).map((r) => r.event_id)).toEqual(['c'])
    })

    it('replaces the set even when a source answered 304 (the crawl re-reads it from its memo), and keeps each source memo with its validators', async () => {
      const storage = await open()
      const feed = 'https://lib.example.org/feed.ics'
      const page = 'https://lib.example.org/events'
      const gone = 'https://lib.example.org/old-listing'
      const { orgId } = await crawl(
        storage,
        result(
          [
            { id: 'f1', start: '2026-12-01T10:00:00-08:00', source: feed },
            { id: 'p1', start: '2026-12-02T10:00:00-08:00', source: page },
            { id: 'g1', start: '2026-12-03T10:00:00-08:00', source: gone },
          ],
          [
            { url: feed, kind: 'ics', status: 'ok', eventCount: 1, etag: '"v1"', memo: '{"feed":1}' },
            { url: page, kind: 'page', status: 'ok', eventCount: 1, lastModified: 'Sun, 01 Nov 2026 10:00:00 GMT', memo: '{"page":1}' },
            { url: gone, kind: 'page', status: 'ok', eventCount: 1, etag: '"g"', memo: '{"gone":1}' },
          ],
        ),
      )
      expect(await storage.sources.previous(orgId)).toEqual({
        [feed]: { etag: '"v1"', memo: '{"feed":1}' },
        [page]: { lastModified: 'Sun, 01 Nov 2026 10:00:00 GMT', memo: '{"page":1}' },
        [gone]: { etag: '"g"', memo: '{"gone":1}' },
      })
      // The feed answered 304: the crawl reports its event again; the page changed; the old listing was not reached.
      await crawl(
        storage,
        result(
          [
            { id: 'f1', start: '2026-12-01T10:00:00-08:00', source: feed },
            { id: 'p2', start: '2026-12-04T10:00:00-08:00', source: page },
          ],
          [
            { url: feed, kind: 'ics', status: 'not_modified', httpStatus: 304, eventCount: 1, etag: '"v1"', memo: '{"feed":1}' },
            { url: page, kind: 'page', status: 'ok', eventCount: 1, etag: '"p2"', memo: '{"page":2}' },
          ],
        ),
      )
      expect((await events(storage)).map((r) => r.event_id)).toEqual(['f1', 'p2'])
      expect(await peekRow(storage, 'SELECT status, etag, event_count FROM sources WHERE url = ?', feed)).toEqual({ status: 'not_modified', etag: '"v1"', event_count: 1 })
      expect(await storage.sources.previous(orgId)).toEqual({ [feed]: { etag: '"v1"', memo: '{"feed":1}' }, [page]: { etag: '"p2"', memo: '{"page":2}' } })
    })

    it('asks conditionally only for sources with a memo: one too large to keep is read in full next time', async () => {
      const storage = await open()
      const page = 'https://lib.example.org/events'
      const { orgId } = await crawl(storage, result([{ id: 'p1', start: '2026-12-02T10:00:00-08:00', source: page }], [{ url: page, kind: 'page', status: 'ok', eventCount: 1, etag: '"v1"' }]))
      expect(await storage.sources.previous(orgId)).toEqual({})
    })

    it('writes nothing when the lease was lost', async () => {
      const storage = await open()
      await crawl(storage, result([{ id: 'old', start: '2026-12-01T10:00:00-08:00' }]))
      const job = await insertPendingJob(storage, { domain: 'lib.example.org' })
      await storage.jobs.claim('someone-else', Date.now())
      const outcome = await storage.events.storeCrawlResult({
        jobId: job.jobId,
        owner: 'me',
        orgId: job.orgId,
        result: result([{ id: 'new', start: '2026-12-09T10:00:00-08:00' }]),
        nowMs: Date.now(),
        scriptVersion: '1',
      })
      expect(outcome).toEqual({ stored: false, reason: 'lease lost' })
      expect((await events(storage)).map((r) => r.event_id)).toEqual(['old'])
    })

    it('skips events without a readable start and counts only stored ones', async () => {
      const storage = await open()
      const { outcome } = await crawl(
        storage,
        result([
          { id: 'ok', start: '2026-12-01T10:00:00-08:00' },
          { id: 'bad', start: 'sometime' },
        ]),
      )
      expect(outcome).toEqual({ stored: true, eventCount: 1 })
    })
  })

  describe('the sources a job lists', () => {
    it('keeps each source with its platform, status and event count, those that gave events first, without validators or memos; at most 50', async () => {
      const { jobStatus } = await import('../../src/services/index-jobs')
      const storage = await open()
      const sources: CrawlResult['sources'] = [
        { url: 'https://lib.example.org/', kind: 'wix', platform: 'wix', status: 'unreadable', error: 'Wix builds its pages in the browser', eventCount: 0 },
        {
          url: 'https://lib.libcal.com/ical_subscribe.php?src=p&cid=1',
          kind: 'ics',
          platform: 'libcal',
          status: 'blocked',
          error: 'robots.txt of lib.libcal.com disallows /ical_subscribe.php',
          eventCount: 0,
        },
        { url: 'https://lib.libcal.com/ajax/calendar/list?c=1', kind: 'json-events', platform: 'libcal', status: 'ok', httpStatus: 200, eventCount: 7, etag: '"x"', memo: '{"big":"memo"}' },
        ...Array.from({ length: 60 }, (_, i) => ({ url: `https://lib.example.org/p${i}`, kind: 'page', status: 'error' as const, httpStatus: 404, eventCount: 0 })),
      ]
      const { jobId } = await crawl(storage, result([], sources))
      const status = await jobStatus(storage, jobId, Date.now())
      if (status.state !== 'ready') throw new Error(status.state)
      expect(status.sources).toHaveLength(50)
      expect(status.sources.slice(0, 3)).toEqual([
        { url: 'https://lib.libcal.com/ajax/calendar/list?c=1', kind: 'json-events', platform: 'libcal', status: 'ok', httpStatus: 200, eventCount: 7 },
        { url: 'https://lib.example.org/', kind: 'wix', platform: 'wix', status: 'unreadable', error: 'Wix builds its pages in the browser', eventCount: 0 },
        {
          url: 'https://lib.libcal.com/ical_subscribe.php?src=p&cid=1',
          kind: 'ics',
          platform: 'libcal',
          status: 'blocked',
          error: 'robots.txt of lib.libcal.com disallows /ical_subscribe.php',
          eventCount: 0,
        },
      ])
    })
  })

  describe('what a crawl could not use', () => {
    it('is kept with the job for the poll: refused URLs and unreadable platforms', async () => {
      const { jobNotes } = await import('../../src/services/index-jobs')
      const storage = await open()
      const res = result([], [{ url: 'https://lib.example.org/', kind: 'wix', platform: 'wix', status: 'unreadable', error: 'Wix builds its pages in the browser', eventCount: 0 }])
      res.refused.push({ url: 'https://lib.example.org/calendar', reason: 'robots_disallowed: robots.txt forbids it' })
      const { jobId } = await crawl(storage, res)
      expect(jobNotes(await jobRow(storage, jobId))).toEqual({
        refused: [{ url: 'https://lib.example.org/calendar', reason: 'robots_disallowed: robots.txt forbids it' }],
        unreadable: [{ url: 'https://lib.example.org/', platform: 'wix', reason: 'Wix builds its pages in the browser' }],
      })
    })

    it('keeps the zone the events were read in and how it was chosen, for the poll (issue 13)', async () => {
      const { jobNotes } = await import('../../src/services/index-jobs')
      const storage = await open()
      const res = { ...result([{ id: 'a', start: '2026-06-13T10:00:00-05:00' }]), zone: { zone: 'America/Chicago', how: "from the events' venues (venue address → Springfield, IL, US)" } }
      const { jobId } = await crawl(storage, res)
      expect(jobNotes(await jobRow(storage, jobId))).toEqual({
        zone: { name: 'America/Chicago', how: "from the events' venues (venue address → Springfield, IL, US)" },
      })
    })
  })
})
