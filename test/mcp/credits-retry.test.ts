// Pins what a free retry of a paid MCP call may return (issue 11): the stored answer of the paid call,
// byte for byte, never the current data for nothing. A retry (same arguments within 10 minutes, or the
// same idempotencyKey within 24 hours) of a call whose answer was stored returns that answer at 0
// credits even after a re-crawl changed the data; an answer too large to store is replayed free only
// while the data is unchanged, else the call is charged again for what it now returns; a key older than
// 24 hours names a new call; the scheduler forgets stored answers after 24 hours, so storage is bounded.
// On both backends.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { Scheduler } from '../../src/jobs/scheduler'
import { ALL_SCOPES, issueAccessToken } from '../../src/oauth/tokens'
import { createMailer } from '../../src/report/mailer'
import { creditBalance, STORED_RESULT_MAX_BYTES } from '../../src/services/credits'
import { startEventSite } from '../helpers/event-site'
import { accountWithToken, callTool, connect, startMcpApp } from '../helpers/mcp'
import { countRows, peekRow } from '../helpers/peek'
import { seedOrganization } from '../helpers/seed'
import { forEachBackend } from '../helpers/storage'

const DAY = 86_400_000

forEachBackend('free retries of paid MCP calls', (open) => {
  let clock = Date.now()
  let app: ReturnType<typeof startMcpApp>
  let account: Awaited<ReturnType<typeof accountWithToken>>
  beforeAll(async () => {
    app = startMcpApp({ storage: await open(), deps: { now: () => clock } })
    account = await accountWithToken(app, { credits: 100_000 })
  })
  afterAll(() => app.stop())

  const balance = () => creditBalance(app.storage, account.accountId)

  /** Indexes (or re-indexes) `domain` with `count` events ten days ahead, as the job runner writes them. */
  function crawl(domain: string, count: number, description = ''): Promise<string> {
    const events = Array.from({ length: count }, (_, i) => ({
      title: `Event ${i + 1}`,
      ...(description ? { description } : {}),
      startDate: new Date(clock + (10 + i) * DAY).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      event_id: `ev-${i}`,
    }))
    return seedOrganization(app.storage, { domain, events, nowMs: clock })
  }

  /** Calls a tool with an access token minted at the test's clock (tokens live 15 minutes and the clock moves). */
  async function tool(name: string, args: Record<string, unknown>) {
    const token = await issueAccessToken(app.storage, {
      issuer: app.base,
      resource: app.mcpUrl,
      accountId: account.accountId,
      clientId: 'https://client.example/meta.json',
      scopes: ALL_SCOPES,
      nowMs: clock,
    })
    const client = await connect(app.mcpUrl, { token })
    try {
      const result = await callTool(client, name, args)
      if (result.isError) throw new Error(`${name}: ${result.content[0].text}`)
      return { structured: result.structuredContent, text: result.content[0].text! }
    } finally {
      await client.close()
    }
  }

  const withoutCharge = (text: string) => {
    const { charge: _charge, ...data } = JSON.parse(text)
    return JSON.stringify(data)
  }

  describe('a retry of a paid call', () => {
    it('with the same idempotencyKey returns the paid answer, byte for byte, after a re-crawl added events', async () => {
      const orgId = await crawl('keyed-retry.example.org', 1)
      const before = await balance()
      const paid = await tool('get_organization_events', { orgId, idempotencyKey: 'pull-1' })
      expect(paid.structured.charge).toMatchObject({ credits: 1, replayed: false })
      await crawl('keyed-retry.example.org', 40)
      for (let i = 0; i < 5; i++) {
        const retry = await tool('get_organization_events', { orgId, idempotencyKey: 'pull-1' })
        expect(retry.structured.charge).toMatchObject({ credits: 0, replayed: true })
        expect(retry.structured.events).toHaveLength(1)
        expect(withoutCharge(retry.text)).toBe(withoutCharge(paid.text))
      }
      expect(await balance()).toBe(before - 1)
      const fresh = await tool('get_organization_events', { orgId, idempotencyKey: 'pull-2' })
      expect(fresh.structured).toMatchObject({ eventCount: 40, charge: { credits: 40, replayed: false } })
    })

    it('without a key, within 10 minutes, obeys the same rule', async () => {
      const orgId = await crawl('unkeyed-retry.example.org', 2)
      const paid = await tool('get_organization_events', { orgId })
      expect(paid.structured.charge.credits).toBe(2)
      await crawl('unkeyed-retry.example.org', 30)
      clock += 9 * 60_000
      const retry = await tool('get_organization_events', { orgId })
      expect(retry.structured.charge).toMatchObject({ credits: 0, replayed: true })
      expect(withoutCharge(retry.text)).toBe(withoutCharge(paid.text))
      clock += 2 * 60_000
      expect((await tool('get_organization_events', { orgId })).structured).toMatchObject({ eventCount: 30, charge: { credits: 30, replayed: false } })
    })

    it('of an answer too large to store is free only while the data is unchanged', async () => {
      const description = 'Songs, rhymes and stories for the whole family. '.repeat(80)
      const count = Math.ceil(STORED_RESULT_MAX_BYTES / description.length) + 5
      const orgId = await crawl('large-answer.example.org', count, description)
      const paid = await tool('get_organization_events', { orgId, idempotencyKey: 'big' })
      expect(paid.text.length).toBeGreaterThan(STORED_RESULT_MAX_BYTES)
      expect(paid.structured.charge.credits).toBe(count)
      const stored = (await peekRow<{ result: string | null }>(
        app.storage,
        "SELECT result FROM credit_ledger WHERE account_id = ? AND tool = 'get_organization_events' ORDER BY id DESC LIMIT 1",
        account.accountId,
      ))!
      expect(stored.result).toBeNull()
      const unchanged = await tool('get_organization_events', { orgId, idempotencyKey: 'big' })
      expect(unchanged.structured.charge).toMatchObject({ credits: 0, replayed: true })
      expect(withoutCharge(unchanged.text)).toBe(withoutCharge(paid.text))
      await crawl('large-answer.example.org', count + 3, description)
      const changed = await tool('get_organization_events', { orgId, idempotencyKey: 'big' })
      expect(changed.structured).toMatchObject({ eventCount: count + 3, charge: { credits: count + 3, replayed: false } })
    })

    it('with a key older than 24 hours is a new call', async () => {
      const orgId = await crawl('old-key.example.org', 3)
      expect((await tool('get_organization_events', { orgId, idempotencyKey: 'yesterday' })).structured.charge.credits).toBe(3)
      clock += DAY + 60_000
      expect((await tool('get_organization_events', { orgId, idempotencyKey: 'yesterday' })).structured.charge).toMatchObject({ credits: 3, replayed: false })
    })

    it('of a preview returns the stored answer without fetching the page again', async () => {
      const site = startEventSite({ name: 'Harbor Museum', count: 2 })
      const paid = await tool('preview_extraction', { url: `${site.url}events/e0`, idempotencyKey: 'look-once' })
      expect(paid.structured.charge.credits).toBe(4)
      site.stop()
      const retry = await tool('preview_extraction', { url: `${site.url}events/e0`, idempotencyKey: 'look-once' })
      expect(retry.structured.charge).toMatchObject({ credits: 0, replayed: true })
      expect(withoutCharge(retry.text)).toBe(withoutCharge(paid.text))
    })

    it('stops being replayed once the scheduler has forgotten answers older than 24 hours', async () => {
      const orgId = await crawl('forgotten.example.org', 1)
      await tool('get_event', { orgId, eventId: 'ev-0', idempotencyKey: 'forget-me' })
      const stored = () => countRows(app.storage, 'credit_ledger', 'account_id = ? AND result IS NOT NULL AND created_at <= ?', account.accountId, clock - DAY)
      clock += DAY + 1
      expect(await stored()).toBeGreaterThan(0)
      await new Scheduler({ storage: app.storage, mailer: createMailer('', ''), now: () => clock, staleAfterMs: 0 }).tick()
      expect(await stored()).toBe(0)
    })
  })
})
