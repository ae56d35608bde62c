// Pins the loopback fixture server (test/helpers/fixture-server.ts) that crawl tests rely on: every route
// of every fixture site answers as its site.json says (status, content type, parseable and fully expanded
// body), the documented matching rule (listed query parameters only, most specific wins), unknown paths
// 404, external feeds by Host, ETag/304, request recording, and the hostile behaviours (a server that
// never answers, a 20 MB page, a trickle); plus every expected.json expands and agrees with its site.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { connect } from 'node:net'
import ICAL from 'ical.js'
import { XMLValidator } from 'fast-xml-parser'
import { localToday } from './fixture-dates'
import { eventually } from './jobs'
import { contentTypeFor, loadManifest, siteNames, startFixtureSite, TEST_WEB_CA, type FixtureSite, type RouteSpec } from './fixture-server'

/** A fixed instant: Wednesday 2 December 2026, 10:00 in New York. */
const NOW = new Date('2026-12-02T15:00:00Z')
const started: FixtureSite[] = []
async function start(name: string, now = NOW) {
  const site = await startFixtureSite(name, { now })
  started.push(site)
  return site
}
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()))
})

/** A concrete request path for a route key: `:name` parameters take `pick` of their range. */
function concrete(key: string, spec: RouteSpec, pick: 0 | 1): string {
  const params = typeof spec === 'object' && 'params' in spec && spec.params ? spec.params : {}
  return key.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => String(params[name][pick]))
}

function checkBody(file: string, body: string) {
  expect(body).not.toContain('{{')
  if (file.endsWith('.json')) expect(() => JSON.parse(body)).not.toThrow()
  if (file.endsWith('.ics')) {
    expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
    const calendar = new ICAL.Component(ICAL.parse(body))
    expect(calendar.getAllSubcomponents('vevent').length).toBeGreaterThan(0)
  }
  if (file.endsWith('.xml') || file.endsWith('.rss')) expect(XMLValidator.validate(body)).toBe(true)
  if (file.endsWith('.html')) expect(body).toMatch(/^<!DOCTYPE html>/i)
}

async function checkRoute(site: FixtureSite, path: string, spec: RouteSpec, init: RequestInit = {}) {
  const url = path.startsWith('http') ? path : site.url + path
  const route = typeof spec === 'string' ? { file: spec } : spec
  if ('behaviour' in route) {
    if (route.behaviour === 'never-answer') {
      await expect(fetch(url, { ...init, signal: AbortSignal.timeout(150) })).rejects.toThrow()
      return
    }
    const controller = new AbortController()
    const response = await fetch(url, { ...init, signal: controller.signal })
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8'])
    const first = await response.body!.getReader().read()
    expect(first.value!.length).toBeGreaterThan(0)
    controller.abort()
    return
  }
  const response = await fetch(url, { ...init, redirect: 'manual' })
  if ('redirect' in route) {
    expect(response.status).toBe(route.status ?? 302)
    expect(response.headers.get('location')).toBe(route.redirect.replace('{{origin}}', site.origin))
    return
  }
  const body = await response.text()
  expect({ path, status: response.status }).toEqual({ path, status: route.status ?? 200 })
  const override = Object.entries(route.headers ?? {}).find(([k]) => k.toLowerCase() === 'content-type')?.[1]
  expect(response.headers.get('content-type')).toBe(override ?? contentTypeFor(route.file))
  checkBody(route.file, body)
}

describe('every route of every fixture site', () => {
  for (const name of siteNames()) {
    const manifest = loadManifest(name, NOW)
    if (manifest.server === 'silent-tcp') continue
    it(`${name}: answers each route as site.json says, and 404 elsewhere`, async () => {
      const site = await start(name)
      for (const [key, spec] of Object.entries(manifest.routes)) {
        await checkRoute(site, concrete(key, spec, 0), spec)
        if (concrete(key, spec, 1) !== concrete(key, spec, 0)) await checkRoute(site, concrete(key, spec, 1), spec)
      }
      for (const [url, spec] of Object.entries(manifest.externalFeeds ?? {})) {
        const u = new URL(url)
        await checkRoute(site, u.pathname + u.search, spec, { headers: { host: u.hostname } })
        await checkRoute(site, site.externalUrl(url), spec)
      }
      for (const [host, routes] of Object.entries(manifest.hosts ?? {})) for (const [key, spec] of Object.entries(routes)) await checkRoute(site, concrete(key, spec, 0), spec, { headers: { host } })
      const missing = await fetch(`${site.url}/definitely/not/here?x=1`)
      expect(missing.status).toBe(404)
      const text = await missing.text()
      expect(text).not.toContain('{{')
      if (manifest.notFound) expect(missing.headers.get('content-type')).toBe(contentTypeFor(manifest.notFound))
    })
  }
})

