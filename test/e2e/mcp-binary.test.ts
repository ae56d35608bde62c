// Pins the MCP surface of issue 6 through the compiled binary: `accounts create` prints a key once;
// `serve` answers tools/list with exactly the 24 tools to the SDK's own client, serves anonymous tools
// without a token (an anonymous report is keyed on the socket's peer address, issue 11) and challenges a
// protected one with 401; the full OAuth dance (client metadata document on loopback, consent, PKCE,
// token, refresh) yields a token whose index_organization crawls a loopback site for 40 credits charged
// once even when retried, and get_organization_events costs 1 credit per event.
import { Database } from 'bun:sqlite'
import { describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { startEventSite } from '../helpers/event-site'
import { callTool, connect } from '../helpers/mcp'
import { obtainTokens, startClientSite, tokenRequest } from '../helpers/oauth'
import { binarySuite, run, startService, type Running } from '../helpers/process'

const suite = binarySuite()
const tmp = suite.tmp

const ENV = { DATABASE_PATH: join(tmp.dir, 'mcp.sqlite'), GW_SIGNING_KEYS: 'mk:mcp-secret-0123456789abcdef0123456789', CRAWL_ALLOW_PRIVATE: 'true', CRAWL_WORKERS: '1' }
const accounts = async (...args: string[]) => {
  const result = await run([suite.binary, 'accounts', ...args], { env: ENV, cwd: tmp.dir })
  return { ...result, json: result.code === 0 ? JSON.parse(result.stdout) : undefined }
}

describe('MCP through the compiled binary', () => {
  it('serves the tools, the OAuth dance and prepaid credits', async () => {
    const created = await accounts('create', '--email', 'Holder@Example.org', '--credits', '100')
    expect(created.code).toBe(0)
    expect(created.json).toMatchObject({ email: 'holder@example.org', balance: 100 })
    const accountKey: string = created.json.account_key
    expect(accountKey).toMatch(/^eik_/)
    expect((await accounts('create', '--email', 'holder@example.org')).code).toBe(1)

    const site = startEventSite({ name: 'Hilltop Library', count: 3 })
    suite.defer(site.stop)
    const client = startClientSite()
    suite.defer(client.stop)
    const service: Running = await startService([suite.binary, 'serve'], { cwd: tmp.dir, env: ENV })
    suite.defer(() => service.stop())
    const mcpUrl = `${service.url}/mcp`

    const anonymous = await connect(mcpUrl)
    expect((await anonymous.listTools()).tools).toHaveLength(24)
    expect((await callTool(anonymous, 'get_service_status')).structuredContent).toMatchObject({ status: 'ok', workers: { configured: 1 } })
    // An anonymous report counts against the socket's peer address, which `serve` hands to the app.
    expect((await callTool(anonymous, 'report_issue', { message: 'from the binary', email: 'parent@example.org' })).structuredContent).toMatchObject({ status: 'received' })
    const reports = new Database(ENV.DATABASE_PATH, { readonly: true })
    expect(reports.query('SELECT reporter FROM reports').all()).toEqual([{ reporter: 'address:127.0.0.1' }])
    reports.close()
    await anonymous.close()
    const challenge = await fetch(mcpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'index_organization', arguments: { website: site.url } } }),
    })
    expect(challenge.status).toBe(401)
    expect(challenge.headers.get('www-authenticate')).toContain(`resource_metadata="${service.url}/.well-known/oauth-protected-resource/mcp"`)

    const { tokens } = await obtainTokens(service.url, client, accountKey)
    expect(tokens.status).toBe(200)
    const refreshed = await tokenRequest(service.url, { grant_type: 'refresh_token', refresh_token: tokens.json.refresh_token, client_id: client.clientId })
    expect(refreshed.status).toBe(200)

    const mcp = await connect(mcpUrl, { token: refreshed.json.access_token, modern: true })
    const first = await callTool(mcp, 'index_organization', { website: site.url })
    expect(first.structuredContent.charge).toEqual({ credits: 40, replayed: false, balance: 60 })
    const retried = await callTool(mcp, 'index_organization', { website: site.url })
    expect(retried.structuredContent.jobId).toBe(first.structuredContent.jobId)
    expect(retried.structuredContent.charge).toEqual({ credits: 0, replayed: true, balance: 60 })

    const jobId = first.structuredContent.jobId
    let job: any
    for (let i = 0; i < 200; i++) {
      job = (await callTool(mcp, 'get_index_job', { jobId })).structuredContent
      if (job.status !== 'pending' && job.status !== 'running') break
      await Bun.sleep(100)
    }
    expect(job).toMatchObject({ status: 'ready', eventCount: 3 })

    const events = await callTool(mcp, 'get_organization_events', { orgId: job.orgId })
    expect(events.structuredContent.events.map((e: { title: string }) => e.title).sort()).toEqual([...site.titles].sort())
    expect(events.structuredContent.charge).toMatchObject({ credits: 3, balance: 57 })
    await mcp.close()

    const shown = await accounts('show', '--email', 'holder@example.org')
    expect(shown.json.balance).toBe(57)
    expect(shown.json.recent.map((e: { delta: number }) => e.delta)).toEqual([-3, -40, 100])
    expect((await accounts('grant', '--email', 'holder@example.org', '--credits', '10')).json.balance).toBe(67)
    // The request log leaves in batches at most 50 ms apart (src/log.ts): let the last one out before reading it.
    await Bun.sleep(150)
    expect(service.logs.length).toBeGreaterThan(0)
    expect(service.logs.join('\n')).not.toContain(accountKey)
    expect(service.logs.join('\n')).not.toContain(tokens.json.access_token)
  }, 60_000)
})
