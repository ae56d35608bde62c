// Pins DESIGN §7's authorization server: RFC 9728 and RFC 8414 metadata; the consent page (CSRF-bound
// form, account key, approve/deny); PKCE S256 only; single-use 60 s codes bound to client, redirect URI,
// challenge and resource; refresh rotation with reuse detection; client ids as metadata-document URLs
// fetched without redirects, size-capped, client_id equal to the URL; tokens bound to the /mcp audience.
// On both backends (codes, tokens and signing keys are stored).
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { issueAccessToken } from '../../src/oauth/tokens'
import { createAccount } from '../../src/services/credits'
import { callTool, connect, startMcpApp } from '../helpers/mcp'
import { forEachBackend } from '../helpers/storage'
import { answerConsent, obtainTokens, openConsent, pkce, startClientSite, tokenRequest } from '../helpers/oauth'

const client = startClientSite()
afterAll(() => client.stop())

forEachBackend('the authorization server', (open) => {
  let clock = Date.now()
  let app: ReturnType<typeof startMcpApp>
  let accountKey: string
  let accountId: string
  beforeAll(async () => {
    app = startMcpApp({ storage: await open(), deps: { now: () => clock } })
    ;({ accountKey, accountId } = await createAccount(app.storage, { email: 'holder@example.org', credits: 100, nowMs: clock }))
  })
  afterAll(() => app.stop())

  const authParams = (extra: Record<string, string> = {}) => {
    const { verifier, challenge } = pkce()
    return {
      verifier,
      params: { response_type: 'code', client_id: client.clientId, redirect_uri: client.redirectUri, code_challenge: challenge, code_challenge_method: 'S256', state: 'xyz', ...extra },
    }
  }

  describe('metadata', () => {
    it('publishes protected-resource and authorization-server metadata', async () => {
      const prm = await (await fetch(`${app.base}/.well-known/oauth-protected-resource/mcp`)).json()
      expect(prm).toMatchObject({ resource: app.mcpUrl, authorization_servers: [app.base], scopes_supported: ['events:read', 'events:index'] })
      expect(await (await fetch(`${app.base}/.well-known/oauth-protected-resource`)).json()).toEqual(prm)
      const as = (await (await fetch(`${app.base}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>
      expect(as).toMatchObject({
        issuer: app.base,
        authorization_endpoint: `${app.base}/oauth/authorize`,
        token_endpoint: `${app.base}/oauth/token`,
        code_challenge_methods_supported: ['S256'],
        client_id_metadata_document_supported: true,
        grant_types_supported: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_methods_supported: ['none'],
      })
      const jwks = (await (await fetch(as.jwks_uri as string)).json()) as { keys: { kty: string; d?: string }[] }
      expect(jwks.keys[0].kty).toBe('EC')
      expect(jwks.keys[0].d).toBeUndefined()
    })
  })

  describe('the authorization code flow', () => {
    it('runs consent, PKCE, token and refresh, and the token calls protected tools', async () => {
      const { verifier, params } = authParams({ resource: app.mcpUrl })
      const consent = await openConsent(app.base, params)
      expect(consent.response.status).toBe(200)
      expect(consent.html).toContain('Calendar Helper &#60;Test&#62;')
      expect(consent.html).toContain('events:index')
      expect(consent.html).not.toContain('<img')
      expect(consent.response.headers.get('content-security-policy')).toContain("default-src 'none'")
      expect(consent.cookie).toMatch(/^ei_csrf=/)
      expect(consent.response.headers.get('set-cookie')).toContain('SameSite=Strict')

      const approved = await answerConsent(app.base, consent, { accountKey, action: 'approve' })
      expect(approved.status).toBe(302)
      const location = new URL(approved.headers.get('location')!)
      expect(`${location.origin}${location.pathname}`).toBe(client.redirectUri)
      expect(location.searchParams.get('state')).toBe('xyz')
      expect(location.searchParams.get('iss')).toBe(app.base)
      const code = location.searchParams.get('code')!

      const tokens = await tokenRequest(app.base, { grant_type: 'authorization_code', code, redirect_uri: client.redirectUri, client_id: client.clientId, code_verifier: verifier })
      expect(tokens.status).toBe(200)
      expect(tokens.headers.get('cache-control')).toBe('no-store')
      expect(tokens.json).toMatchObject({ token_type: 'Bearer', expires_in: 900, scope: 'events:read events:index' })
      const claims = JSON.parse(Buffer.from(tokens.json.access_token.split('.')[1], 'base64url').toString())
      expect(claims).toMatchObject({ aud: app.mcpUrl, iss: app.base, sub: accountId, client_id: client.clientId })

      const mcp = await connect(app.mcpUrl, { token: tokens.json.access_token })
      expect((await callTool(mcp, 'get_credit_balance')).structuredContent).toMatchObject({ accountId, balance: 100 })
      await mcp.close()

      const refreshed = await tokenRequest(app.base, { grant_type: 'refresh_token', refresh_token: tokens.json.refresh_token, client_id: client.clientId })
      expect(refreshed.status).toBe(200)
      expect(refreshed.json.refresh_token).not.toBe(tokens.json.refresh_token)
      const again = await connect(app.mcpUrl, { token: refreshed.json.access_token })
      expect((await callTool(again, 'get_usage_history')).isError).toBeUndefined()
      await again.close()

      // A rotated refresh token presented again revokes the family: the newest one stops working too.
      const replay = await tokenRequest(app.base, { grant_type: 'refresh_token', refresh_token: tokens.json.refresh_token, client_id: client.clientId })
      expect(replay).toMatchObject({ status: 400, json: { error: 'invalid_grant' } })
      const revoked = await tokenRequest(app.base, { grant_type: 'refresh_token', refresh_token: refreshed.json.refresh_token, client_id: client.clientId })
      expect(revoked.json.error).toBe('invalid_grant')
    })

    it('denies with access_denied and refuses a wrong account key on the page', async () => {
      const consent = await openConsent(app.base, authParams().params)
      const denied = await answerConsent(app.base, consent, { action: 'deny' })
      expect(new URL(denied.headers.get('location')!).searchParams.get('error')).toBe('access_denied')
      const wrong = await answerConsent(app.base, consent, { accountKey: 'eik_wrong', action: 'approve' })
      expect(wrong.status).toBe(401)
      expect(await wrong.text()).toContain('not valid')
    })

    it('refuses a consent form without its CSRF cookie or with altered parameters', async () => {
      const consent = await openConsent(app.base, authParams().params)
      expect((await answerConsent(app.base, consent, { accountKey, action: 'approve', cookie: 'ei_csrf=forged' })).status).toBe(403)
      const altered = await answerConsent(app.base, consent, { accountKey, action: 'approve', fields: { state: 'changed' } })
      expect(altered.status).toBe(403)
      expect(altered.headers.get('location')).toBeNull()
    })
  })

  describe('refusals', () => {
    it('refuses a repeated parameter on an escaped page', async () => {
      const response = await fetch(`${app.base}/oauth/authorize?client_id=a&%3Cscript%3E=1&%3Cscript%3E=2`)
      expect(response.status).toBe(400)
      const html = await response.text()
      expect(html).toContain('invalid_request')
      expect(html).not.toContain('<script>')
    })

    it('refuses PKCE plain and a missing challenge at the authorization endpoint', async () => {
      for (const extra of <Record<string, string>[]>[{ code_challenge_method: 'plain' }, { code_challenge: '' }]) {
        const { response } = await openConsent(app.base, authParams(extra).params)
        expect(response.status).toBe(302)
        const location = new URL(response.headers.get('location')!)
        expect(location.searchParams.get('error')).toBe('invalid_request')
        expect(location.searchParams.get('state')).toBe('xyz')
      }
    })

    it('refuses a wrong code_verifier, a reused code and an expired code with invalid_grant', async () => {
      const first = await obtainTokens(app.base, client, accountKey)
      expect(first.tokens.status).toBe(200)
      const exchange = (code: string, verifier: string) =>
        tokenRequest(app.base, { grant_type: 'authorization_code', code, redirect_uri: client.redirectUri, client_id: client.clientId, code_verifier: verifier })
      const reused = await exchange(first.code, first.verifier)
      expect(reused.json).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('already used') })
      // reuse revokes what the first exchange issued
      expect((await tokenRequest(app.base, { grant_type: 'refresh_token', refresh_token: first.tokens.json.refresh_token, client_id: client.clientId })).json.error).toBe('invalid_grant')

      const { verifier, params } = authParams()
      const code = async () => new URL((await answerConsent(app.base, await openConsent(app.base, params), { accountKey, action: 'approve' })).headers.get('location')!).searchParams.get('code')!
      expect((await exchange(await code(), pkce().verifier)).json).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('code_verifier') })
      const late = await code()
      clock += 61_000
      expect((await exchange(late, verifier)).json).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('expired') })
    })

    it('refuses a redirect_uri that is not registered (page, no redirect) or differs at the token endpoint', async () => {
      const { response, html } = await openConsent(app.base, authParams({ redirect_uri: `${client.origin}/elsewhere` }).params)
      expect(response.status).toBe(400)
      expect(response.headers.get('location')).toBeNull()
      expect(html).toContain('redirect_uri')
      const { verifier, params } = authParams()
      const approved = await answerConsent(app.base, await openConsent(app.base, params), { accountKey, action: 'approve' })
      const code = new URL(approved.headers.get('location')!).searchParams.get('code')!
      const mismatch = await tokenRequest(app.base, { grant_type: 'authorization_code', code, redirect_uri: `${client.origin}/elsewhere`, client_id: client.clientId, code_verifier: verifier })
      expect(mismatch).toMatchObject({ status: 400, json: { error: 'invalid_grant' } })
    })

    for (const [path, what, reason] of [
      ['/redirects.json', 'redirects', 'redirects'],
      ['/not-json.json', 'is not JSON', 'not JSON'],
      ['/large.json', 'is too large', 'larger than'],
      ['/other-id.json', 'names another client_id', 'another client_id'],
      ['/missing.json', 'is missing', 'HTTP 404'],
    ] as const) {
      it(`refuses a client metadata document that ${what} (invalid_client, shown on the page)`, async () => {
        const { response, html } = await openConsent(app.base, authParams({ client_id: `${client.origin}${path}` }).params)
        expect(response.status).toBe(400)
        expect(response.headers.get('location')).toBeNull()
        expect(html).toContain('invalid_client')
        expect(html).toContain(reason)
      })
    }

    it('refuses another resource at authorization and token time (invalid_target)', async () => {
      const { response } = await openConsent(app.base, authParams({ resource: 'https://other.example/mcp' }).params)
      expect(new URL(response.headers.get('location')!).searchParams.get('error')).toBe('invalid_target')
      const { verifier, params } = authParams()
      const approved = await answerConsent(app.base, await openConsent(app.base, params), { accountKey, action: 'approve' })
      const code = new URL(approved.headers.get('location')!).searchParams.get('code')!
      const other = await tokenRequest(app.base, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: client.redirectUri,
        client_id: client.clientId,
        code_verifier: verifier,
        resource: 'https://other.example/mcp',
      })
      expect(other.json.error).toBe('invalid_target')
    })

    it('refuses a token with the wrong audience, an expired token and an unsupported grant', async () => {
      const other = await issueAccessToken(app.storage, { issuer: app.base, resource: 'https://other.example/mcp', accountId, clientId: client.clientId, scopes: ['events:read'], nowMs: clock })
      const expired = await issueAccessToken(app.storage, { issuer: app.base, resource: app.mcpUrl, accountId, clientId: client.clientId, scopes: ['events:read'], nowMs: clock - 3600_000 })
      for (const [token, why] of [
        [other, 'another resource'],
        [expired, 'expired'],
      ]) {
        const response = await fetch(app.mcpUrl, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_credit_balance', arguments: {} } }),
        })
        expect(response.status).toBe(401)
        expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"')
        expect(response.headers.get('www-authenticate')).toContain(why)
      }
      expect((await tokenRequest(app.base, { grant_type: 'password', client_id: client.clientId })).json.error).toBe('unsupported_grant_type')
      expect((await tokenRequest(app.base, { grant_type: 'authorization_code', client_id: client.clientId })).json.error).toBe('invalid_request')
    })

    it('answers 403 insufficient_scope for a tool outside the token scopes', async () => {
      const readOnly = await issueAccessToken(app.storage, { issuer: app.base, resource: app.mcpUrl, accountId, clientId: client.clientId, scopes: ['events:read'], nowMs: clock })
      const response = await fetch(app.mcpUrl, {
        method: 'POST',
        headers: { authorization: `Bearer ${readOnly}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'index_organization', arguments: { website: 'example.org' } } }),
      })
      expect(response.status).toBe(403)
      expect(response.headers.get('www-authenticate')).toContain('error="insufficient_scope"')
    })
  })
})