describe('expected.json of every site', () => {
  for (const name of siteNames()) {
    it(`${name}: expands against the same now, with events in the window and sources that answer`, async () => {
      const site = await start(name)
      const expected = site.expected()
      expect(expected.site).toBe(name)
      expect(expected.timezone).toBe(site.timezone)
      expect(JSON.stringify(expected)).not.toContain('{{')
      for (const event of expected.events) {
        expect(event.title.length).toBeGreaterThan(0)
        expect(event.start).toMatch(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2})?$/)
        expect(event.start.slice(0, 10) >= expected.window.start && event.start.slice(0, 10) <= expected.window.end).toBe(true)
        if (event.end) expect(Date.parse(event.end)).toBeGreaterThan(Date.parse(event.start))
        expect(event.allDay ?? false).toBe(event.start.length === 10)
      }
      const starts = expected.events.map((e) => Date.parse(e.start.length === 10 ? `${e.start}T00:00:00Z` : e.start))
      expect(starts).toEqual([...starts].sort((a, b) => a - b))
      if (site.manifest.server === 'silent-tcp') return
      for (const source of expected.sources) {
        const url = source.url.startsWith(site.origin) ? source.url : site.externalUrl(source.url)
        expect({ url: source.url, status: (await fetch(url)).status }).toEqual({ url: source.url, status: 200 })
      }
      const keys = Object.keys(site.manifest.routes)
      for (const path of expected.mustNotFetch) expect(keys).toContain(path)
    })
  }
})

describe('matching rule', () => {
  let site: FixtureSite
  beforeAll(async () => {
    site = await start('wordpress-tec')
  })

  it('ignores query parameters the route does not list, and prefers the route listing the most', async () => {
    const ics = await fetch(`${site.url}/events/?ical=1&eventDisplay=list&tribe-bar-date=2026-12-01`)
    expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    const page = await fetch(`${site.url}/events/?utm_source=newsletter`)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const page2: any = await (await fetch(`${site.url}/wp-json/tribe/events/v1/events?per_page=10&page=2`)).json()
    expect(page2.events.map((e: { id: number }) => e.id)).toEqual([1315, 1303, 1320, 1324])
    const page1: any = await (await fetch(`${site.url}/wp-json/tribe/events/v1/events?page=1`)).json()
    expect([page1.events.length, page1.total, page1.total_pages]).toEqual([10, 14, 2])
    expect(page1.next_rest_url).toBe(`${site.origin}/wp-json/tribe/events/v1/events/?page=2`)
  })

  it('compares percent-decoded paths and needs every listed parameter', async () => {
    expect((await fetch(`${site.url}/%65vents/`)).status).toBe(200)
    expect((await fetch(`${site.url}/?post_type=tribe_events`)).headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect((await fetch(`${site.url}/events/?ical=0`)).headers.get('content-type')).toBe('text/html; charset=utf-8')
  })

  it('expands dates in route keys, so a dated occurrence URL exists only for its day', async () => {
    expect((await fetch(`${site.url}/event/toddler-storytime/2026-12-03/`)).status).toBe(200)
    expect((await fetch(`${site.url}/event/toddler-storytime/2026-12-04/`)).status).toBe(404)
  })

  it('answers If-None-Match with 304 and the same ETag', async () => {
    const first = await fetch(`${site.url}/events/?ical=1`)
    await first.text()
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"[0-9a-f]+"$/)
    const again = await fetch(`${site.url}/events/?ical=1`, { headers: { 'if-none-match': etag } })
    expect([again.status, again.headers.get('etag'), await again.text()]).toEqual([304, etag, ''])
  })

  it('serves {{origin}} as the Host the request named, so a test may map a fake host name here', async () => {
    const json: any = await (await fetch(`${site.url}/wp-json/tribe/events/v1/events`, { headers: { host: 'library.example:8080' } })).json()
    expect(json.events[0].url).toStartWith('http://library.example:8080/event/toddler-storytime/')
  })
})

