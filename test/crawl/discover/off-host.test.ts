// Pins the rules for calendars off the organization's host (issue 14): fetches to a platform host count
// against the page budget; robots.txt of the platform host is honoured, and a refused feed hands over to
// the next endpoint of the same calendar (LibCal's iCalendar subscription → its list JSON); the SSRF guard
// refuses a platform host that resolves to a metadata address, even under CRAWL_RESOLVE; a recognised but
// unreadable platform is reported as a source; a subdomain that says nothing of events is never fetched;
// a home page that redirects to another name leads to that site's listings; a listing page's 304 on a
// re-crawl plans again the platform calendar it embeds.
import { afterEach, describe, expect, it } from 'bun:test'
import type { Server } from 'bun'
import type { CrawlRequest } from '../../../src/crawl/crawl-types'
import { parseResolveList } from '../../../src/crawl/fetch/resolve-overrides'
import { crawlSite } from '../../../src/crawl/pipeline'
import { identifyWebsite } from '../../../src/model/org-identity'
import { startFixtureSite, TEST_WEB_CA, type FixtureSite, type FixtureSiteOptions } from '../../helpers/fixture-server'

const sites: FixtureSite[] = []
const servers: { stop(force?: boolean): unknown }[] = []
afterEach(async () => {
  for (const s of sites.splice(0)) await s.stop()
  for (const s of servers.splice(0)) s.stop(true)
})

async function crawl(name: string, options: FixtureSiteOptions & { maxPages?: number; resolveFirst?: string } = {}) {
  const site = await startFixtureSite(name, options)
  sites.push(site)
  const request: CrawlRequest = {
    startUrl: site.home,
    orgDomain: identifyWebsite(site.home).domain,
    window: site.expected().window,
    hints: { calendarUrls: [], eventUrls: [] },
    maxPages: options.maxPages ?? 60,
    budgetMs: 30_000,
    userAgent: 'event-index-test/1.0',
    allowPrivate: true,
    resolve: parseResolveList([options.resolveFirst, site.resolve()].filter(Boolean).join(','))!,
    ca: TEST_WEB_CA,
    politenessMs: 0,
    scriptVersion: 'test',
  }
  return { site, request, result: await crawlSite(request) }
}

const titles = (events: { event: { title?: string; startDate?: string } }[]) => events.map((f) => `${f.event.title} @ ${f.event.startDate}`).sort()
const wanted = (site: FixtureSite) =>
  site
    .expected()
    .events.map((e) => `${e.title} @ ${e.start}`)
    .sort()
const on = (site: FixtureSite, host: string) => site.requests.filter((r) => r.headers.host === host).map((r) => r.path)

