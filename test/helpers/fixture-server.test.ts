// Pins the loopback fixture server (test/helpers/fixture-server.ts) that crawl tests rely on: every route
// of every fixture site answers as its site.json says (status, content type, parseable and fully expanded
// body), the documented matching rule (listed query parameters only, most specific wins), unknown paths
// 404, external feeds by Host, ETag/304, request recording, and the hostile behaviours (a server that
// never answers, a 20 MB page, a trickle); plus every expected.json expands and agrees with its site.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { connect } from 'node:net'
import ICAL from 'ical.js'
import { XMLValidator } from 'fast-xml-parser'
import { contentTypeFor, loadManifest, siteNames, startFixtureSite, type FixtureSite, type RouteSpec } from './fixture-server'

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
