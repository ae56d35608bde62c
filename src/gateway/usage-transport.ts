import type { Socket } from 'bun'

/**
 * HTTP/1.1 POSTs to the usage service over kept-alive sockets of the request thread (issue 12: CPU of the
 * billed events pull). Through `fetch`, each of a pull's two usage calls crossed to Bun's HTTP client
 * thread and back: measured in the loaded service, the two calls cost 110 µs of CPU of a 230 µs pull (60
 * on the request thread, 45 on the client thread); over these sockets they cost 50–60, all on the
 * request thread. Only what the usage service needs is spoken: one request at a time per connection, a
 * response framed by Content-Length, chunked or by the close of the connection, 1xx skipped.
 *
 * What must hold (the client's failure classes, usage-client.ts): a call that fails before any byte of
 * its request was written rejects with `sent: false` (it cannot have taken effect); after that, with
 * `sent: true`. The one exception is taken care of here: a kept-alive connection the server closed while
 * idle may be found closed only once a request is written on it; when it delivered no byte of an answer,
 * the request is sent once more on a fresh connection (the usage service's calls are idempotent by
 * request id, and an allowance check changes nothing).
 */
export type TransportAnswer = { status: number; body: string }

/** A call that did not end with a complete answer; `sent` says whether any byte of the request left. */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly sent: boolean,
    readonly timedOut = false,
  ) {
    super(message)
    this.name = 'TransportError'
  }
}

/** Idle connections kept per origin, and connections open at once (more calls wait for one). */
const MAX_IDLE = 64
const MAX_OPEN = 128
/** A connection idle this long is not reused (servers close idle keep-alive connections after 5–10 s). */
const IDLE_REUSE_MS = 4000
/** An answer larger than this is not the usage service's: the call fails as unknown. */
const MAX_ANSWER_BYTES = 64 * 1024

type Call = { resolve: (answer: TransportAnswer) => void; reject: (error: TransportError) => void; received: boolean }
type Conn = { socket?: Socket<Conn>; chunks: Buffer[]; size: number; call?: Call; closed: boolean; idleSince: number; reused: boolean; unsent?: Buffer }

export type UsageTransport = {
  post(path: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<TransportAnswer>
}

/** A transport to one `http:` base URL (its path a prefix of every call's; `https:` is left to fetch). */
export function socketTransport(origin: URL): UsageTransport {
  return new SocketTransport(origin)
}

class SocketTransport implements UsageTransport {
  private readonly hostname: string
  private readonly port: number
  private readonly host: string
  /** The path of the service's base URL, before `/allowance` and `/usage` (empty for the root). */
  private readonly prefix: string
  private readonly idle: Conn[] = []
  private readonly waiting: (() => void)[] = []
  private open = 0
  private readonly handlers = {
    data: (socket: Socket<Conn>, data: Buffer) => this.received(socket.data, data),
    drain: (socket: Socket<Conn>) => socket.data.unsent && this.write(socket.data, socket.data.unsent),
    close: (socket: Socket<Conn>) => this.closed(socket.data),
    error: (socket: Socket<Conn>) => this.destroy(socket.data),
  }

  constructor(origin: URL) {
    this.hostname = origin.hostname.replace(/^\[|\]$/g, '')
    this.port = Number(origin.port || 80)
    this.host = origin.host
    this.prefix = origin.pathname.replace(/\/+$/, '')
  }

  async post(path: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<TransportAnswer> {
    const deadline = performance.now() + timeoutMs
    let head = `POST ${this.prefix}${path} HTTP/1.1\r\nhost: ${this.host}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`
    for (const name in headers) {
      // A line break in a value (a misconfigured key) would split the request: refused before anything is sent.
      if (/[\r\n\0]/.test(headers[name])) throw new TransportError(`the ${name} header holds a line break`, false)
      head += `${name}: ${headers[name]}\r\n`
    }
    const request = Buffer.from(`${head}\r\n${body}`)
    try {
      return await this.once(request, deadline)
    } catch (error) {
      if (!(error as { stale?: boolean }).stale) throw error
      return this.once(request, deadline)
    }
  }

  private async once(request: Buffer, deadline: number): Promise<TransportAnswer> {
    const conn = await this.connection()
    if (performance.now() >= deadline) {
      this.release(conn)
      throw new TransportError('usage service timed out before the request was sent', false, true)
    }
    const reused = conn.reused
    return new Promise<TransportAnswer>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(conn, new TransportError('usage service timed out', true, true)), deadline - performance.now())
      const call: Call = {
        received: false,
        resolve: (answer) => {
          clearTimeout(timer)
          resolve(answer)
        },
        reject: (error) => {
          clearTimeout(timer)
          // A kept-alive connection found closed by the server: nothing of this call was answered.
          reject(reused && !call.received && !error.timedOut ? Object.assign(error, { stale: true }) : error)
        },
      }
      conn.call = call
      this.write(conn, request)
    })
  }

  private async connection(): Promise<Conn> {
    for (let conn = this.idle.pop(); conn; conn = this.idle.pop()) {
      if (!conn.closed && performance.now() - conn.idleSince < IDLE_REUSE_MS) return conn
      this.destroy(conn)
    }
    if (this.open >= MAX_OPEN) {
      await new Promise<void>((resolve) => this.waiting.push(resolve))
      return this.connection()
    }
    this.open++
    const conn: Conn = { chunks: [], size: 0, closed: false, idleSince: 0, reused: false }
    try {
      conn.socket = await Bun.connect<Conn>({ hostname: this.hostname, port: this.port, data: conn, socket: this.handlers })
    } catch (error) {
      this.open--
      this.waiting.shift()?.()
      throw new TransportError(`usage service unreachable (${(error as { code?: string }).code ?? 'connect failed'})`, false)
    }
    return conn
  }

  private received(conn: Conn, data: Buffer) {
    if (!conn.call) return this.destroy(conn)
    conn.call.received = true
    conn.chunks.push(data)
    conn.size += data.length
    if (conn.size > MAX_ANSWER_BYTES) return this.fail(conn, new TransportError('the usage service answered more than 64 KiB', true))
    const parsed = parseAnswer(conn.chunks.length === 1 ? data : Buffer.concat(conn.chunks, conn.size), false)
    if (parsed) this.finish(conn, parsed)
  }

  private closed(conn: Conn) {
    conn.closed = true
    const parsed = conn.call && conn.size > 0 ? parseAnswer(Buffer.concat(conn.chunks, conn.size), true) : undefined
    if (parsed) this.finish(conn, parsed)
    else if (conn.call) this.fail(conn, new TransportError('the usage service closed the connection before answering', true))
    else this.forget(conn)
  }

  private write(conn: Conn, bytes: Buffer) {
    const written = conn.socket?.write(bytes) ?? -1
    conn.unsent = written < bytes.length ? bytes.subarray(Math.max(written, 0)) : undefined
  }

  private finish(conn: Conn, parsed: { answer: TransportAnswer; keepAlive: boolean }) {
    const call = conn.call!
    conn.call = undefined
    conn.chunks = []
    conn.size = 0
    if (parsed.keepAlive && !conn.closed && this.idle.length < MAX_IDLE) this.release(conn)
    else this.destroy(conn)
    call.resolve(parsed.answer)
  }

  private release(conn: Conn) {
    conn.idleSince = performance.now()
    conn.reused = true
    const next = this.waiting.shift()
    this.idle.push(conn)
    next?.()
  }

  private fail(conn: Conn, error: TransportError) {
    const call = conn.call
    conn.call = undefined
    this.destroy(conn)
    call?.reject(error)
  }

  private destroy(conn: Conn) {
    // A call in flight is failed first (fail() comes back here with none), so the socket is still seen as open and is terminated.
    if (conn.call) return this.fail(conn, new TransportError('the usage service connection failed', true))
    const wasOpen = !conn.closed
    conn.closed = true
    const socket = conn.socket
    this.forget(conn)
    if (wasOpen) socket?.terminate()
  }

  private forget(conn: Conn) {
    if (conn.socket === undefined) return
    conn.socket = undefined
    this.open--
    const i = this.idle.indexOf(conn)
    if (i >= 0) this.idle.splice(i, 1)
    this.waiting.shift()?.()
  }
}

