// Pins issue 11 on MCP report_issue, through the SDK's own client over a real loopback socket served by
// startServer: an anonymous report counts against its client address (the socket peer; behind
// TRUSTED_PROXIES, the first untrusted X-Forwarded-For hop from the right), never against the email it
// carries; X-Forwarded-For is ignored unless the peer is trusted; a request without a socket (app.handle)
// falls in one shared bucket; a token's account is its own bucket; the email is one address or a tool
// error naming `email`; `delivered` is false when the hourly mail ceiling held the mail back.
// On both backends (the reports and their caps are stored).
import { afterEach, describe, expect, it } from 'bun:test'
import type { Client } from '@modelcontextprotocol/client'
import type { Storage } from '../../src/db/storage'
import { accountWithToken, callTool, connect, startMcpApp } from '../helpers/mcp'
import { peekRows } from '../helpers/peek'
import { startSmtpSink } from '../helpers/smtp-sink'
import { forEachBackend } from '../helpers/storage'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

function app(storage: Storage, env: Record<string, string> = {}) {
  const started = startMcpApp({ storage, env: { REPORT_DAILY_CAP: '3', ...env } })
  cleanups.push(() => started.stop())
  return started
}

async function client(url: string, options: Parameters<typeof connect>[1] = {}): Promise<Client> {
  const c = await connect(url, options)
  cleanups.push(() => c.close())
  return c
}

const report = (c: Client, args: Record<string, unknown>) => callTool(c, 'report_issue', { message: 'Storytime shows the wrong room', ...args })
/** The reporters of the stored reports, sorted (reports made in one millisecond have no order of their own). */
const reporters = async (storage: Storage) => (await peekRows<{ reporter: string }>(storage, 'SELECT reporter FROM reports')).map((r) => r.reporter).sort()

forEachBackend('MCP report_issue', (open) => {
  describe('anonymous report_issue', () => {
    it('is capped per client address: a new email per report buys nothing', async () => {
      const a = app(await open())
      const c = await client(a.mcpUrl)
      const outcomes: string[] = []
      for (let i = 0; i < 6; i++) {
        const result = await report(c, { email: `parent${i}@example.org` })
        outcomes.push(result.isError ? result.structuredContent.error : result.structuredContent.status)
      }
      expect(outcomes).toEqual(['received', 'received', 'received', 'report_cap_reached', 'report_cap_reached', 'report_cap_reached'])
      expect(await reporters(a.storage)).toEqual(['address:127.0.0.1', 'address:127.0.0.1', 'address:127.0.0.1'])
    })

    it('ignores X-Forwarded-For by default: a forged header does not open a new bucket', async () => {
      const a = app(await open())
      for (let i = 0; i < 3; i++) expect((await report(await client(a.mcpUrl, { headers: { 'x-forwarded-for': `203.0.113.${i}` } }), {})).isError ?? false).toBe(false)
      const forged = await report(await client(a.mcpUrl, { headers: { 'x-forwarded-for': '203.0.113.99' } }), {})
      expect(forged.structuredContent.error).toBe('report_cap_reached')
      expect(new Set(await reporters(a.storage))).toEqual(new Set(['address:127.0.0.1']))
    })

    it("behind a trusted proxy, keys each client on its own address: one client cannot spend another one's cap", async () => {
      const a = app(await open(), { TRUSTED_PROXIES: '127.0.0.1/32' })
      const attacker = await client(a.mcpUrl, { headers: { 'x-forwarded-for': '198.51.100.66, 203.0.113.7' } })
      for (let i = 0; i < 3; i++) expect((await report(attacker, {})).isError ?? false).toBe(false)
      expect((await report(attacker, {})).structuredContent.error).toBe('report_cap_reached')
      const victim = await client(a.mcpUrl, { headers: { 'x-forwarded-for': '203.0.113.8' } })
      expect((await report(victim, {})).structuredContent).toMatchObject({ status: 'received' })
      expect(await reporters(a.storage)).toEqual(['address:203.0.113.7', 'address:203.0.113.7', 'address:203.0.113.7', 'address:203.0.113.8'])
    })

    it('refuses an email that is not exactly one address, as a tool error naming email', async () => {
      const a = app(await open())
      const c = await client(a.mcpUrl)
      for (const email of ['parent@example.org, other@example.org', 'Parent <parent@example.org>', 'parent@example.org\r\nBcc: all@example.org', `${'p'.repeat(300)}@example.org`]) {
        const result = await report(c, { email })
        expect(result.isError).toBe(true)
        expect(result.structuredContent).toEqual({ error: 'invalid_request', message: expect.stringMatching(/^email must be exactly one email address/) })
      }
      expect(await reporters(a.storage)).toEqual([])
    })

    it('cannot choose its bucket through extra arguments', async () => {
      const a = app(await open())
      const c = await client(a.mcpUrl)
      await report(c, { agentId: 'victim', clientAddress: '203.0.113.50', reporter: 'agent:victim' })
      expect(await reporters(a.storage)).toEqual(['address:127.0.0.1'])
    })

    it('answers delivered:false when the hourly mail ceiling holds the mail back', async () => {
      const sink = await startSmtpSink()
      cleanups.push(() => sink.stop())
      const a = app(await open(), { SMTP_URL: sink.url, REPORT_TO: 'team@events.example', REPORT_MAIL_HOURLY_CAP: '1', TRUSTED_PROXIES: '127.0.0.1' })
      const first = await report(await client(a.mcpUrl, { headers: { 'x-forwarded-for': '203.0.113.1' } }), {})
      const second = await report(await client(a.mcpUrl, { headers: { 'x-forwarded-for': '203.0.113.2' } }), {})
      expect([first.structuredContent.delivered, second.structuredContent.delivered]).toEqual([true, false])
      expect(sink.messages).toHaveLength(1)
    })
  })

  describe('report_issue with a token', () => {
    it('counts against the account, not the address', async () => {
      const a = app(await open())
      const anonymous = await client(a.mcpUrl)
      for (let i = 0; i < 3; i++) await report(anonymous, {})
      const { accountId, token } = await accountWithToken(a, { credits: 0 })
      const signedIn = await client(a.mcpUrl, { token })
      expect((await report(signedIn, {})).structuredContent).toMatchObject({ status: 'received' })
      expect(await reporters(a.storage)).toEqual(['address:127.0.0.1', 'address:127.0.0.1', 'address:127.0.0.1', `agent:mcp:${accountId}`])
    })
  })

  describe('report_issue without a socket (app.handle)', () => {
    it('puts every caller in one shared bucket, whatever the headers and TRUSTED_PROXIES say', async () => {
      const a = app(await open(), { TRUSTED_PROXIES: '0.0.0.0/0,::/0' })
      const rpc = (i: number) =>
        a.app.handle(
          new Request(`${a.base}/mcp`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-forwarded-for': `203.0.113.${i}` },
            body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'report_issue', arguments: { message: `r${i}`, email: `p${i}@example.org` } } }),
          }),
        )
      const bodies: string[] = []
      for (let i = 0; i < 5; i++) bodies.push(await (await rpc(i)).text())
      expect(bodies.map((b) => (b.includes('report_cap_reached') ? 'capped' : b.includes('"received"') ? 'received' : b))).toEqual(['received', 'received', 'received', 'capped', 'capped'])
      expect(new Set(await reporters(a.storage))).toEqual(new Set(['address:unknown']))
    })
  })
})
