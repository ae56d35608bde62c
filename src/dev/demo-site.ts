import type { Server } from 'bun'
import type { LoopbackSite } from '../crawl/fetch/resolve-overrides'
import { lookupTable } from '../lookup-table'
import { calendarFeed, campsPage, eventsPage, homePage, notFoundPage, ROBOTS_TXT } from './demo-pages'

/** The demo organization's host name: `*.localhost` reaches loopback in browsers and curl; the crawler is told its address. */
export const DEMO_HOST = 'riverside.localhost'

export type DemoSite = {
  /** The site's address as an organization would give it, e.g. http://riverside.localhost:8081 */
  url: string
  port: number
  /** What the crawler needs to reach it, and the one loopback site `dev` may index without CRAWL_ALLOW_PRIVATE. */
  site: LoopbackSite
  stop(): Promise<void>
}

const HTML = 'text/html; charset=utf-8'

/**
 * The built-in demo organization site that `event-index dev` serves on loopback, so a newcomer sees a
 * whole index → poll → events → search round with no network: a home page that links an events page
 * of plain cards, a camps page with JSON-LD, and an iCalendar feed with a weekly RRULE, every date
 * relative to today (`now`, for tests). It is part of the binary (no files beside it).
 */
export function startDemoSite(options: { port: number; hostname?: string; now?: () => number }): DemoSite {
  const now = options.now ?? Date.now
  const pages: Record<string, () => [string, string]> = lookupTable({
    '/': () => [homePage(), HTML],
    '/events': () => [eventsPage(now()), HTML],
    '/camps': () => [campsPage(now()), HTML],
    '/calendar.ics': () => [calendarFeed(now()), 'text/calendar; charset=utf-8'],
    '/robots.txt': () => [ROBOTS_TXT, 'text/plain; charset=utf-8'],
  })
  const server: Server<undefined> = Bun.serve({
    hostname: options.hostname ?? '127.0.0.1',
    port: options.port,
    fetch(request) {
      const page = pages[new URL(request.url).pathname]
      if (!page || (request.method !== 'GET' && request.method !== 'HEAD')) return new Response(notFoundPage(), { status: 404, headers: { 'content-type': HTML } })
      const [body, type] = page()
      return new Response(body, { headers: { 'content-type': type, 'cache-control': 'no-cache' } })
    },
  })
  const port = server.port!
  return {
    url: `http://${DEMO_HOST}:${port}`,
    port,
    site: { host: DEMO_HOST, port, address: '127.0.0.1' },
    async stop() {
      await server.stop(true)
    },
  }
}
