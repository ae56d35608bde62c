// Pins issue 18's city fallbacks across a crawl: events of a feed, which has no footer, take their city
// from another document's event at the same venue, else from the organization's address as its own pages
// state it (the home page footer); an online-only event stays without a city.
import { afterEach, describe, expect, it } from 'bun:test'
import type { Server } from 'bun'
import { crawlSite } from '../../src/crawl/pipeline'

const servers: Server<undefined>[] = []
afterEach(() => {
  for (const s of servers.splice(0)) s.stop(true)
})

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '')
const vevent = (uid: string, n: number, summary: string, location?: string) => [
  'BEGIN:VEVENT',
  `UID:${uid}@site.test`,
  'DTSTAMP:20260101T000000Z',
  `DTSTART:${day(n)}T180000Z`,
  `SUMMARY:${summary}`,
  ...(location ? [`LOCATION:${location}`] : []),
  'END:VEVENT',
]
const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//test//EN',
  ...vevent('a', 3, 'Book Club', 'Oak Branch\\, 12 Oak St\\, Visalia\\, CA 93291'),
  ...vevent('b', 4, 'Chess Club', 'Oak Branch'),
  ...vevent('c', 5, 'Board Meeting'),
  ...vevent('d', 6, 'Author Talk', 'Online'),
  'END:VCALENDAR',
  '',
].join('\r\n')

describe('a crawl places the events of feeds', () => {
  it("by venue across the document, then by the organization's address on its home page", async () => {
    const server = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch(request) {
        const path = new URL(request.url).pathname
        if (path === '/feed.ics') return new Response(ICS, { headers: { 'content-type': 'text/calendar' } })
        if (path === '/') {
          const body = '<main><h1>Tulare Valley Library</h1></main><footer class="site-footer"><p>Tulare Valley Library</p><p>475 North M Street Tulare, CA 93274</p></footer>'
          return new Response(`<!doctype html><html lang="en"><head><title>Library</title><link rel="alternate" type="text/calendar" href="/feed.ics"></head><body>${body}</body></html>`, {
            headers: { 'content-type': 'text/html' },
          })
        }
        return new Response('not found', { status: 404 })
      },
    })
    servers.push(server)
    const result = await crawlSite({
      startUrl: `http://127.0.0.1:${server.port}/`,
      orgDomain: `127.0.0.1:${server.port}`,
      timezone: 'America/Los_Angeles',
      window: { start: new Date().toISOString().slice(0, 10), end: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) },
      hints: { calendarUrls: [], eventUrls: [] },
      maxPages: 10,
      budgetMs: 20_000,
      userAgent: 'event-index-test',
      allowPrivate: true,
      politenessMs: 0,
      scriptVersion: 'test',
    })
    const byTitle = Object.fromEntries(result.events.map(({ event }) => [event.title, [event.city ?? null, event._locality?.citySource ?? null]]))
    expect(byTitle).toEqual({
      'Book Club': ['Visalia', 'address'],
      'Chess Club': ['Visalia', 'same-venue'],
      'Board Meeting': ['Tulare', 'organization'],
      'Author Talk': [null, null],
    })
  })
})
