// Scale-out benchmark (issue 17): the same binary over PostgreSQL, each figure against the single SQLite
// instance measured in the same run.
// 1. Search: the varied mix (lib/mix.ts) on the seeded database of BENCH_PG_SIZE (100k) events, copied
//    into a throw-away PostgreSQL cluster with `migrate --to-postgres`'s copy, driven by wrk (requests
//    signed before each run) against one SQLite instance, one PostgreSQL instance, and two PostgreSQL
//    instances at once (two wrk processes, half the connections each; throughput summed, the worse p99),
//    in BENCH_ROUNDS (3) interleaved rounds of BENCH_SECONDS (10), medians.
// 2. Crawl: BENCH_CRAWL_ORGS (200) fixture organizations (4 event pages each, default politeness) indexed
//    through POST /api/v1/orgs, submitted round-robin, by one SQLite instance, one PostgreSQL instance and
//    three PostgreSQL instances (each with CRAWL_WORKERS=2), timed until every job is ready: jobs/minute.
// Needs wrk and PostgreSQL (Debian's postgresql). Prints figures only; no thresholds. Run: npm run bench
import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Subprocess } from 'bun'
import { copySqliteFileToPostgres, migratePostgres } from '../../src/db/open-storage'
import { gatewayHeaders, TEST_KEYRING } from '../helpers/gateway'
import { findPostgresBin, startPostgres, type PostgresCluster } from '../helpers/postgres'
import { BUN, ROOT } from '../helpers/process'
import { tempDir } from '../helpers/tmp'
import { benchDatabase, type Size } from './lib/bench-db'
import { loadNow, machineLine } from './lib/machine'
import { BENCH_KEY, searchMix, signedRequests } from './lib/mix'
import { spawnJsonLine, startBenchService } from './lib/service'
import { describe, medianOf, requireWrk, runWrk, writeRequests, type WrkResult } from './lib/wrk'

const SIZE = (process.env.BENCH_PG_SIZE ?? '100k') as Size
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const QUERIES = Number(process.env.BENCH_QUERIES ?? 4000)
const CRAWL_ORGS = Number(process.env.BENCH_CRAWL_ORGS ?? 200)
const KEYS = `${TEST_KEYRING},${BENCH_KEY.kid}:${BENCH_KEY.secret}`

const procs: Subprocess[] = []
const tmp = tempDir()
let cluster: PostgresCluster | undefined

type Instance = { url: string; proc: Subprocess }

async function instance(env: Record<string, string>, databasePath: string): Promise<Instance> {
  const started = await startBenchService({ databasePath, env: { GW_SIGNING_KEYS: KEYS, CRAWL_ALLOW_PRIVATE: 'true', CRAWL_WORKERS: '2', ...env } })
  procs.push(started.proc)
  return { url: started.url, proc: started.proc }
}

/** One wrk run per instance at once, the connections shared between them; throughput summed, the worst p99. */
async function drive(instances: Instance[], paths: string[]): Promise<WrkResult> {
  const share = Math.max(1, Math.floor(CONNECTIONS / instances.length))
  const runs = await Promise.all(
    instances.map(async (it) => runWrk({ origin: it.url, file: await writeRequests(signedRequests(paths, 12_000 * SECONDS)), connections: share, seconds: SECONDS, wrap: false })),
  )
  const [first, ...rest] = runs
  return rest.reduce(
    (a, b) => ({
      ...a,
      requests: a.requests + b.requests,
      bytes: a.bytes + b.bytes,
      rps: a.rps + b.rps,
      p99Us: Math.max(a.p99Us, b.p99Us),
      meanUs: Math.max(a.meanUs, b.meanUs),
      non2xx: a.non2xx + b.non2xx,
    }),
    first,
  )
}

async function searchPart(usageUrl: string) {
  const db = benchDatabase(SIZE)
  const sqlitePath = join(tmp.dir, 'search.sqlite')
  copyFileSync(db.path, sqlitePath)
  const url = await cluster!.createDatabase('search')
  const started = performance.now()
  await copySqliteFileToPostgres(sqlitePath, url)
  console.log(`copied ${db.events.toLocaleString('en')} upcoming events (${SIZE}) into PostgreSQL in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  const sqlite = [await instance({ GW_USAGE_URL: usageUrl }, sqlitePath)]
  const pgOne = [await instance({ GW_USAGE_URL: usageUrl, DATABASE_URL: url }, join(tmp.dir, 'unused-1.sqlite'))]
  const pgTwo = [pgOne[0], await instance({ GW_USAGE_URL: usageUrl, DATABASE_URL: url }, join(tmp.dir, 'unused-2.sqlite'))]
  const paths = searchMix(QUERIES)
  const sides = { 'SQLite, 1 instance': sqlite, 'PostgreSQL, 1 instance': pgOne, 'PostgreSQL, 2 instances': pgTwo }
  const results = new Map<string, WrkResult[]>(Object.keys(sides).map((k) => [k, []]))
  for (const side of Object.values(sides)) await drive(side, paths.slice(0, 200)) // warm-up
  for (let round = 0; round < ROUNDS; round++) for (const [name, side] of Object.entries(sides)) results.get(name)!.push(await drive(side, paths))
  console.log(`\nsearch mix on ${SIZE} (${QUERIES} distinct searches, ${CONNECTIONS} connections in all, ${ROUNDS} interleaved rounds of ${SECONDS} s, medians; load ${loadNow()})`)
  const base = medianOf(results.get('SQLite, 1 instance')!)
  for (const [name, runs] of results) {
    const m = medianOf(runs)
    console.log(`  ${describe(name, m)}; ${(m.rps / base.rps).toFixed(2)}x SQLite's throughput, p99 ${(m.p99Us / 1000).toFixed(1)} ms vs ${(base.p99Us / 1000).toFixed(1)} ms`)
  }
  for (const it of [...sqlite, ...pgTwo]) it.proc.kill()
}

