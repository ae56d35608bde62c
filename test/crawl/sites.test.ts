// Pins discovery and crawling on realistic fixture sites served on loopback (issue 5): what each site's
// crawl finds (its expected.json, written by hand) and what it refuses: The Events Calendar (REST, ICS,
// JSON-LD), a Google Calendar embed, Squarespace, plain listing cards with pagination, listing cards
// linking detail pages that each carry their own .ics, a robots.txt that forbids the calendar, redirects
// to private addresses, a server that never answers, a 20 MB page.
import { afterEach, describe, expect, it } from 'bun:test'
import type { CrawlRequest, CrawlResult } from '../../src/crawl/crawl-types'
import { parseResolveList } from '../../src/crawl/fetch/resolve-overrides'
import { crawlSite, CrawlFailure, type CrawlDeps } from '../../src/crawl/pipeline'
import { startFixtureSite, TEST_WEB_CA, type FixtureSite } from '../helpers/fixture-server'

const NOW = new Date('2026-12-02T15:00:00Z')
const sites: FixtureSite[] = []
afterEach(async () => {
  for (const s of sites.splice(0)) await s.stop()
})

async function crawl(name: string, extra: Partial<CrawlRequest> = {}, routes?: Record<string, string>) {
  const site = await startFixtureSite(name, { now: NOW, ...(routes ? { routes } : {}) })
  sites.push(site)
  const expected = site.expected() as any
  const request: CrawlRequest = {
    startUrl: `${site.url}/`,
    orgDomain: new URL(site.url).host,
    window: expected.window ?? { start: '2026-12-02', end: '2027-03-02' },
    hints: { calendarUrls: [], eventUrls: [] },
    maxPages: 60,
    budgetMs: 30_000,
    userAgent: 'event-index-test/1.0',
    // The test web: the site's outside names (calendar.google.com) reach this server through CRAWL_RESOLVE,
    // which needs CRAWL_ALLOW_PRIVATE; addressAllowed below still refuses everything but 127.0.0.1.
    allowPrivate: true,
    resolve: parseResolveList(site.resolve()),
    ca: TEST_WEB_CA,
    politenessMs: 0,
    scriptVersion: 'test',
    ...extra,
  }
  const deps: CrawlDeps = {
    now: () => NOW.getTime(),
    fetcher: {
      addressAllowed: (ip) => ip === '127.0.0.1',
      headersTimeoutMs: 400,
      totalTimeoutMs: 1500,
    },
  }
  return { site, expected, request, deps, run: () => crawlSite(request, deps) }
}

const found = (result: CrawlResult) => result.events.map((f) => `${f.event.title} @ ${f.event.startDate}`).sort()
const wanted = (expected: any) => (expected.events as { title: string; start: string }[]).map((e) => `${e.title} @ ${e.start}`).sort()

