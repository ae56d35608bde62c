// Crawl benchmark (issues 5 and 12), figures measured in one run against baselines of the same run:
// 1. pages/s and events/s of the whole crawl pipeline on the 200-page fixture site (bench-200) with
//    politeness off, against a bare fetch of the same pages, 2 at a time (what the per-host limit allows);
// 2. search latency (p50/p99 in µs) on a copy of the seeded 100k-event database, idle and during 4 crawls
//    with the default politeness (500 ms between requests to a host, 2 connections per host), in
//    interleaved rounds: each round measures the service idle for BENCH_SECONDS, then submits 4 crawls of 4
//    fresh sites of BENCH_CRAWL_PAGES event pages (each in the sites' own process) and measures from the
//    moment all 4 run until the last has stored its events (its write included). The load is the varied
//    search mix (lib/mix.ts) driven by wrk at a paced, moderate rate, requests signed before each run;
//    medians over the rounds (after a 5 s warm-up), per-round figures printed too. BENCH_ROUNDS (3),
//    BENCH_SECONDS (20) and BENCH_CRAWL_PAGES (40, about 20 s of polite crawling) change it; the service
//    runs 4 crawler workers (CRAWL_WORKERS=4), so that the 4 crawls run at once.
import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { crawlSite } from '../../src/crawl/pipeline'
import { SCRIPT_VERSION } from '../../src/crawl/version'
import { startFixtureSite } from '../helpers/fixture-server'
import type { CrawlRequest } from '../../src/crawl/crawl-types'
import { gatewayHeaders, TEST_KEYRING } from '../helpers/gateway'
import { BUN, ROOT } from '../helpers/process'
import { tempDir } from '../helpers/tmp'
import { benchDatabase } from './lib/bench-db'
import { loadNow, machineLine } from './lib/machine'
import { BENCH_KEY, searchMix, signedRequests } from './lib/mix'
import { spawnJsonLine, startBenchService } from './lib/service'
import { describe, medianOf, requireWrk, runWrk, writeRequests, type WrkResult } from './lib/wrk'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20)
const CRAWL_PAGES = Number(process.env.BENCH_CRAWL_PAGES ?? 40)
const CRAWLS = 4
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
  await Promise.all(
    [0, 1].map(async () => {
      while (next < urls.length) await (await fetch(urls[next++])).arrayBuffer()
    }),
  )
  const bareMs = performance.now() - t
  t = performance.now()
  const result = await crawlSite(request(root), {})
  const crawlMs = performance.now() - t
  await site.stop()
  const pages = result.progress.pagesFetched
  return { pages, events: result.events.length, crawlMs, bareMs, bareRate: urls.length / (bareMs / 1000), crawlRate: pages / (crawlMs / 1000) }
}

type Paced = { file: string; count: number }

/** Requests signed now for a paced run of up to `seconds` at `rate` a second (signatures hold 300 s). */
async function signed(paths: string[], rate: number, seconds: number): Promise<Paced> {
  const count = Math.ceil(rate * seconds)
  return { file: await writeRequests(signedRequests(paths, count)), count }
}

const paced = (url: string, requests: Paced, seconds: number, stopWhen?: Promise<unknown>) =>
  runWrk({ origin: url, file: requests.file, connections: PACED.connections, seconds, wrap: false, pauseMs: PACED.pauseMs, stopWhen })

type JobState = { status?: string; eventCount?: number; error?: string }
type Round = { idle: WrkResult; busy: WrkResult; busySeconds: number; outcomes: string[] }

/** The service on a copy of the seeded 100k database, the sites to crawl in their own process, and how to submit and poll crawls. */
async function setUp(tmpDir: string) {
  const usage = await spawnJsonLine([BUN, join(ROOT, 'test/bench/lib/usage-server.ts')])
  const sites = await spawnJsonLine([BUN, join(ROOT, 'test/bench/serve-sites.ts'), String(CRAWLS * ROUNDS), String(CRAWL_PAGES)])
  const dbPath = join(tmpDir, 'bench.sqlite')
  copyFileSync(benchDatabase('100k').path, dbPath)
  const service = await startBenchService({
    databasePath: dbPath,
    env: { GW_SIGNING_KEYS: `${TEST_KEYRING},${BENCH_KEY.kid}:${BENCH_KEY.secret}`, GW_USAGE_URL: usage.info.url, CRAWL_ALLOW_PRIVATE: 'true', CRAWL_WORKERS: String(CRAWLS) },
  })
  let polls = 0
  const state = async (jobId: string) => {
    const path = `/api/v1/orgs/${jobId}`
    return (await (await fetch(`${service.url}${path}`, { headers: gatewayHeaders('GET', path, '', { id: `poll-${polls++}` }) })).json()) as JobState
  }
  const submit = async (website: string) => {
    const body = JSON.stringify({ website })
    const res = await fetch(`${service.url}/api/v1/orgs`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...gatewayHeaders('POST', '/api/v1/orgs', body) } })
    if (res.status !== 202) throw new Error(`POST /orgs ${website}: ${res.status} ${await res.text()}`)
    return ((await res.json()) as { jobId: string }).jobId
  }
  const stop = () => {
    service.proc.kill()
    sites.proc.kill()
    usage.proc.kill()
  }
  return { url: service.url, siteUrls: sites.info.urls as string[], submit, state, stop }
}

