// Pins issue 11 (unauthenticated 500s) on the OAuth endpoints: whatever an unauthenticated caller puts in
// an authorization or token request, or a client publishes in its metadata document, the answer is the
// OAuth error form (our escaped error page, an `error=` redirect, or RFC 6749 §5.2 JSON), never a 500.
// Scope words and parameter names that are Object.prototype properties (constructor, __proto__,
// toString) are plain unknown words; redirect URIs are validated when the document is read. On both
// backends (what an accepted request stores).
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { createAccount } from '../../src/services/credits'
import { startMcpApp } from '../helpers/mcp'
import { forEachBackend } from '../helpers/storage'
import { answerConsent, obtainTokens, openConsent, pkce, startClientSite, tokenRequest } from '../helpers/oauth'

const client = startClientSite()

/** Publishes client metadata documents whose redirect_uris the test chooses: GET /doc/<n>.json. */
const docs: unknown[][] = []
const docSite: import('bun').Server<undefined> = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(request): Response {
    const url = new URL(request.url)
    const n = Number(/^\/doc\/(\d+)\.json$/.exec(url.pathname)?.[1] ?? -1)
    if (!docs[n]) return new Response('not found', { status: 404 })
    return Response.json({ client_id: `http://127.0.0.1:${docSite.port}${url.pathname}`, client_name: 'Hostile', redirect_uris: docs[n] })
  },
})
const publish = (redirectUris: unknown[]) => `http://127.0.0.1:${docSite.port}/doc/${docs.push(redirectUris) - 1}.json`

afterAll(() => {
  docSite.stop(true)
  client.stop()
})

