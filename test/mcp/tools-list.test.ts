// Pins DESIGN §7's tool contract: tools/list names exactly the 24 tools, each with an inputSchema and an
// outputSchema that are valid JSON Schema (draft 2020-12, strict), annotations, and the same list on the
// 2025-11-25 and 2026-07-28 revisions; anonymous tools are exactly the ◦ ones.
import { afterAll, describe, expect, it } from 'bun:test'
import Ajv2020 from 'ajv/dist/2020'
import { TOOL_ACCESS } from '../../src/mcp/server'
import { connect, startMcpApp } from '../helpers/mcp'

const NAMES = [
  'search_events',
  'search_events_nearby',
  'get_upcoming_events',
  'search_businesses',
  'get_organization',
  'list_calendar_sources',
  'list_categories',
  'list_cities',
  'get_index_job',
  'get_service_status',
  'report_issue',
  'index_organization',
  'list_index_jobs',
  'cancel_index_job',
  'get_organization_events',
  'get_event',
  'get_event_occurrences',
  'discover_calendars',
  'preview_extraction',
  'validate_feed',
  'export_events_ics',
  'export_events_jsonld',
  'get_credit_balance',
  'get_usage_history',
]
const ANONYMOUS = NAMES.slice(0, 11)

const app = startMcpApp()
afterAll(() => app.stop())

describe('tools/list', () => {
  for (const modern of [false, true]) {
    it(`returns exactly the 24 tools with valid schemas and annotations (${modern ? '2026-07-28' : '2025-11-25'})`, async () => {
      const client = await connect(app.mcpUrl, { modern })
      const { tools } = await client.listTools()
      await client.close()
      expect(tools.map((t) => t.name).sort()).toEqual([...NAMES].sort())
      const ajv = new Ajv2020({ strict: true, validateFormats: false, allErrors: true })
      for (const tool of tools) {
        expect(tool.description?.length).toBeGreaterThan(20)
        expect(tool.inputSchema.type).toBe('object')
        expect(tool.outputSchema?.type).toBe('object')
        expect(() => ajv.compile(tool.inputSchema)).not.toThrow()
        expect(() => ajv.compile(tool.outputSchema!)).not.toThrow()
        expect(JSON.stringify(tool.inputSchema)).not.toContain('"format":"integer"')
        const a = tool.annotations!
        expect(typeof a.readOnlyHint).toBe('boolean')
        expect(typeof a.idempotentHint).toBe('boolean')
        expect(typeof a.openWorldHint).toBe('boolean')
      }
      const byName = new Map(tools.map((t) => [t.name, t]))
      expect(byName.get('index_organization')!.annotations).toMatchObject({ readOnlyHint: false, openWorldHint: true })
      expect(byName.get('search_events')!.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true, openWorldHint: false })
      expect(byName.get('cancel_index_job')!.annotations).toMatchObject({ destructiveHint: true })
    })
  }

  it('marks exactly the ◦ tools of DESIGN §7 anonymous', () => {
    expect(
      [...TOOL_ACCESS]
        .filter(([, access]) => access === 'anonymous')
        .map(([name]) => name)
        .sort(),
    ).toEqual([...ANONYMOUS].sort())
  })
})
