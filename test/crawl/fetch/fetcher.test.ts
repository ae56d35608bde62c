// Pins the crawler's fetcher (DESIGN §6, issue 5) against real servers on loopback: honest User-Agent,
// robots.txt (RFC 9309: 4xx allows, 5xx forbids), per-host concurrency 2 and a politeness delay (500 ms by
// default, even when the option arrives undefined; longer when robots.txt's Crawl-delay asks, up to a cap),
// at most 5 redirects with the SSRF guard on every hop, timeouts for silent and trickling servers, a
// body cap that also stops decompression bombs, conditional requests, TLS by checked address, and a small
// POST (a platform's page method) that a redirect turns into a GET. Politeness is read on virtual time
// (test/helpers/virtual-clock.ts): the pauses the limiter asked for, never request timings.
import { afterEach, describe, expect, it } from 'bun:test'
import { gzipSync } from 'node:zlib'
import { join } from 'node:path'
import type { Server } from 'bun'
import { createFetcher, FETCH_DEFAULTS, type FetcherOptions } from '../../../src/crawl/fetch/fetcher'
import { hostDelayMs, MAX_CRAWL_DELAY_MS } from '../../../src/crawl/fetch/host-limiter'
import { virtualClock } from '../../helpers/virtual-clock'

const servers: Server<undefined>[] = []
afterEach(() => {
  for (const s of servers.splice(0)) s.stop(true)
})

function site(handler: (request: Request, url: URL) => Response | Promise<Response>, tls?: { cert: string; key: string }) {
  const server = Bun.serve({ hostname: '127.0.0.1', port: 0, tls, fetch: (request) => handler(request, new URL(request.url)) })
  servers.push(server)
  return server
}

/** site.test → 127.0.0.1 (allowed); internal.test → 10.0.0.5 (refused): the guard is exercised for real. */
const lookup = async (host: string) => (host === 'site.test' || host === 'library.test' ? [{ address: '127.0.0.1', family: 4 }] : host === 'internal.test' ? [{ address: '10.0.0.5', family: 4 }] : [])
const options = (extra: Partial<FetcherOptions> = {}): FetcherOptions => ({
  userAgent: 'event-index/9.9 (+https://example.org/bot)',
  allowPrivate: false,
  lookup,
  addressAllowed: (ip) => ip === '127.0.0.1',
  politenessMs: 0,
  ...extra,
})

