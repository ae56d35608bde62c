// Read-path benchmark (issue 7); every figure is measured in this run, against a baseline measured in the
// same run, never a target:
// 1. GET /api/v1/search/events?city=…&limit=20 on 100 000 events across 2 000 organizations, signed
//    requests (a fresh gw-signature per request, computed in the load generator);
// 2. GET /api/v1/businesses/{id}/events of a 500-event organization (billed: an allowance check and a
//    usage report per request, to a usage service in its own process);
// each against a bare Bun.serve answering a precomputed body of the same size in its own process (the
// machine's limit), driven by the same autocannon configuration (signing included).
import { join } from 'node:path'
import { signRequest } from '../../src/gateway/signature'
import { tempDir } from '../helpers/tmp'
import { ROOT, BUN } from '../helpers/process'
import { line, load } from './lib/load'
import { seedBenchDatabase } from './lib/seed-db'
import { spawnJsonLine, startBenchService } from './lib/service'

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const KEY = { kid: 'bench', secret: 'bench-secret-0123456789abcdef0123456789', agentId: 'agent-bench' }
const tmp = tempDir()
const procs: { kill(): void }[] = []

function signedGet(url: string) {
  const u = new URL(url)
  const pathAndQuery = `${u.pathname}${u.search}`
  return fetch(url, { headers: { 'gw-signature': signRequest(KEY.secret, { t: Math.floor(Date.now() / 1000), kid: KEY.kid, method: 'GET', pathAndQuery, agentId: KEY.agentId, body: '' }), 'gw-agent-id': KEY.agentId } })
}

async function compare(title: string, serviceUrl: string, body: string) {
  const file = join(tmp.dir, `${title.replace(/\W+/g, '-')}.json`)
  await Bun.write(file, body)
  const bare = await spawnJsonLine([BUN, join(ROOT, 'test/bench/lib/bare-server.ts'), file])
  procs.push(bare.proc)
  console.log(`\n${title} (${body.length} B), ${CONNECTIONS} connections, ${SECONDS} s each`)
  const limit = await load(`${bare.info.url}/`, { connections: CONNECTIONS, seconds: SECONDS, sign: KEY })
  console.log(line('bare Bun.serve, same body', limit))
  const service = await load(serviceUrl, { connections: CONNECTIONS, seconds: SECONDS, sign: KEY })
  console.log(line('event-index (signed)', service))
  console.log(`ratio event-index/bare: throughput ${(service.rps / limit.rps).toFixed(2)}; p99 ${service.p99} ms vs ${limit.p99} ms`)
  bare.proc.kill()
}

try {
  const dbPath = join(tmp.dir, 'bench.sqlite')
  const started = performance.now()
  seedBenchDatabase(dbPath, 2000, 50)
  seedBenchDatabase(dbPath, 1, 500, Date.now(), 'bench-pull')
  console.log(`seeded 100 000 events across 2 000 organizations and one 500-event organization in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  const usage = await spawnJsonLine([BUN, join(ROOT, 'test/bench/lib/usage-server.ts')])
  procs.push(usage.proc)
  const service = await startBenchService({ databasePath: dbPath, env: { GW_SIGNING_KEYS: `${KEY.kid}:${KEY.secret}`, GW_USAGE_URL: usage.info.url } })
  procs.push(service.proc)

  const searchPath = '/api/v1/search/events?city=Springfield&limit=20'
  const search = await signedGet(`${service.url}${searchPath}&n=sample`)
  const searchBody = await search.text()
  if (!search.ok || JSON.parse(searchBody).count !== 20) throw new Error(`unexpected search answer ${search.status}: ${searchBody.slice(0, 200)}`)
  await compare(`GET ${searchPath}`, `${service.url}${searchPath}`, searchBody)

  const { orgIdFor } = await import('../../src/model/org-identity')
  const pullPath = `/api/v1/businesses/${orgIdFor('bench-pull-0.example.org')}/events`
  const pull = await signedGet(`${service.url}${pullPath}?n=sample`)
  const pullBody = await pull.text()
  if (!pull.ok || JSON.parse(pullBody).eventCount !== 500) throw new Error(`unexpected pull answer ${pull.status}: ${pullBody.slice(0, 200)}`)
  await compare(`GET ${pullPath} (billed, 500 events)`, `${service.url}${pullPath}`, pullBody)
} finally {
  for (const p of procs) p.kill()
  tmp.cleanup()
}
process.exit(0)
