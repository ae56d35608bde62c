// Pins billing against a real usage service on loopback (spec "Authentication" 5 and 8, DESIGN §4):
// allowed → 202/200 with gw-usage; not allowed → 402 with the usage declaration; a failed allowance check
// (4xx, 5xx, timeout, garbage, refused connection) or a refused usage report (4xx) → 503, nothing
// enqueued or billed; read and write keys kept apart; 404 and 0-event results never billed. A report
// whose answer is unknown (5xx, timeout) is pinned in usage-unknown.test.ts (issue 11). On both backends.
import { afterEach, describe, expect, it } from 'bun:test'
import { loadConfig } from '../../src/config'
import { createApp } from '../../src/app'
import type { Storage } from '../../src/db/storage'
import { call } from '../helpers/app'
import { scopedUsageRequestId } from '../../src/gateway/usage-id'
import { USAGE_TIMEOUT_MS } from '../../src/gateway/usage-client'
import { TEST_AGENT, TEST_KEYRING } from '../helpers/gateway'
import { deadUrl, startUsageServer, type UsageBehaviour } from '../helpers/usage-server'
import { countRows } from '../helpers/peek'
import { seedIndexedOrganization } from '../helpers/seed'
import { forEachBackend } from '../helpers/storage'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

function setup(storage: Storage, behaviour: UsageBehaviour | 'down') {
  const usage = behaviour === 'down' ? { url: deadUrl(), received: [] as any[] } : startUsageServer(behaviour)
  if ('stop' in usage) stops.push(usage.stop)
  const config = loadConfig({
    GW_SIGNING_KEYS: TEST_KEYRING,
    GW_USAGE_URL: usage.url,
    GW_USAGE_READ_KEY: 'read-key',
    GW_USAGE_WRITE_KEY: 'write-key',
    GW_SERVICE_SLUG: 'event-index-test',
    PUBLIC_BASE_URL: 'http://public.test',
  })
  const app = createApp({ config, storage })
  const jobs = () => countRows(storage, 'index_jobs')
  return { app, storage, usage, jobs }
}

const index = (app: ReturnType<typeof setup>['app']) => call(app, 'POST', '/api/v1/orgs', { body: { website: 'library.example.org' }, sign: { id: 'gw-req-000001' } })
/** The usage request_id of that request: its signed gw2 id scoped to the agent. */
const REQUEST_ID = scopedUsageRequestId(TEST_AGENT, 'gw-req-000001')

