// Pins the local reference gateway (DESIGN §4) over real HTTP in front of the real service: it strips
// /s/<session>, signs, identifies agents by key, runs the usage service with the free trial of the spec's
// Limits (3 orgs_index, 50 events_pull) and the unit prices (orgs_index 1 = 4 units), turns the service's
// 402 into a challenge, and debits once per request, in its usage service only (issue 11): /allowance
// holds the quoted amount for the request id until /usage settles it or the hold expires, /usage answers
// 402 when the debit is refused, and a repeated report is answered 200 without a second debit.
// It signs with gw2 and a fresh id per request: identical requests in one second are neither replays nor
// moved to a future timestamp. On both backends.
import { afterEach, describe, expect, it } from 'bun:test'
import { createApp } from '../../src/app'
import { loadConfig } from '../../src/config'
import type { Storage } from '../../src/db/storage'
import { startLocalGateway, type LocalGateway } from '../../src/gateway/local/server'
import { startServer } from '../../src/http/server'
import { silentLogger } from '../../src/log'
import { signRequest } from '../../src/gateway/signature'
import { seedIndexedOrganization } from '../helpers/seed'
import { forEachBackend } from '../helpers/storage'

const running: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const stop of running.splice(0).reverse()) await stop()
})

function stack(storage: Storage, options: { now?: () => number } = {}) {
  const keys = { kid: 'lg1', secret: 'local-gateway-secret-0123456789abcdef0123456789', usageReadKey: 'ur-key', usageWriteKey: 'uw-key' }
  let serviceUrl = ''
  const gateway: LocalGateway = startLocalGateway({ upstream: () => serviceUrl, port: 0, ...keys, adminKey: 'admin-key', now: options.now })
  running.push(() => gateway.stop())
  const config = loadConfig({
    GW_SIGNING_KEYS: `${keys.kid}:${keys.secret}`,
    GW_USAGE_URL: gateway.usageUrl,
    GW_USAGE_READ_KEY: keys.usageReadKey,
    GW_USAGE_WRITE_KEY: keys.usageWriteKey,
  })
  const server = startServer(createApp({ config, storage }), { hostname: '127.0.0.1', port: 0, logger: silentLogger })
  running.push(() => server.stop(true))
  serviceUrl = `http://127.0.0.1:${server.port}`
  const agent = gateway.agents[0]
  const storefront = `${gateway.url}/s/${agent.session}`
  const as =
    (key: string | undefined) =>
    (path: string, init: RequestInit = {}) =>
      fetch(`${storefront}${path}`, { ...init, headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}), ...(init.headers as object) } })
  const admin = (path: string, init: RequestInit = {}) => fetch(`${gateway.url}${path}`, { ...init, headers: { authorization: 'Bearer admin-key', ...(init.headers as object) } })
  return { gateway, storage, agent, storefront, call: as(agent.key), anonymous: as(undefined), as, admin }
}

const indexBody = (website: string) => ({ method: 'POST', body: JSON.stringify({ website }) })