describe('crawling fixture sites', () => {
  it('wordpress-tec: every event once, from the REST API, the iCal export and the list view', async () => {
    const { run, expected, site } = await crawl('wordpress-tec')
    const result = await run()
    expect(found(result)).toEqual(wanted(expected))
    expect(result.sources.map((s) => s.kind)).toContain('tec-rest')
    expect(result.organization.platform).toBe('the-events-calendar')
    expect(result.organization.timezone).toBe('America/New_York')
    const cancelled = result.events.find((f) => f.event.title?.startsWith('CANCELLED'))!.event
    expect(cancelled.eventStatus).toBe('EventCancelled')
    expect(site.paths().some((p) => p.startsWith('/wp-json/tribe/events/v1/events'))).toBe(true)
    const storytime = result.events.find((f) => f.event.title === 'Toddler Storytime')!.event
    expect(storytime._external).toBe(false)
    expect(storytime.more_info_website).toBeUndefined()
    expect(storytime.categories?.map((c) => c.toLowerCase())).toEqual(expect.arrayContaining(['kids', 'storytime', 'family']))
    expect(result.events.flatMap((f) => f.event.categories ?? []).filter((c) => /^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\d/i.test(c))).toEqual([])
    expect(storytime.address).toBe('212 Water Street, Riverbend, NY 14850, United States')
    expect(storytime.venue).toMatchObject({ name: 'Main Library', latitude: 42.4396, longitude: -76.497 })
    expect(storytime.schedule?.recurrence).toMatchObject({ pattern: 'weekly', weekdays: [expect.any(String)], resolvedZone: 'America/New_York' })
  })

  it('google-embed: the public ICS behind the iframe, recurrences expanded', async () => {
    const { run, expected } = await crawl('google-embed')
    const result = await run()
    expect(found(result)).toEqual(wanted(expected))
    expect(result.sources.some((s) => s.url.startsWith('https://calendar.google.com/') && s.status === 'ok')).toBe(true)
  })

  it('squarespace: the collection JSON', async () => {
    const { run, expected } = await crawl('squarespace')
    const result = await run()
    expect(found(result)).toEqual(wanted(expected))
  })

  it('squarespace with its stock robots.txt: the JSON is forbidden, so the event list page is read instead', async () => {
    const { run, expected, site } = await crawl('squarespace', {}, { '/robots.txt': 'robots-stock.txt' })
    const result = await run()
    expect(found(result)).toEqual(wanted(expected))
    expect(site.paths().filter((p) => p.includes('format='))).toEqual([])
    expect(result.sources.find((s) => s.kind === 'squarespace-json')?.status).toBe('blocked')
  })

  it('plain-listing: cards over two pages, without structured data', async () => {
    const { run, expected, site } = await crawl('plain-listing')
    const result = await run()
    expect(found(result)).toEqual(wanted(expected))
    expect(site.paths()).toContain('/whats-on')
  })

  it("listing-details: each card merged with its page and the page's own .ics; every page read", async () => {
    const { run, expected, site } = await crawl('listing-details')
    const result = await run()
    expect(found(result)).toEqual(wanted(expected))
    const pages = expected.events.filter((e: { url?: string }) => e.url).map((e: { url: string }) => new URL(e.url).pathname)
    expect(
      site
        .paths()
        .filter((p) => p.startsWith('/events/'))
        .sort(),
    ).toEqual([...pages, ...pages.map((p: string) => `${p}.ics`)].sort())
    const venues = Object.fromEntries(result.events.map((f) => [f.event.title, f.event.venue]))
    expect(venues['Printmaking Intensive']).toMatchObject({ name: 'Print Shop, Riverside Arts Centre' })
  })

  it('robots-forbid: nothing under /calendar is ever requested', async () => {
    const { run, site } = await crawl('robots-forbid')
    const result = await run()
    expect(result.events).toEqual([])
    expect(site.paths().filter((p) => p.startsWith('/calendar'))).toEqual([])
    expect(result.refused.some((r) => r.reason.startsWith('robots_disallowed'))).toBe(true)
  })

  it('redirect-private: refused before connecting, and the job fails for good', async () => {
    const { run } = await crawl('redirect-private')
    const error = await run().catch((e) => e)
    expect(error).toBeInstanceOf(CrawlFailure)
    expect(error.retryable).toBe(false)
    expect(error.message).toMatch(/cloud metadata address|private or reserved address/)
  })

  it('never-answers: a timeout that may be retried', async () => {
    const { run, site } = await crawl('never-answers')
    const error = await run().catch((e) => e)
    expect(error).toBeInstanceOf(CrawlFailure)
    expect(error.retryable).toBe(true)
    // Its first request (robots.txt) was asked for, and the headers deadline (400 ms here) ended the wait.
    expect(site.requests.map((r) => r.path)).toEqual(['/robots.txt'])
    expect(error.message).toContain(`no response from ${new URL(site.url).host} within 400 ms`)
  })

  it('huge-page: the 20 MB page is refused, the feed beside it is read', async () => {
    const { run, expected } = await crawl('huge-page', {}, undefined)
    const result = await run()
    expect(found(result)).toEqual(wanted(expected))
    expect(result.refused.some((r) => r.url.endsWith('/events') && r.reason.startsWith('too_large'))).toBe(true)
  })

  it('bench-200: every one of 200 event pages', async () => {
    const { run, expected } = await crawl('bench-200', { maxPages: 260 })
    const result = await run()
    expect(result.events).toHaveLength(200)
    expect(found(result)).toEqual(wanted(expected))
  })
})
