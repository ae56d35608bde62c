import { createHash, randomBytes } from 'node:crypto'

/** A client that publishes Client ID Metadata Documents on loopback, good and broken ones. */
export function startClientSite() {
  let origin = ''
  const server: import('bun').Server<undefined> = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request): Response {
      const url = new URL(request.url)
      const self: string = `${origin}${url.pathname}`
      const doc = (clientId: string): Response =>
        Response.json({ client_id: clientId, client_name: 'Calendar Helper <Test>', client_uri: `${origin}/`, redirect_uris: [`${origin}/callback`], token_endpoint_auth_method: 'none' })
      switch (url.pathname) {
        case '/client.json':
          return doc(self)
        case '/redirects.json':
          return new Response(null, { status: 302, headers: { location: `${origin}/client.json` } })
        case '/not-json.json':
          return new Response('<html>hello</html>', { headers: { 'content-type': 'text/html' } })
        case '/large.json':
          return Response.json({ client_id: self, redirect_uris: [`${origin}/callback`], padding: 'x'.repeat(40_000) })
        case '/other-id.json':
          return doc(`${origin}/client.json`)
        default:
          return new Response('not found', { status: 404 })
      }
    },
  })
  origin = `http://127.0.0.1:${server.port}`
  return { origin, clientId: `${origin}/client.json`, redirectUri: `${origin}/callback`, stop: () => server.stop(true) }
}

/** A PKCE pair (RFC 7636, S256). */
export function pkce() {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

const unescape = (s: string) => s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))

/** GET /oauth/authorize: the response, the consent form's fields and the CSRF cookie. */
export async function openConsent(base: string, params: Record<string, string>) {
  const response = await fetch(`${base}/oauth/authorize?${new URLSearchParams(params)}`, { redirect: 'manual' })
  const html = await response.text()
  const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([a-z_]+)" value="([^"]*)">/g)].map((m) => [m[1], unescape(m[2])]))
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]
  return { response, html, fields, cookie }
}

/** POSTs the consent form as a browser would: its hidden fields, the account key and the button pressed. */
export async function answerConsent(
  base: string,
  consent: { fields: Record<string, string>; cookie: string },
  answer: { accountKey?: string; action: 'approve' | 'deny'; cookie?: string; fields?: Record<string, string> },
) {
  const body = new URLSearchParams({ ...consent.fields, ...answer.fields, ...(answer.accountKey ? { account_key: answer.accountKey } : {}), action: answer.action })
  return fetch(`${base}/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: answer.cookie ?? consent.cookie },
    body,
  })
}

/** POST /oauth/token with form parameters; returns status and JSON. */
export async function tokenRequest(base: string, params: Record<string, string>) {
  const response = await fetch(`${base}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params) })
  return { status: response.status, headers: response.headers, json: (await response.json()) as Record<string, any> }
}

/** The whole dance for an account key: consent, approval, code exchange with PKCE. */
export async function obtainTokens(base: string, client: { clientId: string; redirectUri: string }, accountKey: string, extra: Record<string, string> = {}) {
  const { verifier, challenge } = pkce()
  const params = {
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st-1',
    resource: `${base}/mcp`,
    ...extra,
  }
  const consent = await openConsent(base, params)
  if (consent.response.status !== 200) throw new Error(`consent page: ${consent.response.status} ${consent.html}`)
  const approved = await answerConsent(base, consent, { accountKey, action: 'approve' })
  const location = new URL(approved.headers.get('location')!)
  const code = location.searchParams.get('code')!
  const tokens = await tokenRequest(base, { grant_type: 'authorization_code', code, redirect_uri: client.redirectUri, client_id: client.clientId, code_verifier: verifier, resource: `${base}/mcp` })
  return { code, verifier, location, tokens }
}
