// Drill (issue 7): the usage service flaps — allows, denies, answers 4xx and 5xx, or answers too slowly —
// while many paid requests run at once. No request is billed without being served, none is served
// without an allowance, and no index job is left enqueued for a request that was not billed. The usage
// service here records a report only when its answer reaches the caller in time (a transactional
// service: a report the caller gave up on is not kept).
import { afterEach, describe, expect, it } from 'bun:test'
import type { Server } from 'bun'
import { createApp } from '../../src/app'
import { loadConfig } from '../../src/config'
import { migrate, openDatabase } from '../../src/db'
import { call } from '../helpers/app'
import { scopedUsageRequestId } from '../../src/gateway/usage-id'
import { TEST_AGENT, TEST_KEYRING } from '../helpers/gateway'
import { seedIndexedOrganization } from '../helpers/seed'

const servers: Server<undefined>[] = []
afterEach(() => {
  for (const s of servers.splice(0)) s.stop(true)
})

/** Deterministic pseudo-random behaviour per call (mulberry32), so a failing run can be replayed. */
function prng(seed: number) {
  return () => {
    seed |= 0
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function flappingUsageService(seed: number) {
  const random = prng(seed)
  const granted = new Set<string>()
  const billed = new Map<string, unknown>()
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const path = new URL(request.url).pathname
      const body = (await request.json()) as { request_id: string; usage: unknown }
      const roll = random()
      if (roll < 0.1) return new Response('{}', { status: 400 })
      if (roll < 0.2) return new Response('{}', { status: 503 })
      if (roll < 0.3) {
        await Bun.sleep(2600)
        if (request.signal.aborted) return new Response('late')
      }
      if (path === '/allowance') {
        const allowed = random() < 0.85
        if (allowed) granted.add(body.request_id)
        return Response.json({ allowed })
      }
      billed.set(body.request_id, body.usage)
      return new Response(null, { status: 204 })
    },
  })
  servers.push(server)
  return { url: `http://127.0.0.1:${server.port}`, granted, billed }
}

describe('a flapping usage service under concurrent paid requests', () => {
  it('never bills an unserved request, never serves an unallowed one, never leaves a job unbilled', async () => {
    const usage = flappingUsageService(20261122)
    const db = openDatabase(':memory:')
    migrate(db)
    const app = createApp({ config: loadConfig({ GW_SIGNING_KEYS: TEST_KEYRING, GW_USAGE_URL: usage.url, GW_USAGE_READ_KEY: 'r', GW_USAGE_WRITE_KEY: 'w' }), db })
    const orgId = seedIndexedOrganization(db, { events: 4 })
    const requests = Array.from({ length: 120 }, (_, i) => {
      const id = `drill-request-${String(i).padStart(4, '0')}`
      const requestId = scopedUsageRequestId(TEST_AGENT, id)
      return i % 2 === 0
        ? call(app, 'POST', '/api/v1/orgs', { body: { website: `site-${i}.example.org` }, sign: { id } }).then((res) => ({ requestId, res, kind: 'index' as const }))
        : call(app, 'GET', `/api/v1/businesses/${orgId}/events?i=${i}`, { sign: { id } }).then((res) => ({ requestId, res, kind: 'pull' as const }))
    })
    const results = await Promise.all(requests)
    const statuses = new Map<number, number>()
    for (const { requestId, res, kind } of results) {
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
      const served = res.status === 200 || res.status === 202
      expect([200, 202, 402, 503]).toContain(res.status)
      if (served) {
        expect(usage.granted.has(requestId)).toBe(true)
        expect(usage.billed.has(requestId)).toBe(true)
        expect(res.headers.get('gw-usage')).toBe(kind === 'index' ? 'orgs_index=1' : 'events_pull=4')
      } else {
        expect(usage.billed.has(requestId)).toBe(false)
        expect(res.headers.get('gw-usage')).toBeNull()
      }
      if (kind === 'index') {
        const job = db.$client.query('SELECT state FROM index_jobs WHERE request_id = ?').get(requestId) as { state: string } | null
        expect(job?.state ?? 'none').toBe(served ? 'pending' : 'none')
      }
    }
    expect(statuses.get(202)! + (statuses.get(200) ?? 0)).toBeGreaterThan(10)
    expect(statuses.get(503)).toBeGreaterThan(10)
    expect(statuses.get(402)).toBeGreaterThan(0)
  }, 30_000)
})
