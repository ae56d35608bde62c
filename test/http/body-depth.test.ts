// Pins issue 11 (unauthenticated 500s): a JSON body nested deeper than MAX_JSON_DEPTH is a clear
// `400 {error: "invalid_request", message}` on every route, REST and /mcp, never a 500 (Elysia's validation
// message used to overflow the stack on `hints` nested 10,000 arrays deep); authentication still comes
// first (401 before 400), nothing is stored or billed, and nesting up to the limit is served as before.
// On both backends (what is stored is checked).
import { describe, expect, it } from 'bun:test'
import type { Storage } from '../../src/db/storage'
import { MAX_JSON_DEPTH } from '../../src/json-depth'
import { call, makeApp } from '../helpers/app'
import { accountWithToken, startMcpApp } from '../helpers/mcp'
import { countRows } from '../helpers/peek'
import { forEachBackend } from '../helpers/storage'

/** An array nested `depth` levels deep around a string (depth 1 is `["x"]`). */
const nest = (depth: number): unknown => {
  let value: unknown = 'https://example.org/calendar'
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

const jobs = (storage: Storage) => countRows(storage, 'index_jobs')
const reports = (storage: Storage) => countRows(storage, 'reports')

forEachBackend('bodies nested too deep', (open) => {
  describe('REST bodies nested too deep', () => {
    it('answers 400 for hints nested 10,000 arrays deep, with nothing enqueued or billed', async () => {
      const { app, storage, usageCalls } = makeApp({ storage: await open() })
      for (const hints of [{ calendarUrls: nest(10_000) }, { calendarUrls: [nest(10_000)] }, nest(10_000), { extra: nest(10_000) }]) {
        const res = await call(app, 'POST', '/api/v1/orgs', { body: { website: 'springfield-library.org', hints } })
        expect(res.status).toBe(400)
        expect(res.json).toEqual({ error: 'invalid_request', message: `request body is nested more than ${MAX_JSON_DEPTH} levels deep` })
      }
      expect(await jobs(storage)).toBe(0)
      expect(usageCalls.filter((c) => c.kind === 'usage')).toEqual([])
    })

    it('authenticates first: an unsigned deep body is a 401', async () => {
      const { app } = makeApp({ storage: await open() })
      const res = await call(app, 'POST', '/api/v1/orgs', { body: { website: 'springfield-library.org', hints: { calendarUrls: nest(10_000) } }, sign: false })
      expect(res.status).toBe(401)
      expect(res.json.error).toBe('invalid_gateway_signature')
    })

    it('refuses a deep report body, and a deep form-less body on the OAuth token endpoint', async () => {
      const { app, storage } = makeApp({ storage: await open() })
      const report = await call(app, 'POST', '/api/v1/report', { body: { message: 'x', extra: nest(10_000) } })
      expect(report.status).toBe(400)
      expect(report.json.message).toContain('nested')
      expect(await reports(storage)).toBe(0)
      const token = await call(app, 'POST', '/oauth/token', { body: { grant_type: nest(10_000) }, sign: false })
      expect(token.status).toBe(400)
    })

    it('serves bodies nested up to the limit as before', async () => {
      const { app, storage } = makeApp({ storage: await open() })
      // {hints: {extra: [[…]]}}: the object, hints and `extra`'s arrays make MAX_JSON_DEPTH levels.
      const ok = await call(app, 'POST', '/api/v1/orgs', {
        body: { website: 'springfield-library.org', hints: { calendarUrls: ['https://springfield-library.org/events'], extra: nest(MAX_JSON_DEPTH - 2) } },
      })
      expect(ok.status).toBe(202)
      expect(await jobs(storage)).toBe(1)
      const over = await call(app, 'POST', '/api/v1/orgs', { body: { website: 'springfield-library.org', hints: { extra: nest(MAX_JSON_DEPTH - 1) } } })
      expect(over.status).toBe(400)
    })
  })

  describe('/mcp messages nested too deep', () => {
    it('answers 400 {error, message} for index_organization and report_issue arguments nested 10,000 deep', async () => {
      const app = startMcpApp({ storage: await open() })
      try {
        const { token } = await accountWithToken(app, { credits: 100 })
        const rpc = (name: string, args: unknown, bearer?: string) =>
          fetch(app.mcpUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
          })
        for (const [name, args, bearer] of [
          ['index_organization', { website: 'springfield-library.org', hints: { calendarUrls: nest(10_000) } }, token],
          ['index_organization', { website: 'springfield-library.org', hints: nest(10_000) }, token],
          ['report_issue', { message: 'x', extra: nest(10_000) }, undefined],
        ] as const) {
          const response = await rpc(name, args, bearer)
          expect(response.status).toBe(400)
          expect(await response.json()).toEqual({ error: 'invalid_request', message: `request body is nested more than ${MAX_JSON_DEPTH} levels deep` })
        }
        expect(await reports(app.storage)).toBe(0)
        expect(await jobs(app.storage)).toBe(0)
      } finally {
        app.stop()
      }
    })
  })
})
