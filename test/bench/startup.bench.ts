// Start-up and memory benchmark (issues 7 and 12), measured in this run against baselines of the same run:
// 1. cold start of the compiled binary (built as `npm run build` builds it, with --bytecode) to its first
//    200, on a fresh in-memory database and on the seeded 10k-event database, against the cold start of a
//    bare compiled Bun.serve built the same way (the runtime's own floor); runs interleaved, medians;
// 2. resident memory of the binary with its default configuration (CACHE_MEMORY_MB, READ_WORKERS,
//    CRAWL_WORKERS) on the seeded 100k-event database: idle, and after 60 s of the varied search mix
//    (wrk, 32 connections, requests signed before the run), against the budget the issue sets (the
//    configured cache budget plus 100 MiB) and the bare server's.
// BENCH_COLD_RUNS (7; 0 measures memory alone) and BENCH_RSS_SECONDS (60) change it.
import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadConfig } from '../../src/config'
import { BUN, buildArgs, buildBinary, freePort } from '../helpers/process'
import { tempDir } from '../helpers/tmp'
import { benchDatabase } from './lib/bench-db'
import { loadNow, machineLine } from './lib/machine'
import { BENCH_KEY, searchMix, signedRequests } from './lib/mix'
import { residentMiB, rssMiB, startBenchService, waitHealthy } from './lib/service'
import { median, requireWrk, runWrk, writeRequests } from './lib/wrk'

const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 7)
const RSS_SECONDS = Number(process.env.BENCH_RSS_SECONDS ?? 60)
const tmp = tempDir()

/** A bare Bun.serve compiled with the same flags as the service. */
async function bareBinary(): Promise<string> {
  const src = join(tmp.dir, 'bare.ts')
  await Bun.write(src, "Bun.serve({ hostname: '127.0.0.1', port: Number(process.env.PORT), fetch: () => new Response('ok') })\n")
  const out = join(tmp.dir, 'bare-bin')
  const args = (await buildArgs(out)).filter((a) => !a.startsWith('src/'))
  const proc = Bun.spawn([BUN, ...args.slice(0, -2), src, '--outfile', out], { stdout: 'ignore', stderr: 'inherit' })
  if ((await proc.exited) !== 0) throw new Error('bare build failed')
  return out
}

/** Time from spawn to the first 200 on `path`. */
async function coldStart(cmd: string[], env: Record<string, string>, path: string): Promise<number> {
  const port = freePort()
  const started = performance.now()
  const proc = Bun.spawn(cmd, { cwd: tmp.dir, env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...env }, stdout: 'ignore', stderr: 'ignore' })
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}${path}`)).ok) break
    } catch {}
    await Bun.sleep(1)
  }
  const ms = performance.now() - started
  proc.kill()
  await proc.exited
  return ms
}

try {
  requireWrk()
  console.log(machineLine())
  const binary = await buildBinary()
  const bare = await bareBinary()
  if (COLD_RUNS > 0) {
    const small = benchDatabase('10k')
    const migratedPath = join(tmp.dir, 'migrated.sqlite')
    copyFileSync(small.path, migratedPath)
    const times = { bare: [] as number[], fresh: [] as number[], migrated: [] as number[] }
    for (let i = 0; i < COLD_RUNS; i++) {
      times.bare.push(await coldStart([bare], {}, '/'))
      times.fresh.push(await coldStart([binary, 'serve'], { GW_SIGNING_KEYS: 'k:bench-secret-0123456789abcdef0123456789', DATABASE_PATH: ':memory:' }, '/api/v1/health'))
      times.bare.push(await coldStart([bare], {}, '/'))
      times.migrated.push(await coldStart([binary, 'serve'], { GW_SIGNING_KEYS: 'k:bench-secret-0123456789abcdef0123456789', DATABASE_PATH: migratedPath }, '/api/v1/health'))
    }
    const [b, f, m] = [median(times.bare), median(times.fresh), median(times.migrated)]
    console.log(`cold start to the first 200, ${COLD_RUNS} interleaved runs each, medians (load ${loadNow()}):`)
    console.log(`  bare compiled Bun.serve ${b.toFixed(1)} ms`)
    console.log(`  event-index, fresh in-memory database ${f.toFixed(1)} ms (${(f / b).toFixed(1)}x; target ≤ 15x: ${f / b <= 15 ? 'met' : 'NOT MET'})`)
    console.log(`  event-index, migrated 10k-event database ${m.toFixed(1)} ms (${(m / b).toFixed(1)}x; target ≤ 15x: ${m / b <= 15 ? 'met' : 'NOT MET'})`)
  }

  const port = freePort()
  const bareProc = Bun.spawn([bare], { env: { ...process.env, PORT: String(port) }, stdout: 'ignore' })
  await waitHealthy(`http://127.0.0.1:${port}`).catch(() => {})
  const bareRss = await rssMiB(bareProc.pid)
  bareProc.kill()

  const big = benchDatabase('100k')
  const budget = loadConfig({}).CACHE_MEMORY_MB
  const service = await startBenchService({ databasePath: big.path, binary, env: { GW_SIGNING_KEYS: `${BENCH_KEY.kid}:${BENCH_KEY.secret}` } })
  try {
    await Bun.sleep(1000)
    const idle = await rssMiB(service.proc.pid)
    const paths = searchMix(4000)
    const file = await writeRequests(signedRequests(paths, 12_000 * RSS_SECONDS))
    let peak = idle
    const sampler = setInterval(async () => (peak = Math.max(peak, await rssMiB(service.proc.pid))), 1000)
    const load = await runWrk({ origin: service.url, file, connections: 32, seconds: RSS_SECONDS, wrap: false })
    clearInterval(sampler)
    const parts = await residentMiB(service.proc.pid)
    const after = parts.rss
    peak = Math.max(peak, after)
    console.log(
      `\nresident memory, default configuration (CACHE_MEMORY_MB=${budget}, READ_WORKERS=${loadConfig({}).READ_WORKERS}, CRAWL_WORKERS=${loadConfig({}).CRAWL_WORKERS}), 100k-event database (load ${loadNow()}):`,
    )
    console.log(`  bare compiled Bun.serve ${bareRss.toFixed(0)} MiB; event-index idle ${idle.toFixed(0)} MiB`)
    console.log(
      `  after ${RSS_SECONDS} s of the varied search mix (${load.rps.toFixed(0)} req/s${load.non2xx ? `, ${load.non2xx} non-2xx` : ''}${load.ranOut ? ', RAN OUT OF SIGNED REQUESTS' : ''}): ${after.toFixed(0)} MiB (anonymous ${parts.anon.toFixed(0)}, mapped files ${parts.file.toFixed(0)}), peak ${peak.toFixed(0)} MiB; budget ${budget} + 100 = ${budget + 100} MiB: ${peak <= budget + 100 ? 'met' : 'NOT MET'}`,
    )
  } finally {
    service.proc.kill()
  }
} finally {
  tmp.cleanup()
}
process.exit(0)