describe('the test web', () => {
  it('answers its names over TLS and plain http, {{origin}} following the scheme and Host, and names them for CRAWL_RESOLVE', async () => {
    const site = await start('city-events-subdomain')
    expect(site.home).toBe('https://www.rivertonoh.gov/')
    expect(site.resolve().split(',').sort()).toEqual(
      ['www.rivertonoh.gov', 'events.rivertonoh.gov', 'pay.rivertonoh.gov'].flatMap((h) => [`${h}:80:127.0.0.1:${site.port}`, `${h}:443:127.0.0.1:${site.tlsPort}`]).sort(),
    )
    const secure = await fetch(`https://127.0.0.1:${site.tlsPort}/`, { headers: { host: 'events.rivertonoh.gov' }, tls: { ca: TEST_WEB_CA, serverName: 'events.rivertonoh.gov' } } as RequestInit)
    expect([secure.status, await secure.text()]).toEqual([200, expect.stringContaining('Holiday Tree Lighting')])
    const plain = await fetch(`${site.url}/`, { headers: { host: 'www.rivertonoh.gov' } })
    expect(await plain.text()).toContain('Welcome to Riverton')
    expect((await fetch(`${site.url}/event/holiday-tree-lighting`, { headers: { host: 'www.rivertonoh.gov' } })).status).toBe(404)
    expect(site.expected().events[0].url).toBe('https://events.rivertonoh.gov/event/holiday-tree-lighting')
  })
})

describe('request log', () => {
  it('records method, path with query and headers, including the User-Agent', async () => {
    const site = await start('google-embed')
    await fetch(`${site.url}/calendar?from=nav`, { headers: { 'user-agent': 'event-index/0.1 (+https://example.org/bot)' } })
    await fetch(`${site.url}/robots.txt`, { method: 'HEAD' })
    expect(site.requests.map((r) => [r.method, r.path])).toEqual([
      ['GET', '/calendar?from=nav'],
      ['HEAD', '/robots.txt'],
    ])
    expect(site.requests[0].headers['user-agent']).toBe('event-index/0.1 (+https://example.org/bot)')
    expect(site.paths()).not.toContain('/')
  })

  it('answers the Google Calendar feed path only for Host: calendar.google.com', async () => {
    const site = await start('google-embed')
    const path = '/calendar/ical/stmarks.example%40gmail.com/public/basic.ics'
    expect((await fetch(site.url + path)).status).toBe(404)
    const feed = await fetch(site.url + path, { headers: { host: 'calendar.google.com' } })
    expect([feed.status, feed.headers.get('content-type')]).toEqual([200, 'text/calendar; charset=UTF-8'])
    expect(await feed.text()).toContain('X-WR-TIMEZONE:America/Chicago')
    const unencoded = await fetch(site.url + '/calendar/ical/stmarks.example@gmail.com/public/basic.ics', { headers: { host: 'calendar.google.com' } })
    expect(unencoded.status).toBe(200)
    expect(site.requests.at(-1)!.headers.host).toBe('calendar.google.com')
  })
})

