// Pins the spec's addressing rule: a path without the single /api/v1 prefix (or with it twice) matches
// no route and answers 403 "Missing Authentication Token"; /mcp, /.well-known and /oauth
// belong to the MCP surface, and unknown paths under the last two answer 404 {error, message}.
import { describe, expect, it } from 'bun:test'
import { call, makeApp } from '../helpers/app'

describe('the /api/v1 prefix', () => {
  const missing = ['/', '/health', '/orgs', '/search/events', '/businesses/org_0123456789abcdef/events', '/v1/health', '/api/health', '/API/V1/health']
  for (const path of missing) {
    it(`answers 403 for ${path}`, async () => {
      const { app } = makeApp()
      const res = await call(app, 'GET', path)
      expect(res.status).toBe(403)
      expect(res.json).toEqual({ error: 'missing_authentication_token', message: 'Missing Authentication Token' })
    })
  }

  for (const path of ['/api/v1/api/v1/health', '/api/v1/api/v1/search/events', '/api/v1/api/v1/orgs']) {
    it(`answers 403 for the doubled prefix ${path}`, async () => {
      const { app } = makeApp()
      const res = await call(app, path.endsWith('orgs') ? 'POST' : 'GET', path, path.endsWith('orgs') ? { body: { website: 'a.org' } } : {})
      expect(res.status).toBe(403)
      expect(res.json.message).toBe('Missing Authentication Token')
    })
  }

  it('answers 403 for a method no route has', async () => {
    const { app } = makeApp()
    const res = await call(app, 'DELETE', '/api/v1/search/events')
    expect(res.status).toBe(403)
    expect(res.json.error).toBe('missing_authentication_token')
  })

  it('keeps /mcp, /.well-known/* and /oauth/* out of the 403 rule', async () => {
    const { app } = makeApp()
    expect((await call(app, 'GET', '/mcp', { sign: false })).status).toBe(405)
    expect((await call(app, 'GET', '/.well-known/oauth-authorization-server', { sign: false })).status).toBe(200)
    expect((await call(app, 'POST', '/oauth/token', { sign: false, body: 'grant_type=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).json.error).toBe('invalid_request')
  })

  for (const path of ['/.well-known/openid-configuration', '/.well-known/x/y', '/oauth/register', '/oauth/a/b']) {
    it(`answers 404 {error, message} for the unknown ${path}`, async () => {
      const { app } = makeApp()
      const res = await call(app, 'GET', path, { sign: false })
      expect(res.status).toBe(404)
      expect(res.json).toEqual({ error: 'not_found', message: expect.any(String) })
    })
  }
})
