// Pins gateway authentication through the app (spec "Authentication", DESIGN §4): every way a signed
// request can be altered is refused with 401, unknown kids with unknown_kid, stale or future timestamps,
// replays; two kids live during rotation; the route classes (identity, verify-only, paid); bearer agent
// keys on read routes only; and 401 before 402 before 400. A signed paid request (served, replayed,
// altered: what is stored or refused) runs on both backends; the other parts decide before any storage is
// read or written, on the default (SQLite) app.
import { describe, expect, it } from 'bun:test'
import { createLogger } from '../../src/log'
import { call, makeApp } from '../helpers/app'
import { gatewayHeaders, TEST_SECRET } from '../helpers/gateway'
import { countRows } from '../helpers/peek'
import { forEachBackend } from '../helpers/storage'

const ORGS = '/api/v1/orgs'
const BODY = JSON.stringify({ website: 'example.org' })
const now = () => Math.floor(Date.now() / 1000)

async function send(app: ReturnType<typeof makeApp>['app'], method: string, path: string, body: string | undefined, headers: Record<string, string>) {
  const res = await app.handle(new Request(`http://localhost${path}`, { method, body, headers: { 'content-type': 'application/json', ...headers } }))
  return { status: res.status, json: (await res.json()) as any }
}

forEachBackend('a signed paid request', (open) => {
  it('is served when nothing was changed', async () => {
    const { app } = makeApp({ storage: await open() })
    const res = await send(app, 'POST', ORGS, BODY, gatewayHeaders('POST', ORGS, BODY))
    expect(res.status).toBe(202)
  })

  const altered: [string, (h: Record<string, string>) => [string, string, string, Record<string, string>]][] = [
    ['one body byte changed', (h) => ['POST', ORGS, BODY.replace('example', 'exbmple'), h]],
    ['the path changed', (h) => ['POST', '/api/v1/orgs?', BODY, h]],
    ['the query changed', (h) => ['POST', `${ORGS}?x=1`, BODY, h]],
    ['the method changed', (h) => ['PUT', ORGS, BODY, h]],
    ['the agent changed', (h) => ['POST', ORGS, BODY, { ...h, 'gw-agent-id': 'agent-other' }]],
    [
      'the agent removed',
      (h) => {
        const { 'gw-agent-id': _, ...rest } = h
        return ['POST', ORGS, BODY, rest]
      },
    ],
  ]
  for (const [name, alter] of altered) {
    it(`is refused with 401 when ${name}`, async () => {
      const { app, storage, usageCalls } = makeApp({ storage: await open() })
      const [method, path, body, headers] = alter(gatewayHeaders('POST', ORGS, BODY))
      const res = await send(app, method, path, body, headers)
      expect([401, 403]).toContain(res.status)
      if (res.status === 401) expect(res.json.error).toBe('invalid_gateway_signature')
      expect(usageCalls).toEqual([])
      expect(await countRows(storage, 'index_jobs')).toBe(0)
    })
  }

  it('is refused when the method changes on a route that exists for both (GET poll)', async () => {
    const { app } = makeApp({ storage: await open() })
    const path = '/api/v1/orgs/job_abcdefghij'
    const res = await send(app, 'GET', path, undefined, gatewayHeaders('HEAD', path, ''))
    expect(res.status).toBe(401)
  })

  it('answers unknown_kid for a key id the service does not hold', async () => {
    const { app } = makeApp({ storage: await open() })
    const res = await send(app, 'POST', ORGS, BODY, gatewayHeaders('POST', ORGS, BODY, { kid: 'k-unknown', secret: 'whatever' }))
    expect(res).toMatchObject({ status: 401, json: { error: 'unknown_kid' } })
  })

  for (const [name, skew, status] of [
    ['301 s old', -301, 401],
    ['301 s in the future', 301, 401],
    ['300 s old', -300, 202],
    ['300 s in the future', 300, 202],
  ] as const) {
    it(`${status === 401 ? 'refuses' : 'accepts'} a timestamp ${name}`, async () => {
      // The app's clock is held still: at the boundary a second passing between signing and checking would turn 300 s into 301.
      const fixedMs = Date.now()
      const { app } = makeApp({ storage: await open(), deps: { now: () => fixedMs } })
      const res = await send(app, 'POST', ORGS, BODY, gatewayHeaders('POST', ORGS, BODY, { t: Math.floor(fixedMs / 1000) + skew }))
      expect(res.status).toBe(status)
      if (status === 401) expect(res.json.error).toBe('invalid_gateway_signature')
    })
  }

  for (const [name, header] of [
    ['missing', undefined],
    ['malformed', 'v1=abc'],
    ['of a v1 too short', (h: string) => h.slice(0, -5)],
    ['of a v1 too long', (h: string) => `${h}AAAA`],
    ['of a v1 with foreign characters', (h: string) => `${h.slice(0, -1)}+`],
  ] as const) {
    it(`refuses a signature header ${name} without a 500`, async () => {
      const { app } = makeApp({ storage: await open() })
      const h = gatewayHeaders('POST', ORGS, BODY)
      const signature = typeof header === 'function' ? header(h['gw-signature']) : header
      const { 'gw-signature': _, ...rest } = h
      const res = await send(app, 'POST', ORGS, BODY, signature === undefined ? rest : { ...rest, 'gw-signature': signature })
      expect(res).toMatchObject({ status: 401, json: { error: 'invalid_gateway_signature' } })
    })
  }

  it('is served once and refused when replayed', async () => {
    const { app, usageCalls } = makeApp({ storage: await open() })
    const headers = gatewayHeaders('POST', ORGS, BODY)
    expect((await send(app, 'POST', ORGS, BODY, headers)).status).toBe(202)
    const replay = await send(app, 'POST', ORGS, BODY, headers)
    expect(replay).toMatchObject({ status: 401, json: { error: 'invalid_gateway_signature' } })
    expect(usageCalls.filter((c) => c.kind === 'usage')).toHaveLength(1)
  })
})