describe('hostile behaviours', () => {
  it('never-answers accepts the connection, records the request and sends nothing', async () => {
    const site = await start('never-answers')
    const socket = connect(site.port, '127.0.0.1')
    const received: Buffer[] = []
    socket.on('data', (chunk: Buffer) => received.push(chunk))
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    socket.write('GET /events HTTP/1.1\r\nHost: oldchurch.example\r\nUser-Agent: event-index-test\r\n\r\n')
    // Recorded: the server has read the request, the moment an answering server would reply.
    await eventually(() => site.requests.length === 1, 5000)
    expect(site.requests).toEqual([{ method: 'GET', path: '/events', headers: { host: 'oldchurch.example', 'user-agent': 'event-index-test' }, at: expect.any(Number) }])
    // A later request gets nothing either: our own deadline ends it (TimeoutError), not an answer or a close…
    await expect(fetch(`${site.url}/`, { signal: AbortSignal.timeout(200) })).rejects.toMatchObject({ name: 'TimeoutError' })
    // …and by then the first connection, still open, has received no byte.
    expect(received).toEqual([])
    expect(socket.destroyed).toBe(false)
    socket.destroy()
  })

  it('a never-answer route holds the request open until aborted', async () => {
    const site = await startFixtureSite('plain-listing', { now: NOW, routes: { '/whats-on': { behaviour: 'never-answer' } } })
    started.push(site)
    await expect(fetch(`${site.url}/whats-on`, { signal: AbortSignal.timeout(200) })).rejects.toThrow()
    expect((await fetch(`${site.url}/whats-on?page=2`)).status).toBe(200)
    expect(site.paths()).toEqual(['/whats-on', '/whats-on?page=2'])
  })

  it('huge-page streams exactly 20 MB of HTML for /events without a Content-Length', async () => {
    const site = await start('huge-page')
    const response = await fetch(`${site.url}/events`)
    expect(response.headers.get('content-length')).toBeNull()
    let bytes = 0
    let first = ''
    let last = new Uint8Array()
    for await (const chunk of response.body!) {
      if (!first) first = new TextDecoder().decode(chunk.subarray(0, 15))
      bytes += chunk.length
      last = chunk
    }
    expect(bytes).toBe(20 * 1024 * 1024)
    expect(first).toBe('<!DOCTYPE html>')
    expect(new TextDecoder().decode(last).endsWith('</html>\n')).toBe(true)
    expect((await fetch(`${site.url}/events/feed.ics`)).status).toBe(200)
  })

  it('slow-drip sends its headers at once and then 16 bytes per 500 ms', async () => {
    // The drip's pauses are held here: each is recorded and ends only when the test releases it.
    const pauses: number[] = []
    const releases: (() => void)[] = []
    const sleep = (ms: number) => new Promise<void>((resolve) => (pauses.push(ms), releases.push(resolve)))
    const site = await startFixtureSite('slow-drip', { now: NOW, sleep })
    started.push(site)
    // The headers arrive while the body is held at its first pause.
    const response = await fetch(`${site.url}/events`)
    expect(response.status).toBe(200)
    const reader = response.body!.getReader()
    let bytes = 0
    for (const chunk of [1, 2]) {
      while (bytes < 16 * chunk) bytes += (await reader.read()).value!.length
      expect(bytes).toBe(16 * chunk) // the next 16 bytes are held by the pause, never sent early
      await eventually(() => pauses.length === chunk, 5000)
      expect(pauses.at(-1)).toBe(500)
      releases.shift()!()
    }
    await reader.cancel()
    for (const release of releases) release()
  })
})

describe('route overrides', () => {
  it("serve a site's variant file for one run, e.g. Squarespace's stock robots.txt", async () => {
    const stock = await startFixtureSite('squarespace', { now: NOW, routes: { '/robots.txt': 'robots-stock.txt' } })
    started.push(stock)
    const robots = await (await fetch(`${stock.url}/robots.txt`)).text()
    expect(robots).toContain('Disallow:/*?format=json\n')
    expect(robots).toContain(`Sitemap: ${stock.origin}/sitemap.xml`)
    const normal = await start('squarespace')
    expect(await (await fetch(`${normal.url}/robots.txt`)).text()).not.toContain('Disallow:/*?format=json')
  })
})

/** Instant of an expected start: midnight UTC for a date-only value (compared by date instead). */
const key = (title: string, start: string) => `${title} @ ${start.length === 10 ? start : new Date(Date.parse(start)).toISOString()}`
const decode = (html: string) =>
  html
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&')
    .replace(/&rsquo;/g, '’')
    .replace(/&ndash;/g, '–')
    .replace(/&eacute;/g, 'é')

