// Pins the usage service's socket transport (issue 12: the billed pull's usage calls on the request
// thread's kept-alive sockets instead of fetch): answers framed by Content-Length, chunked or the close of
// the connection are read whole, 1xx skipped; connections are reused; a kept-alive connection the server
// closed while idle is retried once on a fresh one (the calls are idempotent), nothing else is; a failure
// before any byte was sent says so (`sent: false`: nothing can have been charged), after it `sent: true`.
import { afterEach, describe, expect, it } from 'bun:test'
import { createServer, type Socket } from 'node:net'
import { parseAnswer, socketTransport, TransportError } from '../../src/gateway/usage-transport'
import { deadUrl } from '../helpers/usage-server'

const stops: (() => unknown)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

/** A raw TCP server on loopback: `onRequest` gets each complete request head+body and the socket. */
async function rawServer(onRequest: (socket: Socket, request: string, index: number) => void) {
  const connections: Socket[] = []
  let requests = 0
  const server = createServer((socket) => {
    connections.push(socket)
    let buffered = ''
    socket.on('data', (data) => {
      buffered += data.toString('latin1')
      const end = buffered.indexOf('\r\n\r\n')
      const length = Number(/content-length: (\d+)/i.exec(buffered)?.[1] ?? 0)
      if (end < 0 || buffered.length < end + 4 + length) return
      const request = buffered
      buffered = ''
      onRequest(socket, request, requests++)
    })
  }).listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  stops.push(() => {
    for (const c of connections) c.destroy()
    server.close()
  })
  return { origin: new URL(`http://127.0.0.1:${(server.address() as { port: number }).port}`), connections }
}

const post = (origin: URL, path = '/allowance') => socketTransport(origin).post(path, { authorization: 'Bearer k' }, '{"a":1}', 2000)

describe('parseAnswer', () => {
  const bytes = (text: string) => Buffer.from(text, 'latin1')

  it('reads a Content-Length body, and waits while it is incomplete', () => {
    expect(parseAnswer(bytes('HTTP/1.1 200 OK\r\nContent-Length: 16\r\n\r\n{"allowed":true}'), false)).toEqual({ answer: { status: 200, body: '{"allowed":true}' }, keepAlive: true })
    expect(parseAnswer(bytes('HTTP/1.1 200 OK\r\nContent-Length: 16\r\n\r\n{"allowed":'), false)).toBeUndefined()
    expect(parseAnswer(bytes('HTTP/1.1 200 OK\r\nContent-Len'), false)).toBeUndefined()
  })

  it('reads a chunked body only once its last chunk came', () => {
    const whole = 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5\r\n{"all\r\nb;x=1\r\nowed":true}\r\n0\r\n\r\n'
    expect(parseAnswer(bytes(whole), false)?.answer).toEqual({ status: 200, body: '{"allowed":true}' })
    expect(parseAnswer(bytes(whole.slice(0, -2)), false)).toBeUndefined()
  })

  it('skips 1xx answers, reads 204 without a body, and a body without a length up to the close', () => {
    expect(parseAnswer(bytes('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n'), false)).toEqual({ answer: { status: 204, body: '' }, keepAlive: true })
    expect(parseAnswer(bytes('HTTP/1.1 200 OK\r\n\r\n{"allowed":false}'), false)).toBeUndefined()
    expect(parseAnswer(bytes('HTTP/1.1 200 OK\r\n\r\n{"allowed":false}'), true)).toEqual({ answer: { status: 200, body: '{"allowed":false}' }, keepAlive: false })
  })

  it('keeps a connection only when HTTP/1.1 does not say close', () => {
    expect(parseAnswer(bytes('HTTP/1.1 204 No Content\r\nConnection: keep-alive, Close\r\n\r\n'), false)?.keepAlive).toBe(false)
    expect(parseAnswer(bytes('HTTP/1.0 204 No Content\r\n\r\n'), false)?.keepAlive).toBe(false)
    expect(parseAnswer(bytes('HTTP/1.1 204 No Content\r\nx-connection: close\r\n\r\n'), false)?.keepAlive).toBe(true)
    // Bytes after the answer answer nothing that was sent: the connection is not reused.
    expect(parseAnswer(bytes('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}HTTP/1.1 200 OK\r\n'), false)).toEqual({ answer: { status: 200, body: '{}' }, keepAlive: false })
    expect(parseAnswer(bytes('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n'), false)?.keepAlive).toBe(true)
  })

  it('never completes a malformed answer', () => {
    expect(parseAnswer(bytes('HTTP/2 200\r\n\r\n{}'), true)).toBeUndefined()
    expect(parseAnswer(bytes('HTTP/1.1 200 OK\r\nContent-Length: x\r\n\r\n{}'), true)).toBeUndefined()
  })
})

