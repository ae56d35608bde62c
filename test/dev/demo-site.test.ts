// Pins the built-in demo organization site of `event-index dev` (issue 15): crawled through the real
// pipeline with CRAWL_ALLOW_PRIVATE off, it gives the events of its three sources (plain cards, JSON-LD,
// an iCalendar feed with a weekly RRULE) on dates relative to today, with the zone's offset on each side of
// a DST change; and the loopback allowance it needs opens exactly its host and port: the same server by
// address, the same name on another port, and other loopback names stay refused, with a message that
// names CRAWL_ALLOW_PRIVATE. Paths it does not serve and methods other than GET/HEAD get its 404 page.
import { afterEach, describe, expect, it } from 'bun:test'
import { createFetcher } from '../../src/crawl/fetch/fetcher'
import { crawlSite } from '../../src/crawl/pipeline'
import { CARD_EVENTS, FEED_SINGLE, JSON_LD_EVENTS } from '../../src/dev/demo-calendar'
import { DEMO_HOST, startDemoSite, type DemoSite } from '../../src/dev/demo-site'
import { identifyWebsite } from '../../src/model/org-identity'
import { call, makeApp } from '../helpers/app'

const sites: DemoSite[] = []
afterEach(async () => {
  for (const s of sites.splice(0)) await s.stop()
})

function demo(now?: () => number): DemoSite {
  const site = startDemoSite({ port: 0, now })
  sites.push(site)
  return site
}

/** A system resolver stand-in that sends every name to loopback, so only the allowance decides. */
const toLoopback = async () => [{ address: '127.0.0.1', family: 4 }]

async function crawl(site: DemoSite, start: string, end: string) {
  return crawlSite(
    {
      startUrl: `${site.url}/`,
      orgDomain: `${DEMO_HOST}:${site.port}`,
      window: { start, end },
      hints: { calendarUrls: [], eventUrls: [] },
      maxPages: 20,
      budgetMs: 20_000,
      userAgent: 'event-index-test',
      allowPrivate: false,
      loopbackSites: [site.site],
      politenessMs: 0,
      scriptVersion: 'test',
    },
    { fetcher: { lookup: toLoopback } },
  )
}

describe('the demo site', () => {
  it('gives the events of its cards, its JSON-LD and its weekly feed, on days counted from today, across a DST change', async () => {
    // 10 March 2027 in Riverside, CA: clocks go forward on Sunday 14 March.
    const site = demo(() => Date.parse('2027-03-10T20:00:00Z'))
    const result = await crawl(site, '2027-03-10', '2027-04-10')
    const byTitle = new Map(result.events.map(({ event }) => [event.title, event]))
    expect(byTitle.get('Family Movie Night: The Iron Giant')?.startDate).toBe('2027-03-12T18:30:00-08:00')
    expect(byTitle.get('Toddler Music & Movement')?.startDate).toBe('2027-03-15T10:00:00-07:00')
    expect(byTitle.get('Junior Science Workshop: Volcanoes')?.startDate).toBe('2027-03-17T13:00:00-07:00')
    expect(byTitle.get('Family Swim Night')?.startDate).toBe('2027-03-14T18:00:00-07:00')
    for (const e of [...CARD_EVENTS, ...JSON_LD_EVENTS, FEED_SINGLE]) expect(byTitle.has(e.title)).toBe(true)
    // Storytime every Tuesday of the window: 16, 23 and 30 March, 6 April.
    const storytimes = result.events.filter(({ event }) => event.title === 'Storytime at the Centre').map(({ event }) => event.startDate)
    expect(storytimes).toEqual(['2027-03-16T10:30:00-07:00', '2027-03-23T10:30:00-07:00', '2027-03-30T10:30:00-07:00', '2027-04-06T10:30:00-07:00'])
    expect(
      result.sources
        .filter((s) => s.eventCount > 0)
        .map((s) => new URL(s.url).pathname)
        .sort(),
    ).toEqual(['/calendar.ics', '/camps', '/events'])
  })

  it('moves its dates with today, so it never runs out of upcoming events', async () => {
    const later = demo(() => Date.parse('2031-08-01T18:00:00Z'))
    const result = await crawl(later, '2031-08-01', '2031-10-30')
    const movieNight = result.events.find(({ event }) => event.title === 'Family Movie Night: The Iron Giant')
    expect(movieNight?.event.startDate).toBe('2031-08-03T18:30:00-07:00')
    expect(result.events.length).toBeGreaterThanOrEqual(CARD_EVENTS.length + JSON_LD_EVENTS.length + 1 + 12)
  })
})

describe('the demo site server', () => {
  it('answers 404 for paths it does not serve and for methods other than GET and HEAD', async () => {
    const site = demo()
    const base = `http://127.0.0.1:${site.port}`
    expect((await fetch(`${base}/events`)).status).toBe(200)
    for (const path of ['/nothing', '/constructor', '/__proto__', '/toString', '/hasOwnProperty']) {
      const res = await fetch(`${base}${path}`)
      expect({ path, status: res.status }).toEqual({ path, status: 404 })
    }
    expect((await fetch(`${base}/events`, { method: 'POST' })).status).toBe(404)
  })
})

describe('the loopback allowance of dev', () => {
  it('reaches the demo site by its name and port, and nothing else on loopback', async () => {
    const site = demo()
    const other = demo()
    const fetcher = createFetcher({ userAgent: 'event-index-test', allowPrivate: false, politenessMs: 0, lookup: toLoopback, loopbackSites: [site.site] })
    expect((await fetcher.fetch(`${site.url}/events`)).status).toBe(200)
    for (const refused of [`http://127.0.0.1:${site.port}/events`, `http://${DEMO_HOST}:${other.port}/events`, `http://localhost:${site.port}/events`])
      await expect(fetcher.fetch(refused)).rejects.toMatchObject({ code: 'ssrf_blocked' })
  })

  it('lets exactly that site be indexed, and refuses other loopback sites naming CRAWL_ALLOW_PRIVATE', async () => {
    const site = demo()
    expect(identifyWebsite(site.url, { loopbackSites: [site.site] }).domain).toBe(`${DEMO_HOST}:${site.port}`)
    const { app } = makeApp({ deps: { loopbackSites: [site.site] } })
    expect((await call(app, 'POST', '/api/v1/orgs', { body: { website: site.url } })).status).toBe(202)
    for (const website of [`http://127.0.0.1:${site.port}`, `http://${DEMO_HOST}:${site.port + 1}`, 'http://localhost:3000', 'http://10.0.0.8/events']) {
      const res = await call(app, 'POST', '/api/v1/orgs', { body: { website } })
      expect({ website, status: res.status, error: res.json.error }).toEqual({ website, status: 400, error: 'invalid_request' })
      expect(res.json.message).toContain('CRAWL_ALLOW_PRIVATE')
    }
    // Without the allowance (serve), the demo site is refused like any loopback site.
    const serve = makeApp().app
    expect((await call(serve, 'POST', '/api/v1/orgs', { body: { website: site.url } })).json.message).toContain('CRAWL_ALLOW_PRIVATE')
  })
})