/** Polls the jobs until `done` holds for every state; returns the last states. */
async function until(jobs: string[], state: (jobId: string) => Promise<JobState>, done: (s: JobState) => boolean, everyMs: number): Promise<JobState[]> {
  for (;;) {
    const states = await Promise.all(jobs.map(state))
    if (states.every(done)) return states
    await Bun.sleep(everyMs)
  }
}

async function latencyUnderCrawls(): Promise<Round[]> {
  const tmp = tempDir()
  const env = await setUp(tmp.dir)
  const paths = searchMix(4000)
  const rounds: Round[] = []
  try {
    // Warm-up, not counted: read workers start, code is compiled, pages are cached.
    const warm = await paced(env.url, await signed(paths, 2000, 5), 5)
    let rate = Math.max(2000, Math.ceil(warm.rps * 1.5))
    for (let r = 0; r < ROUNDS; r++) {
      const idle = await paced(env.url, await signed(paths, rate, SECONDS), SECONDS)
      rate = Math.max(rate, Math.ceil(idle.rps * 1.5))
      // Signed before the crawls start, for the longest the crawls may take (a crawl polite to its host
      // fetches about 2 pages a second: twice that time, and 40 s for starting the workers and storing).
      const longest = CRAWL_PAGES + 40
      const requests = await signed(paths, rate, longest)
      const jobs = await Promise.all(env.siteUrls.slice(r * CRAWLS, (r + 1) * CRAWLS).map(env.submit))
      await until(jobs, env.state, (s) => s.status !== 'pending' && s.status !== 'awaiting_billing', 20)
      const started = performance.now()
      const finished = until(jobs, env.state, (s) => s.status !== 'pending' && s.status !== 'running' && s.status !== 'awaiting_billing', 100)
      const busy = await paced(env.url, requests, longest, finished)
      const states = await finished
      const busySeconds = (performance.now() - started) / 1000
      rounds.push({ idle, busy, busySeconds, outcomes: states.map((s) => (s.status === 'ready' ? `${s.eventCount} events` : (s.status ?? s.error ?? 'unknown'))) })
    }
    return rounds
  } finally {
    env.stop()
    tmp.cleanup()
  }
}

requireWrk()
console.log(machineLine())
const throughput = await pipelineThroughput()
console.log(
  `crawl pipeline, ${throughput.pages} pages / ${throughput.events} events in ${throughput.crawlMs.toFixed(0)} ms: ${throughput.crawlRate.toFixed(1)} pages/s, ${(throughput.events / (throughput.crawlMs / 1000)).toFixed(1)} events/s`,
)
console.log(`bare fetch of the same pages (2 per host): ${throughput.bareRate.toFixed(1)} pages/s; pipeline/bare ratio ${(throughput.crawlRate / throughput.bareRate).toFixed(2)}`)
const rounds = await latencyUnderCrawls()
const idle = medianOf(rounds.map((r) => r.idle))
const busy = medianOf(rounds.map((r) => r.busy))
const us = (n: number) => `${Math.round(n)} µs`
console.log(
  `\nsearch mix on the 100k database, paced (${PACED.connections} connections, ${PACED.pauseMs} ms between requests), ${ROUNDS} interleaved rounds (idle ${SECONDS} s, then 4 polite crawls of ${CRAWL_PAGES}-page sites from start to stored):`,
)
rounds.forEach((r, i) =>
  console.log(
    `  round ${i + 1}: idle p50 ${us(r.idle.p50Us)} p99 ${us(r.idle.p99Us)}; crawling ${r.busySeconds.toFixed(0)} s (${r.outcomes.join(', ')}) p50 ${us(r.busy.p50Us)} p99 ${us(r.busy.p99Us)}${r.busy.ranOut ? ' RAN OUT OF SIGNED REQUESTS' : ''}`,
  ),
)
console.log(`  ${describe('idle, median of rounds', idle)}`)
console.log(`  ${describe('during 4 crawls, median of rounds', busy)}`)
const ratio = busy.p99Us / idle.p99Us
console.log(`  p99 during crawls / idle: ${ratio.toFixed(2)} (${us(busy.p99Us)} vs ${us(idle.p99Us)}; target ≤ 1.5: ${ratio <= 1.5 ? 'met' : 'NOT MET'}); load average ${loadNow()}`)
process.exit(0)
