// Pins GET /api/v1/search/events and GET /api/v1/search/businesses (spec "Endpoints"; issue 5): upcoming
// events across organizations sorted by start, the local-day window, city and category filters, the limit,
// `filters` echoing what was applied with its defaults, `_source` and `_external` on every event; business
// search by name or domain prefix over indexed organizations only. Both are free: no usage calls. On both
// backends.
import { describe, expect, it } from 'bun:test'
import { searchEvents } from '../../src/services/search-events'
import { call, makeApp, readContext } from '../helpers/app'
import type { Storage } from '../../src/db/storage'
import { seedOrganization } from '../helpers/seed'
import { forEachBackend } from '../helpers/storage'

const NOW = Date.UTC(2026, 11, 1, 12) // 2026-12-01T12:00Z

async function world(storage?: Storage) {
  const ctx = makeApp({ storage, deps: { now: () => NOW } })
  await seedOrganization(ctx.storage, {
    domain: 'springfield-library.org',
    name: 'Springfield Public Library',
    timezone: 'America/Los_Angeles',
    nowMs: NOW,
    events: [
      { title: 'Toddler Storytime', startDate: '2026-12-02T10:00:00-08:00', event_id: 'a', city: 'Springfield', categories: ['Storytime', 'kids'], url: 'https://springfield-library.org/e/a' },
      { title: 'Evening Chess', startDate: '2026-12-02T20:00:00-08:00', event_id: 'b', city: 'Springfield', categories: ['games'] },
      { title: 'Past Talk', startDate: '2026-11-20T18:00:00-08:00', event_id: 'c', city: 'Springfield' },
      { title: 'Winter Fair', startDate: '2026-12-20', event_id: 'd', city: 'Springfield', categories: ['Family'], _external: true },
      { title: 'Spring Gala', startDate: '2027-05-01T18:00:00-07:00', event_id: 'e', city: 'Springfield' },
    ],
  })
  await seedOrganization(ctx.storage, {
    domain: 'shelbyville-museum.org',
    name: 'Shelbyville Museum of Art',
    nowMs: NOW,
    events: [{ title: 'Family Art Day', startDate: '2026-12-02T11:00:00-05:00', event_id: 'm1', city: 'Shelbyville', categories: ['family', 'kids'] }],
  })
  return ctx
}

const titles = (json: any) => json.events.map((e: any) => e.title)
let nonce = 0
/** Signed at the app's clock, which these tests set to NOW; a counter keeps repeated signatures unique (replays are refused). */
const get = (app: Awaited<ReturnType<typeof world>>['app'], path: string) => call(app, 'GET', `${path}${path.includes('?') ? '&' : '?'}n=${nonce++}`, { sign: { t: Math.floor(NOW / 1000) } })