/** Indexes every site through `instances` (round-robin) and answers the minutes until all jobs are ready. */
async function crawl(instances: Instance[], siteUrls: string[]): Promise<{ minutes: number; ready: number }> {
  const started = performance.now()
  const jobs: { url: string; jobId: string }[] = []
  for (const [i, website] of siteUrls.entries()) {
    const it = instances[i % instances.length]
    const body = JSON.stringify({ website })
    const res = await fetch(`${it.url}/api/v1/orgs`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...gatewayHeaders('POST', '/api/v1/orgs', body) } })
    if (res.status !== 202) throw new Error(`POST /orgs answered ${res.status}: ${await res.text()}`)
    jobs.push({ url: it.url, jobId: ((await res.json()) as { jobId: string }).jobId })
  }
  let pending = jobs
  let ready = 0
  while (pending.length && performance.now() - started < 30 * 60_000) {
    await Bun.sleep(500)
    const still: typeof jobs = []
    for (const job of pending) {
      const path = `/api/v1/orgs/${job.jobId}`
      const status = ((await (await fetch(`${job.url}${path}`, { headers: gatewayHeaders('GET', path, '') })).json()) as { status?: string }).status
      if (status === 'ready') ready++
      else if (status !== 'failed') still.push(job)
    }
    pending = still
  }
  return { minutes: (performance.now() - started) / 60_000, ready }
}

async function crawlPart(usageUrl: string) {
  const sites = await spawnJsonLine([BUN, join(ROOT, 'test/bench/serve-sites.ts'), String(CRAWL_ORGS * 3), '4'])
  procs.push(sites.proc)
  const urls = sites.info.urls as string[]
  const batches = [urls.slice(0, CRAWL_ORGS), urls.slice(CRAWL_ORGS, 2 * CRAWL_ORGS), urls.slice(2 * CRAWL_ORGS)]
  const sqlite = [await instance({ GW_USAGE_URL: usageUrl }, join(tmp.dir, 'crawl.sqlite'))]
  const one = await cluster!.createDatabase('crawl_one')
  const three = await cluster!.createDatabase('crawl_three')
  await Promise.all([migratePostgres(one), migratePostgres(three)])
  const pgOne = [await instance({ GW_USAGE_URL: usageUrl, DATABASE_URL: one }, join(tmp.dir, 'unused-3.sqlite'))]
  const pgThree = await Promise.all([4, 5, 6].map((n) => instance({ GW_USAGE_URL: usageUrl, DATABASE_URL: three }, join(tmp.dir, `unused-${n}.sqlite`))))
  console.log(`\ncrawl of ${CRAWL_ORGS} fixture organizations (4 event pages each, default politeness, 2 crawl workers per instance; load ${loadNow()})`)
  const runs: [string, Instance[], string[]][] = [
    ['SQLite, 1 instance', sqlite, batches[0]],
    ['PostgreSQL, 1 instance', pgOne, batches[1]],
    ['PostgreSQL, 3 instances', pgThree, batches[2]],
  ]
  let baseline = 0
  for (const [name, instances, batch] of runs) {
    const { minutes, ready } = await crawl(instances, batch)
    const perMinute = ready / minutes
    baseline ||= perMinute
    console.log(`  ${name.padEnd(24)} ${ready}/${batch.length} ready in ${(minutes * 60).toFixed(0)} s: ${perMinute.toFixed(1)} jobs/minute, ${(perMinute / baseline).toFixed(2)}x SQLite's`)
  }
}

if (!findPostgresBin()) {
  // The other benchmarks of `npm run bench` still run: this one says why it did not.
  console.log('PostgreSQL benchmark skipped: no PostgreSQL found (apt-get install postgresql, or set PG_BIN)')
  process.exit(0)
}

try {
  requireWrk()
  console.log(machineLine())
  cluster = await startPostgres()
  const usage = await spawnJsonLine([BUN, join(ROOT, 'test/bench/lib/usage-server.ts')])
  procs.push(usage.proc)
  await searchPart(usage.info.url)
  await crawlPart(usage.info.url)
  console.log('\n(PostgreSQL: a throw-away cluster on this machine, fsync off, started by the bench)')
} finally {
  for (const p of procs) p.kill()
  await cluster?.stop()
  tmp.cleanup()
}
