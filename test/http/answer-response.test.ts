// Pins how cached answers leave the server (src/http/answer-response.ts; issue 12): bytes written from a
// direct stream, so that an answer completed after an await goes out with its headers in one send (Bun
// corks only the synchronous part of a handler), byte for byte, chunked, whatever the reader's pace; and
// every other finite response of the app leaves the same way, while event streams and bodiless answers stay.
// An answer dropped from the cache while its response is being written reaches a slow reader whole (Bun
// copies what the socket does not take at once) and is freed once written.
// The served answers are checked on both backends.
import { afterEach, describe, expect, it } from 'bun:test'
import { connect } from 'node:net'
import type { Server } from 'bun'
import { answerResponse, sendable } from '../../src/http/answer-response'
import { answerBytes, dropAnswer } from '../../src/services/answer-bytes'
import { startServer } from '../../src/http/server'
import { createLogger } from '../../src/log'
import { makeApp } from '../helpers/app'
import { gatewayHeaders } from '../helpers/gateway'
import { seedIndexedOrganization } from '../helpers/seed'
import { forEachBackend } from '../helpers/storage'

let server: Server<undefined> | undefined
afterEach(async () => {
  await server?.stop(true)
  server = undefined
})

/** Reads one whole HTTP/1.1 exchange off a raw socket, pausing after the first bytes so that the server meets backpressure. */
function slowExchange(port: number, path: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`))
    let paused = false
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      if (paused) return
      paused = true
      socket.pause()
      setTimeout(() => socket.resume(), 300)
    })
    socket.on('end', () => resolve(Buffer.concat(chunks)))
    socket.on('error', reject)
  })
}

/** The body of a chunked HTTP/1.1 message. */
function dechunk(message: Buffer): { head: string; body: Buffer } {
  const split = message.indexOf('\r\n\r\n')
  const head = message.subarray(0, split).toString()
  const parts: Buffer[] = []
  let at = split + 4
  for (;;) {
    const eol = message.indexOf('\r\n', at)
    const size = parseInt(message.subarray(at, eol).toString(), 16)
    if (size === 0) break
    parts.push(message.subarray(eol + 2, eol + 2 + size))
    at = eol + 2 + size + 2
  }
  return { head, body: Buffer.concat(parts) }
}

describe('answerResponse', () => {
  it('sends 8 MB answered after an await whole and unchanged to a reader that stops and resumes', async () => {
    const bytes = new Uint8Array(8_000_000)
    for (let i = 0; i < bytes.length; i++) bytes[i] = 97 + ((i * 7) % 26)
    server = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      async fetch() {
        await Bun.sleep(1)
        return answerResponse(bytes, { status: 200, headers: { 'content-type': 'application/json', 'x-request-id': 'r-1' } })
      },
    })
    const { head, body } = dechunk(await slowExchange(server.port!, '/'))
    expect(head).toStartWith('HTTP/1.1 200 OK')
    expect(head.toLowerCase()).toContain('transfer-encoding: chunked')
    expect(head.toLowerCase()).toContain('x-request-id: r-1')
    expect(Bun.hash(body)).toBe(Bun.hash(bytes))
    expect(body.byteLength).toBe(bytes.byteLength)
  })

  it('sends a dropped answer whole to a slow reader, and frees it once written (the socket keeps what it did not send)', async () => {
    const records = new Uint8Array(8_000_000)
    for (let i = 0; i < records.length; i++) records[i] = 97 + ((i * 7) % 26)
    const bytes = answerBytes('"', records.slice(), '"')
    const expected = Bun.hash(bytes)
    let served: Uint8Array | undefined
    server = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      async fetch() {
        await Bun.sleep(1)
        const response = answerResponse(bytes, { status: 200, headers: { 'content-type': 'application/json' } })
        dropAnswer(bytes)
        served = bytes
        return response
      },
    })
    const { body } = dechunk(await slowExchange(server.port!, '/'))
    expect(body.byteLength).toBe(8_000_002)
    expect(Bun.hash(body)).toBe(expected)
    expect((served!.buffer as ArrayBuffer).detached).toBe(true)
  })

  it('can be read twice from the same bytes (a cached answer serves many requests)', async () => {
    const bytes = new TextEncoder().encode('{"ok":true}')
    expect(await answerResponse(bytes, { headers: {} }).text()).toBe('{"ok":true}')
    expect(await answerResponse(bytes, { headers: {} }).json()).toEqual({ ok: true })
  })
})

forEachBackend('answers over a real socket', (open) => {
  it('serves the search and the paid pull over a real socket exactly as the app answers them', async () => {
    const { app, storage } = makeApp({ storage: await open() })
    const orgId = await seedIndexedOrganization(storage, { events: 40 })
    server = startServer(app, { hostname: '127.0.0.1', port: 0, logger: createLogger('error', () => {}) })
    for (const path of ['/api/v1/search/events?limit=30', `/api/v1/businesses/${orgId}/events`]) {
      const inProcess = await app.handle(new Request(`http://localhost${path}`, { headers: gatewayHeaders('GET', path, '', { id: crypto.randomUUID() }) }))
      const served = await fetch(`http://127.0.0.1:${server.port}${path}`, { headers: gatewayHeaders('GET', path, '', { id: crypto.randomUUID() }) })
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('application/json')
      // Chunked framing is the sign of the direct stream: a Blob or bytes body would carry a Content-Length and leave in ~25 sends.
      expect(served.headers.get('transfer-encoding')).toBe('chunked')
      expect(served.headers.get('gw-usage')).toBe(inProcess.headers.get('gw-usage'))
      const a: unknown = await inProcess.json()
      const b = (await served.json()) as { events: unknown[] }
      expect(b.events.length).toBeGreaterThan(0)
      expect(b).toEqual(a as typeof b)
    }
  })
})

