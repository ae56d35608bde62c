// Read-path benchmark (issue 12). Every figure is measured in this run against a baseline measured in the
// same run, from outside the process, with wrk (requests signed before the run, so the generator does the
// same work for both sides), rounds interleaved across sizes (10k service, 10k bare, 100k service, 100k
// bare, 1M service, 1M bare, then again; every service and bare server stays up), medians reported:
// 1. a varied mix of event searches drawn from the seeded data (dates, windows up to 60 days out, cities,
//    categories, limits 20 and 200) on databases of 10k, 100k and 1M events, against a bare Bun.serve
//    answering each query with the very bytes the service gave for it; and how the mean latency grows from
//    10k to 1M beyond what the bare server's own growth on the same bytes explains;
// 2. the billed events pull (allowance and usage report per request, to a usage service in its own
//    process) of a 500-event organization, against the bare server with the same bytes.
// BENCH_SIZES (10k,100k,1M), BENCH_ROUNDS (3), BENCH_SECONDS (10), BENCH_CONNECTIONS (32), BENCH_QUERIES
// (4000) and BENCH_PRESIGN_RATE (12000 signed requests a second to prepare at first) shorten or lengthen
// it. Run: npm run bench (wrk must be installed).
import { join } from 'node:path'
import { orgIdFor } from '../../src/model/org-identity'
import { BUN, ROOT } from '../helpers/process'
import { tempDir } from '../helpers/tmp'
import { writeAnswers } from './lib/answers'
import { benchDatabase, PULL_PREFIX, SIZES, type Size } from './lib/bench-db'
import { loadNow, machineLine } from './lib/machine'
import { BENCH_KEY, searchMix, signedFetch, signedRequests } from './lib/mix'
import { spawnJsonLine, startBenchService } from './lib/service'
import { describe, medianOf, requireWrk, runWrk, writeRequests, type WrkResult } from './lib/wrk'

const SIZES_RUN = (process.env.BENCH_SIZES ?? '10k,100k,1M').split(',') as Size[]
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const QUERIES = Number(process.env.BENCH_QUERIES ?? 4000)
/** Signed requests prepared per round and target: enough for this rate for the whole round (raised when a round uses more). */
const presignRates = new Map<string, number>()

const tmp = tempDir()
const procs: { kill(): void }[] = []

type Comparison = { service: WrkResult; bare: WrkResult }
type Target = { name: string; serviceUrl: string; bareUrl: string; paths: string[] }

/** One round of one target: fresh signed requests, the service then the bare server on the same file. */
async function round(t: Target): Promise<Comparison> {
  for (let attempt = 0; ; attempt++) {
    const rate = presignRates.get(t.name) ?? Number(process.env.BENCH_PRESIGN_RATE ?? 12_000)
    const file = await writeRequests(signedRequests(t.paths, Math.ceil(rate * SECONDS)))
    const service = await runWrk({ origin: t.serviceUrl, file, connections: CONNECTIONS, seconds: SECONDS, wrap: false })
    if (service.ranOut && attempt < 2) {
      presignRates.set(t.name, rate * 2)
      continue
    }
    presignRates.set(t.name, Math.max(rate, Math.ceil(service.rps * 1.5)))
    return { service, bare: await runWrk({ origin: t.bareUrl, file, connections: CONNECTIONS, seconds: SECONDS, wrap: true }) }
  }
}

/**
 * Interleaved rounds over every target (10k service, 10k bare, 100k service, 100k bare, …, then again),
 * so that a change in the machine's load between sizes moves every figure alike; medians per target.
 */
async function compare(targets: Target[]): Promise<Map<string, Comparison>> {
  const runs = new Map<string, Comparison[]>(targets.map((t) => [t.name, []]))
  for (let r = 0; r < ROUNDS; r++) for (const t of targets) runs.get(t.name)!.push(await round(t))
  return new Map([...runs].map(([name, list]) => [name, { service: medianOf(list.map((c) => c.service)), bare: medianOf(list.map((c) => c.bare)) }]))
}

/** Fetches each path's answer from the service (signed) and starts a bare server answering the same bytes. */
async function bareWithAnswers(serviceUrl: string, paths: string[], name: string) {
  const answers: [string, Uint8Array][] = []
  for (let i = 0; i < paths.length; i += 8) {
    await Promise.all(
      paths.slice(i, i + 8).map(async (path) => {
        const response = await signedFetch(serviceUrl, path)
        const body = new Uint8Array(await response.arrayBuffer())
        if (response.status !== 200) throw new Error(`${path}: ${response.status} ${new TextDecoder().decode(body).slice(0, 200)}`)
        answers.push([path, body])
      }),
    )
  }
  const file = join(tmp.dir, `${name}.answers`)
  await writeAnswers(file, answers)
  const bare = await spawnJsonLine([BUN, join(ROOT, 'test/bench/lib/bare-server.ts'), file])
  procs.push(bare.proc)
  const sizes = answers.map(([, b]) => b.byteLength)
  return { bare, meanBytes: sizes.reduce((a, b) => a + b, 0) / sizes.length, totalBytes: sizes.reduce((a, b) => a + b, 0) }
}

