// Pins the gateway's rules per method (DESIGN §4; issue 11 finding 4): HEAD is GET for authentication,
// identity and the prefix rule (an unsigned HEAD is a 401, never an anonymous answer or a 500); a HEAD of
// the paid events route is refused (405: it would be billed for events it does not return); a signature
// made for one method never serves another; methods no route lists answer a 4xx {error, message}.
// HEAD runs on both backends (it reads and bills stored data); the methods no route lists are answered
// before any storage is read, so that part runs on the default (SQLite) app only.
import { describe, expect, it } from 'bun:test'
import { call, makeApp } from '../helpers/app'
import { gatewayHeaders } from '../helpers/gateway'
import { seedIndexedOrganization } from '../helpers/seed'
import { forEachBackend } from '../helpers/storage'

const head = (app: ReturnType<typeof makeApp>['app'], path: string, headers: Record<string, string> = {}) => app.handle(new Request(`http://localhost${path}`, { method: 'HEAD', headers }))

forEachBackend('HEAD on gateway routes', (open) => {
  it('is refused 401 when unsigned, on every GET route, without a 500 or an answer', async () => {
    const { app, storage, usageCalls } = makeApp({ storage: await open() })
    const orgId = await seedIndexedOrganization(storage, { events: 3 })
    const created = await call(app, 'POST', '/api/v1/orgs', { body: { website: 'example.org' } })
    const before = usageCalls.length
    for (const path of ['/api/v1/search/events', '/api/v1/search/businesses?q=a', `/api/v1/businesses/${orgId}/events`, `/api/v1/orgs/${created.json.jobId}`]) {
      const res = await head(app, path)
      expect({ path, status: res.status }).toEqual({ path, status: 401 })
      expect(res.headers.get('gw-usage')).toBeNull()
    }
    expect(usageCalls).toHaveLength(before)
  })

  it('answers a signed HEAD of search like its GET, without a body', async () => {
    const { app, storage } = makeApp({ storage: await open() })
    await seedIndexedOrganization(storage, { events: 2 })
    const get = await call(app, 'GET', '/api/v1/search/events?limit=5')
    const res = await head(app, '/api/v1/search/events?limit=5&h=1', gatewayHeaders('HEAD', '/api/v1/search/events?limit=5&h=1', ''))
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('')
    expect(Number(res.headers.get('content-length'))).toBe(get.text.length)
  })

  it('gives a signed anonymous HEAD of search the identity challenge', async () => {
    const { app } = makeApp({ storage: await open() })
    const res = await head(app, '/api/v1/search/events', gatewayHeaders('HEAD', '/api/v1/search/events', '', { agentId: null }))
    expect(res.status).toBe(402)
  })

  it('accepts a bearer agent key on HEAD as on GET', async () => {
    const { app } = makeApp({ storage: await open(), env: { AGENT_KEYS: 'ak_h:agent-h' } })
    expect((await head(app, '/api/v1/search/events', { authorization: 'Bearer ak_h' })).status).toBe(200)
    expect((await head(app, '/api/v1/search/events', { authorization: 'Bearer wrong' })).status).toBe(401)
  })

  it('refuses a signed HEAD of the paid events route with 405 and bills nothing', async () => {
    const { app, storage, usageCalls } = makeApp({ storage: await open() })
    const orgId = await seedIndexedOrganization(storage, { events: 3 })
    const path = `/api/v1/businesses/${orgId}/events`
    const res = await head(app, path, gatewayHeaders('HEAD', path, ''))
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET')
    expect(res.headers.get('gw-usage')).toBeNull()
    expect(usageCalls).toEqual([])
  })

  it('never serves a GET signature as a HEAD, nor a HEAD signature as a GET', async () => {
    const { app } = makeApp({ storage: await open() })
    const path = '/api/v1/search/events'
    expect((await head(app, path, gatewayHeaders('GET', path, ''))).status).toBe(401)
    expect((await call(app, 'GET', path, { sign: false, headers: gatewayHeaders('HEAD', path, '') })).status).toBe(401)
  })

  it('keeps public routes public', async () => {
    const { app } = makeApp({ storage: await open() })
    expect((await head(app, '/api/v1/health')).status).toBe(200)
  })
})

describe('methods no route lists', () => {
  for (const method of ['OPTIONS', 'PUT', 'PATCH', 'DELETE']) {
    for (const path of ['/api/v1/search/events', '/api/v1/orgs', '/api/v1/businesses/org_0123456789abcdef/events']) {
      it(`answers ${method} ${path} with a 4xx {error, message}`, async () => {
        const { app, usageCalls } = makeApp()
        const res = await call(app, method, path)
        expect(res.status).toBeGreaterThanOrEqual(400)
        expect(res.status).toBeLessThan(500)
        expect(res.json).toEqual({ error: expect.any(String), message: expect.any(String) })
        expect(usageCalls).toEqual([])
      })
    }
  }
})