describe('sendable', () => {
  it('writes a large document of the app as one direct stream, and a small error as it was, status and headers kept', async () => {
    const { app } = makeApp()
    server = startServer(app, { hostname: '127.0.0.1', port: 0, logger: createLogger('info', () => {}) })
    const spec = await fetch(`http://127.0.0.1:${server.port}/api/v1/openapi.json`)
    expect(spec.status).toBe(200)
    expect(spec.headers.get('transfer-encoding')).toBe('chunked')
    expect(((await spec.json()) as { openapi: string }).openapi).toStartWith('3.')
    // Bun sends a body under 16 KiB with its headers in one write already; it keeps its length.
    const denied = await fetch(`http://127.0.0.1:${server.port}/api/v1/search/events`)
    expect(denied.status).toBe(401)
    expect(denied.headers.get('x-request-id')).toBeTruthy()
    expect(await denied.json()).toMatchObject({ error: 'invalid_gateway_signature' })
  })

  it('leaves event streams, bodiless statuses and HEAD answers as they are', async () => {
    const stream = new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('data: 1\n\n')) }), { headers: { 'content-type': 'text/event-stream' } })
    expect(await sendable(stream, 'GET')).toBe(stream)
    const empty = new Response(null, { status: 204 })
    expect(await sendable(empty, 'POST')).toBe(empty)
    const head = new Response('{}', { headers: { 'content-type': 'application/json' } })
    expect(await sendable(head, 'HEAD')).toBe(head)
    const answer = answerResponse(new TextEncoder().encode('{}'), { headers: {} })
    expect(await sendable(answer, 'GET')).toBe(answer)
  })

  it("passes an answer's direct stream on without reading it again when the app wrapped it in another Response", async () => {
    const { app } = makeApp()
    const path = '/api/v1/search/events?limit=20'
    const response = await app.handle(new Request(`http://localhost${path}`, { headers: gatewayHeaders('GET', path, '', {}) }))
    expect(response.status).toBe(200)
    const body = response.body
    // The same Response, so its body is neither read nor copied (Elysia makes a new Response around the handler's body).
    expect(await sendable(response, 'GET')).toBe(response)
    expect(response.body).toBe(body)
    expect(((await response.json()) as { count: number }).count).toBe(0)
  })

  it('copies the body, status and headers of any other response', async () => {
    const made = await sendable(Response.json({ error: 'x', message: 'y' }, { status: 418, headers: { 'retry-after': '5' } }), 'GET')
    expect(made.status).toBe(418)
    expect(made.headers.get('retry-after')).toBe('5')
    expect(await made.json()).toEqual({ error: 'x', message: 'y' })
  })
})
