// Pins the one error mapper (src/errors.ts): every error body is {error, message}; a bug is an opaque 500
// that is logged with the request id; the request id is echoed on every response, errors included.
import { describe, expect, it } from 'bun:test'
import { Elysia } from 'elysia'
import { AppError, errorPlugin, mapError } from '../../src/errors'
import { requestIdPlugin } from '../../src/http/request-id'
import { createLogger } from '../../src/log'
import { call, makeApp } from '../helpers/app'

describe('mapError', () => {
  it('keeps an AppError status, code, extra fields and headers', () => {
    const mapped = mapError('UNKNOWN', new AppError(402, 'payment_required', 'top up', { usage: [{ meter: 'orgs_index', quantity: 1 }] }, { 'retry-after': '5' }))
    expect(mapped).toEqual({ status: 402, body: { error: 'payment_required', message: 'top up', usage: [{ meter: 'orgs_index', quantity: 1 }] }, headers: { 'retry-after': '5' } })
  })

  it('turns an unexpected error into an opaque 500 without its message', () => {
    const mapped = mapError('UNKNOWN', new Error('SQLITE_CORRUPT at /var/lib/secret/path'))
    expect(mapped.status).toBe(500)
    expect(mapped.body.error).toBe('internal_error')
    expect(JSON.stringify(mapped.body)).not.toContain('secret')
  })

  it('maps a parse failure to 400 and an unmatched route to the 403 of the spec', () => {
    expect(mapError('PARSE', new Error('x'))).toMatchObject({ status: 400, body: { error: 'invalid_request' } })
    expect(mapError('NOT_FOUND', new Error('x'))).toMatchObject({ status: 403, body: { message: 'Missing Authentication Token' } })
  })
})

describe('the error plugin in an app', () => {
  function appThatThrows(lines: string[]) {
    return new Elysia()
      .use(errorPlugin(createLogger('info', (l) => lines.push(l))))
      .use(requestIdPlugin())
      .get('/boom', () => {
        throw new TypeError('undefined is not a function (secret-token-123)')
      })
  }

  it('answers 500 {error, message} and logs the stack with the request id', async () => {
    const lines: string[] = []
    const res = await appThatThrows(lines).handle(new Request('http://localhost/boom', { headers: { 'x-request-id': 'req-abcdef12' } }))
    expect(res.status).toBe(500)
    const body = (await res.json()) as object
    expect(Object.keys(body).sort()).toEqual(['error', 'message'])
    expect(JSON.stringify(body)).not.toContain('secret-token')
    expect(res.headers.get('x-request-id')).toBe('req-abcdef12')
    expect(lines).toHaveLength(1)
    const logged = JSON.parse(lines[0])
    expect(logged).toMatchObject({ level: 'error', requestId: 'req-abcdef12', path: '/boom' })
    expect(logged.stack).toContain('TypeError')
  })
})

describe('request ids', () => {
  it('keeps a well-formed incoming id and echoes it on errors too', async () => {
    const { app } = makeApp()
    const res = await call(app, 'GET', '/nowhere', { headers: { 'x-request-id': 'gw-1234567890' } })
    expect(res.status).toBe(403)
    expect(res.headers.get('x-request-id')).toBe('gw-1234567890')
  })

  it('replaces an incoming id that could forge log lines', async () => {
    const { app } = makeApp()
    const res = await call(app, 'GET', '/api/v1/health', { headers: { 'x-request-id': 'abc" "level":"error' } })
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('gives two requests two different ids', async () => {
    const { app } = makeApp()
    const a = await call(app, 'GET', '/api/v1/health')
    const b = await call(app, 'GET', '/api/v1/health')
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'))
  })
})

describe('request size', () => {
  it('answers 413 {error, message} for a declared body over 1 MiB', async () => {
    const { app } = makeApp()
    const body = JSON.stringify({ message: 'x'.repeat(1024 * 1024 + 10) })
    const res = await call(app, 'POST', '/api/v1/report', { body, headers: { 'content-length': String(body.length) } })
    expect(res.status).toBe(413)
    expect(res.json.error).toBe('payload_too_large')
  })
})