describe('key rotation', () => {
  it('accepts two kids at once and refuses the old one after its removal', async () => {
    const both = makeApp({ env: { GW_SIGNING_KEYS: 'k-old:old-secret-0123456789abcdef0123456789,k-new:new-secret-0123456789abcdef0123456789' } }).app
    expect((await send(both, 'POST', ORGS, BODY, gatewayHeaders('POST', ORGS, BODY, { kid: 'k-old', secret: 'old-secret-0123456789abcdef0123456789' }))).status).toBe(202)
    expect((await send(both, 'POST', ORGS, BODY, gatewayHeaders('POST', ORGS, BODY, { kid: 'k-new', secret: 'new-secret-0123456789abcdef0123456789' }))).status).toBe(202)
    const rotated = makeApp({ env: { GW_SIGNING_KEYS: 'k-new:new-secret-0123456789abcdef0123456789' } }).app
    expect((await send(rotated, 'POST', ORGS, BODY, gatewayHeaders('POST', ORGS, BODY, { kid: 'k-old', secret: 'old-secret-0123456789abcdef0123456789' }))).json.error).toBe('unknown_kid')
    expect((await send(rotated, 'POST', ORGS, BODY, gatewayHeaders('POST', ORGS, BODY, { kid: 'k-new', secret: 'old-secret-0123456789abcdef0123456789' }))).json.error).toBe(
      'invalid_gateway_signature',
    )
  })
})