describe('createFetcher', () => {
  it('sends an honest User-Agent and returns non-2xx answers to the caller', async () => {
    const seen: string[] = []
    const s = site((r, u) => {
      seen.push(r.headers.get('user-agent') ?? '')
      return u.pathname === '/missing' ? new Response('no', { status: 404 }) : new Response('<p>hi</p>', { headers: { 'content-type': 'text/html' } })
    })
    const f = createFetcher(options())
    const ok = await f.fetch(`http://site.test:${s.port}/page`)
    expect([ok.status, ok.ok, ok.contentType, new TextDecoder().decode(ok.body)]).toEqual([200, true, 'text/html', '<p>hi</p>'])
    expect((await f.fetch(`http://site.test:${s.port}/missing`)).status).toBe(404)
    expect(seen.every((ua) => ua === 'event-index/9.9 (+https://example.org/bot)')).toBe(true)
  })

  it('honours robots.txt for our product token', async () => {
    const s = site((_, u) => (u.pathname === '/robots.txt' ? new Response('User-agent: event-index\nDisallow: /calendar\n\nUser-agent: *\nDisallow: /') : new Response('ok')))
    const f = createFetcher(options())
    expect((await f.fetch(`http://site.test:${s.port}/about`)).status).toBe(200)
    await expect(f.fetch(`http://site.test:${s.port}/calendar/2026`)).rejects.toMatchObject({ code: 'robots_disallowed', retryable: false })
  })

  it('treats a 404 robots.txt as no rules and a 503 one as "disallow everything"', async () => {
    const open = site((_, u) => (u.pathname === '/robots.txt' ? new Response('', { status: 404 }) : new Response('ok')))
    expect((await createFetcher(options()).fetch(`http://site.test:${open.port}/x`)).status).toBe(200)
    const down = site((_, u) => (u.pathname === '/robots.txt' ? new Response('', { status: 503 }) : new Response('ok')))
    await expect(createFetcher(options()).fetch(`http://site.test:${down.port}/x`)).rejects.toMatchObject({ code: 'robots_disallowed' })
  })

  it('keeps at most 2 requests in flight per host', async () => {
    let active = 0
    let peak = 0
    // Each page is held until two are in flight at once; a third can only start once one is answered.
    let bothInFlight!: () => void
    const held = new Promise<void>((resolve) => (bothInFlight = resolve))
    const s = site(async (_, u) => {
      if (u.pathname === '/robots.txt') return new Response('', { status: 404 })
      peak = Math.max(peak, ++active)
      if (active === 2) bothInFlight()
      await held
      active--
      return new Response('ok')
    })
    const f = createFetcher(options())
    await Promise.all(Array.from({ length: 6 }, (_, i) => f.fetch(`http://site.test:${s.port}/p${i}`)))
    expect(peak).toBe(2)
  })

  it('spaces request starts to one host by the politeness delay', async () => {
    const pages: string[] = []
    const s = site((_, u) => {
      if (u.pathname !== '/robots.txt') pages.push(u.pathname)
      return u.pathname === '/robots.txt' ? new Response('', { status: 404 }) : new Response('ok')
    })
    const clock = virtualClock()
    const f = createFetcher(options({ politenessMs: 150, clock }))
    await Promise.all([1, 2, 3].map((i) => f.fetch(`http://site.test:${s.port}/p${i}`)))
    expect(pages.sort()).toEqual(['/p1', '/p2', '/p3'])
    // robots.txt starts at once; each page is asked to wait 150 ms after the start before it.
    expect(clock.sleeps).toEqual([150, 150, 150])
  })

  it('by default waits 500 ms between request starts to one host and keeps 2 in flight, even when politenessMs is passed as undefined', async () => {
    // What production builds: no politeness option at all, or one forwarded from a setting that was never set.
    const clocks = [virtualClock(), virtualClock()]
    const built = [
      createFetcher({ userAgent: 'x', allowPrivate: false, lookup, addressAllowed: (ip) => ip === '127.0.0.1', clock: clocks[0] }),
      createFetcher(options({ politenessMs: undefined, clock: clocks[1] })),
    ]
    await Promise.all(
      built.map(async (f, n) => {
        let active = 0
        let peak = 0
        // Every page is held until two are in flight at once: the default concurrency (2) is reached, and
        // a third page starts only once one of them has been answered.
        let bothInFlight!: () => void
        const held = new Promise<void>((resolve) => (bothInFlight = resolve))
        const s = site(async (_, u) => {
          if (u.pathname === '/robots.txt') return new Response('', { status: 404 })
          peak = Math.max(peak, ++active)
          if (active === 2) bothInFlight()
          await held
          active--
          return new Response('ok')
        })
        await Promise.all([1, 2, 3].map((i) => f.fetch(`http://site.test:${s.port}/p${i}`)))
        expect(peak).toBe(2)
        expect(clocks[n].sleeps).toEqual([FETCH_DEFAULTS.politenessMs, FETCH_DEFAULTS.politenessMs, FETCH_DEFAULTS.politenessMs])
      }),
    )
    expect(FETCH_DEFAULTS).toMatchObject({ politenessMs: 500, perHostConcurrency: 2 })
  })

  it('honours robots.txt Crawl-delay when it asks for more than the default pause', async () => {
    const pages: string[] = []
    const s = site((_, u) => {
      if (u.pathname === '/robots.txt') return new Response('User-agent: *\nCrawl-delay: 1.5\nDisallow: /private\n')
      pages.push(u.pathname)
      return new Response('ok')
    })
    const clock = virtualClock()
    const f = createFetcher(options({ politenessMs: undefined, clock }))
    await Promise.all([1, 2, 3].map((i) => f.fetch(`http://site.test:${s.port}/p${i}`)))
    expect(pages).toHaveLength(3)
    // robots.txt starts at once, the first page the default pause after it, each next page 1.5 s after the one before.
    expect(clock.sleeps).toEqual([500, 1500, 1500])
  })

  it('reads Crawl-delay in seconds, never below the configured pause, capped at MAX_CRAWL_DELAY_MS', () => {
    expect(hostDelayMs(500, undefined)).toBe(500)
    expect(hostDelayMs(500, 0.2)).toBe(500)
    expect(hostDelayMs(500, 2)).toBe(2000)
    expect(hostDelayMs(0, 1)).toBe(1000)
    expect(hostDelayMs(500, 86_400)).toBe(MAX_CRAWL_DELAY_MS)
    expect(MAX_CRAWL_DELAY_MS).toBe(10_000)
    for (const junk of [Number.NaN, -5, Number.POSITIVE_INFINITY]) expect(hostDelayMs(500, junk)).toBe(junk === Number.POSITIVE_INFINITY ? MAX_CRAWL_DELAY_MS : 500)
  })

  it('follows 5 redirects and refuses the 6th', async () => {
    const s = site((_, u) => {
      const n = Number(u.pathname.slice(1) || 0)
      return u.pathname === '/robots.txt' ? new Response('', { status: 404 }) : n < 10 ? Response.redirect(`/${n + 1}`, 302) : new Response('end')
    })
    const f = createFetcher(options())
    const five = await f.fetch(`http://site.test:${s.port}/5`)
    expect([five.status, five.url, five.redirects.length]).toEqual([200, `http://site.test:${s.port}/10`, 5])
    await expect(f.fetch(`http://site.test:${s.port}/4`)).rejects.toMatchObject({ code: 'too_many_redirects' })
  })

  it('refuses a redirect to a private or metadata address before connecting', async () => {
    const s = site((_, u) =>
      u.pathname === '/robots.txt'
        ? new Response('', { status: 404 })
        : u.pathname === '/a'
          ? Response.redirect('http://internal.test/admin', 301)
          : Response.redirect('http://169.254.169.254/latest/meta-data/', 302),
    )
    const f = createFetcher(options())
    await expect(f.fetch(`http://site.test:${s.port}/a`)).rejects.toMatchObject({ code: 'ssrf_blocked', url: 'http://internal.test/admin' })
    await expect(f.fetch(`http://site.test:${s.port}/b`)).rejects.toMatchObject({ code: 'ssrf_blocked' })
  })

  it('refuses loopback altogether unless CRAWL_ALLOW_PRIVATE', async () => {
    const s = site(() => new Response('ok'))
    await expect(createFetcher({ userAgent: 'x', allowPrivate: false }).fetch(`http://127.0.0.1:${s.port}/`)).rejects.toMatchObject({ code: 'ssrf_blocked' })
    expect((await createFetcher({ userAgent: 'x', allowPrivate: true, politenessMs: 0 }).fetch(`http://127.0.0.1:${s.port}/`)).status).toBe(200)
  })

  it('times out a server that never answers and one that trickles its body', async () => {
    const s = site(async (_, u) => {
      if (u.pathname === '/robots.txt') return new Response('', { status: 404 })
      if (u.pathname === '/silent') {
        await Bun.sleep(5000)
        return new Response('late')
      }
      return new Response(
        new ReadableStream({
          async pull(controller) {
            await Bun.sleep(100)
            controller.enqueue(new TextEncoder().encode('x'))
          },
        }),
      )
    })
    const f = createFetcher(options({ headersTimeoutMs: 300, totalTimeoutMs: 600 }))
    await expect(f.fetch(`http://site.test:${s.port}/silent`)).rejects.toMatchObject({ code: 'timeout', retryable: true })
    // The trickle never ends by itself: only the whole-response deadline (600 ms) stops it.
    await expect(f.fetch(`http://site.test:${s.port}/trickle`)).rejects.toMatchObject({ code: 'timeout', message: expect.stringContaining('did not finish within 600 ms') })
  })

  it('refuses a 20 MB page, declared or streamed, and a decompression bomb', async () => {
    const big = new Uint8Array(20 * 1024 * 1024).fill(97)
    const bomb = gzipSync(new Uint8Array(64 * 1024 * 1024))
    const s = site((_, u) => {
      if (u.pathname === '/robots.txt') return new Response('', { status: 404 })
      if (u.pathname === '/declared') return new Response(big)
      if (u.pathname === '/bomb') return new Response(bomb, { headers: { 'content-encoding': 'gzip', 'content-type': 'text/html' } })
      return new Response(
        new ReadableStream({
          start(c) {
            for (let i = 0; i < 20; i++) c.enqueue(big.subarray(0, 1024 * 1024))
            c.close()
          },
        }),
      )
    })
    const f = createFetcher(options())
    for (const path of ['/declared', '/streamed', '/bomb']) await expect(f.fetch(`http://site.test:${s.port}${path}`)).rejects.toMatchObject({ code: 'too_large' })
    expect(bomb.length).toBeLessThan(1024 * 1024)
  })

  it('sends conditional headers and reports 304 as not modified', async () => {
    const s = site((r, u) => {
      if (u.pathname === '/robots.txt') return new Response('', { status: 404 })
      if (r.headers.get('if-none-match') === '"v1"' || r.headers.get('if-modified-since')) return new Response(null, { status: 304 })
      return new Response('BEGIN:VCALENDAR', { headers: { etag: '"v1"', 'last-modified': 'Sun, 01 Nov 2026 10:00:00 GMT' } })
    })
    const f = createFetcher(options())
    const first = await f.fetch(`http://site.test:${s.port}/cal.ics`)
    expect([first.etag, first.lastModified]).toEqual(['"v1"', 'Sun, 01 Nov 2026 10:00:00 GMT'])
    const again = await f.fetch(`http://site.test:${s.port}/cal.ics`, { etag: first.etag })
    expect([again.status, again.notModified, again.body.length]).toEqual([304, true, 0])
  })

  it('connects to the checked address over TLS while verifying the certificate for the name', async () => {
    const dir = join(import.meta.dir, '../../fixtures/tls')
    const cert = await Bun.file(join(dir, 'library.test.crt')).text()
    const s = site((_, u) => (u.pathname === '/robots.txt' ? new Response('', { status: 404 }) : new Response('secure')), { cert, key: await Bun.file(join(dir, 'library.test.key')).text() })
    const f = createFetcher(options({ ca: cert }))
    expect(new TextDecoder().decode((await f.fetch(`https://library.test:${s.port}/`)).body)).toBe('secure')
    const wrongName = createFetcher(options({ ca: cert, lookup: async () => [{ address: '127.0.0.1', family: 4 }] }))
    await expect(wrongName.fetch(`https://site.test:${s.port}/`)).rejects.toMatchObject({ code: 'network' })
  })

  it('sends a small POST with its content type under robots.txt, and turns it into a GET on a 302', async () => {
    const seen: { method: string; path: string; type: string | null; body: string }[] = []
    const s = site(async (r, u) => {
      seen.push({ method: r.method, path: u.pathname, type: r.headers.get('content-type'), body: await r.text() })
      if (u.pathname === '/robots.txt') return new Response('User-agent: *\nDisallow: /private\n')
      if (u.pathname === '/moved') return new Response(null, { status: 302, headers: { location: '/list' } })
      return new Response('{"d":[]}')
    })
    const f = createFetcher(options())
    const post = { body: '{"calendarStartDate":"2026-12-01"}', contentType: 'application/json; charset=utf-8' }
    expect((await f.fetch(`http://site.test:${s.port}/Calendar.aspx/GetMeetings`, { post })).status).toBe(200)
    await f.fetch(`http://site.test:${s.port}/moved`, { post })
    expect(seen.filter((r) => r.path !== '/robots.txt')).toEqual([
      { method: 'POST', path: '/Calendar.aspx/GetMeetings', type: 'application/json; charset=utf-8', body: post.body },
      { method: 'POST', path: '/moved', type: 'application/json; charset=utf-8', body: post.body },
      { method: 'GET', path: '/list', type: null, body: '' },
    ])
    await expect(f.fetch(`http://site.test:${s.port}/private`, { post })).rejects.toMatchObject({ code: 'robots_disallowed' })
    await expect(f.fetch(`http://site.test:${s.port}/x`, { post: { body: 'x'.repeat(17 * 1024), contentType: 'text/plain' } })).rejects.toMatchObject({ code: 'bad_url' })
    await expect(f.fetch(`http://site.test:${s.port}/x`, { post: { body: '{}', contentType: 'text/plain\r\nx-evil: 1' } })).rejects.toMatchObject({ code: 'bad_url' })
  })

  it('refuses other schemes and garbage', async () => {
    const f = createFetcher(options())
    for (const url of ['ftp://site.test/x', 'file:///etc/passwd', 'not a url']) await expect(f.fetch(url)).rejects.toMatchObject({ code: 'bad_url' })
  })
})
