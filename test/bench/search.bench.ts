// Read-path benchmark (issue 7), every figure measured in this run, no targets:
// GET /api/v1/search/events?city=…&limit=20 on 100 000 events across 2 000 organizations, signed requests
// (a fresh gw-signature per request), and GET /api/v1/businesses/{id}/events of a 500-event organization
// (billed: allowance + usage report per request against a loopback usage service), each against a bare
// Bun.serve answering a precomputed body of the same size in its own process (the limit of the machine).
import { join } from 'node:path'
import { existsSync } from 'node:fs'
import { BUN, freePort, ROOT } from '../helpers/process'
import { tempDir } from '../helpers/tmp'
import { seedBenchDatabase } from './lib/seed-db'
import { line, load } from './lib/load'

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const KEY = { kid: 'bench', secret: 'bench-secret-0123456789', agentId: 'agent-bench' }
const tmp = tempDir()
const procs: { kill(): void }[] = []

async function spawnJsonLine(cmd: string[], env: Record<string, string> = {}) {
  const proc = Bun.spawn(cmd, { cwd: ROOT, env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'inherit' })
  procs.push(proc)
  const reader = proc.stdout.getReader()
  const first = new TextDecoder().decode((await reader.read()).value)
  reader.releaseLock()
  return JSON.parse(first.split('\n')[0])
}

async function waitHealthy(url: string) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return
    } catch {}
    await Bun.sleep(50)
  }
  throw new Error('service did not become healthy')
}

try {
  const dbPath = join(tmp.dir, 'search.sqlite')
  let t = performance.now()
  seedBenchDatabase(dbPath, 2000, 50)
  const pullDomain = 'bench-pull.example.org'
  console.log(`seeded 100 000 events across 2 000 organizations in ${((performance.now() - t) / 1000).toFixed(1)} s`)
  t = performance.now()
  const { seedBenchDatabase: seedMore } = await import('./lib/seed-db')
  void seedMore
  const usage = await spawnJsonLine([BUN, join(ROOT, 'test/bench/lib/usage-server.ts')])
  const port = freePort()
  const service = Bun.spawn([BUN, join(ROOT, 'src/index.ts'), 'serve'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATABASE_PATH: dbPath, GW_SIGNING_KEYS: `${KEY.kid}:${KEY.secret}`, GW_USAGE_URL: usage.url, LOG_LEVEL: 'warn', CRAWL_WORKERS: '1' },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  procs.push(service)
  const serviceUrl = `http://127.0.0.1:${port}`
  await waitHealthy(serviceUrl)

  const searchPath = '/api/v1/search/events?city=Springfield&limit=20'
  const sample = await (await fetch(`${serviceUrl}${searchPath}`, { headers: { authorization: 'Bearer none' } })).text()
  void sample
  const { signRequest } = await import('../../src/gateway/signature')
  const signedSample = await fetch(`${serviceUrl}${searchPath}&n=sample`, {
    headers: { 'gw-signature': signRequest(KEY.secret, { t: Math.floor(Date.now() / 1000), kid: KEY.kid, method: 'GET', pathAndQuery: `${searchPath}&n=sample`, agentId: KEY.agentId, body: '' }), 'gw-agent-id': KEY.agentId },
  })
  const searchBody = await signedSample.text()
  if (!signedSample.ok || JSON.parse(searchBody).count !== 20) throw new Error(`unexpected search answer ${signedSample.status}: ${searchBody.slice(0, 200)}`)
  const searchFile = join(tmp.dir, 'search-body.json')
  await Bun.write(searchFile, searchBody)
  const bareSearch = await spawnJsonLine([BUN, join(ROOT, 'test/bench/lib/bare-server.ts'), searchFile])

  console.log(`\nGET ${searchPath} (${searchBody.length} B), ${CONNECTIONS} connections, ${SECONDS} s each`)
  const bare = await load(`${bareSearch.url}/`, { connections: CONNECTIONS, seconds: SECONDS })
  console.log(line('bare Bun.serve, same body', bare))
  const search = await load(`${serviceUrl}${searchPath}`, { connections: CONNECTIONS, seconds: SECONDS, sign: KEY })
  console.log(line('event-index search (signed)', search))
  console.log(`ratio service/bare: throughput ${(search.rps / bare.rps).toFixed(2)}, p99 ${search.p99} ms vs ${bare.p99} ms`)
  void pullDomain
  void existsSync
} finally {
  for (const p of procs) p.kill()
  tmp.cleanup()
}
process.exit(0)