describe('route classes', () => {
  it('answers an unsigned paid request 401 and an unsigned identity request 401', async () => {
    const { app } = makeApp()
    expect((await call(app, 'POST', ORGS, { body: BODY, sign: false })).json.error).toBe('invalid_gateway_signature')
    expect((await call(app, 'GET', '/api/v1/search/events', { sign: false })).status).toBe(401)
    expect((await call(app, 'POST', '/api/v1/report', { body: { message: 'x' }, sign: false })).status).toBe(401)
  })

  for (const [method, path, body] of [
    ['GET', '/api/v1/search/events', undefined],
    ['GET', '/api/v1/search/businesses?q=library', undefined],
    ['POST', '/api/v1/report', { message: 'wrong time' }],
    ['POST', ORGS, { website: 'a.org' }],
    ['GET', '/api/v1/businesses/org_0123456789abcdef/events', undefined],
  ] as const) {
    it(`gives a signed anonymous ${method} ${path} the zero-cost identity challenge`, async () => {
      const { app, usageCalls } = makeApp()
      const res = await call(app, method, path, { body, sign: { agentId: null } })
      expect(res.status).toBe(402)
      expect(res.json).toEqual({ error: 'identity_required', message: expect.any(String), usage: [] })
      expect(usageCalls).toEqual([])
    })
  }

  it('serves the job poll to a signed anonymous request', async () => {
    const { app } = makeApp()
    const created = await call(app, 'POST', ORGS, { body: BODY })
    const poll = await call(app, 'GET', `${ORGS}/${created.json.jobId}`, { sign: { agentId: null } })
    expect(poll.status).toBe(202)
    expect(poll.json.status).toBe('pending')
  })

  it('checks authentication before validation and identity before validation', async () => {
    const { app } = makeApp()
    expect((await call(app, 'POST', ORGS, { body: '{not json', sign: false })).status).toBe(401)
    expect((await call(app, 'GET', '/api/v1/search/events?limit=0', { sign: false })).status).toBe(401)
    expect((await call(app, 'GET', '/api/v1/search/events?limit=0', { sign: { agentId: null } })).status).toBe(402)
    expect((await call(app, 'GET', '/api/v1/search/events?limit=0')).status).toBe(400)
  })
})

describe('bearer agent keys', () => {
  const env = { AGENT_KEYS: 'ak_live_123:agent-bearer' }
  it('are accepted on read routes in place of a signature, as that agent', async () => {
    const { app } = makeApp({ env })
    const res = await call(app, 'GET', '/api/v1/businesses/org_0123456789abcdef/events', { sign: false, headers: { authorization: 'Bearer ak_live_123' } })
    expect(res.status).toBe(404)
    expect(res.json.indexUrl).toBe('http://public.test/api/v1/orgs')
  })

  it('are refused on a route that is not a read route, and when unknown', async () => {
    const { app } = makeApp({ env })
    expect((await call(app, 'POST', ORGS, { body: BODY, sign: false, headers: { authorization: 'Bearer ak_live_123' } })).json.error).toBe('invalid_gateway_signature')
    expect((await call(app, 'GET', '/api/v1/search/events', { sign: false, headers: { authorization: 'Bearer nope' } })).json.error).toBe('invalid_agent_key')
  })
})

describe('public addresses', () => {
  it('use the storefront base the gateway forwards on a signed request', async () => {
    const { app } = makeApp()
    const res = await call(app, 'POST', ORGS, { body: BODY, sign: { headers: { 'gw-base-url': 'https://store.example/s/sess-1/' } } })
    expect(res.json.statusUrl).toBe(`https://store.example/s/sess-1/api/v1/orgs/${res.json.jobId}`)
  })

  it('ignore a forwarded base on a bearer request and use PUBLIC_BASE_URL', async () => {
    const { app } = makeApp({ env: { AGENT_KEYS: 'k:agent-b' } })
    const res = await call(app, 'GET', '/api/v1/businesses/org_0123456789abcdef/events', { sign: false, headers: { authorization: 'Bearer k', 'gw-base-url': 'https://evil.example' } })
    expect(res.json.indexUrl).toBe('http://public.test/api/v1/orgs')
  })
})

describe('logs', () => {
  it('never contain the secret or a full signature', async () => {
    const lines: string[] = []
    const { app } = makeApp({ deps: { logger: createLogger('debug', (l) => lines.push(l)) } })
    const headers = gatewayHeaders('POST', ORGS, BODY)
    await send(app, 'POST', ORGS, BODY, headers)
    await send(app, 'POST', ORGS, BODY, headers)
    await send(app, 'POST', ORGS, BODY, { ...headers, 'gw-signature': 'garbage' })
    const text = lines.join('\n')
    expect(text).not.toContain(TEST_SECRET)
    expect(text).not.toContain(headers['gw-signature'].split('v1=')[1])
  })
})