describe('calendars off the organization’s host', () => {
  it('a feed refused by the platform’s robots.txt is reported blocked, and the calendar is read from its next endpoint', async () => {
    const { site, result } = await crawl('library-libcal', { hostRoutes: { 'springfieldlib.libcal.com': { '/robots.txt': 'libcal-robots-no-ical.txt' } } })
    expect(titles(result.events)).toEqual(wanted(site))
    expect(on(site, 'springfieldlib.libcal.com').filter((p) => p.startsWith('/ical_subscribe'))).toEqual([])
    expect(result.sources).toContainEqual(expect.objectContaining({ url: 'https://springfieldlib.libcal.com/ical_subscribe.php?src=p&cid=4521', platform: 'libcal', status: 'blocked' }))
    const list = result.sources.find((s) => s.url.startsWith('https://springfieldlib.libcal.com/ajax/calendar/list?c=4521'))
    expect(list).toMatchObject({ platform: 'libcal', status: 'ok', eventCount: 5 })
    expect(result.refused.some((r) => r.reason.startsWith('robots_disallowed'))).toBe(true)
  })

  it('the fallback waits: when the feed gives events, the list JSON is never asked for', async () => {
    const { site } = await crawl('library-libcal')
    expect(on(site, 'springfieldlib.libcal.com').filter((p) => p.startsWith('/ajax/'))).toEqual([])
  })

  it('counts platform fetches against the page budget', async () => {
    const { site, result } = await crawl('library-libcal', { maxPages: 2 })
    expect(result.progress.pagesFetched).toBe(2)
    const pages = site.requests.filter((r) => !r.path.startsWith('/robots.txt'))
    expect(pages.map((r) => `${r.headers.host}${r.path}`)).toEqual(['www.springfield-library.org/', 'springfieldlib.libcal.com/ical_subscribe.php?src=p&cid=4521'])
    expect(result.refused).toContainEqual({ url: 'https://www.springfield-library.org/storytime', reason: 'not fetched: crawl budget reached' })
  })

  it('refuses a platform host that resolves to a cloud metadata address, CRAWL_RESOLVE or not', async () => {
    const { site, result } = await crawl('library-libcal', { resolveFirst: 'springfieldlib.libcal.com:443:169.254.169.254' })
    expect(on(site, 'springfieldlib.libcal.com')).toEqual([])
    expect(result.events).toEqual([])
    expect(result.sources).toContainEqual(expect.objectContaining({ url: 'https://springfieldlib.libcal.com/ical_subscribe.php?src=p&cid=4521', platform: 'libcal', status: 'blocked' }))
    expect(result.refused.some((r) => r.reason.startsWith('ssrf_blocked'))).toBe(true)
  })

  it('reports a recognised platform it cannot read (Wix) as an unreadable source', async () => {
    const server = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: () =>
        new Response(
          '<!DOCTYPE html><html><head><meta name="generator" content="Wix.com Website Builder"><title>Riverbend Rowing Club</title></head><body><div id="SITE_CONTAINER"></div></body></html>',
          { headers: { 'content-type': 'text/html' } },
        ),
    })
    servers.push(server)
    const result = await crawlSite({
      startUrl: `http://www.riverbend-rowing.example.org:${server.port}/`,
      orgDomain: 'example.org',
      window: { start: '2026-12-01', end: '2027-02-28' },
      hints: { calendarUrls: [], eventUrls: [] },
      maxPages: 10,
      budgetMs: 10_000,
      userAgent: 'event-index-test/1.0',
      allowPrivate: true,
      resolve: parseResolveList('www.riverbend-rowing.example.org:127.0.0.1'),
      politenessMs: 0,
      scriptVersion: 'test',
    })
    expect(result.sources).toContainEqual({
      url: `http://www.riverbend-rowing.example.org:${server.port}/`,
      kind: 'wix',
      platform: 'wix',
      status: 'unreadable',
      error: expect.stringContaining('Wix'),
      eventCount: 0,
    })
    expect(result.organization.platform).toBe('wix')
  })

  it('follows the listings of the site its home page redirected to, under another name', async () => {
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10)
    const event = JSON.stringify({ '@context': 'https://schema.org', '@type': 'Event', name: 'Seed Library Open House', startDate: `${day}T18:00:00-05:00` })
    const server: Server<undefined> = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch(request): Response {
        const host = request.headers.get('host')!.replace(/:\d+$/, '')
        const path = new URL(request.url).pathname
        if (host === 'oldname.example.org') return new Response(null, { status: 301, headers: { location: `http://www.newname.example.net:${server.port}/` } })
        if (path === '/') return new Response('<!DOCTYPE html><html lang="en"><body><nav><a href="/whats-on">What’s on</a></nav></body></html>', { headers: { 'content-type': 'text/html' } })
        if (path === '/whats-on')
          return new Response(`<!DOCTYPE html><html><head><script type="application/ld+json">${event}</script></head><body></body></html>`, { headers: { 'content-type': 'text/html' } })
        return new Response('not found', { status: 404 })
      },
    })
    servers.push(server)
    const result = await crawlSite({
      startUrl: `http://oldname.example.org:${server.port}/`,
      orgDomain: 'example.org',
      window: { start: new Date().toISOString().slice(0, 10), end: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10) },
      hints: { calendarUrls: [], eventUrls: [] },
      maxPages: 10,
      budgetMs: 10_000,
      userAgent: 'event-index-test/1.0',
      allowPrivate: true,
      resolve: parseResolveList('oldname.example.org:127.0.0.1,www.newname.example.net:127.0.0.1'),
      politenessMs: 0,
      scriptVersion: 'test',
    })
    expect(result.events.map((f) => f.event.title)).toEqual(['Seed Library Open House'])
  })

  it('a re-crawl whose listing page answers 304 still reads the platform calendar that page embeds', async () => {
    const routes = { '/': 'home-no-calendar.html', '/kids': 'kids-listing.html' }
    const first = await crawl('library-libcal', { routes })
    const site = first.site
    const titlesOf = (r: typeof first.result) => r.events.map((f) => f.event.title).sort()
    expect(titlesOf(first.result)).toEqual(['Author Talk: Prairie Histories', 'Lego Club', 'Tech Help Drop-In', 'Teen Anime Club', 'Toddler Storytime', 'Toddler Storytime'])
    const previous = Object.fromEntries(first.result.sources.filter((s) => s.memo && s.etag).map((s) => [s.url, { etag: s.etag, memo: s.memo! }]))
    expect(Object.keys(previous)).toContain('https://www.springfield-library.org/kids')
    const since = site.requests.length
    const again = await crawlSite({ ...first.request, previous })
    const asked = site.requests.slice(since).map((r) => `${r.status} ${r.headers.host}${r.path}`)
    expect(asked).toContain('304 www.springfield-library.org/kids')
    expect(asked).toContain('304 springfieldlib.libcal.com/ical_subscribe.php?src=p&cid=4521')
    expect(titlesOf(again)).toEqual(titlesOf(first.result))
  })

  it('never fetches a subdomain that says nothing of events', async () => {
    const { site } = await crawl('city-events-subdomain')
    expect(on(site, 'pay.rivertonoh.gov')).toEqual([])
    expect(on(site, 'events.rivertonoh.gov')).toContain('/')
  })
})
