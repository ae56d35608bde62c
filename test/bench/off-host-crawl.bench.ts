// Off-host crawl benchmark (issue 14), figures measured in one run, no targets: pages/s and events/s of
// the whole crawl pipeline on a fixture site whose calendar lives on a platform host (library-libcal:
// https://www.springfield-library.org/ → its "Programs & Events" dropdown → springfieldlib.libcal.com's
// iCalendar subscription), under its real-looking names through CRAWL_RESOLVE and over TLS on loopback,
// against a bare fetch of the same pages (same names, same TLS, 2 at a time). Politeness is 0 for both;
// robots.txt requests are made by the crawl and not counted as pages, and left out of the bare fetch.
import { parseResolveList } from '../../src/crawl/fetch/resolve-overrides'
import { crawlSite } from '../../src/crawl/pipeline'
import type { CrawlRequest } from '../../src/crawl/crawl-types'
import { SCRIPT_VERSION } from '../../src/crawl/version'
import { startFixtureSite, TEST_WEB_CA } from '../helpers/fixture-server'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30)
const site = await startFixtureSite('library-libcal')
const request: CrawlRequest = {
  startUrl: site.home,
  orgDomain: 'springfield-library.org',
  window: site.expected().window,
  hints: { calendarUrls: [], eventUrls: [] },
  maxPages: 200,
  budgetMs: 600_000,
  userAgent: 'event-index-bench',
  allowPrivate: true,
  resolve: parseResolveList(site.resolve())!,
  ca: TEST_WEB_CA,
  politenessMs: 0,
  scriptVersion: SCRIPT_VERSION,
}

const warm = await crawlSite(request)
const pages = site.requests.filter((r) => r.method === 'GET' && r.path !== '/robots.txt').map((r) => ({ host: r.headers.host!, path: r.path }))
const hosts = new Set(pages.map((p) => p.host))

async function bareRound() {
  let next = 0
  await Promise.all(
    [0, 1].map(async () => {
      while (next < pages.length) {
        const { host, path } = pages[next++]
        const response = await fetch(`https://127.0.0.1:${site.tlsPort}${path}`, { headers: { host }, tls: { ca: TEST_WEB_CA, serverName: host } } as RequestInit)
        await response.arrayBuffer()
      }
    }),
  )
}

let t = performance.now()
for (let i = 0; i < ROUNDS; i++) await bareRound()
const bareMs = performance.now() - t

let fetched = 0
let events = 0
t = performance.now()
for (let i = 0; i < ROUNDS; i++) {
  const result = await crawlSite(request)
  fetched += result.progress.pagesFetched
  events += result.events.length
}
const crawlMs = performance.now() - t
await site.stop()

const crawlRate = fetched / (crawlMs / 1000)
const bareRate = (pages.length * ROUNDS) / (bareMs / 1000)
console.log(`off-host crawl (library-libcal, ${hosts.size} hosts: ${[...hosts].join(', ')}), politeness 0, ${ROUNDS} crawls:`)
console.log(`  each crawl: ${warm.progress.pagesFetched} pages, ${warm.events.length} events, sources ${warm.sources.map((s) => `${s.platform ?? '-'}:${s.eventCount}`).join(' ')}`)
console.log(`  pipeline: ${crawlRate.toFixed(1)} pages/s, ${(events / (crawlMs / 1000)).toFixed(1)} events/s (${(crawlMs / ROUNDS).toFixed(1)} ms a crawl)`)
console.log(`  bare fetch of the same ${pages.length} pages over TLS, 2 at a time, politeness 0: ${bareRate.toFixed(1)} pages/s; pipeline/bare ratio ${(crawlRate / bareRate).toFixed(2)}`)
process.exit(0)
