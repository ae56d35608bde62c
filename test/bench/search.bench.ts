// Read-path benchmark (issue 12). Every figure is measured in this run against a baseline measured in the
// same run, from outside the process, with wrk (requests signed before the run, so the generator does the
// same work for both sides), rounds interleaved (service, bare, service, bare, …), medians reported:
// 1. a varied mix of event searches drawn from the seeded data (dates, windows up to 60 days out, cities,
//    categories, limits 20 and 200) on databases of 10k, 100k and 1M events, against a bare Bun.serve
//    answering each query with the very bytes the service gave for it; and how the mean latency grows from
//    10k to 1M beyond what the bare server's own growth on the same bytes explains;
// 2. the billed events pull (allowance and usage report per request, to a usage service in its own
//    process) of a 500-event organization, against the bare server with the same bytes.
// BENCH_SIZES (10k,100k,1M), BENCH_ROUNDS (3), BENCH_SECONDS (10), BENCH_CONNECTIONS (32) and BENCH_QUERIES
// (4000) shorten or lengthen it. Run: npm run bench (wrk must be installed).
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
/** Signed requests prepared per round: enough for this rate for the whole round (raised when a round uses more). */
let presignRate = Number(process.env.BENCH_PRESIGN_RATE ?? 12_000)

const tmp = tempDir()
const procs: { kill(): void }[] = []

type Comparison = { service: WrkResult; bare: WrkResult }

/** Interleaved rounds: fresh signed requests each round, the service then the bare server on the same file. */
async function compare(serviceUrl: string, bareUrl: string, paths: string[]): Promise<Comparison> {
  const service: WrkResult[] = []
  const bare: WrkResult[] = []
  for (let round = 0; round < ROUNDS; round++) {
    for (let attempt = 0; ; attempt++) {
      const file = await writeRequests(signedRequests(paths, Math.ceil(presignRate * SECONDS)))
      const s = await runWrk({ origin: serviceUrl, file, connections: CONNECTIONS, seconds: SECONDS, wrap: false })
      if (s.ranOut && attempt < 2) {
        presignRate *= 2
        continue
      }
      presignRate = Math.max(presignRate, Math.ceil(s.rps * 1.5))
      service.push(s)
      bare.push(await runWrk({ origin: bareUrl, file, connections: CONNECTIONS, seconds: SECONDS, wrap: true }))
      break
    }
  }
  return { service: medianOf(service), bare: medianOf(bare) }
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
    `wrk: ${CONNECTIONS} connections, 2 threads, ${SECONDS} s per run, ${ROUNDS} interleaved rounds (service, bare, …), medians; mix of ${QUERIES} distinct searches, each request drawn at random`,
  )
  const usage = await spawnJsonLine([BUN, join(ROOT, 'test/bench/lib/usage-server.ts')])
  procs.push(usage.proc)
  const results = new Map<Size, Comparison>()
  let pull: Comparison | undefined
  for (const size of SIZES_RUN) {
    if (!(size in SIZES)) throw new Error(`unknown size ${size}; use ${Object.keys(SIZES).join(', ')}`)
    const db = benchDatabase(size)
    const service = await startBenchService({ databasePath: db.path, env: { GW_SIGNING_KEYS: `${BENCH_KEY.kid}:${BENCH_KEY.secret}`, GW_USAGE_URL: usage.info.url } })
    procs.push(service.proc)
    const paths = searchMix(QUERIES)
    const { bare, meanBytes, totalBytes } = await bareWithAnswers(service.url, paths, `search-${size}`)
    const c = await compare(service.url, bare.info.url, paths)
    results.set(size, c)
    report(
      `\nsearch mix on ${db.events.toLocaleString('en')} upcoming events (${size}; seeded ${new Date(db.seededAt).toISOString().slice(0, 10)}), answers ${(meanBytes / 1024).toFixed(0)} KiB on average, ${(totalBytes / 2 ** 20).toFixed(0)} MiB in all`,
      c,
    )
    bare.proc.kill()

    if (size === '100k' || (SIZES_RUN.length === 1 && !pull)) {
      const pullPath = `/api/v1/businesses/${orgIdFor(`${PULL_PREFIX}-0.example.org`)}/events`
      const pullBare = await bareWithAnswers(service.url, [pullPath], 'pull')
      pull = await compare(service.url, pullBare.bare.info.url, [pullPath])
      report(`\nbilled events pull of a 500-event organization (${(pullBare.meanBytes / 1024).toFixed(0)} KiB; allowance and usage report per request)`, pull)
      pullBare.bare.proc.kill()
    }
    service.proc.kill()
    await service.proc.exited
  }

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
  if (pull) console.log(`  billed events pull: ${(pull.service.rps / pull.bare.rps).toFixed(3)} of bare (target ≥ 0.4): ${verdict(pull.service.rps / pull.bare.rps >= 0.4)}`)
  console.log(`  (load average at the end: ${loadNow()})`)
} finally {
  for (const p of procs) p.kill()
  tmp.cleanup()
}
process.exit(0)
