// Start-up and memory benchmark (issue 7), measured in this run: cold start of the compiled binary to its
// first 200 (on a fresh database, migrations included, and on a migrated one), against the cold start of
// a bare compiled Bun.serve (the runtime's own floor); idle RSS after start, and RSS after 20 s of search
// load, against the bare server's RSS.
import { join } from 'node:path'
import { tempDir } from '../helpers/tmp'
import { BUN, buildBinary, freePort, ROOT } from '../helpers/process'
import { load } from './lib/load'
import { seedBenchDatabase } from './lib/seed-db'
import { rssMiB, startBenchService, waitHealthy } from './lib/service'

const tmp = tempDir()
const KEY = { kid: 'bench', secret: 'bench-secret-0123456789abcdef0123456789', agentId: 'agent-bench' }

async function bareBinary(): Promise<string> {
  const src = join(tmp.dir, 'bare.ts')
  await Bun.write(src, "const s = Bun.serve({ hostname: '127.0.0.1', port: Number(process.env.PORT), fetch: () => new Response('ok') })\n")
  const out = join(tmp.dir, 'bare-bin')
  const proc = Bun.spawn([BUN, 'build', '--compile', src, '--outfile', out], { stdout: 'ignore', stderr: 'inherit' })
  await proc.exited
  return out
}

async function coldStart(cmd: string[], env: Record<string, string>, path: string, runs = 5) {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const port = freePort()
    const started = performance.now()
    const proc = Bun.spawn(cmd, { cwd: tmp.dir, env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...env }, stdout: 'ignore', stderr: 'ignore' })
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}${path}`)).ok) break
      } catch {}
      await Bun.sleep(2)
    }
    times.push(performance.now() - started)
    proc.kill()
    await proc.exited
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)]
}

try {
  const binary = await buildBinary()
  const bare = await bareBinary()
  const bareMs = await coldStart([bare], {}, '/')
  const freshMs = await coldStart([binary, 'serve'], { GW_SIGNING_KEYS: 'k:bench-secret-0123456789abcdef0123456789', DATABASE_PATH: ':memory:' }, '/api/v1/health')
  const dbPath = join(tmp.dir, 'migrated.sqlite')
  seedBenchDatabase(dbPath, 200, 50)
  const migratedMs = await coldStart([binary, 'serve'], { GW_SIGNING_KEYS: 'k:bench-secret-0123456789abcdef0123456789', DATABASE_PATH: dbPath }, '/api/v1/health')
  console.log(`cold start to first 200 (median of 5): bare compiled Bun.serve ${bareMs.toFixed(0)} ms; event-index fresh database ${freshMs.toFixed(0)} ms (${(freshMs / bareMs).toFixed(1)}x); migrated 10 000-event database ${migratedMs.toFixed(0)} ms (${(migratedMs / bareMs).toFixed(1)}x)`)

  const port = freePort()
  const bareProc = Bun.spawn([bare], { env: { ...process.env, PORT: String(port) }, stdout: 'ignore' })
  await waitHealthy(`http://127.0.0.1:${port}`).catch(() => {})
  await Bun.sleep(300)
  const bareRss = await rssMiB(bareProc.pid)
  bareProc.kill()
  const service = await startBenchService({ databasePath: dbPath, binary, env: { GW_SIGNING_KEYS: `${KEY.kid}:${KEY.secret}` } })
  await Bun.sleep(1000)
  const idle = await rssMiB(service.proc.pid)
  await load(`${service.url}/api/v1/search/events?city=Springfield&limit=20`, { connections: 32, seconds: 20, sign: KEY })
  const loaded = await rssMiB(service.proc.pid)
  service.proc.kill()
  console.log(`RSS: bare compiled Bun.serve ${bareRss.toFixed(0)} MiB; event-index idle ${idle.toFixed(0)} MiB (${(idle / bareRss).toFixed(1)}x, incl. ${1} crawl worker); after 20 s of search load ${loaded.toFixed(0)} MiB (${(loaded / bareRss).toFixed(1)}x)`)
} finally {
  tmp.cleanup()
}
process.exit(0)
