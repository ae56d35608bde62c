// Pins the request body cap (MAX_BODY_BYTES, 1 MiB; issue 11 findings 8 and 13): enforced while the body
// streams in, declared or chunked, with the service's JSON 413 (never Bun's bare one) and the connection
// closed; an unsigned or badly signed request to a body route is refused before its body is read; the
// signature is checked before the JSON is parsed; and what the hint sanitizer dropped is stored as a short
// summary, so a large request cannot make every later poll large. What is stored (nothing, or the summary)
// is checked on both backends; the rest is decided before storage is touched, on the default (SQLite) app.
import { afterEach, describe, expect, it } from 'bun:test'
import type { Server } from 'bun'
import { connect } from 'node:net'
import { MAX_BODY_BYTES } from '../../src/app'
import { startServer } from '../../src/http/server'
import { createLogger } from '../../src/log'
import { call, makeApp } from '../helpers/app'
import type { Storage } from '../../src/db/storage'
import { gatewayHeaders } from '../helpers/gateway'
import { countRows } from '../helpers/peek'
import { forEachBackend } from '../helpers/storage'

let server: Server<undefined> | undefined
afterEach(async () => {
  await server?.stop(true)
  server = undefined
})

function serve(storage?: Storage) {
  const made = makeApp({ storage })
  server = startServer(made.app, { hostname: '127.0.0.1', port: 0, logger: createLogger('error', () => {}) })
  return { ...made, port: server.port! }
}

const jobs = (storage: Storage) => countRows(storage, 'index_jobs')

/** Sends raw bytes on a socket; resolves with what came back once the server closed or `waitMs` passed. */
function rawExchange(port: number, head: string, body: Iterable<Uint8Array> | AsyncIterable<Uint8Array> = [], waitMs = 5000): Promise<{ response: string; closed: boolean }> {
  return new Promise((resolve) => {
    let response = ''
    let closed = false
    const socket = connect(port, '127.0.0.1', async () => {
      socket.write(head)
      try {
        for await (const chunk of body) {
          if (closed) break
          await new Promise<void>((done) => socket.write(chunk, () => done()))
        }
      } catch {}
    })
    socket.on('data', (d) => (response += d))
    socket.on('error', () => {})
    socket.on('close', () => {
      closed = true
      resolve({ response, closed })
    })
    setTimeout(() => {
      resolve({ response, closed })
      socket.destroy()
    }, waitMs)
  })
}

function* chunked(total: number, size = 64 * 1024, fill = 0x20): Generator<Uint8Array> {
  for (let sent = 0; sent < total; sent += size) {
    const n = Math.min(size, total - sent)
    yield new TextEncoder().encode(`${n.toString(16)}\r\n`)
    yield new Uint8Array(n).fill(fill)
    yield new TextEncoder().encode('\r\n')
  }
  yield new TextEncoder().encode('0\r\n\r\n')
}

const bodyOf = (response: string) => JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4))

forEachBackend('a body over the cap, signed', (open) => {
  it('answers a signed chunked body over the cap with the JSON 413 and closes, creating nothing', async () => {
    const { port, storage } = serve(await open())
    const total = 2_900_000
    const body = new Uint8Array(total).fill(0x20)
    const signed = gatewayHeaders('POST', '/api/v1/orgs', body)
    const head = `POST /api/v1/orgs HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ngw-signature: ${signed['gw-signature']}\r\ngw-agent-id: ${signed['gw-agent-id']}\r\ntransfer-encoding: chunked\r\n\r\n`
    const { response, closed } = await rawExchange(port, head, chunked(total))
    expect(response).toStartWith('HTTP/1.1 413 ')
    expect(response.toLowerCase()).toContain('connection: close')
    expect(bodyOf(response)).toEqual({ error: 'payload_too_large', message: expect.stringContaining(String(MAX_BODY_BYTES)) })
    expect(closed).toBe(true)
    expect(await jobs(storage)).toBe(0)
  })
})

describe('over a real socket', () => {
  for (const [name, total] of [
    ['5 MB', 5_000_000],
    ['just over the cap', MAX_BODY_BYTES + 1],
  ] as const) {
    it(`answers a chunked body of ${name} with the JSON 413, not Bun's bare one`, async () => {
      const { port } = serve()
      const signed = gatewayHeaders('POST', '/api/v1/report', '{}')
      const head = `POST /api/v1/report HTTP/1.1\r\nHost: 127.0.0.1\r\ngw-signature: ${signed['gw-signature']}\r\ntransfer-encoding: chunked\r\n\r\n`
      const { response } = await rawExchange(port, head, chunked(total))
      expect(response).toStartWith('HTTP/1.1 413 ')
      expect(bodyOf(response).error).toBe('payload_too_large')
    })
  }

  it('answers a declared body far over the cap with the JSON 413 without reading it', async () => {
    const { port } = serve()
    const head = `POST /api/v1/orgs HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${64 * 1024 * 1024}\r\n\r\n`
    const { response, closed } = await rawExchange(port, head, [new Uint8Array(1024)])
    expect(response).toStartWith('HTTP/1.1 413 ')
    expect(bodyOf(response).error).toBe('payload_too_large')
    expect(closed).toBe(true)
  })

  it('answers a chunked /mcp body over the cap with the JSON 413', async () => {
    const { port } = serve()
    const head = `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\naccept: application/json, text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n`
    const { response } = await rawExchange(port, head, chunked(2 * MAX_BODY_BYTES))
    expect(response).toStartWith('HTTP/1.1 413 ')
    expect(bodyOf(response).error).toBe('payload_too_large')
  })

  it('refuses an unsigned chunked body before reading it: the 401 comes while the body is still open', async () => {
    const { port } = serve()
    const socket = connect(port, '127.0.0.1')
    let response = ''
    socket.on('data', (d) => (response += d))
    socket.on('error', () => {})
    socket.write(`POST /api/v1/orgs HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`)
    for (const chunk of chunked(64 * 1024)) if (chunk.length > 5) socket.write(chunk) // the final 0-chunk is never sent
    for (let i = 0; i < 150 && !response.includes('}'); i++) await Bun.sleep(20)
    socket.destroy()
    expect(response).toStartWith('HTTP/1.1 401 ')
    expect(bodyOf(response).error).toBe('invalid_gateway_signature')
  })

  it('keeps serving after refusing oversized bodies', async () => {
    const { port } = serve()
    await rawExchange(port, `POST /api/v1/orgs HTTP/1.1\r\nHost: 127.0.0.1\r\ntransfer-encoding: chunked\r\n\r\n`, chunked(3_000_000), 2000)
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(200)
  })
})