forEachBackend('OAuth input', (open) => {
  let app: ReturnType<typeof startMcpApp>
  beforeAll(async () => {
    app = startMcpApp({ storage: await open() })
  })
  afterAll(() => app.stop())

  const authorize = (params: Record<string, string>) => fetch(`${app.base}/oauth/authorize?${new URLSearchParams(params)}`, { redirect: 'manual' })
  const request = (extra: Record<string, string> = {}) => ({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
    state: 's1',
    ...extra,
  })

  describe('scope words that are Object.prototype properties', () => {
    for (const scope of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'events:read valueOf']) {
      it(`answers invalid_scope for scope=${scope}, redirected to the verified client`, async () => {
        const response = await authorize(request({ scope }))
        expect(response.status).toBe(302)
        const location = new URL(response.headers.get('location')!)
        expect(`${location.origin}${location.pathname}`).toBe(client.redirectUri)
        expect(location.searchParams.get('error')).toBe('invalid_scope')
        expect(location.searchParams.get('error_description')).toContain('unknown scope')
        expect(location.searchParams.get('state')).toBe('s1')
      })
    }

    it('refuses them on refresh too (400 invalid_scope JSON)', async () => {
      const { accountKey } = await createAccount(app.storage, { email: 'proto-scope@example.org', credits: 0, nowMs: Date.now() })
      const { tokens } = await obtainTokens(app.base, client, accountKey)
      for (const scope of ['constructor', '__proto__']) {
        const refreshed = await tokenRequest(app.base, { grant_type: 'refresh_token', refresh_token: tokens.json.refresh_token, client_id: client.clientId, scope })
        expect(refreshed.status).toBe(400)
        expect(refreshed.json).toMatchObject({ error: 'invalid_scope', error_description: expect.any(String), message: expect.any(String) })
      }
    })
  })

  describe('parameter names that are Object.prototype properties', () => {
    it('ignores them on the authorization request like any unknown parameter', async () => {
      const consent = await openConsent(app.base, { ...request(), constructor: 'x', toString: 'y', __proto__: 'z', hasOwnProperty: 'w' } as Record<string, string>)
      expect(consent.response.status).toBe(200)
      expect(consent.html).toContain('Authorize')
    })

    it('still refuses a parameter that is really repeated', async () => {
      const response = await fetch(`${app.base}/oauth/authorize?${new URLSearchParams(request())}&state=again`, { redirect: 'manual' })
      expect(response.status).toBe(400)
      expect(await response.text()).toContain('the parameter state is repeated')
    })

    it('ignores them on the token endpoint (the grant itself is judged)', async () => {
      const body = new URLSearchParams({ grant_type: 'authorization_code', code: 'eic_unknown', redirect_uri: client.redirectUri, client_id: client.clientId, code_verifier: pkce().verifier })
      for (const name of ['toString', 'constructor', '__proto__']) body.append(name, '1')
      const response = await fetch(`${app.base}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: 'invalid_grant' })
    })
  })

  describe('redirect URIs of a client metadata document', () => {
    const refused: [string, unknown[], string][] = [
      ['not a URL', ['not a url'], 'not a url'],
      ['a javascript: URI', ['javascript:alert(document.cookie)'], 'javascript:alert(document.cookie)'],
      ['a data: URI', ['data:text/html,<script>alert(1)</script>'], 'data:text/html,<script>alert(1)</script>'],
      ['a URI with a fragment', ['https://client.example/cb#frag'], 'https://client.example/cb#frag'],
      ['plain http on a public host', ['http://client.example/cb'], 'http://client.example/cb'],
      ['credentials in the URI', ['https://user:pw@client.example/cb'], 'https://user:pw@client.example/cb'],
      ['a relative URI', ['/callback'], '/callback'],
    ]
    for (const [what, uris, asked] of refused) {
      it(`refuses a document listing ${what} (invalid_client on the escaped page, never a redirect or a 500)`, async () => {
        const clientId = publish(['https://client.example/ok', ...uris])
        for (const extra of [{}, { scope: 'nope' }, { response_type: 'token' }] as Record<string, string>[]) {
          const response = await authorize(request({ client_id: clientId, redirect_uri: asked, ...extra }))
          expect(response.status).toBe(400)
          expect(response.headers.get('location')).toBeNull()
          const html = await response.text()
          expect(html).toContain('invalid_client')
          expect(html).toContain('redirect_uris[1]')
          expect(html).not.toContain('<script>alert')
        }
      })
    }

    it('refuses a document with too many redirect URIs', async () => {
      const clientId = publish(Array.from({ length: 51 }, (_, i) => `https://client.example/cb${i}`))
      const response = await authorize(request({ client_id: clientId, redirect_uri: 'https://client.example/cb0' }))
      expect(response.status).toBe(400)
      expect(await response.text()).toContain('redirect_uris')
    })

    it('accepts https, loopback http and a native app scheme, and redirects errors to them', async () => {
      const uris = ['https://client.example/cb', 'http://localhost:8123/cb', 'http://[::1]:8123/cb', 'com.example.app:/oauth2redirect', 'cursor://anysphere.cursor-retrieval/oauth/callback']
      const clientId = publish(uris)
      for (const uri of uris) {
        const response = await authorize(request({ client_id: clientId, redirect_uri: uri, scope: 'constructor' }))
        expect(response.status).toBe(302)
        const location = response.headers.get('location')!
        expect(location.startsWith(uri)).toBe(true)
        expect(new URL(location).searchParams.get('error')).toBe('invalid_scope')
      }
    })

    it('issues a code to a native app scheme through the consent form', async () => {
      const clientId = publish(['com.example.app:/oauth2redirect'])
      const { accountKey } = await createAccount(app.storage, { email: 'native@example.org', credits: 0, nowMs: Date.now() })
      const consent = await openConsent(app.base, request({ client_id: clientId, redirect_uri: 'com.example.app:/oauth2redirect' }))
      expect(consent.response.status).toBe(200)
      const approved = await answerConsent(app.base, consent, { accountKey, action: 'approve' })
      expect(approved.status).toBe(302)
      expect(new URL(approved.headers.get('location')!).searchParams.get('code')).toMatch(/^eic_/)
    })
  })
})