forEachBackend('the local gateway', (open) => {
  it('indexes through the free trial, then answers a challenge with the price, then serves after a top-up', async () => {
    const { call, admin, agent, storefront } = stack(await open())
    for (let i = 0; i < 3; i++) {
      const res = await call('/api/v1/orgs', indexBody(`library-${i}.example.org`))
      expect(res.status).toBe(202)
      expect(res.headers.get('gw-usage')).toBe('orgs_index=1')
      const body = (await res.json()) as any
      expect(body.statusUrl).toStartWith(`${storefront}/api/v1/orgs/job_`)
    }
    const denied = await call('/api/v1/orgs', indexBody('library-3.example.org'))
    expect(denied.status).toBe(402)
    const challenge = (await denied.json()) as any
    expect(challenge).toMatchObject({
      error: 'payment_required',
      usage: [{ meter: 'orgs_index', quantity: 1 }],
      price: { units: 4, usd: 0.04 },
      balance: { units: 0, trial: { orgs_index: 0, events_pull: 50 } },
    })
    expect(denied.headers.get('gw-usage')).toBeNull()
    const topUp = await admin(`/_gateway/agents/${agent.agentId}/credits`, { method: 'POST', body: JSON.stringify({ units: 10 }) })
    expect(topUp.status).toBe(200)
    const paid = await call('/api/v1/orgs', indexBody('library-3.example.org'))
    expect(paid.status).toBe(202)
    const balance = (await (await admin(`/_gateway/agents/${agent.agentId}`)).json()) as any
    expect(balance.balance.units).toBe(6)
  })

  it('bills an events pull per event: trial first, then units, once per request', async () => {
    const { call, admin, agent, storage } = stack(await open())
    const orgId = await seedIndexedOrganization(storage, { events: 60 })
    const short = await call(`/api/v1/businesses/${orgId}/events`)
    expect(short.status).toBe(402)
    expect(((await short.json()) as any).price).toEqual({ units: 10, usd: 0.1 })
    await admin(`/_gateway/agents/${agent.agentId}/credits`, { method: 'POST', body: JSON.stringify({ units: 15 }) })
    const res = await call(`/api/v1/businesses/${orgId}/events`)
    expect(res.status).toBe(200)
    expect(res.headers.get('gw-usage')).toBe('events_pull=60')
    expect(((await res.json()) as any).events).toHaveLength(60)
    const after = (await (await admin(`/_gateway/agents/${agent.agentId}`)).json()) as any
    expect(after.balance).toEqual({ trial: { orgs_index: 3, events_pull: 0 }, units: 5 })
  })

  it('gives an anonymous caller the identity challenge and lets it poll a job', async () => {
    const { call, anonymous } = stack(await open())
    const search = await anonymous('/api/v1/search/events')
    expect(search.status).toBe(402)
    expect((await search.json()) as any).toMatchObject({ error: 'identity_required', usage: [] })
    const created = (await (await call('/api/v1/orgs', indexBody('museum.example.org'))).json()) as any
    const poll = await anonymous(`/api/v1/orgs/${created.jobId}`)
    expect(poll.status).toBe(202)
  })

  it('refuses an unknown key, another agent’s session and an unknown session', async () => {
    const { as, admin, gateway } = stack(await open())
    expect((await as('ak_nobody')('/api/v1/search/events')).status).toBe(401)
    const other = (await (await admin('/_gateway/agents', { method: 'POST' })).json()) as any
    const mismatch = await fetch(`${gateway.url}/s/${gateway.agents[0].session}/api/v1/search/events`, { headers: { authorization: `Bearer ${other.key}` } })
    expect(mismatch.status).toBe(403)
    expect((await fetch(`${gateway.url}/s/sess_unknown/api/v1/search/events`)).status).toBe(404)
  })

  it('keeps the service’s rule for paths outside /api/v1', async () => {
    const { call } = stack(await open())
    const res = await call('/health')
    expect(res.status).toBe(403)
    expect(((await res.json()) as any).message).toBe('Missing Authentication Token')
  })

  it('protects its usage service and admin endpoints with their keys', async () => {
    const { gateway } = stack(await open())
    const body = JSON.stringify({ request_id: 'r1', service: 's', agent_id: 'a', usage: [{ meter: 'orgs_index', quantity: 1 }] })
    expect((await fetch(`${gateway.usageUrl}/allowance`, { method: 'POST', body, headers: { authorization: 'Bearer uw-key' } })).status).toBe(401)
    expect((await fetch(`${gateway.usageUrl}/usage`, { method: 'POST', body, headers: { authorization: 'Bearer ur-key' } })).status).toBe(401)
    expect((await fetch(`${gateway.usageUrl}/allowance`, { method: 'POST', body: '{"usage":"x"}', headers: { authorization: 'Bearer ur-key' } })).status).toBe(400)
    expect((await fetch(`${gateway.usageUrl}/allowance`, { method: 'POST', body, headers: { authorization: 'Bearer ur-key' } })).status).toBe(200)
    expect((await fetch(`${gateway.url}/_gateway/agents`, { method: 'POST' })).status).toBe(401)
  })

  it('serves ten concurrent reads of a 30-event organization only as far as the allowance goes', async () => {
    const { call, admin, agent, storage } = stack(await open())
    const orgId = await seedIndexedOrganization(storage, { events: 30 })
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => call(`/api/v1/businesses/${orgId}/events?n=${i}`)))
    const served = answers.filter((r) => r.status === 200)
    expect(served).toHaveLength(1)
    expect(answers.filter((r) => r.status === 402)).toHaveLength(9)
    const after = (await (await admin(`/_gateway/agents/${agent.agentId}`)).json()) as any
    expect(after.balance).toEqual({ trial: { orgs_index: 3, events_pull: 20 }, units: 0 })
    expect(after.held).toEqual({ trial: { orgs_index: 0, events_pull: 0 }, units: 0 })
  })

  it('answers a usage report that cannot be debited with 402, and a repeated report with 200 and no second debit', async () => {
    const { gateway, admin, agent } = stack(await open())
    const post = (path: string, requestId: string, quantity: number, key: string) =>
      fetch(`${gateway.usageUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
        body: JSON.stringify({ request_id: requestId, service: 'event-index', agent_id: agent.agentId, usage: [{ meter: 'events_pull', quantity }] }),
      })
    expect((await post('/usage', 'report-1', 40, 'uw-key')).status).toBe(200)
    expect((await post('/usage', 'report-1', 40, 'uw-key')).status).toBe(200)
    const refused = await post('/usage', 'report-2', 11, 'uw-key')
    expect(refused.status).toBe(402)
    expect(((await refused.json()) as any).error).toBe('insufficient_allowance')
    const after = (await (await admin(`/_gateway/agents/${agent.agentId}`)).json()) as any
    expect(after.balance).toEqual({ trial: { orgs_index: 3, events_pull: 10 }, units: 0 })
  })

  it('holds the quoted amount from /allowance until the report settles it or the hold expires', async () => {
    let now = 1_000_000
    const { gateway, admin, agent } = stack(await open(), { now: () => now })
    const post = async (path: string, requestId: string, quantity: number) => {
      const res = await fetch(`${gateway.usageUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${path === '/allowance' ? 'ur-key' : 'uw-key'}` },
        body: JSON.stringify({ request_id: requestId, service: 'event-index', agent_id: agent.agentId, usage: [{ meter: 'events_pull', quantity }] }),
      })
      return { status: res.status, body: (await res.json()) as any }
    }
    expect((await post('/allowance', 'a', 30)).body).toEqual({ allowed: true })
    expect((await post('/allowance', 'b', 30)).body).toEqual({ allowed: false })
    expect((await post('/allowance', 'c', 20)).body).toEqual({ allowed: true })
    const held = (await (await admin(`/_gateway/agents/${agent.agentId}`)).json()) as any
    expect(held.held).toEqual({ trial: { orgs_index: 0, events_pull: 50 }, units: 0 })
    expect((await post('/usage', 'a', 30)).status).toBe(200)
    expect((await post('/allowance', 'b', 30)).body).toEqual({ allowed: false })
    now += 60_001
    expect((await post('/allowance', 'b', 20)).body).toEqual({ allowed: true })
    expect((await post('/usage', 'c', 20)).status).toBe(402)
    expect((await post('/usage', 'b', 20)).status).toBe(200)
    const after = (await (await admin(`/_gateway/agents/${agent.agentId}`)).json()) as any
    expect(after).toMatchObject({ balance: { trial: { events_pull: 0 }, units: 0 }, held: { trial: { events_pull: 0 }, units: 0 } })
  })

  it('serves two identical polls sent in the same second (each has its own signed id)', async () => {
    const { call, anonymous } = stack(await open())
    const created = (await (await call('/api/v1/orgs', indexBody('twice.example.org'))).json()) as any
    const polls = await Promise.all([
      anonymous(`/api/v1/orgs/${created.jobId}`),
      anonymous(`/api/v1/orgs/${created.jobId}`),
      call(`/api/v1/orgs/${created.jobId}`),
      call(`/api/v1/orgs/${created.jobId}`),
    ])
    expect(polls.map((p) => p.status)).toEqual([202, 202, 202, 202])
  })
})

describe('what the local gateway forwards', () => {
  it('signs gw2 with a fresh lgw- id per request, at the current second', async () => {
    const received: Headers[] = []
    const origin = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (request) => (received.push(request.headers), Response.json({ ok: true })) })
    running.push(() => origin.stop(true))
    const gateway = startLocalGateway({
      upstream: `http://127.0.0.1:${origin.port}`,
      port: 0,
      kid: 'lg1',
      secret: 'local-gateway-secret-0123456789abcdef0123456789',
      usageReadKey: 'r',
      usageWriteKey: 'w',
    })
    running.push(() => gateway.stop())
    const agent = gateway.agents[0]
    const before = Math.floor(Date.now() / 1000)
    for (let i = 0; i < 3; i++) await fetch(`${gateway.url}/s/${agent.session}/api/v1/search/events?city=X`, { headers: { authorization: `Bearer ${agent.key}` } })
    const after = Math.floor(Date.now() / 1000)
    const parsed = received.map((h) => /^t=(\d+),kid=lg1,id=(lgw-[0-9a-f]{24}),v1=([A-Za-z0-9_-]+)$/.exec(h.get('gw-signature') ?? '')!)
    expect(parsed.every(Boolean)).toBe(true)
    expect(new Set(parsed.map((m) => m[2])).size).toBe(3)
    for (const [header, t, id] of parsed) {
      expect(Number(t)).toBeGreaterThanOrEqual(before)
      expect(Number(t)).toBeLessThanOrEqual(after)
      expect(header).toBe(
        signRequest('local-gateway-secret-0123456789abcdef0123456789', { t: Number(t), kid: 'lg1', id, method: 'GET', pathAndQuery: '/api/v1/search/events?city=X', agentId: agent.agentId, body: '' }),
      )
    }
  })
})
