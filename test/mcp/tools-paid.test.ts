// Pins the token tools of DESIGN §7 and their prepaid credits: index 40, each full event record 1,
// crawl-causing previews 4; a debit happens once per call (a retry is free), a failed or zero-event
// call is not charged, and a short balance is an isError result {error:"insufficient_credits", required, balance}.
// On both backends.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'bun:test'
import type { Client } from '@modelcontextprotocol/client'
import ICAL from 'ical.js'
import { creditBalance } from '../../src/services/credits'
import { startEventSite } from '../helpers/event-site'
import { accountWithToken, callTool, connect, seedRichOrganization, startMcpApp } from '../helpers/mcp'
import { countRows, peekRows } from '../helpers/peek'
import { finishJob, seedOrganization } from '../helpers/seed'
import { forEachBackend } from '../helpers/storage'

// The event site is stateless (fixed pages): one for the file. Each test gets its own app (its own
// database, queue and ledger), indexed organizations and account, so tests pass in any order.
const site = startEventSite({ name: 'Riverside Museum', count: 3 })
afterAll(() => site.stop())

forEachBackend('MCP paid tools', (open) => {
  let queued = 0
  let app: ReturnType<typeof startMcpApp>
  let orgId: string
  let emptyOrg: string
  let client: Client
  let account: Awaited<ReturnType<typeof accountWithToken>>
  beforeEach(async () => {
    queued = 0
    app = startMcpApp({ storage: await open(), deps: { onJobQueued: () => queued++ } })
    orgId = (await seedRichOrganization(app.storage)).orgId
    emptyOrg = await seedOrganization(app.storage, { domain: 'quiet.org', events: [] })
    account = await accountWithToken(app, { credits: 1000 })
    client = await connect(app.mcpUrl, { token: account.token, modern: true })
  })
  afterEach(async () => {
    await client.close()
    app.stop()
  })

  const balance = () => creditBalance(app.storage, account.accountId)

  async function ok(name: string, args: Record<string, unknown> = {}, on = client) {
    const result = await callTool(on, name, args)
    if (result.isError) throw new Error(`${name}: ${result.content[0].text}`)
    expect(JSON.parse(result.content[0].text!)).toEqual(result.structuredContent)
    return result.structuredContent
  }

  async function fails(name: string, args: Record<string, unknown>, error: string, on = client) {
    const result = await callTool(on, name, args)
    expect(result.isError).toBe(true)
    expect(result.structuredContent.error).toBe(error)
    expect(typeof result.structuredContent.message).toBe('string')
    return result.structuredContent
  }

  describe('paid tools', () => {
    it('index_organization queues a real job for 40 credits, once per call', async () => {
      const before = await balance()
      const first = await ok('index_organization', { website: site.url })
      expect(first.jobId).toMatch(/^job_/)
      expect(first).toMatchObject({ status: 'pending', charge: { credits: 40, replayed: false, balance: before - 40 } })
      expect(queued).toBe(1)
      const retry = await ok('index_organization', { website: site.url })
      expect(retry.jobId).toBe(first.jobId)
      expect(retry.charge).toEqual({ credits: 0, replayed: true, balance: before - 40 })
      const named = await ok('index_organization', { website: site.url, idempotencyKey: 'second crawl' })
      expect(named.jobId).not.toBe(first.jobId)
      expect(await balance()).toBe(before - 80)
      expect(await app.storage.jobs.find(first.jobId)).toMatchObject({ state: 'pending', accountId: account.accountId })
      await fails('index_organization', { website: 'ftp://nope.example' }, 'invalid_request')
      expect(await balance()).toBe(before - 80)
    })

    it('index_organization sent twice at once queues one job and charges once (the debit and the confirmation are one transaction)', async () => {
      const before = await balance()
      const [a, b] = await Promise.all([ok('index_organization', { website: site.url }), ok('index_organization', { website: site.url })])
      expect(a.jobId).toBe(b.jobId)
      expect([a.charge.credits, b.charge.credits].sort()).toEqual([0, 40])
      expect(await balance()).toBe(before - 40)
      expect(await peekRows(app.storage, 'SELECT job_id, state FROM index_jobs WHERE account_id = ?', account.accountId)).toEqual([{ job_id: a.jobId, state: 'pending' }])
    })

    it('list_index_jobs and cancel_index_job act on the account own jobs', async () => {
      await ok('index_organization', { website: site.url })
      await ok('index_organization', { website: site.url, idempotencyKey: 'second crawl' })
      const listed = await ok('list_index_jobs', {})
      expect(listed.count).toBe(2)
      const jobId = listed.jobs[0].jobId
      expect(await ok('cancel_index_job', { jobId })).toEqual({ jobId, status: 'cancelled' })
      expect((await ok('get_index_job', { jobId })).status).toBe('cancelled')
      const other = await accountWithToken(app, { credits: 0 })
      const otherClient = await connect(app.mcpUrl, { token: other.token })
      await fails('cancel_index_job', { jobId: listed.jobs[1].jobId }, 'not_found', otherClient)
      expect((await ok('list_index_jobs', {}, otherClient)).count).toBe(0)
      expect((await callTool(otherClient, 'list_index_jobs', { limit: 101 })).isError).toBe(true)
      await fails('cancel_index_job', { jobId }, 'not_found', otherClient)
      await otherClient.close()
      await finishJob(app.storage, listed.jobs[1])
      expect(await fails('cancel_index_job', { jobId: listed.jobs[1].jobId }, 'job_finished')).toMatchObject({ status: 'ready' })
      expect(await ok('cancel_index_job', { jobId })).toEqual({ jobId, status: 'cancelled' })
    })

    it('get_organization_events debits one credit per event; zero events and unindexed organizations are free', async () => {
      const before = await balance()
      const org = await ok('get_organization_events', { orgId })
      expect(org).toMatchObject({ orgId, eventCount: 3, charge: { credits: 3, replayed: false } })
      expect(org.events).toHaveLength(3)
      expect((await ok('get_organization_events', { orgId })).charge).toMatchObject({ credits: 0, replayed: true })
      expect((await ok('get_organization_events', { orgId: emptyOrg })).charge.credits).toBe(0)
      await fails('get_organization_events', { orgId: 'org_0000000000000000' }, 'not_indexed')
      expect(await balance()).toBe(before - 3)
    })

    it('get_event and get_event_occurrences cost one credit each', async () => {
      const before = await balance()
      expect(await ok('get_event', { orgId, eventId: 'evt_robotics' })).toMatchObject({ event: { title: 'Teen Robotics Club' }, charge: { credits: 1 } })
      const occurrences = await ok('get_event_occurrences', { orgId, eventId: 'evt_storytime' })
      expect(occurrences).toMatchObject({ recurring: true, count: 3, recurrence: { pattern: 'weekly' }, charge: { credits: 1 } })
      await fails('get_event', { orgId, eventId: 'evt_missing' }, 'not_found')
      await fails('get_event_occurrences', { orgId, eventId: 'evt_missing' }, 'not_found')
      expect(await balance()).toBe(before - 2)
    })

    it('export_events_ics returns a valid iCalendar document that round-trips through ical.js', async () => {
      const exported = await ok('export_events_ics', { orgId })
      expect(exported).toMatchObject({ eventCount: 3, mimeType: 'text/calendar', charge: { credits: 3 } })
      const vevents = new ICAL.Component(ICAL.parse(exported.ics)).getAllSubcomponents('vevent').map((c) => new ICAL.Event(c))
      expect(vevents.map((e) => e.summary)).toEqual(['Storytime in the Park', 'Teen Robotics Club', 'Concert in Shelbyville'])
      expect(vevents[0].uid).toBe('evt_storytime@springfield-library.org')
      expect(vevents[0].description).toBe('Stories, songs & "rhymes"; bring a blanket.')
      expect(vevents[0].startDate.toJSDate().getTime()).toBe(Date.parse((await ok('get_event', { orgId, eventId: 'evt_storytime' })).event.startDate))
      await fails('export_events_ics', { orgId: 'org_0000000000000000' }, 'not_indexed')
    })

    it('export_events_jsonld returns a schema.org ItemList of Events', async () => {
      const exported = await ok('export_events_jsonld', { orgId })
      expect(exported.jsonld).toMatchObject({ '@context': 'https://schema.org', '@type': 'ItemList', numberOfItems: 3 })
      expect(exported.jsonld.itemListElement[0]).toMatchObject({
        '@type': 'ListItem',
        position: 1,
        item: { '@type': 'Event', name: 'Storytime in the Park', location: { '@type': 'Place', geo: { latitude: 39.7817 } } },
      })
      await fails('export_events_jsonld', { orgId: 'org_0000000000000000' }, 'not_indexed')
    })

    it('discover_calendars looks at a site for 4 credits', async () => {
      const before = await balance()
      const found = await ok('discover_calendars', { website: site.url })
      expect(found.eventsFound).toBe(3)
      expect(found.sources.length).toBeGreaterThan(0)
      expect(found.charge.credits).toBe(4)
      await fails('discover_calendars', { website: 'http://127.0.0.1:9/' }, 'fetch_failed')
      expect(await balance()).toBe(before - 4)
    }, 20_000) // a real crawl with the default politeness (500 ms between requests to the site)

    it('preview_extraction shows the normalized events of one page for 4 credits', async () => {
      const before = await balance()
      const preview = await ok('preview_extraction', { url: `${site.url}events/e1` })
      expect(preview).toMatchObject({ format: 'html', eventCount: 1, events: [{ title: 'Riverside Museum Event 2' }], charge: { credits: 4 } })
      expect((await ok('preview_extraction', { url: `${site.url}robots.txt` })).charge.credits).toBe(0)
      await fails('preview_extraction', { url: `${site.url}missing` }, 'fetch_failed')
      expect(await balance()).toBe(before - 4)
    })

    it('validate_feed checks pasted content for free and a URL for 4 credits', async () => {
      const before = await balance()
      const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
      const rss = `<?xml version="1.0"?><rss version="2.0" xmlns:ev="http://purl.org/rss/1.0/modules/event/"><channel><title>Events</title><link>https://a.org/</link>
      <item><title>Knitting circle</title><link>https://a.org/e/1</link><ev:startdate>${day}T18:00:00-05:00</ev:startdate></item></channel></rss>`
      expect(await ok('validate_feed', { content: rss, contentType: 'application/rss+xml' })).toMatchObject({ valid: true, format: 'rss', eventCount: 1, fetched: false, charge: { credits: 0 } })
      expect(await ok('validate_feed', { content: 'hello' })).toMatchObject({ valid: false, format: 'unknown', eventCount: 0 })
      expect(await ok('validate_feed', { url: `${site.url}events/e0` })).toMatchObject({ valid: true, fetched: true, charge: { credits: 4 } })
      await fails('validate_feed', { url: `${site.url}x`, content: 'both' }, 'invalid_request')
      expect(await balance()).toBe(before - 4)
    })

    it('get_credit_balance and get_usage_history show the ledger', async () => {
      await ok('index_organization', { website: site.url })
      await ok('index_organization', { website: site.url }) // a replay: free, and no ledger entry
      await ok('index_organization', { website: site.url, idempotencyKey: 'second crawl' })
      expect(await ok('get_credit_balance')).toMatchObject({ accountId: account.accountId, balance: await balance(), prices: { index: 40, event: 1, preview: 4 } })
      const history = await ok('get_usage_history', { limit: 100 })
      expect(history.entries.at(-1)).toMatchObject({ delta: 1000, reason: 'initial grant', tool: null })
      expect(history.entries.filter((e: { tool: string }) => e.tool === 'index_organization').map((e: { delta: number }) => e.delta)).toEqual([-40, -40])
      expect((await callTool(client, 'get_usage_history', { limit: 1000 })).isError).toBe(true)
    })

    it('tells each charge as a billing log notification (2025 era; 2026-07-28 when a log level is asked)', async () => {
      const logs: unknown[] = []
      for (const modern of [false, true]) {
        const watcher = await connect(app.mcpUrl, { token: account.token, modern })
        watcher.setNotificationHandler('notifications/message', (n) => void logs.push({ modern, ...n.params }))
        await ok('get_event', { orgId, eventId: 'evt_concert', idempotencyKey: `log-${modern}` }, watcher)
        await ok('get_upcoming_events', { orgId }, watcher)
        await watcher.close()
      }
      // 2026-07-28 clients receive log messages only when their request envelope asks for a level.
      expect(logs).toEqual([{ modern: false, level: 'info', logger: 'billing', data: { tool: 'get_event', credits: 1, balance: expect.any(Number) } }])
    })

    it('a short balance is an insufficient_credits result, and nothing happens', async () => {
      const poor = await accountWithToken(app, { credits: 2 })
      const poorClient = await connect(app.mcpUrl, { token: poor.token })
      const jobs = await countRows(app.storage, 'index_jobs')
      const refused = await fails('index_organization', { website: 'example.org' }, 'insufficient_credits', poorClient)
      expect(refused).toMatchObject({ required: 40, balance: 2 })
      expect(await countRows(app.storage, 'index_jobs')).toBe(jobs)
      expect(await fails('get_organization_events', { orgId }, 'insufficient_credits', poorClient)).toMatchObject({ required: 3, balance: 2 })
      expect(await fails('discover_calendars', { website: site.url }, 'insufficient_credits', poorClient)).toMatchObject({ required: 4, balance: 2 })
      expect(await creditBalance(app.storage, poor.accountId)).toBe(2)
      await poorClient.close()
    })
  })
})