forEachBackend('search', (open) => {
  describe('GET /api/v1/search/events', () => {
    it('returns upcoming events of every organization in start order, with the defaults it applied', async () => {
      const { app, usageCalls } = await world(await open())
      const res = await get(app, '/api/v1/search/events')
      expect(res.status).toBe(200)
      expect(titles(res.json)).toEqual(['Family Art Day', 'Toddler Storytime', 'Evening Chess', 'Winter Fair'])
      expect(res.json.count).toBe(4)
      expect(res.json.filters).toEqual({ startDate: '2026-12-01', endDate: '2027-03-01', category: null, city: null })
      expect(res.headers.get('gw-usage')).toBeNull()
      expect(usageCalls).toEqual([])
    })

    it('adds _source and _external to each event', async () => {
      const { app } = await world(await open())
      const res = await get(app, '/api/v1/search/events?startDate=2026-12-20&endDate=2026-12-20')
      expect(res.json.events).toEqual([
        {
          title: 'Winter Fair',
          startDate: '2026-12-20',
          event_id: 'd',
          city: 'Springfield',
          categories: ['Family'],
          _source: { domain: 'springfield-library.org', scrapedAt: new Date(NOW).toISOString(), scriptVersion: 'seed-1' },
          _external: true,
        },
      ])
      const storytime = (await get(app, '/api/v1/search/events?category=storytime')).json.events[0]
      expect(storytime._external).toBe(false)
      expect(storytime._source.domain).toBe('springfield-library.org')
    })

    it('matches the local day of an event, not its UTC day', async () => {
      const { app } = await world(await open())
      const res = await get(app, '/api/v1/search/events?startDate=2026-12-02&endDate=2026-12-02')
      expect(titles(res.json)).toEqual(['Family Art Day', 'Toddler Storytime', 'Evening Chess'])
    })

    it('filters by city and category case-insensitively, and echoes them', async () => {
      const { app } = await world(await open())
      const byCity = await get(app, '/api/v1/search/events?city=shelbyville')
      expect(titles(byCity.json)).toEqual(['Family Art Day'])
      expect(byCity.json.filters.city).toBe('shelbyville')
      const byCategory = await get(app, '/api/v1/search/events?category=FAMILY')
      expect(titles(byCategory.json)).toEqual(['Family Art Day', 'Winter Fair'])
      const both = await get(app, '/api/v1/search/events?category=kids&city=Springfield')
      expect(titles(both.json)).toEqual(['Toddler Storytime'])
    })

    it('applies the limit and a window that reaches next spring', async () => {
      const { app } = await world(await open())
      expect(titles((await get(app, '/api/v1/search/events?limit=2')).json)).toEqual(['Family Art Day', 'Toddler Storytime'])
      expect(titles((await get(app, '/api/v1/search/events?startDate=2027-04-01&endDate=2027-06-01')).json)).toEqual(['Spring Gala'])
    })

    it('never returns events that have ended', async () => {
      const { app } = await world(await open())
      expect(titles((await get(app, '/api/v1/search/events?startDate=2026-11-01&endDate=2026-11-30')).json)).toEqual([])
    })
  })

  describe('GET /api/v1/search/businesses', () => {
    it('finds indexed organizations by name words, domain and prefixes', async () => {
      const { app } = await world(await open())
      for (const q of ['library', 'Springfield Public', 'springfield-library.org', 'spring libr']) {
        const res = await get(app, `/api/v1/search/businesses?q=${encodeURIComponent(q)}`)
        expect(res.status).toBe(200)
        expect(res.json.organizations.map((o: any) => o.domain)).toEqual(['springfield-library.org'])
      }
      const museum = await get(app, '/api/v1/search/businesses?q=museum')
      expect(museum.json).toEqual({
        count: 1,
        query: 'museum',
        organizations: [
          {
            orgId: expect.stringMatching(/^org_[0-9a-f]{16}$/),
            domain: 'shelbyville-museum.org',
            name: 'Shelbyville Museum of Art',
            website: 'https://shelbyville-museum.org',
            eventCount: 1,
            lastIndexedAt: new Date(NOW).toISOString(),
          },
        ],
      })
    })

    it('leaves out organizations that were never indexed and survives FTS syntax in q', async () => {
      const { app } = await world(await open())
      await call(app, 'POST', '/api/v1/orgs', { body: { website: 'pending-zoo.org' }, sign: { t: Math.floor(NOW / 1000) } })
      expect((await get(app, '/api/v1/search/businesses?q=zoo')).json.count).toBe(0)
      expect((await get(app, `/api/v1/search/businesses?q=${encodeURIComponent('library" OR NEAR(')}`)).status).toBe(200)
      expect((await get(app, `/api/v1/search/businesses?q=${encodeURIComponent('***')}`)).status).toBe(400)
    })
  })

  describe('search answers and writes', () => {
    it('never serves a cached answer older than the last write', async () => {
      const { app, storage } = await world(await open())
      expect((await get(app, '/api/v1/search/events?city=Ogdenville')).json.count).toBe(0)
      await seedOrganization(storage, { domain: 'ogdenville-zoo.org', nowMs: NOW, events: [{ title: 'Penguin Feeding', startDate: '2026-12-05T11:00:00-05:00', event_id: 'z1', city: 'Ogdenville' }] })
      expect(titles((await get(app, '/api/v1/search/events?city=Ogdenville')).json)).toEqual(['Penguin Feeding'])
    })

    it('never serves an organization’s events older than its last re-crawl', async () => {
      const { app, storage } = await world(await open())
      const orgId = await seedOrganization(storage, { domain: 'brockway-library.org', nowMs: NOW, events: [{ title: 'Old Title', startDate: '2026-12-05T11:00:00-05:00', event_id: 'b1' }] })
      expect((await get(app, `/api/v1/businesses/${orgId}/events`)).json.events.map((e: any) => e.title)).toEqual(['Old Title'])
      await seedOrganization(storage, { domain: 'brockway-library.org', nowMs: NOW, events: [{ title: 'New Title', startDate: '2026-12-06T11:00:00-05:00', event_id: 'b2' }] })
      expect((await get(app, `/api/v1/businesses/${orgId}/events`)).json.events.map((e: any) => e.title)).toEqual(['New Title'])
    })

    it('drops an event from a reused answer once it has ended (the clock moves)', async () => {
      const { storage } = await world(await open())
      const ctx = readContext(storage)
      const before = await searchEvents(ctx, { city: 'Shelbyville', startDate: '2026-12-01' }, NOW)
      expect(before.count).toBe(1)
      const afterEnd = Date.UTC(2026, 11, 2, 17)
      expect((await searchEvents(ctx, { city: 'Shelbyville', startDate: '2026-12-01' }, afterEnd)).count).toBe(0)
    })
  })
})
