// Pins the /mcp transport rules of DESIGN §7: POST only (GET and DELETE 405, never a held-open SSE
// stream), Host/Origin validated (403 JSON), JSON and SSE answers, 400 for a body that is not JSON or a
// bad protocol version, the SDK's own error for an unknown tool, and the 401 challenge with
// resource_metadata for a protected tool called without a token (or with a bad one).
import { afterAll, describe, expect, it } from 'bun:test'
import { connect, startMcpApp } from '../helpers/mcp'

const app = startMcpApp()
afterAll(() => app.stop())

const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } }
const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(app.mcpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

/** The JSON-RPC message of a response, whether it came as JSON or as one SSE event. */
async function message(response: Response): Promise<any> {
  const text = await response.text()
  if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) return JSON.parse(/^data: (.*)$/m.exec(text)![1])
  return JSON.parse(text)
}

describe('POST /mcp', () => {
  it('answers GET and DELETE with 405 at once (no SSE stream held open)', async () => {
    for (const method of ['GET', 'DELETE', 'PUT']) {
      const response = await fetch(app.mcpUrl, { method, headers: { accept: 'text/event-stream' }, signal: AbortSignal.timeout(2000) })
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toBe('POST')
      expect(((await response.json()) as { error: string }).error).toBe('method_not_allowed')
    }
  })

  it('refuses a foreign Host or Origin with 403 JSON (DNS rebinding) and accepts loopback ones', async () => {
    const port = app.server.port!
    for (const headers of <Record<string, string>[]>[{ host: 'evil.example.com' }, { origin: 'http://evil.example.com' }, { host: `localhost:${port + 1}` }, { origin: 'null' }]) {
      const response = await post(INIT, headers)
      expect(response.status).toBe(403)
      expect(await response.json()).toMatchObject({ error: 'forbidden', message: expect.any(String) })
    }
    for (const headers of <Record<string, string>[]>[{ host: `localhost:${port}`, origin: `http://localhost:${port}` }, { origin: `http://127.0.0.1:${port}` }, { host: `[::1]:${port}` }]) {
      const response = await post(INIT, headers)
      expect(response.status).toBe(200)
      expect((await message(response)).result.protocolVersion).toBe('2025-11-25')
    }
  })

  it('answers in JSON or SSE as the client accepts', async () => {
    const sse = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }, { 'mcp-protocol-version': '2025-11-25' })
    expect(sse.headers.get('content-type')).toStartWith('text/event-stream')
    expect((await message(sse)).result.tools).toHaveLength(24)
    const types: string[] = []
    const client = await connect(app.mcpUrl, { modern: true, onResponse: (r) => types.push(r.headers.get('content-type') ?? '') })
    expect((await client.listTools()).tools).toHaveLength(24)
    await client.close()
    expect(types.at(-1)).toStartWith('application/json')
  })

  it('answers a body that is not JSON, or not JSON-RPC, with 400', async () => {
    for (const body of ['{not json', '', '[]', '{"hello":1}']) {
      const response = await post(body)
      expect(response.status).toBe(400)
      expect((await message(response)).error.code).toBeLessThan(0)
    }
  })

  it('answers an unsupported protocol version with 400', async () => {
    const response = await post({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} }, { 'mcp-protocol-version': '1999-01-01' })
    expect(response.status).toBe(400)
    expect((await message(response)).error.message).toMatch(/protocol version/i)
  })

  it('gives the SDK error for an unknown tool', async () => {
    const client = await connect(app.mcpUrl)
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Tool no_such_tool not found/)
    await client.close()
  })

  it('challenges an anonymous call of a protected tool with 401 and resource_metadata', async () => {
    const response = await post({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'get_credit_balance', arguments: {} } }, { 'mcp-protocol-version': '2025-11-25' })
    expect(response.status).toBe(401)
    const challenge = response.headers.get('www-authenticate')!
    expect(challenge).toStartWith('Bearer ')
    expect(challenge).toContain(`resource_metadata="${app.base}/.well-known/oauth-protected-resource/mcp"`)
    expect(await response.json()).toMatchObject({ error: 'unauthorized', message: expect.any(String) })
    const prm = await (await fetch(`${app.base}/.well-known/oauth-protected-resource/mcp`)).json()
    expect(prm).toMatchObject({ resource: app.mcpUrl, authorization_servers: [app.base] })
  })

  it('refuses a bad bearer token with 401 invalid_token on any call', async () => {
    for (const authorization of ['Bearer not.a.jwt', 'Basic abc']) {
      const response = await post({ jsonrpc: '2.0', id: 5, method: 'tools/list', params: {} }, { authorization, 'mcp-protocol-version': '2025-11-25' })
      expect(response.status).toBe(401)
      expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"')
    }
  })
})
