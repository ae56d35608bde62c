// Crawl benchmark (issue 5), figures measured in one run, no targets:
// 1. pages/s and events/s of the whole crawl pipeline on the 200-page fixture site (bench-200) with
//    politeness off, against a bare fetch of the same pages, 2 at a time (what the per-host limit allows);
// 2. p50/p99 latency of GET /api/v1/search/events (autocannon, 8 connections) on an idle service, and
//    while the service runs 4 crawls of 200-page sites, and their ratio.
import autocannon from 'autocannon'
import { join } from 'node:path'
import { crawlSite } from '../../src/crawl/pipeline'
import { SCRIPT_VERSION } from '../../src/crawl/version'
import { startFixtureSite } from '../helpers/fixture-server'
import type { CrawlRequest } from '../../src/crawl/crawl-types'
import { gatewayHeaders, TEST_KEYRING } from '../helpers/gateway'
import { BUN, freePort, ROOT, startService } from '../helpers/process'
import { tempDir } from '../helpers/tmp'
import { startUsageServer } from '../helpers/usage-server'

function request(startUrl: string): CrawlRequest {
  return {
    startUrl,
    orgDomain: new URL(startUrl).host,
    window: { start: new Date().toISOString().slice(0, 10), end: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10) },
    hints: { calendarUrls: [], eventUrls: [] },
    maxPages: 400,
    budgetMs: 600_000,
    userAgent: 'event-index-bench',
    allowPrivate: true,
    politenessMs: 0,
    scriptVersion: SCRIPT_VERSION,
  }
}

async function pipelineThroughput() {
  const site = await startFixtureSite('bench-200')
  const root = `${site.url}/`
  await crawlSite(request(root), {})
  const urls = [...new Set(site.requests.filter((r) => r.method === 'GET' && r.path !== '/robots.txt').map((r) => `${site.url}${r.path}`))]
  let t = performance.now()
  let next = 0
  await Promise.all([0, 1].map(async () => {
    while (next < urls.length) await (await fetch(urls[next++])).arrayBuffer()
  }))
  const bareMs = performance.now() - t
  t = performance.now()
  const result = await crawlSite(request(root), {})
  const crawlMs = performance.now() - t
  await site.stop()
  const pages = result.progress.pagesFetched
  return { pages, events: result.events.length, crawlMs, bareMs, bareRate: urls.length / (bareMs / 1000), crawlRate: pages / (crawlMs / 1000) }
}

async function searchLatency(baseUrl: string, seconds: number) {
  const result = await autocannon({
    url: `${baseUrl}/api/v1/search/events?limit=20`,
    connections: 8,
    duration: seconds,
    headers: { authorization: 'Bearer ak_bench' },
  })
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx }
}

async function latencyUnderCrawls() {
  const tmp = tempDir()
  const usage = startUsageServer({ allowance: 'allow' })
  const sites = Bun.spawn([BUN, join(ROOT, 'test/bench/serve-sites.ts'), '4', '200'], { stdout: 'pipe' })
  const reader = sites.stdout.getReader()
  const { urls } = JSON.parse(new TextDecoder().decode((await reader.read()).value)) as { urls: string[] }
  const service = await startService([BUN, join(ROOT, 'src/index.ts'), 'serve'], {
    env: { DATABASE_PATH: join(tmp.dir, 'bench.sqlite'), GW_SIGNING_KEYS: TEST_KEYRING, GW_USAGE_URL: usage.url, CRAWL_ALLOW_PRIVATE: 'true', CRAWL_WORKERS: '4', CRAWL_MAX_PAGES: '400', AGENT_KEYS: 'ak_bench:agent-bench', PORT: String(freePort()) },
  })
  try {
    const idle = await searchLatency(service.url, 5)
    for (const url of urls) {
      const body = JSON.stringify({ website: url })
      await fetch(`${service.url}/api/v1/orgs`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...gatewayHeaders('POST', '/api/v1/orgs', body) } })
    }
    await Bun.sleep(300)
    const busy = await searchLatency(service.url, 5)
    return { idle, busy }
  } finally {
    await service.stop()
    sites.kill()
    usage.stop()
    tmp.cleanup()
  }
}

const throughput = await pipelineThroughput()
console.log(`crawl pipeline, ${throughput.pages} pages / ${throughput.events} events in ${throughput.crawlMs.toFixed(0)} ms: ${throughput.crawlRate.toFixed(1)} pages/s, ${(throughput.events / (throughput.crawlMs / 1000)).toFixed(1)} events/s`)
console.log(`bare fetch of the same pages (2 per host): ${throughput.bareRate.toFixed(1)} pages/s; pipeline/bare ratio ${(throughput.crawlRate / throughput.bareRate).toFixed(2)}`)
const { idle, busy } = await latencyUnderCrawls()
console.log(`search idle:              ${idle.rps.toFixed(0)} req/s, p50 ${idle.p50} ms, p99 ${idle.p99} ms, errors ${idle.errors}`)
console.log(`search during 4 crawls (default politeness, 4 workers):   ${busy.rps.toFixed(0)} req/s, p50 ${busy.p50} ms, p99 ${busy.p99} ms, errors ${busy.errors}`)
console.log(`p99 during crawls / idle: ${((busy.p99 || 1) / (idle.p99 || 1)).toFixed(2)} (ms are whole milliseconds from autocannon)`)
process.exit(0)
