// Pins the request target the service routes on and verifies (DESIGN §4 "path-and-query as received";
// issue 11 findings 11 and 12). Bun gives no raw target: request.url is the WHATWG parse of it (`'` in a query
// becomes %27, dot segments are resolved). A signature is accepted over the received form or over the one
// raw form that Bun parses to exactly the same URL, so a gateway that signs the target it forwarded (O'Fallon)
// is served, and a target that routes differently from what was signed never is. The path is taken after
// the authority whatever the Host's length (a 1-character Host must not move the path start), and a request
// whose URL has no valid authority is a 400. On both backends (the searches read stored events).
import { afterEach, describe, expect, it } from 'bun:test'
import type { Server } from 'bun'
import { connect } from 'node:net'
import { startServer } from '../../src/http/server'
import { createLogger } from '../../src/log'
import { call, makeApp } from '../helpers/app'
import { gatewayHeaders } from '../helpers/gateway'
import type { Storage } from '../../src/db/storage'
import { seedIndexedOrganization } from '../helpers/seed'
import { forEachBackend } from '../helpers/storage'

let server: Server<undefined> | undefined
afterEach(async () => {
  await server?.stop(true)
  server = undefined
})

async function world(storage: Storage) {
  const made = makeApp({ storage, env: { AGENT_KEYS: 'ak_t:agent-t' } })
  await seedIndexedOrganization(made.storage, { events: 2, city: "O'Fallon", domain: 'ofallon.example.org' })
  await seedIndexedOrganization(made.storage, { events: 1, city: 'Springfield', domain: 'springfield.example.org' })
  return made
}

const handle = (app: ReturnType<typeof makeApp>['app'], url: string, headers: Record<string, string>) => app.handle(new Request(url, { headers }))

/** One raw HTTP/1.1 exchange, so the request target is sent byte for byte as written. */
function raw(port: number, target: string, headers: Record<string, string>, host: string | null = '127.0.0.1'): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    let out = ''
    const socket = connect(port, '127.0.0.1', () => {
      const lines = [`GET ${target} HTTP/1.1`, ...(host === null ? [] : [`Host: ${host}`]), 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)]
      socket.write(`${lines.join('\r\n')}\r\n\r\n`)
    })
    socket.on('data', (d) => (out += d))
    socket.on('error', reject)
    socket.on('close', () => {
      const status = Number(out.slice(9, 12))
      const text = out.slice(out.indexOf('\r\n\r\n') + 4)
      let json: any
      try {
        json = JSON.parse(text)
      } catch {}
      resolve({ status, json })
    })
  })
}

