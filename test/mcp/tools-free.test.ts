// Pins the anonymous (◦) tools of DESIGN §7: each answers without a token through the SDK's own client
// over real HTTP, returns structuredContent with a JSON text copy, and reports business failures as
// isError results with {error, message} (never JSON-RPC errors); get_upcoming_events is a 5-event preview.
// On both backends.
import { afterEach, beforeEach, describe, expect, it } from 'bun:test'
import type { Client } from '@modelcontextprotocol/client'
import { insertPendingJob } from '../helpers/jobs'
import { callTool, connect, seedRichOrganization, startMcpApp } from '../helpers/mcp'
import { peekRows } from '../helpers/peek'
import { seedIndexedOrganization } from '../helpers/seed'
import { forEachBackend } from '../helpers/storage'

forEachBackend('MCP anonymous tools', (open) => {
  // Each test gets its own app (database, queue, report cap) with the same indexed organization, so tests
  // pass in any order.
  let app: ReturnType<typeof startMcpApp>
  let client: Client
  let orgId: string
  beforeEach(async () => {
    app = startMcpApp({ storage: await open(), env: { REPORT_DAILY_CAP: '2' } })
    orgId = (await seedRichOrganization(app.storage)).orgId
    client = await connect(app.mcpUrl)
  })
  afterEach(async () => {
    await client.close()
    app.stop()
  })

  async function ok(name: string, args: Record<string, unknown> = {}) {
    const result = await callTool(client, name, args)
    expect(result.isError ?? false).toBe(false)
    expect(JSON.parse(result.content[0].text!)).toEqual(result.structuredContent)
    return result.structuredContent
  }

  async function fails(name: string, args: Record<string, unknown>, error: string) {
    const result = await callTool(client, name, args)
    expect(result.isError).toBe(true)
    expect(result.structuredContent).toMatchObject({ error, message: expect.any(String) })
    return result.structuredContent
  }

  describe('anonymous tools', () => {
    it('search_events mirrors the free REST search', async () => {
      const found = await ok('search_events', { city: 'springfield', category: 'kids' })
      expect(found.count).toBe(1)
      expect(found.events[0]).toMatchObject({ title: 'Storytime in the Park', _source: { domain: 'springfield-library.org' }, _external: false })
      expect(found.filters.city).toBe('springfield')
      await fails('search_events', { startDate: '2026-05-02', endDate: '2026-05-01' }, 'invalid_request')
    })

    it('search_events_nearby filters by venue coordinates and radius', async () => {
      const near = await ok('search_events_nearby', { latitude: 39.7817, longitude: -89.6501, radiusKm: 5 })
      expect(near.events.map((e: { title: string }) => e.title)).toEqual(['Storytime in the Park', 'Teen Robotics Club'])
      expect(near.events[0].distanceKm).toBe(0)
      expect(near.events[1].distanceKm).toBeGreaterThan(2)
      const wide = await ok('search_events_nearby', { latitude: 39.7817, longitude: -89.6501, radiusKm: 100 })
      expect(wide.count).toBe(3)
      expect((await ok('search_events_nearby', { latitude: 0, longitude: 0 })).count).toBe(0)
      await fails('search_events_nearby', { latitude: 1, longitude: 1, startDate: '2026-02-30' }, 'invalid_request')
    })

    it('search_events and search_events_nearby take the parameters of issue 18 (q, near, audience, cursor)', async () => {
      const text = await ok('search_events', { q: 'robotics!' })
      expect(text.events.map((e: { title: string }) => e.title)).toEqual(['Teen Robotics Club'])
      expect(text.filters.q).toBe('robotics!')
      const near = await ok('search_events', { near: '39.7817,-89.6501', radiusKm: 5, audience: 'kids' })
      expect(near.events.map((e: { title: string }) => e.title)).toEqual(['Storytime in the Park'])
      expect(near.events[0].distanceKm).toBe(0)
      const first = await ok('search_events_nearby', { latitude: 39.7817, longitude: -89.6501, radiusKm: 5, limit: 1 })
      const second = await ok('search_events_nearby', { latitude: 39.7817, longitude: -89.6501, radiusKm: 5, limit: 1, cursor: first.nextCursor })
      expect([first.events[0].title, second.events[0].title]).toEqual(['Storytime in the Park', 'Teen Robotics Club'])
      await fails('search_events', { near: 'abc' }, 'invalid_request')
    })

    it('get_upcoming_events gives a small preview, not the full records', async () => {
      const many = await seedIndexedOrganization(app.storage, { events: 8, domain: 'many-events.org', city: 'Ogdenville' })
      const preview = await ok('get_upcoming_events', { orgId: many })
      expect(preview).toMatchObject({ preview: true, totalUpcoming: 8, count: 5 })
      expect(Object.keys(preview.events[0]).sort()).toEqual(['city', 'event_id', 'startDate', 'title'])
      await fails('get_upcoming_events', { orgId: 'org_0000000000000000' }, 'not_indexed')
      const invalid = await callTool(client, 'get_upcoming_events', { orgId: many, limit: 50 })
      expect(invalid.isError).toBe(true)
    })

    it('search_businesses finds indexed organizations', async () => {
      const found = await ok('search_businesses', { q: 'springf libr' })
      expect(found.organizations[0]).toMatchObject({ orgId, name: 'Springfield Public Library' })
      await fails('search_businesses', { q: '!!!' }, 'invalid_request')
    })

    it('get_organization and list_calendar_sources describe an organization', async () => {
      expect(await ok('get_organization', { orgId })).toMatchObject({ domain: 'springfield-library.org', indexed: true, timezone: 'America/Chicago', upcomingEventCount: 3, sourceCount: 1 })
      await fails('get_organization', { orgId: 'org_0000000000000000' }, 'not_found')
      const sources = await ok('list_calendar_sources', { orgId })
      expect(sources.sources[0]).toMatchObject({ url: 'https://springfield-library.org/events', kind: 'page', status: 'ok', eventCount: 3 })
      await fails('list_calendar_sources', { orgId: 'org_0000000000000000' }, 'not_found')
    })

    it('list_categories and list_cities count upcoming events', async () => {
      const categories = await ok('list_categories', { city: 'Springfield' })
      expect(categories.categories).toEqual(
        expect.arrayContaining([
          { category: 'kids', eventCount: 1 },
          { category: 'teens', eventCount: 1 },
        ]),
      )
      expect(categories.categories.find((c: { category: string }) => c.category === 'music')).toBeUndefined()
      const cities = await ok('list_cities', {})
      expect(cities.cities).toEqual(
        expect.arrayContaining([
          { city: 'Springfield', eventCount: 2 },
          { city: 'Shelbyville', eventCount: 1 },
        ]),
      )
      expect((await callTool(client, 'list_cities', { limit: 0 })).isError).toBe(true)
      expect((await callTool(client, 'list_categories', { limit: 501 })).isError).toBe(true)
      expect((await callTool(client, 'get_service_status', { unexpected: 1 })).isError ?? false).toBe(false)
    })

    it('get_index_job reports a job by its unguessable id', async () => {
      const job = await insertPendingJob(app.storage, { domain: 'queued.example.org' })
      expect(await ok('get_index_job', { jobId: job.jobId })).toMatchObject({ jobId: job.jobId, status: 'pending', orgId: job.orgId, progress: { pagesFetched: 0 } })
      await fails('get_index_job', { jobId: 'job_AAAAAAAAAAAAAAAAAAAAAAAAAAA' }, 'not_found')
    })

    it('get_service_status reports version, database and counts', async () => {
      expect(await ok('get_service_status')).toMatchObject({ status: 'ok', database: 'ok', organizationsIndexed: expect.any(Number), upcomingEvents: expect.any(Number) })
    })

    it('report_issue is the REST report twin, with its daily cap', async () => {
      const receipt = await ok('report_issue', { message: 'Storytime shows the wrong room', orgId, email: 'parent@example.org' })
      const reportId = String(receipt.reportId)
      expect(reportId).toMatch(/^rpt_/)
      expect(receipt).toMatchObject({ status: 'received', delivered: false })
      expect(await peekRows(app.storage, 'SELECT message, org_id FROM reports WHERE report_id = ?', reportId)).toEqual([{ message: 'Storytime shows the wrong room', org_id: orgId }])
      await ok('report_issue', { message: 'second', email: 'parent@example.org' })
      await fails('report_issue', { message: 'third', email: 'parent@example.org' }, 'report_cap_reached')
    })
  })
})
