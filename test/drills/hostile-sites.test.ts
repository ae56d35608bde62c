// Drill (issue 7): crawl targets that fight back. A start page that trickles its bytes, one that
// redirects forever and one that sends a decompression bomb each end the crawl with a clear reason
// (never a hang, never unbounded memory); the same traps behind a calendar link are refused and the rest
// of the site is still crawled.
import { afterEach, describe, expect, it } from 'bun:test'
import { gzipSync } from 'node:zlib'
import type { Server } from 'bun'
import { crawlSite, CrawlFailure } from '../../src/crawl/pipeline'
import type { CrawlRequest } from '../../src/crawl/crawl-types'
import { BUN } from '../helpers/process'

const CRAWL_MEMORY = new URL('../fixtures/scripts/crawl-memory.ts', import.meta.url).pathname

const servers: Server<undefined>[] = []
afterEach(() => {
  for (const s of servers.splice(0)) s.stop(true)
})

const bomb = gzipSync(new Uint8Array(128 * 1024 * 1024))

function hostile(trapPath: string) {
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const path = new URL(request.url).pathname
      if (path === '/robots.txt') return new Response('', { status: 404 })
      if (path.startsWith('/loop')) return Response.redirect(`/loop${Number(path.slice(5) || 0) + 1}`, 302)
      if (path === '/trickle')
        return new Response(
          new ReadableStream({
            async pull(c) {
              await Bun.sleep(200)
              c.enqueue(new TextEncoder().encode('<p>'))
            },
          }),
          { headers: { 'content-type': 'text/html' } },
        )
      if (path === '/bomb') return new Response(bomb, { headers: { 'content-encoding': 'gzip', 'content-type': 'text/html' } })
      const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
      return new Response(
        `<html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Event","name":"Open Day","startDate":"${day}T10:00:00-05:00"}</script></head><body><a href="${trapPath}">Events calendar</a></body></html>`,
        { headers: { 'content-type': 'text/html' } },
      )
    },
  })
  servers.push(server)
  return `http://127.0.0.1:${server.port}`
}

const request = (startUrl: string): CrawlRequest => ({
  startUrl,
  orgDomain: new URL(startUrl).host,
  window: { start: new Date().toISOString().slice(0, 10), end: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) },
  hints: { calendarUrls: [], eventUrls: [] },
  maxPages: 20,
  budgetMs: 20_000,
  userAgent: 'event-index-drill',
  allowPrivate: true,
  politenessMs: 0,
  scriptVersion: 'drill',
})
const deps = { fetcher: { headersTimeoutMs: 500, totalTimeoutMs: 1500, maxBytes: 4 * 1024 * 1024 } }

async function failure(url: string): Promise<CrawlFailure> {
  try {
    await crawlSite(request(url), deps)
  } catch (error) {
    if (error instanceof CrawlFailure) return error
    throw error
  }
  throw new Error('the crawl should have failed')
}

describe('a hostile start page', () => {
  it('that trickles ends the crawl with a timeout that may be retried', async () => {
    const error = await failure(`${hostile('/x')}/trickle`)
    // The trickle never ends by itself: the whole-response deadline (1.5 s here) is what ended the crawl.
    expect(error.message).toContain(`did not finish within ${deps.fetcher.totalTimeoutMs} ms`)
    expect(error.retryable).toBe(true)
  })

  it('that redirects forever ends the crawl for good', async () => {
    const error = await failure(`${hostile('/x')}/loop`)
    expect(error.message).toContain('redirects')
    expect(error.retryable).toBe(false)
  })

  it('that is a decompression bomb ends the crawl for good without inflating it', async () => {
    // Crawled in a process of its own, whose peak size only this crawl moves (in the runner's process, a
    // bomb crawled by the test before could still be inflating). Without the cap it grows by ~400 MB.
    const child = Bun.spawn([BUN, CRAWL_MEMORY, JSON.stringify(request(`${hostile('/x')}/bomb`)), JSON.stringify(deps.fetcher)], { stdout: 'pipe', stderr: 'pipe' })
    const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited])
    expect(code, err).toBe(0)
    const crawled = JSON.parse(out) as { message: string; retryable: boolean; growth: number }
    expect(crawled.message).toContain('larger than')
    expect(crawled.retryable).toBe(false)
    expect(crawled.growth).toBeLessThan(64 * 1024 * 1024)
  })
})

describe('the same traps behind a calendar link', () => {
  for (const trap of ['/trickle', '/loop', '/bomb']) {
    it(`refuses ${trap} and keeps the rest of the site`, async () => {
      const result = await crawlSite(request(`${hostile(trap)}/`), deps)
      expect(result.events.map((e) => e.event.title)).toEqual(['Open Day'])
      expect(result.sources.some((s) => s.url.includes(trap) && s.status === 'error')).toBe(true)
    })
  }
})