forEachBackend('billing with a usage service', (open) => {
  describe('POST /api/v1/orgs with a usage service', () => {
    it('checks the allowance with the read key, reports with the write key, answers 202 with gw-usage', async () => {
      const { app, usage, jobs } = setup(await open(), { allowance: 'allow' })
      const res = await index(app)
      expect(res.status).toBe(202)
      expect(res.headers.get('gw-usage')).toBe('orgs_index=1')
      expect(await jobs()).toBe(1)
      expect(usage.received.map((r) => [r.path, r.authorization])).toEqual([
        ['/allowance', 'Bearer read-key'],
        ['/usage', 'Bearer write-key'],
      ])
      for (const r of usage.received) expect(r.body).toEqual({ request_id: REQUEST_ID, service: 'event-index-test', agent_id: 'agent-test', usage: [{ meter: 'orgs_index', quantity: 1 }] })
    })

    it('answers 402 with the usage declaration when the allowance is short, and enqueues nothing', async () => {
      const { app, usage, jobs } = setup(await open(), { allowance: 'deny' })
      const res = await index(app)
      expect(res.status).toBe(402)
      expect(res.json).toEqual({ error: 'payment_required', message: expect.any(String), usage: [{ meter: 'orgs_index', quantity: 1 }], request_id: REQUEST_ID })
      expect(res.headers.get('gw-usage')).toBeNull()
      expect(await jobs()).toBe(0)
      expect(usage.received.map((r) => r.path)).toEqual(['/allowance'])
    })

    const failures: [string, UsageBehaviour | 'down'][] = [
      ['400', { allowance: 400 }],
      ['403', { allowance: 403 }],
      ['404', { allowance: 404 }],
      ['500', { allowance: 500 }],
      ['a body that is not JSON', { allowance: 'garbage' }],
      ['a refused connection', 'down'],
      ['a 400 on the usage report', { allowance: 'allow', usage: 400 }],
    ]
    for (const [name, behaviour] of failures) {
      it(`answers 503 and enqueues nothing on ${name}`, async () => {
        const { app, jobs } = setup(await open(), behaviour)
        const res = await index(app)
        expect(res.status).toBe(503)
        expect(res.json.error).toBe('usage_unavailable')
        expect(res.headers.get('gw-usage')).toBeNull()
        expect(await jobs()).toBe(0)
      })
    }

    it('answers 503 when the allowance check times out after 2 s', async () => {
      const { app, usage, jobs } = setup(await open(), { allowance: 'hang' })
      const res = await index(app)
      expect(res.status).toBe(503)
      // The service asked, and its own default deadline (not a refusal or a broken answer) ended the wait.
      expect(usage.received.map((r) => r.path)).toEqual(['/allowance'])
      expect(USAGE_TIMEOUT_MS).toBe(2000)
      expect(res.json).toMatchObject({ error: 'usage_unavailable', message: expect.stringContaining(`usage service timed out after ${USAGE_TIMEOUT_MS} ms`) })
      expect(await jobs()).toBe(0)
    }, 10_000)

    it('answers 503 when no usage service is configured', async () => {
      const app = createApp({ config: loadConfig({ GW_SIGNING_KEYS: TEST_KEYRING }), storage: await open() })
      expect((await index(app)).status).toBe(503)
    })
  })

  describe('GET /api/v1/businesses/{id}/events with a usage service', () => {
    it('bills the number of events returned, once, with gw-usage', async () => {
      const { app, storage, usage } = setup(await open(), { allowance: 'allow' })
      const orgId = await seedIndexedOrganization(storage, { events: 3 })
      const res = await call(app, 'GET', `/api/v1/businesses/${orgId}/events`)
      expect(res.status).toBe(200)
      expect(res.json.eventCount).toBe(3)
      expect(res.json.events).toHaveLength(3)
      expect(res.headers.get('gw-usage')).toBe('events_pull=3')
      expect(usage.received.map((r) => [r.path, r.body.usage])).toEqual([
        ['/allowance', [{ meter: 'events_pull', quantity: 3 }]],
        ['/usage', [{ meter: 'events_pull', quantity: 3 }]],
      ])
    })

    it('answers 402 with the per-event usage when the allowance is short', async () => {
      const { app, storage } = setup(await open(), { allowance: 'deny' })
      const orgId = await seedIndexedOrganization(storage, { events: 2 })
      const res = await call(app, 'GET', `/api/v1/businesses/${orgId}/events`)
      expect(res.status).toBe(402)
      expect(res.json.usage).toEqual([{ meter: 'events_pull', quantity: 2 }])
      expect(res.json.events).toBeUndefined()
    })

    it('never bills a 0-event result or a 404', async () => {
      const { app, storage, usage } = setup(await open(), { allowance: 'allow' })
      const empty = await seedIndexedOrganization(storage, { events: 0 })
      const zero = await call(app, 'GET', `/api/v1/businesses/${empty}/events`)
      expect(zero.status).toBe(200)
      expect(zero.json.eventCount).toBe(0)
      expect(zero.headers.get('gw-usage')).toBeNull()
      const missing = await call(app, 'GET', '/api/v1/businesses/org_ffffffffffffffff/events')
      expect(missing.status).toBe(404)
      expect(missing.json.indexUrl).toBe('http://public.test/api/v1/orgs')
      expect(missing.headers.get('gw-usage')).toBeNull()
      expect(usage.received).toEqual([])
    })

    it('answers 503 and serves nothing when the usage report is refused', async () => {
      const { app, storage } = setup(await open(), { allowance: 'allow', usage: 400 })
      const orgId = await seedIndexedOrganization(storage, { events: 1 })
      const res = await call(app, 'GET', `/api/v1/businesses/${orgId}/events`)
      expect(res.status).toBe(503)
      expect(res.json.events).toBeUndefined()
    })
  })
})