function report(title: string, c: Comparison): void {
  console.log(title)
  console.log(`  ${describe('event-index (signed)', c.service)}`)
  console.log(`  ${describe('bare Bun.serve, same bytes', c.bare)}`)
  console.log(
    `  ratio event-index/bare: throughput ${(c.service.rps / c.bare.rps).toFixed(3)}; mean ${(c.service.meanUs / 1000).toFixed(2)} ms vs ${(c.bare.meanUs / 1000).toFixed(2)} ms; p99 ${(c.service.p99Us / 1000).toFixed(2)} ms vs ${(c.bare.p99Us / 1000).toFixed(2)} ms (load ${loadNow()})`,
  )
}

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET')

try {
  requireWrk()
  console.log(machineLine())
  console.log(
    `wrk: ${CONNECTIONS} connections, 2 threads, ${SECONDS} s per run, ${ROUNDS} rounds interleaved across sizes (each size: service, then bare), medians; mix of ${QUERIES} distinct searches, each request drawn at random`,
  )
  const usage = await spawnJsonLine([BUN, join(ROOT, 'test/bench/lib/usage-server.ts')])
  procs.push(usage.proc)
  const targets: Target[] = []
  const titles = new Map<string, string>()
  let pullService: string | undefined
  for (const size of SIZES_RUN) {
    if (!(size in SIZES)) throw new Error(`unknown size ${size}; use ${Object.keys(SIZES).join(', ')}`)
    const db = benchDatabase(size)
    const service = await startBenchService({ databasePath: db.path, env: { GW_SIGNING_KEYS: `${BENCH_KEY.kid}:${BENCH_KEY.secret}`, GW_USAGE_URL: usage.info.url } })
    procs.push(service.proc)
    const paths = searchMix(QUERIES)
    const { bare, meanBytes, totalBytes } = await bareWithAnswers(service.url, paths, `search-${size}`)
    targets.push({ name: size, serviceUrl: service.url, bareUrl: bare.info.url, paths })
    titles.set(
      size,
      `search mix on ${db.events.toLocaleString('en')} upcoming events (${size}; seeded ${new Date(db.seededAt).toISOString().slice(0, 10)}), answers ${(meanBytes / 1024).toFixed(0)} KiB on average, ${(totalBytes / 2 ** 20).toFixed(0)} MiB in all`,
    )
    if (size === '100k' || !pullService) pullService = service.url
  }
  const results = await compare(targets)
  for (const t of targets) report(`\n${titles.get(t.name)}`, results.get(t.name)!)

  const pullPath = `/api/v1/businesses/${orgIdFor(`${PULL_PREFIX}-0.example.org`)}/events`
  const pullBare = await bareWithAnswers(pullService!, [pullPath], 'pull')
  const pull = (await compare([{ name: 'pull', serviceUrl: pullService!, bareUrl: pullBare.bare.info.url, paths: [pullPath] }])).get('pull')!
  report(`\nbilled events pull of a 500-event organization (${(pullBare.meanBytes / 1024).toFixed(0)} KiB; allowance and usage report per request)`, pull)

  console.log('\nsummary (issue 12 targets, each against its same-run baseline):')
  const at100k = results.get('100k')
  if (at100k) console.log(`  search mix at 100k: ${(at100k.service.rps / at100k.bare.rps).toFixed(3)} of bare (target ≥ 0.2): ${verdict(at100k.service.rps / at100k.bare.rps >= 0.2)}`)
  const at1m = results.get('1M')
  if (at1m)
    console.log(`  search mix p99 at 1M: ${(at1m.service.p99Us / 1000).toFixed(1)} ms (bare ${(at1m.bare.p99Us / 1000).toFixed(1)} ms; target < 50 ms): ${verdict(at1m.service.p99Us < 50_000)}`)
  const at10k = results.get('10k')
  if (at10k && at1m) {
    const growth = at1m.service.meanUs / at10k.service.meanUs
    const bareGrowth = at1m.bare.meanUs / at10k.bare.meanUs
    console.log(
      `  mean latency 10k → 1M: event-index ×${growth.toFixed(2)} (${(at10k.service.meanUs / 1000).toFixed(2)} → ${(at1m.service.meanUs / 1000).toFixed(2)} ms), bare ×${bareGrowth.toFixed(2)} on the same bytes; beyond bare ×${(growth / bareGrowth).toFixed(2)} (target ≤ 2): ${verdict(growth / bareGrowth <= 2)}`,
    )
  }
  console.log(`  billed events pull: ${(pull.service.rps / pull.bare.rps).toFixed(3)} of bare (target ≥ 0.4): ${verdict(pull.service.rps / pull.bare.rps >= 0.4)}`)
  console.log(`  (load average at the end: ${loadNow()})`)
} finally {
  for (const p of procs) p.kill()
  tmp.cleanup()
}
process.exit(0)
