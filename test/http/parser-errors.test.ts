// Pins which error answers of the served socket are the service's own `{error, message}` and which Bun
// 1.4.5 makes before any user code runs (issue 11 finding 13). Body size is enforced by the service, so
// every 413 is JSON (see body-cap.test.ts). What Bun's HTTP parser refuses (headers over 16 KiB → 431, an
// HTTP version other than 1.0/1.1 or a space in the target → 505, a malformed request line or header → 400,
// a method it does not know or a lowercase one → the connection closed without an answer) never reaches
// Bun.serve's fetch or error handler, so it cannot carry a body: these tests record the exact bytes so that
// a Bun upgrade that changes them is noticed, and check that the service keeps serving afterwards.
import { afterEach, describe, expect, it } from 'bun:test'
import type { Server } from 'bun'
import { connect } from 'node:net'
import { startServer } from '../../src/http/server'
import { createLogger } from '../../src/log'
import { makeApp } from '../helpers/app'

let server: Server<undefined> | undefined
afterEach(async () => {
  await server?.stop(true)
  server = undefined
})

function serve() {
  const lines: string[] = []
  server = startServer(makeApp().app, { hostname: '127.0.0.1', port: 0, logger: createLogger('info', (l) => lines.push(l)) })
  return { port: server.port!, lines }
}

function exchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve) => {
    let out = ''
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes))
    socket.on('data', (d) => (out += d))
    socket.on('error', () => {})
    socket.on('close', () => resolve(out))
  })
}

const bare = (status: string) => `HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`

describe("what Bun's HTTP parser answers before the service sees the request", () => {
  const cases: [name: string, request: string, answer: string][] = [
    ['a header block over 16 KiB', `GET /api/v1/health HTTP/1.1\r\nHost: a\r\nx-big: ${'a'.repeat(17 * 1024)}\r\n\r\n`, bare('431 Request Header Fields Too Large')],
    ['HTTP/2.0 in the request line', 'GET /api/v1/health HTTP/2.0\r\nHost: a\r\n\r\n', bare('505 HTTP Version Not Supported')],
    ['a space in the target', 'GET /api/v1/search/events?city=a b HTTP/1.1\r\nHost: a\r\n\r\n', bare('505 HTTP Version Not Supported')],
    ['a request line that is not HTTP', 'HELLO\r\n\r\n', bare('400 Bad Request')],
    ['a header line without a colon', 'GET /api/v1/health HTTP/1.1\r\nHost: a\r\nbad header\r\n\r\n', bare('400 Bad Request')],
    ['both Content-Length and Transfer-Encoding', 'POST /api/v1/orgs HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', bare('400 Bad Request')],
    ['a lowercase method', 'get /api/v1/health HTTP/1.1\r\nHost: a\r\n\r\n', ''],
    ['an unknown method', 'FOO /api/v1/health HTTP/1.1\r\nHost: a\r\n\r\n', ''],
  ]
  for (const [name, request, answer] of cases) {
    it(`answers ${name} with ${answer ? JSON.stringify(answer.split('\r\n')[0]) : 'a closed connection'}, never reaching the service`, async () => {
      const { port, lines } = serve()
      expect(await exchange(port, request)).toBe(answer)
      expect(lines).toEqual([])
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(200)
    })
  }
})

describe('what the service answers itself', () => {
  it('answers a declared body over the cap with JSON, however large the declaration', async () => {
    const { port } = serve()
    const out = await exchange(port, `POST /api/v1/orgs HTTP/1.1\r\nHost: a\r\nContent-Length: ${1024 ** 4}\r\n\r\n`)
    expect(out).toStartWith('HTTP/1.1 413 ')
    expect(JSON.parse(out.slice(out.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'payload_too_large', message: expect.any(String) })
  })

  it('answers OPTIONS and methods no route lists with JSON', async () => {
    const { port } = serve()
    for (const method of ['OPTIONS', 'PATCH', 'DELETE', 'PUT']) {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/search/events`, { method })
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
      expect(await res.json()).toEqual({ error: expect.any(String), message: expect.any(String) })
    }
  })
})
