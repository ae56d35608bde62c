// Pins CRAWL_RESOLVE (the test web): its grammar (`HOST[:PORT]:ADDRESS[:PORT]`, curl's --resolve and
// --connect-to), which entry a URL takes (host and port before host alone), that the fetcher honours it only
// with CRAWL_ALLOW_PRIVATE, keeps the name in the Host header, TLS and robots.txt, follows it on every
// redirect hop, and still refuses what the SSRF guard refuses (metadata addresses always; the allowed
// addresses of the fetcher too); and that the crawl settings carry it only with CRAWL_ALLOW_PRIVATE.
import { afterEach, describe, expect, it } from 'bun:test'
import type { Server } from 'bun'
import { loadConfig } from '../../../src/config'
import { createFetcher, type FetcherOptions } from '../../../src/crawl/fetch/fetcher'
import { overrideFor, parseResolveList } from '../../../src/crawl/fetch/resolve-overrides'
import { crawlSettings } from '../../../src/service'
import { TEST_WEB_CA } from '../../helpers/fixture-server'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const servers: Server<undefined>[] = []
afterEach(() => {
  for (const s of servers.splice(0)) s.stop(true)
})

type Seen = { host: string | null; path: string }
function serve(tls = false) {
  const seen: Seen[] = []
  const key = readFileSync(join(import.meta.dir, '../../fixtures/tls/test-web.key'), 'utf8')
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    tls: tls ? { cert: TEST_WEB_CA, key } : undefined,
    fetch(request) {
      const url = new URL(request.url)
      seen.push({ host: request.headers.get('host'), path: url.pathname })
      if (url.pathname === '/robots.txt') return new Response('User-agent: *\nDisallow: /private\n')
      if (url.pathname === '/moved') return new Response(null, { status: 302, headers: { location: 'https://events.springfield-library.org/list' } })
      return new Response(`hello ${request.headers.get('host')}`)
    },
  })
  servers.push(server)
  return { port: server.port as number, seen }
}

/** A lookup that knows no name: any connection the test sees went where CRAWL_RESOLVE said. */
const noDns = async () => [] as { address: string; family: number }[]
const options = (extra: Partial<FetcherOptions>): FetcherOptions => ({ userAgent: 'event-index-test/1.0', allowPrivate: true, lookup: noDns, politenessMs: 0, ca: TEST_WEB_CA, ...extra })
const text = (body: Uint8Array) => new TextDecoder().decode(body)

describe('parseResolveList', () => {
  it("reads curl's forms: any port, one port, and another port to connect to", () => {
    expect(parseResolveList('Calendar.Google.com:127.0.0.1, www.example.org:443:127.0.0.1:8443,lib.example.org:80:[::1]')).toEqual([
      { host: 'calendar.google.com', address: '127.0.0.1' },
      { host: 'www.example.org', port: 443, address: '127.0.0.1', connectPort: 8443 },
      { host: 'lib.example.org', port: 80, address: '::1' },
    ])
    expect(parseResolveList('')).toEqual([])
  })

  it('refuses the whole list when one entry is not an entry', () => {
    for (const bad of [
      'example.org',
      'example.org:localhost',
      'example.org:127.0.0.1:0',
      'example.org:70000:127.0.0.1',
      '10.0.0.1:127.0.0.1',
      'example.org:[not-v6]',
      'a.org:127.0.0.1,b.org',
      'example.org:1.2.3.4.5',
      'example.org:999.1.1.1',
    ])
      expect({ bad, parsed: parseResolveList(bad) }).toEqual({ bad, parsed: undefined })
  })

  it('an entry for the host and port wins over one for the host alone', () => {
    const list = parseResolveList('www.example.org:10.0.0.1,www.example.org:443:10.0.0.2')!
    expect(overrideFor(new URL('https://WWW.example.org/x'), list)?.address).toBe('10.0.0.2')
    expect(overrideFor(new URL('http://www.example.org/x'), list)?.address).toBe('10.0.0.1')
    expect(overrideFor(new URL('https://example.org/x'), list)).toBeUndefined()
  })
})

describe('the fetcher with CRAWL_RESOLVE', () => {
  it('reaches https://NAME/ on a loopback port with the name in Host, TLS and robots.txt', async () => {
    const site = serve(true)
    const f = createFetcher(options({ resolve: parseResolveList(`www.springfield-library.org:443:127.0.0.1:${site.port}`) }))
    const result = await f.fetch('https://www.springfield-library.org/events')
    expect([result.status, text(result.body), result.url]).toEqual([200, 'hello www.springfield-library.org', 'https://www.springfield-library.org/events'])
    expect(site.seen.map((s) => s.path)).toEqual(['/robots.txt', '/events'])
    expect(site.seen.every((s) => s.host === 'www.springfield-library.org')).toBe(true)
    await expect(f.fetch('https://www.springfield-library.org/private')).rejects.toMatchObject({ code: 'robots_disallowed' })
  })

  it('follows it on every redirect hop, and an unmapped name still needs DNS', async () => {
    const site = serve(true)
    const resolve = parseResolveList(`www.springfield-library.org:443:127.0.0.1:${site.port},events.springfield-library.org:443:127.0.0.1:${site.port}`)
    const f = createFetcher(options({ resolve }))
    const result = await f.fetch('https://www.springfield-library.org/moved')
    expect([result.url, text(result.body)]).toEqual(['https://events.springfield-library.org/list', 'hello events.springfield-library.org'])
    await expect(f.fetch('https://calendar.springfield-library.org/')).rejects.toMatchObject({ code: 'dns_failed' })
  })

  it('is ignored without CRAWL_ALLOW_PRIVATE', async () => {
    const site = serve()
    const resolve = parseResolveList(`www.springfield-library.org:127.0.0.1:${site.port}`)
    const f = createFetcher(options({ allowPrivate: false, resolve }))
    await expect(f.fetch('http://www.springfield-library.org/')).rejects.toMatchObject({ code: 'dns_failed' })
    expect(site.seen).toEqual([])
  })

  it('never sends a name to a cloud metadata address, nor to an address the fetcher does not allow', async () => {
    const site = serve()
    for (const address of ['169.254.169.254', '[fd00:ec2::254]', '100.100.100.200']) {
      const f = createFetcher(options({ resolve: parseResolveList(`www.springfield-library.org:${address}`) }))
      await expect(f.fetch('http://www.springfield-library.org/')).rejects.toMatchObject({ code: 'ssrf_blocked' })
    }
    const narrow = createFetcher(options({ resolve: parseResolveList(`www.springfield-library.org:80:10.0.0.7:${site.port}`), addressAllowed: (ip) => ip === '127.0.0.1' }))
    await expect(narrow.fetch('http://www.springfield-library.org/')).rejects.toMatchObject({ code: 'ssrf_blocked' })
    expect(site.seen).toEqual([])
  })
})

describe('crawl settings', () => {
  it('carry CRAWL_RESOLVE only with CRAWL_ALLOW_PRIVATE, and nothing by default', () => {
    expect(crawlSettings(loadConfig({ CRAWL_RESOLVE: 'www.example.org:127.0.0.1', CRAWL_ALLOW_PRIVATE: 'true' })).resolve).toEqual([{ host: 'www.example.org', address: '127.0.0.1' }])
    expect(crawlSettings(loadConfig({ CRAWL_RESOLVE: 'www.example.org:127.0.0.1' }))).not.toHaveProperty('resolve')
    expect(crawlSettings(loadConfig({}))).not.toHaveProperty('resolve')
  })
})
