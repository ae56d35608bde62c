// Event search parameters benchmark (issue 18). Like search.bench.ts: measured from outside the process
// with wrk, requests signed before the run, rounds interleaved (plain, find, plain, find, …), medians.
// The baseline is the plain date search of issue 12's mix on the same service in the same run; the
// measured mix draws from the seeded data: text (`q`, title and place words, prefixes), geo (`near` an
// organization's venue, 25 km), audience (family, kids, teens), sometimes with `when` or a date window.
// BENCH_SIZES (100k), BENCH_ROUNDS (3), BENCH_SECONDS (10), BENCH_CONNECTIONS (32), BENCH_QUERIES (2000).
// Run: npm run bench (wrk must be installed).
import { addDays, utcToday } from '../../src/model/dates'
import { benchDatabase, SIZES, type Size } from './lib/bench-db'
import { loadNow, machineLine } from './lib/machine'
import { BENCH_KEY, random, searchMix, signedRequests } from './lib/mix'
import { CITIES } from './lib/seed-db'
import { spawnJsonLine, startBenchService } from './lib/service'
import { describe, medianOf, requireWrk, runWrk, writeRequests, type WrkResult } from './lib/wrk'
import { BUN, ROOT } from '../helpers/process'
import { join } from 'node:path'

const SIZES_RUN = (process.env.BENCH_SIZES ?? '100k').split(',') as Size[]
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const QUERIES = Number(process.env.BENCH_QUERIES ?? 2000)
const WORDS = ['storytime', 'lego', 'gaming', 'concert', 'workshop', 'family', 'teen', 'art', 'branch', 'libr', 'music program', 'community', 'whole']

type Kind = 'text' | 'geo' | 'audience'

/** `count` distinct searches of one kind drawn from what the seeded databases hold (see seed-db.ts). */
function findMix(kind: Kind, count: number, orgs: number, nowMs = Date.now(), seed = 18): string[] {
  const next = random(seed + kind.length)
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]
  const today = utcToday(nowMs)
  const paths = new Set<string>()
  for (let guard = 0; paths.size < count && guard < count * 50; guard++) {
    const q = new URLSearchParams()
    if (kind === 'text') q.set('q', next() < 0.3 ? `${pick(WORDS)} ${pick(CITIES).split(' ')[0].toLowerCase()}` : pick(WORDS))
    if (kind === 'geo') {
      const o = Math.floor(next() * orgs)
      q.set('near', `${(40 + o / 1000).toFixed(3)},${(-75 - o / 1000).toFixed(3)}`)
      q.set('radiusKm', '25')
    }
    if (kind === 'audience') q.set('audience', pick(['family', 'kids', 'teens']))
    const r = next()
    if (r < 0.3) q.set('when', pick(['today', 'tomorrow', 'this-weekend', 'next-weekend']))
    else if (r < 0.7) {
      const start = addDays(today, Math.floor(next() * 61))
      q.set('startDate', start)
      q.set('endDate', addDays(start, pick([0, 1, 6, 13, 29])))
    }
    q.set('limit', next() < 0.5 ? '20' : '50')
    paths.add(`/api/v1/search/events?${q.toString().replace(/\+/g, '%20')}`)
  }
  return [...paths]
}

async function measure(url: string, paths: string[]): Promise<WrkResult> {
  const file = await writeRequests(signedRequests(paths, 12_000 * SECONDS))
  return runWrk({ origin: url, file, connections: CONNECTIONS, seconds: SECONDS, wrap: false })
}

const procs: { kill(): void }[] = []
try {
  requireWrk()
  console.log(machineLine())
  console.log(`wrk: ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} interleaved rounds (plain date search, then each mix), medians`)
  const usage = await spawnJsonLine([BUN, join(ROOT, 'test/bench/lib/usage-server.ts')])
  procs.push(usage.proc)
  for (const size of SIZES_RUN) {
    const db = benchDatabase(size)
    const service = await startBenchService({ databasePath: db.path, env: { GW_SIGNING_KEYS: `${BENCH_KEY.kid}:${BENCH_KEY.secret}`, GW_USAGE_URL: usage.info.url } })
    procs.push(service.proc)
    const mixes: [string, string[]][] = [
      ['plain date search (issue 12 mix)', searchMix(QUERIES)],
      ['text (q)', findMix('text', QUERIES, SIZES[size])],
      ['geo (near, 25 km)', findMix('geo', QUERIES, SIZES[size])],
      ['audience', findMix('audience', QUERIES, SIZES[size])],
    ]
    const runs = new Map<string, WrkResult[]>(mixes.map(([name]) => [name, []]))
    for (let round = 0; round < ROUNDS; round++) for (const [name, paths] of mixes) runs.get(name)!.push(await measure(service.url, paths))
    console.log(`\n${db.events.toLocaleString('en')} upcoming events (${size}); load ${loadNow()}`)
    const base = medianOf(runs.get(mixes[0][0])!)
    for (const [name] of mixes) {
      const r = medianOf(runs.get(name)!)
      console.log(`  ${describe(name, r)}`)
      if (name !== mixes[0][0]) console.log(`    vs plain: throughput ×${(r.rps / base.rps).toFixed(3)}, p99 ${(r.p99Us / 1000).toFixed(2)} ms vs ${(base.p99Us / 1000).toFixed(2)} ms`)
    }
    service.proc.kill()
    await service.proc.exited
  }
} finally {
  for (const p of procs) p.kill()
}
process.exit(0)