describe('socketTransport', () => {
  it('sends the request with host, length and headers, and reuses one connection for calls in turn', async () => {
    const seen: string[] = []
    const { origin, connections } = await rawServer((socket, request) => {
      seen.push(request)
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 16\r\n\r\n{"allowed":true}')
    })
    const transport = socketTransport(origin)
    for (let i = 0; i < 3; i++) expect(await transport.post('/allowance', { authorization: 'Bearer k' }, '{"a":1}', 2000)).toEqual({ status: 200, body: '{"allowed":true}' })
    expect(connections.length).toBe(1)
    expect(seen[0]).toBe(`POST /allowance HTTP/1.1\r\nhost: ${origin.host}\r\ncontent-length: 7\r\nauthorization: Bearer k\r\n\r\n{"a":1}`)
  })

  it("puts the base URL's path before the call's", async () => {
    const seen: string[] = []
    const { origin } = await rawServer((socket, request) => {
      seen.push(request.slice(0, request.indexOf('\r\n')))
      socket.write('HTTP/1.1 204 No Content\r\n\r\n')
    })
    await socketTransport(new URL('/_usage/', origin)).post('/usage', {}, '{}', 2000)
    expect(seen).toEqual(['POST /_usage/usage HTTP/1.1'])
  })

  it('sends a call again on a fresh connection when the kept-alive one closes without answering, once', async () => {
    let requests = 0
    const { origin, connections } = await rawServer((socket, _request, index) => {
      requests++
      // The second request reaches a kept-alive connection the server is closing (its keep-alive timeout).
      if (index === 1) socket.destroy()
      else socket.write('HTTP/1.1 204 No Content\r\n\r\n')
    })
    const transport = socketTransport(origin)
    expect((await transport.post('/usage', {}, '{}', 2000)).status).toBe(204)
    expect((await transport.post('/usage', {}, '{}', 2000)).status).toBe(204)
    expect([requests, connections.length]).toEqual([3, 2])
  })

  it('drops a kept-alive connection the server closed while idle', async () => {
    const { origin, connections } = await rawServer((socket) => {
      socket.write('HTTP/1.1 204 No Content\r\n\r\n')
      setTimeout(() => socket.destroy(), 0)
    })
    const transport = socketTransport(origin)
    expect((await transport.post('/usage', {}, '{}', 2000)).status).toBe(204)
    await Bun.sleep(20)
    expect((await transport.post('/usage', {}, '{}', 2000)).status).toBe(204)
    expect(connections.length).toBe(2)
  })

  it('fails as sent when a fresh connection closes before answering, and is not retried', async () => {
    let calls = 0
    const { origin } = await rawServer((socket) => {
      calls++
      socket.destroy()
    })
    const error = await post(origin).catch((e) => e)
    expect(error).toBeInstanceOf(TransportError)
    expect(error.sent).toBe(true)
    expect(calls).toBe(1)
  })

  it('fails as not sent when nothing listens, or a header value holds a line break', async () => {
    const unreachable = await post(new URL(deadUrl())).catch((e) => e)
    expect(unreachable).toBeInstanceOf(TransportError)
    expect(unreachable.sent).toBe(false)
    const { origin } = await rawServer((socket) => socket.write('HTTP/1.1 204 No Content\r\n\r\n'))
    const split = await socketTransport(origin)
      .post('/usage', { authorization: 'Bearer k\r\nx-evil: 1' }, '{}', 2000)
      .catch((e) => e)
    expect(split).toBeInstanceOf(TransportError)
    expect(split.sent).toBe(false)
  })

  it('fails as sent on a timeout, and on an answer over 64 KiB', async () => {
    const { origin } = await rawServer((socket, request) => {
      if (request.startsWith('POST /big')) socket.write(`HTTP/1.1 200 OK\r\nContent-Length: 70000\r\n\r\n${'x'.repeat(70_000)}`)
    })
    const late = await socketTransport(origin)
      .post('/hang', {}, '{}', 50)
      .catch((e) => e)
    expect([late.sent, late.timedOut]).toEqual([true, true])
    const big = await post(origin, '/big').catch((e) => e)
    expect([big.sent, big.timedOut]).toEqual([true, false])
  })
})
