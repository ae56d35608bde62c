// Pins the served socket (src/http/server.ts): real HTTP on loopback, and one structured JSON log line per
// request carrying method, path (without the query), final status and the echoed request id.
import { afterEach, describe, expect, it } from 'bun:test'
import type { Server } from 'bun'
import { startServer } from '../../src/http/server'
import { createLogger } from '../../src/log'
import { makeApp } from '../helpers/app'

let server: Server<undefined> | undefined
afterEach(async () => {
  await server?.stop(true)
  server = undefined
})

describe('startServer', () => {
  it('logs one JSON line per request with the status that went out', async () => {
    const lines: string[] = []
    server = startServer(makeApp().app, { hostname: '127.0.0.1', port: 0, logger: createLogger('info', (l) => lines.push(l)) })
    const base = `http://127.0.0.1:${server.port}`
    const ok = await fetch(`${base}/api/v1/health`)
    const bad = await fetch(`${base}/api/v1/search/events?limit=0&city=secret-query`)
    const denied = await fetch(`${base}/nowhere`)
    expect([ok.status, bad.status, denied.status]).toEqual([200, 401, 403])
    const logged = lines.map((l) => JSON.parse(l))
    expect(logged.map((l) => [l.msg, l.method, l.path, l.status])).toEqual([
      ['request', 'GET', '/api/v1/health', 200],
      ['request', 'GET', '/api/v1/search/events', 401],
      ['request', 'GET', '/nowhere', 403],
    ])
    expect(logged[1].requestId).toBe(bad.headers.get('x-request-id'))
    expect(lines.join('')).not.toContain('secret-query')
    for (const l of logged) expect(l.durationMs).toBeNumber()
  })

  it('answers a declared body over 1 MiB with the JSON 413', async () => {
    server = startServer(makeApp().app, { hostname: '127.0.0.1', port: 0, logger: createLogger('error', () => {}) })
    const res = await fetch(`http://127.0.0.1:${server.port}/api/v1/report`, { method: 'POST', body: 'x'.repeat(2_000_000), headers: { 'content-type': 'application/json' } })
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ error: 'payload_too_large' })
  })

  it('refuses a streamed body over the socket cap without a crash', async () => {
    server = startServer(makeApp().app, { hostname: '127.0.0.1', port: 0, logger: createLogger('error', () => {}) })
    const big = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new Uint8Array(512 * 1024).fill(120))
        controller.close()
      },
    })
    const res = await fetch(`http://127.0.0.1:${server.port}/api/v1/report`, { method: 'POST', body: big, headers: { 'content-type': 'application/json' } })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    const after = await fetch(`http://127.0.0.1:${server.port}/api/v1/health`)
    expect(after.status).toBe(200)
  })
})