/** Two instants: early December (no DST change in the window) and late February (the March switch inside it). */
for (const now of [NOW, new Date('2027-02-20T15:00:00Z')]) {
  describe(`fixture content agrees with expected.json (now = ${now.toISOString().slice(0, 10)})`, () => {
    it('wordpress-tec: REST pages, iCal export and list view carry the 14 expected events', async () => {
      const site = await start('wordpress-tec', now)
      const expected = site.expected().events.map((e) => key(e.title, e.start))
      const pages: any[] = [await (await fetch(`${site.url}/wp-json/tribe/events/v1/events`)).json(), await (await fetch(`${site.url}/wp-json/tribe/events/v1/events/?page=2`)).json()]
      const rest = pages.flatMap((p) => p.events)
      expect(rest.map((e) => key(decode(e.title), e.all_day ? e.start_date.slice(0, 10) : `${e.utc_start_date.replace(' ', 'T')}Z`))).toEqual(expected)
      expect(rest.map((e) => `${e.utc_start_date.replace(' ', 'T')}Z`)).toEqual(rest.map((e) => new Date(Date.parse(`${e.utc_start_date.replace(' ', 'T')}Z`)).toISOString().replace('.000', '')))
      const ics = new ICAL.Component(ICAL.parse(await (await fetch(`${site.url}/?post_type=tribe_events&ical=1&eventDisplay=list`)).text()))
      for (const tz of ics.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz)
      const vevents = ics.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v))
      expect(vevents.map((e) => key(e.summary, e.startDate.isDate ? e.startDate.toString() : e.startDate.toJSDate().toISOString()))).toEqual(expected)
      const epoch = (utc: string) => Date.parse(`${utc.replace(' ', 'T')}Z`) / 1000
      expect(vevents.map((e) => e.uid)).toEqual(rest.map((e) => `${e.id}-${epoch(e.utc_start_date)}-${epoch(e.utc_end_date)}@library.example`))
      const list = await (await fetch(`${site.url}/events/`)).text()
      const jsonld = JSON.parse(/<script type="application\/ld\+json">\n([\s\S]*?)\n<\/script>/.exec(list)![1])
      expect(jsonld.map((e: any) => decode(decode(e.name)))).toEqual(
        site
          .expected()
          .events.slice(0, 10)
          .map((e) => e.title),
      )
    })

    it('google-embed: expanding the feed in the window gives exactly the expected occurrences', async () => {
      const site = await start('google-embed', now)
      const expected = site.expected()
      const text = await (await fetch(site.externalUrl(expected.sources[0].url))).text()
      const calendar = new ICAL.Component(ICAL.parse(text))
      for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz)
      const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v))
      const masters = events.filter((e) => !e.isRecurrenceException())
      for (const exception of events.filter((e) => e.isRecurrenceException())) masters.find((m) => m.uid === exception.uid)!.relateException(exception)
      const localDay = (t: ICAL.Time) => (t.isDate ? t.toString() : localToday(t.toJSDate(), site.timezone))
      const found: string[] = []
      for (const master of masters) {
        const it = master.iterator()
        for (let t: ICAL.Time | undefined = it.next(); t && localDay(t) <= expected.window.end; t = master.isRecurring() ? it.next() : undefined) {
          const { item, startDate } = master.getOccurrenceDetails(t)
          if (localDay(startDate) >= expected.window.start && localDay(startDate) <= expected.window.end)
            found.push(key(item.summary, startDate.isDate ? startDate.toString() : startDate.toJSDate().toISOString()))
        }
      }
      const want = expected.events.map((e) => key(e.title, e.start))
      expect(found.sort()).toEqual([...want].sort())
    })

    it('squarespace: the JSON holds the 6 expected upcoming events as epoch milliseconds, and the page lists them', async () => {
      const site = await start('squarespace', now)
      const expected = site.expected().events
      const json: any = await (await fetch(`${site.url}/events?format=json`)).json()
      expect(json.upcoming.map((i: any) => key(i.title, new Date(i.startDate).toISOString()))).toEqual(expected.map((e) => key(e.title, e.start)))
      expect(json.upcoming.map((i: any) => i.endDate)).toEqual(expected.map((e) => Date.parse(e.end!)))
      expect(json.past.every((i: any) => i.startDate < now.getTime())).toBe(true)
      const page = await (await fetch(`${site.url}/events`)).text()
      expect([...page.matchAll(/class="eventlist-title-link">([^<]+)</g)].map((m) => decode(m[1]))).toEqual(expected.map((e) => e.title))
    })

    it('plain-listing: 8 + 5 cards whose titles and links are the expected events', async () => {
      const site = await start('plain-listing', now)
      const expected = site.expected().events
      const cards = async (path: string) =>
        [...(await (await fetch(site.url + path)).text()).matchAll(/<h3 class="card-title"><a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => [site.origin + m[1], decode(m[2])])
      const all = [...(await cards('/whats-on')), ...(await cards('/whats-on?page=2'))]
      expect(all.length).toBe(13)
      expect(all).toEqual(expected.map((e) => [e.url!, e.title]))
      const pottery = await (await fetch(`${site.url}/whats-on/pottery-for-beginners`)).text()
      expect(pottery).toContain(`href="${expected[1].ticketUrl}">Register</a>`)
    })

    it('listing-details: 4 + 3 cards; each linked page and its .ics give the expected event, with validators for re-crawls', async () => {
      const site = await start('listing-details', now)
      const expected = site.expected().events
      const cards = async (path: string) =>
        [...(await (await fetch(site.url + path)).text()).matchAll(/<h3 class="event-title">(?:<a href="([^"]+)">)?([^<]+)</g)].map((m) => [m[1] ? site.origin + m[1] : undefined, decode(m[2])])
      const all = [...(await cards('/events')), ...(await cards('/events?page=2'))]
      expect(all).toEqual(expected.map((e) => [e.url, e.title]))
      for (const event of expected.filter((e) => e.url)) {
        const page = await fetch(event.url!)
        const json = JSON.parse(/<script type="application\/ld\+json">\n([\s\S]*?)\n<\/script>/.exec(await page.text())![1])
        expect([json.name, json.startDate, json.endDate, json.location.name]).toEqual([event.title, event.start, event.end, event.venue])
        expect([page.headers.get('etag'), page.headers.get('last-modified')].every(Boolean)).toBe(true)
        const feed = await fetch(`${event.url}.ics`)
        expect([feed.headers.get('etag'), feed.headers.get('last-modified')?.endsWith(' GMT')]).toEqual([null, true])
        const vevent = new ICAL.Component(ICAL.parse(await feed.text())).getFirstSubcomponent('vevent')!
        expect([vevent.getFirstPropertyValue('summary'), vevent.getFirstPropertyValue('url')]).toEqual([event.title, event.url!])
        const since = await fetch(`${event.url}.ics`, { headers: { 'if-modified-since': feed.headers.get('last-modified')! } })
        expect(since.status).toBe(304)
      }
      const changed = await cards('/events') // unchanged: the edited listing is served only through setRoutes
      expect(changed.map((c) => c[1])).not.toContain('Linocut for Teens')
      site.setRoutes({ '/events': 'events-changed.html' })
      expect((await cards('/events')).map((c) => c[1])).toEqual(['Watercolour Basics', 'Open Studio Night', 'Linocut for Teens', 'Artist Talk: Mara Ellison'])
    })

    it('bench-200: the 10 listing pages link 200 distinct detail pages whose JSON-LD matches', async () => {
      const site = await start('bench-200', now)
      const expected = site.expected().events
      const links: string[] = []
      for (let page = 1; page <= 10; page++) {
        const html = await (await fetch(`${site.url}/events/?page=${page}`)).text()
        links.push(...[...html.matchAll(/class="event-teaser__link" href="([^"]+)"/g)].map((m) => m[1]))
      }
      expect(new Set(links).size).toBe(200)
      expect(links).toEqual(expected.map((e) => e.url!))
      for (const i of [0, 99, 199]) {
        const html = await (await fetch(links[i])).text()
        const event = JSON.parse(/<script type="application\/ld\+json">\n(.*)\n<\/script>/.exec(html)![1])
        expect([event.name, event.startDate, event.endDate]).toEqual([expected[i].title, expected[i].start, expected[i].end])
      }
    })
  })
}
