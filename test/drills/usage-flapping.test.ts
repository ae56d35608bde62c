// Drill (issues 7 and 11): the usage service flaps — allows, denies, answers 4xx and 5xx, or answers too
// slowly, sometimes after recording the report — while many paid requests run at once. Then the
// scheduler settles what was left unknown, against a service that still flaps but, like any usage service,
// is idempotent by request id (a report it recorded is answered 2xx when sent again). Served ⇔ billed:
// at the end every served pull and every job that runs was billed exactly once, and nothing else was; no
// request is served without an allowance; no job stays reserved and no report stays pending. Answers are
// truthful: 503 usage_unavailable only when nothing was charged, 503 usage_unknown (with the job) when
// the charge may have been recorded. On both backends.
import { afterEach, expect, it } from 'bun:test'
import type { Server } from 'bun'
import { createApp } from '../../src/app'
import { loadConfig } from '../../src/config'
import { createUsageClient } from '../../src/gateway/usage-client'
import { Scheduler } from '../../src/jobs/scheduler'
import { createMailer } from '../../src/report/mailer'
import { call } from '../helpers/app'
import { scopedUsageRequestId } from '../../src/gateway/usage-id'
import { TEST_AGENT, TEST_KEYRING } from '../helpers/gateway'
import { countRows, peekRow } from '../helpers/peek'
import { seedIndexedOrganization } from '../helpers/seed'
import { forEachBackend } from '../helpers/storage'

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
  const billed = new Map<string, number>()
  const mode = { slow: true }
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const path = new URL(request.url).pathname
      const body = (await request.json()) as { request_id: string; usage: unknown }
      if (path === '/usage' && billed.has(body.request_id)) return new Response(null, { status: 204 })
      const roll = random()
      if (roll < 0.1) return new Response('{}', { status: 400 })
      if (roll < 0.2) return new Response('{}', { status: 503 })
      if (roll < 0.3 && mode.slow) {
        if (path === '/usage' && random() < 0.5) billed.set(body.request_id, (billed.get(body.request_id) ?? 0) + 1)
        await Bun.sleep(2600)
        return new Response('late', { status: 504 })
      }
      if (path === '/allowance') {
        const allowed = random() < 0.85
        if (allowed) granted.add(body.request_id)
        return Response.json({ allowed })
      }
      billed.set(body.request_id, (billed.get(body.request_id) ?? 0) + 1)
      return new Response(null, { status: 204 })
    },
  })
  servers.push(server)
  return { url: `http://127.0.0.1:${server.port}`, granted, billed, mode }
}

forEachBackend('a flapping usage service under concurrent paid requests', (open) => {
  it('serves exactly what is billed, once each, and tells the truth about what it does not know', async () => {
    const usage = flappingUsageService(20261122)
    const storage = await open()
    let clock = Date.now()
    const config = loadConfig({ GW_SIGNING_KEYS: TEST_KEYRING, GW_USAGE_URL: usage.url, GW_USAGE_READ_KEY: 'r', GW_USAGE_WRITE_KEY: 'w' })
    const app = createApp({ config, storage, now: () => clock })
    const orgId = await seedIndexedOrganization(storage, { events: 4 })
    const requests = Array.from({ length: 120 }, (_, i) => {
      const id = `drill-request-${String(i).padStart(4, '0')}`
      const requestId = scopedUsageRequestId(TEST_AGENT, id)
      return i % 2 === 0
        ? call(app, 'POST', '/api/v1/orgs', { body: { website: `site-${i}.example.org` }, sign: { id } }).then((res) => ({ requestId, res, kind: 'index' as const }))
        : call(app, 'GET', `/api/v1/businesses/${orgId}/events?i=${i}`, { sign: { id } }).then((res) => ({ requestId, res, kind: 'pull' as const }))
    })
    const results = await Promise.all(requests)
    const jobOf = (requestId: string) => peekRow<{ job_id: string; state: string; billing: string | null }>(storage, 'SELECT job_id, state, billing FROM index_jobs WHERE request_id = ?', requestId)
    const pending = async (requestId: string) => (await countRows(storage, 'usage_reports', "request_id = ? AND state = 'pending'", requestId)) > 0
    const statuses = new Map<string, number>()
    for (const { requestId, res, kind } of results) {
      const key = `${res.status} ${res.json?.error ?? ''}`.trim()
      statuses.set(key, (statuses.get(key) ?? 0) + 1)
      expect(['200', '202', '402 payment_required', '503 usage_unavailable', '503 usage_unknown']).toContain(key)
      const served = res.status === 200 || res.status === 202
      if (served) {
        expect(usage.granted.has(requestId)).toBe(true)
        expect(res.headers.get('gw-usage')).toBe(kind === 'index' ? 'orgs_index=1' : 'events_pull=4')
        expect(usage.billed.has(requestId) || (await pending(requestId))).toBe(true)
      } else expect(res.headers.get('gw-usage')).toBeNull()
      if (key === '402 payment_required' || (key === '503 usage_unavailable' && !usage.granted.has(requestId))) expect(usage.billed.has(requestId)).toBe(false)
      if (kind === 'index') {
        if (res.status === 202) expect(await jobOf(requestId)).toMatchObject({ job_id: res.json.jobId, state: 'pending' })
        else if (key === '503 usage_unknown') expect(await jobOf(requestId)).toMatchObject({ job_id: res.json.jobId, state: 'reserved', billing: 'unknown' })
        else expect(await jobOf(requestId)).toBeUndefined()
      }
    }
    expect((statuses.get('200') ?? 0) + (statuses.get('202') ?? 0)).toBeGreaterThan(10)
    expect(statuses.get('503 usage_unavailable')).toBeGreaterThan(5)
    expect(statuses.get('503 usage_unknown')).toBeGreaterThan(0)
    expect(statuses.get('402 payment_required')).toBeGreaterThan(0)

    // The scheduler settles what was left unknown; the service keeps flapping, but answers at once now.
    usage.mode.slow = false
    const scheduler = new Scheduler({
      storage,
      mailer: createMailer('', ''),
      usage: createUsageClient({ url: usage.url, readKey: 'r', writeKey: 'w', service: 'event-index' }),
      now: () => clock,
      staleAfterMs: 0,
    })
    const unsettled = async () => (await countRows(storage, 'index_jobs', "state = 'reserved'")) + (await countRows(storage, 'usage_reports', "state = 'pending'"))
    for (let round = 0; round < 40 && (await unsettled()) > 0; round++) {
      clock += 61_000
      await scheduler.settle()
    }
    expect(await unsettled()).toBe(0)
    for (const { requestId, res, kind } of results) {
      const billedTimes = usage.billed.get(requestId) ?? 0
      expect(billedTimes).toBeLessThanOrEqual(1)
      const job = await jobOf(requestId)
      const servedOrRuns = kind === 'pull' ? res.status === 200 : job?.state === 'pending'
      expect({ requestId, billed: billedTimes === 1 }).toEqual({ requestId, billed: servedOrRuns })
      if (kind === 'index' && res.json?.error === 'usage_unknown')
        expect([
          { state: 'pending', billing: 'recorded' },
          { state: 'cancelled', billing: 'refused' },
        ]).toContainEqual({ state: job!.state, billing: job!.billing! })
    }
  }, 60_000)
})
