// Pins the crawl's choice of pages (DESIGN §6, issue 12): detail pages are skipped once a calendar feed
// gave events, and that choice does not depend on timing: a feed still in flight is waited for before
// any detail page is fetched, so the same site always gives the same pages and the same events. An
// event's own .ics (found on its page) repeats that event and never stands in for the other pages.
import { afterEach, describe, expect, it } from 'bun:test'
import type { Server } from 'bun'
import { crawlSite } from '../../src/crawl/pipeline'

const servers: Server<undefined>[] = []
afterEach(() => {
  for (const s of servers.splice(0)) s.stop(true)
})

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
const SLUGS = ['a', 'b', 'c', 'd', 'e', 'f']
const ics = (slugs: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    ...slugs.flatMap((s) => [
      'BEGIN:VEVENT',
      `UID:${s}@site.test`,
      `DTSTAMP:20260101T000000Z`,
      `DTSTART:${day(SLUGS.indexOf(s) + 3).replace(/-/g, '')}T180000Z`,
      `SUMMARY:Event ${s}`,
      `URL:/events/${s}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n')
const html = (head: string, body: string) =>
  new Response(`<!doctype html><html><head><title>Site</title>${head}</head><body>${body}</body></html>`, { headers: { 'content-type': 'text/html; charset=utf-8' } })

/**
 * A site whose /events lists six detail pages (more than the crawl fetches at once); its iCalendar feed is
 * slow (300 ms) and linked from the home page, or there are only per-event exports, linked from each page.
 */
function site(feed: 'home' | 'per-event') {
  const requested: string[] = []
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const path = new URL(request.url).pathname
      requested.push(path)
      if (path === '/') return html(feed === 'home' ? '<link rel="alternate" type="text/calendar" href="/feed.ics">' : '', '<nav><a href="/events">Events</a></nav>')
      if (path === '/events') return html('', `<ul>${SLUGS.map((s) => `<li><a href="/events/${s}">Event ${s}</a></li>`).join('')}</ul>`)
      const m = /^\/events\/([a-f])(\.ics)?$/.exec(path)
      if (path === '/feed.ics') await Bun.sleep(300)
      if (path === '/feed.ics' || m?.[2]) return new Response(ics(m ? [m[1]] : SLUGS), { headers: { 'content-type': 'text/calendar' } })
      if (m) {
        const i = SLUGS.indexOf(m[1])
        const event = { '@context': 'https://schema.org', '@type': 'Event', name: `Event ${m[1]}`, startDate: `${day(i + 3)}T18:00:00Z`, url: `/events/${m[1]}` }
        return html(`<script type="application/ld+json">${JSON.stringify(event)}</script>`, `<h1>Event ${m[1]}</h1><a href="/events/${m[1]}.ics">Add to calendar</a>`)
      }
      return new Response('not found', { status: 404 })
    },
  })
  servers.push(server)
  const url = `http://127.0.0.1:${server.port}`
  const crawl = () =>
    crawlSite({
      startUrl: `${url}/`,
      orgDomain: `127.0.0.1:${server.port}`,
      window: { start: day(0), end: day(90) },
      hints: { calendarUrls: [], eventUrls: [] },
      maxPages: 50,
      budgetMs: 20_000,
      userAgent: 'event-index-test',
      allowPrivate: true,
      politenessMs: 0,
      scriptVersion: 'test',
    })
  return { requested, crawl }
}

describe('which pages a crawl reads', () => {
  it('waits for a feed still in flight before fetching detail pages, and skips them when it gave the events', async () => {
    const { requested, crawl } = site('home')
    const result = await crawl()
    expect(result.events.map((f) => f.event.title).sort()).toEqual(SLUGS.map((s) => `Event ${s}`))
    expect(requested).toContain('/feed.ics')
    expect(requested.filter((p) => p.startsWith('/events/'))).toEqual([])
  })

  it("reads every detail page when the only .ics files are events' own exports", async () => {
    const { requested, crawl } = site('per-event')
    const result = await crawl()
    expect(result.events.map((f) => f.event.title).sort()).toEqual(SLUGS.map((s) => `Event ${s}`))
    expect(requested.filter((p) => /^\/events\/[a-f]$/.test(p)).sort()).toEqual(SLUGS.map((s) => `/events/${s}`))
    expect(requested.filter((p) => p.endsWith('.ics')).sort()).toEqual(SLUGS.map((s) => `/events/${s}.ics`))
  })
})