const HEAD_END = Buffer.from('\r\n\r\n')
const STATUS_LINE = /^HTTP\/1\.([01]) (\d{3})/
/** Header fields read from a head (names case-insensitive, optional whitespace around values, RFC 9112). */
const CONNECTION_CLOSE = /\r\nconnection:[ \t]*(?:[^\r]*,[ \t]*)?close[ \t]*(?:,|\r|$)/i
const CHUNKED = /\r\ntransfer-encoding:[^\r]*chunked/i
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*([^\r]*?)[ \t]*(?:\r|$)/i

/**
 * The first complete final answer in `bytes`, or undefined while it is incomplete (`ended`: the server
 * closed the connection, which ends a body without a length). Throws nothing: malformed → undefined until
 * the close, then the call fails.
 */
export function parseAnswer(bytes: Buffer, ended: boolean): { answer: TransportAnswer; keepAlive: boolean } | undefined {
  let start = 0
  for (;;) {
    const end = bytes.indexOf(HEAD_END, start)
    if (end < 0) return undefined
    const head = bytes.toString('latin1', start, end)
    const status = STATUS_LINE.exec(head)
    if (!status) return undefined
    const code = Number(status[2])
    if (code >= 100 && code < 200) {
      start = end + 4
      continue
    }
    // Kept only when the answer is all that came: bytes after it are not an answer to anything sent.
    const keepAlive = (stop: number) => status[1] === '1' && !CONNECTION_CLOSE.test(head) && stop === bytes.length
    const bodyStart = end + 4
    if (code === 204 || code === 304) return { answer: { status: code, body: '' }, keepAlive: keepAlive(bodyStart) }
    if (CHUNKED.test(head)) {
      const chunked = dechunk(bytes, bodyStart)
      return chunked && { answer: { status: code, body: chunked.body }, keepAlive: keepAlive(chunked.stop) }
    }
    const length = CONTENT_LENGTH.exec(head)?.[1]
    if (length !== undefined) {
      if (!/^\d+$/.test(length)) return undefined
      const stop = bodyStart + Number(length)
      return bytes.length < stop ? undefined : { answer: { status: code, body: bytes.toString('utf8', bodyStart, stop) }, keepAlive: keepAlive(stop) }
    }
    return ended ? { answer: { status: code, body: bytes.toString('utf8', bodyStart) }, keepAlive: false } : undefined
  }
}

/** The body of a chunked message starting at `at` and where the message stops, or undefined while incomplete. */
function dechunk(bytes: Buffer, at: number): { body: string; stop: number } | undefined {
  const parts: Buffer[] = []
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at, 'latin1')
    if (lineEnd < 0) return undefined
    const size = Number.parseInt(bytes.toString('latin1', at, lineEnd), 16)
    if (!Number.isFinite(size)) return undefined
    if (size === 0) {
      const trailerEnd = bytes.indexOf(HEAD_END, lineEnd)
      return trailerEnd < 0 ? undefined : { body: Buffer.concat(parts).toString('utf8'), stop: trailerEnd + 4 }
    }
    const start = lineEnd + 2
    if (bytes.length < start + size + 2) return undefined
    parts.push(bytes.subarray(start, start + size))
    at = start + size + 2
  }
}