forEachBackend('request targets', (open) => {
  describe("a query with characters Bun re-encodes (O'Fallon)", () => {
    it('is served when the gateway signed the target as it forwarded it', async () => {
      const { app } = await world(await open())
      const target = "/api/v1/search/events?city=O'Fallon"
      const res = await handle(app, `http://localhost${target}`, gatewayHeaders('GET', target, ''))
      expect(res.status).toBe(200)
      expect(((await res.json()) as any).count).toBe(2)
    })

    it('is served over a real socket whether the raw or the encoded form was sent and signed', async () => {
      const made = await world(await open())
      server = startServer(made.app, { hostname: '127.0.0.1', port: 0, logger: createLogger('error', () => {}) })
      for (const target of ["/api/v1/search/events?city=O'Fallon&n=1", '/api/v1/search/events?city=O%27Fallon&n=2', '/api/v1/search/events?city=%C3%A9&n=3', '/api/v1/search/events?city=\u00e9&n=4']) {
        const res = await raw(server.port!, target, gatewayHeaders('GET', target, ''))
        expect({ target, status: res.status }).toEqual({ target, status: 200 })
      }
    })

    it('is refused unless Bun parses the signed target to exactly the received URL', async () => {
      const { app } = await world(await open())
      const cases: [signed: string, sent: string][] = [
        ["/api/v1/search/events?city=O'Fallon", "/api/v1/search/events?city=O'Fallon&x=1"],
        ['/api/v1/search/events?city=A%26B', '/api/v1/search/events?city=A&B'],
        ['/api/v1/search/events?city=a%2Fb', '/api/v1/search/events?city=a/b'],
        ['/api/v1/search/events?city=%61', '/api/v1/search/events?city=a'],
        ['/api/v1/search/events?city=a', '/api/v1/search/events?city=%61'],
        ['/api/v1/search/%65vents', '/api/v1/search/events'],
        ['/api/v1/search/events?city=%c3%a9', '/api/v1/search/events?city=%C3%A9'],
        ['/api/v1/search/events?city=O%27Fallon', "/api/v1/search/events?city=O'Fallon&"],
      ]
      for (const [signed, sent] of cases) {
        const res = await handle(app, `http://localhost${sent}`, gatewayHeaders('GET', signed, ''))
        expect({ signed, sent, status: res.status }).toEqual({ signed, sent, status: 401 })
      }
    })

    it('fails closed when one target mixes the raw and the encoded form of the same character', async () => {
      const { app } = await world(await open())
      const signed = "/api/v1/search/events?city=O'Fallon&x=%27"
      expect((await handle(app, `http://localhost${signed}`, gatewayHeaders('GET', signed, ''))).status).toBe(401)
    })

    it('is refused over a real socket when dot segments were signed (Bun resolves them before the service sees them)', async () => {
      const made = await world(await open())
      server = startServer(made.app, { hostname: '127.0.0.1', port: 0, logger: createLogger('error', () => {}) })
      const target = '/api/v1/x/../search/events'
      expect((await raw(server.port!, target, gatewayHeaders('GET', target, ''))).status).toBe(401)
    })
  })

  describe('short Host names', () => {
    for (const host of ['a', 'ab', 'abc', 'a:1', '[::1]', 'abcd']) {
      it(`route /zzz/api/v1/search/events with Host ${host} nowhere (403), signed or bearer`, async () => {
        const { app } = await world(await open())
        const target = '/zzz/api/v1/search/events'
        const signed = await handle(app, `http://${host}${target}`, gatewayHeaders('GET', target, ''))
        expect(signed.status).toBe(403)
        expect(await signed.json()).toEqual({ error: 'missing_authentication_token', message: 'Missing Authentication Token' })
        expect((await handle(app, `http://${host}${target}`, { authorization: 'Bearer ak_t' })).status).toBe(403)
      })

      it(`serve /api/v1/search/events with Host ${host}`, async () => {
        const { app } = await world(await open())
        const target = '/api/v1/search/events?city=Springfield'
        const res = await handle(app, `http://${host}${target}`, gatewayHeaders('GET', target, ''))
        expect(res.status).toBe(200)
        expect(((await res.json()) as any).count).toBe(1)
      })
    }

    it('route a 1-character Host over a real socket like any other', async () => {
      const made = await world(await open())
      server = startServer(made.app, { hostname: '127.0.0.1', port: 0, logger: createLogger('error', () => {}) })
      expect((await raw(server.port!, '/zzz/api/v1/search/events', { authorization: 'Bearer ak_t' }, 'a')).status).toBe(403)
      expect((await raw(server.port!, '/api/v1/search/events', { authorization: 'Bearer ak_t' }, 'a')).status).toBe(200)
    })
  })

  describe('a request whose URL has no valid authority', () => {
    for (const host of ['a?b', 'a/b', 'a@b', '']) {
      it(`is a 400 {error, message} for Host ${JSON.stringify(host)}, whatever its path`, async () => {
        const made = await world(await open())
        server = startServer(made.app, { hostname: '127.0.0.1', port: 0, logger: createLogger('error', () => {}) })
        for (const target of ['/xxxxxx/api/v1/search/events', '/api/v1/search/events', '/api/v1/health']) {
          const res = await raw(server.port!, target, { authorization: 'Bearer ak_t' }, host)
          expect({ target, status: res.status }).toEqual({ target, status: 400 })
          expect(res.json).toEqual({ error: 'invalid_request', message: expect.stringContaining('Host') })
        }
      })
    }

    it('is a 400 for an HTTP/1.0 request without Host', async () => {
      const made = await world(await open())
      server = startServer(made.app, { hostname: '127.0.0.1', port: 0, logger: createLogger('error', () => {}) })
      const res = await new Promise<string>((resolve) => {
        let out = ''
        const socket = connect(server!.port!, '127.0.0.1', () => socket.write('GET /xxxxxx/api/v1/search/events HTTP/1.0\r\nauthorization: Bearer ak_t\r\n\r\n'))
        socket.on('data', (d) => (out += d))
        socket.on('close', () => resolve(out))
      })
      expect(res).toMatch(/^HTTP\/1\.[01] 400 /)
      expect(JSON.parse(res.slice(res.indexOf('\r\n\r\n') + 4)).error).toBe('invalid_request')
    })
  })

  describe('the service itself', () => {
    it('still serves the usual signed request through call()', async () => {
      const { app } = await world(await open())
      expect((await call(app, 'GET', '/api/v1/search/events?city=Springfield')).status).toBe(200)
    })
  })
})
