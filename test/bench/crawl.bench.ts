// Crawl benchmark (issues 5 and 12), figures measured in one run against baselines of the same run:
// 1. pages/s and events/s of the whole crawl pipeline on the 200-page fixture site (bench-200) with
//    politeness off, against a bare fetch of the same pages, 2 at a time (what the per-host limit allows);
// 2. search latency (p50/p99 in µs; wrk, requests signed before each run, the varied search mix at a
//    paced, moderate rate) on the seeded 100k-event database, idle and while the service runs 4 crawls
//    of 200-page sites with the default politeness: idle rounds before the crawls and after they end,
//    crawl rounds while they run; medians. BENCH_ROUNDS (3) and BENCH_SECONDS (10) change it.
import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { crawlSite } from '../../src/crawl/pipeline'
import { SCRIPT_VERSION } from '../../src/crawl/version'
import { startFixtureSite } from '../helpers/fixture-server'
import type { CrawlRequest } from '../../src/crawl/crawl-types'
import { gatewayHeaders, TEST_KEYRING } from '../helpers/gateway'
import { BUN, ROOT, startService } from '../helpers/process'
import { tempDir } from '../helpers/tmp'
import { startUsageServer } from '../helpers/usage-server'
import { benchDatabase } from './lib/bench-db'
import { loadNow, machineLine } from './lib/machine'
import { BENCH_KEY, searchMix, signedRequests } from './lib/mix'
import { describe, medianOf, requireWrk, runWrk, writeRequests, type WrkResult } from './lib/wrk'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
/** Paced load: each of 8 connections waits this long between its requests (about 1 000 searches/s in all). */
const PACED = { connections: 8, pauseMs: 5 }

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

async function pacedSearch(url: string, paths: string[]): Promise<WrkResult> {
  const file = await writeRequests(signedRequests(paths, Math.ceil(3000 * SECONDS)))
  return runWrk({ origin: url, file, connections: PACED.connections, seconds: SECONDS, wrap: false, pauseMs: PACED.pauseMs })
}

type JobState = { status: string; progress?: { pagesFetched?: number }; eventCount?: number }

async function latencyUnderCrawls() {
  const tmp = tempDir()
  const usage = startUsageServer({ allowance: 'allow' })
  const sites = Bun.spawn([BUN, join(ROOT, 'test/bench/serve-sites.ts'), '4', '200'], { stdout: 'pipe' })
  const reader = sites.stdout.getReader()
  const { urls } = JSON.parse(new TextDecoder().decode((await reader.read()).value)) as { urls: string[] }
  const seeded = benchDatabase('100k')
  const dbPath = join(tmp.dir, 'bench.sqlite')
  copyFileSync(seeded.path, dbPath)
  const service = await startService([BUN, join(ROOT, 'src/index.ts'), 'serve'], {
    env: { DATABASE_PATH: dbPath, GW_SIGNING_KEYS: `${TEST_KEYRING},${BENCH_KEY.kid}:${BENCH_KEY.secret}`, GW_USAGE_URL: usage.url, CRAWL_ALLOW_PRIVATE: 'true', CRAWL_WORKERS: '4', CRAWL_MAX_PAGES: '400' },
  })
  const paths = searchMix(4000)
  const jobs: string[] = []
  let polls = 0
  const states = async () =>
    Promise.all(
      jobs.map(async (jobId) => {
        const path = `/api/v1/orgs/${jobId}`
        return (await (await fetch(`${service.url}${path}`, { headers: gatewayHeaders('GET', path, '', { id: `poll-${polls++}` }) })).json()) as JobState
      }),
    )
  try {
    const idle: WrkResult[] = []
    const busy: WrkResult[] = []
    for (let r = 0; r < ROUNDS; r++) idle.push(await pacedSearch(service.url, paths))
    for (const url of urls) {
      const body = JSON.stringify({ website: url })
      const res = await fetch(`${service.url}/api/v1/orgs`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...gatewayHeaders('POST', '/api/v1/orgs', body) } })
      jobs.push(((await res.json()) as { jobId: string }).jobId)
    }
    while ((await states()).some((s) => s.status !== 'running')) await Bun.sleep(100)
    let crawling = true
    for (let r = 0; r < ROUNDS; r++) {
      busy.push(await pacedSearch(service.url, paths))
      crawling &&= (await states()).every((s) => s.status === 'running')
    }
    const crawlStarted = performance.now()
    while ((await states()).some((s) => s.status === 'running' || s.status === 'pending')) await Bun.sleep(500)
    const finished = await states()
    for (let r = 0; r < ROUNDS; r++) idle.push(await pacedSearch(service.url, paths))
    return { idle: medianOf(idle), busy: medianOf(busy), crawling, outcomes: finished.map((s) => `${s.status} (${s.eventCount ?? 0} events)`), waitedS: (performance.now() - crawlStarted) / 1000 }
  } finally {
    await service.stop()
    sites.kill()
    usage.stop()
    tmp.cleanup()
  }
}

requireWrk()
console.log(machineLine())
const throughput = await pipelineThroughput()
console.log(`crawl pipeline, ${throughput.pages} pages / ${throughput.events} events in ${throughput.crawlMs.toFixed(0)} ms: ${throughput.crawlRate.toFixed(1)} pages/s, ${(throughput.events / (throughput.crawlMs / 1000)).toFixed(1)} events/s`)
console.log(`bare fetch of the same pages (2 per host): ${throughput.bareRate.toFixed(1)} pages/s; pipeline/bare ratio ${(throughput.crawlRate / throughput.bareRate).toFixed(2)}`)
const { idle, busy, crawling, outcomes, waitedS } = await latencyUnderCrawls()
console.log(`\nsearch mix on the 100k database, paced (${PACED.connections} connections, ${PACED.pauseMs} ms between requests), ${ROUNDS} rounds of ${SECONDS} s each, medians:`)
console.log(`  ${describe('idle (before and after the crawls)', idle)}`)
console.log(`  ${describe('during 4 crawls (default politeness)', busy)}`)
console.log(`  crawls ${crawling ? 'ran through every crawl round' : 'ENDED BEFORE THE LAST CRAWL ROUND'}; outcomes ${outcomes.join(', ')}; they ended ${waitedS.toFixed(0)} s after the last crawl round`)
console.log(`  p99 during crawls / idle: ${(busy.p99Us / idle.p99Us).toFixed(2)} (${busy.p99Us} µs vs ${idle.p99Us} µs; target ≤ 1.5: ${busy.p99Us / idle.p99Us <= 1.5 ? 'met' : 'NOT MET'}); load average ${loadNow()}`)
process.exit(0)