/** A request body that counts how many bytes the service pulled from it. */
function countingStream(total: number, chunk = 16 * 1024) {
  const state = { pulled: 0 }
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= total) return controller.close()
      const n = Math.min(chunk, total - state.pulled)
      state.pulled += n
      controller.enqueue(new Uint8Array(n).fill(0x20))
    },
  })
  return { stream, state }
}

describe('through the app', () => {
  const send = (app: ReturnType<typeof makeApp>['app'], path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string>) =>
    app.handle(new Request(`http://localhost${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers }, duplex: 'half' } as RequestInit))

  for (const [name, headers] of [
    ['unsigned', {}],
    ['with a malformed signature', { 'gw-signature': 'garbage' }],
    ['with an unknown kid', { 'gw-signature': 't=1,kid=nope,v1=abc' }],
    ['with a stale signature', { 'gw-signature': `t=${Math.floor(Date.now() / 1000) - 1000},kid=test,v1=abc` }],
  ] as const) {
    it(`never reads the body of a request ${name}`, async () => {
      const { app } = makeApp()
      const { stream, state } = countingStream(4 * MAX_BODY_BYTES)
      const res = await send(app, '/api/v1/orgs', stream, headers)
      expect(res.status).toBe(401)
      expect(state.pulled).toBeLessThanOrEqual(64 * 1024)
    })
  }

  it('stops reading at the cap when the signature header is plausible', async () => {
    const { app } = makeApp()
    const { stream, state } = countingStream(4 * MAX_BODY_BYTES)
    const headers = gatewayHeaders('POST', '/api/v1/orgs', '{}')
    const res = await send(app, '/api/v1/orgs', stream, headers)
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ error: 'payload_too_large' })
    expect(state.pulled).toBeLessThanOrEqual(MAX_BODY_BYTES + 64 * 1024)
  })

  it('checks the signature before the JSON: a body that is not JSON under a bad MAC is a 401', async () => {
    const { app } = makeApp()
    const headers = gatewayHeaders('POST', '/api/v1/orgs', '{"website":"a.org"}')
    expect((await call(app, 'POST', '/api/v1/orgs', { body: '{not json', sign: false, headers })).status).toBe(401)
    expect((await call(app, 'POST', '/api/v1/orgs', { body: '{not json' })).status).toBe(400)
  })

  it('accepts a body of exactly the cap and refuses one byte more', async () => {
    const { app } = makeApp()
    const exact = JSON.stringify({ website: 'example.org', pad: 'x'.repeat(MAX_BODY_BYTES - 40) }).padEnd(MAX_BODY_BYTES, ' ')
    expect(exact.length).toBe(MAX_BODY_BYTES)
    expect((await call(app, 'POST', '/api/v1/orgs', { body: exact })).status).toBe(202)
    expect((await call(app, 'POST', '/api/v1/orgs', { body: `${exact} ` })).status).toBe(413)
  })
})

forEachBackend('dropped hints', (open) => {
  it('are kept as a short summary: a huge hint list cannot make every poll huge', async () => {
    const { app } = makeApp({ storage: await open() })
    const long = (i: number) => `https://example.org/${i}/${'x'.repeat(2000)}`
    const hints = { calendarUrls: Array.from({ length: 300 }, (_, i) => long(i)), eventUrls: Array.from({ length: 200 }, (_, i) => `bad url ${i} ${'y'.repeat(1500)}`) }
    const created = await call(app, 'POST', '/api/v1/orgs', { body: { website: 'example.org', hints } })
    expect(created.status).toBe(202)
    const poll = await call(app, 'GET', `/api/v1/orgs/${created.json.jobId}`)
    expect(poll.text.length).toBeLessThan(16 * 1024)
    const notes = poll.json.notes
    expect(notes.droppedHints.length).toBeLessThanOrEqual(20)
    for (const d of notes.droppedHints) expect(d.url.length).toBeLessThanOrEqual(200)
    expect(notes.droppedHintCount).toBe(250 + 200)
  })
})
