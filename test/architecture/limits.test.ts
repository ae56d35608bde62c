// Pins (issue 16): the limits REST and MCP share come from one module (src/model/limits.ts) and the two
// surfaces expose the same values: read from the served OpenAPI document and from the MCP tools' advertised
// input schemas, not from the constants alone. Report message 1..10 000, business search 1..100 (default
// 20), event search 1..200 (default 50, spec Limits); the orgId an MCP tool takes has the spec's form.
import { describe, expect, it } from 'bun:test'
import { plainJsonSchema } from '../../src/mcp/tools/define'
import { searchBusinessesTool, searchEventsTool } from '../../src/mcp/tools/search'
import { reportIssueTool } from '../../src/mcp/tools/service'
import { LIMITS, ORG_ID_PATTERN } from '../../src/model/limits'
import { SEARCH_DEFAULTS } from '../../src/services/search-events'
import { call, makeApp } from '../helpers/app'

type Json = Record<string, any>

async function openapi(): Promise<Json> {
  const { app } = makeApp()
  return (await call(app, 'GET', '/api/v1/openapi.json')).json as Json
}

const queryParam = (doc: Json, path: string, name: string) => (doc.paths[path].get.parameters as Json[]).find((p) => p.name === name)!.schema
const toolArg = (tool: { input: unknown }, name: string) => (plainJsonSchema(tool.input).properties as Json)[name]

describe('limits shared by REST and MCP', () => {
  it('the report message: the same bounds on both surfaces', async () => {
    const rest = (await openapi()).paths['/api/v1/report'].post.requestBody.content['application/json'].schema.properties.message
    const mcp = toolArg(reportIssueTool, 'message')
    expect([rest.minLength, rest.maxLength]).toEqual([LIMITS.reportMessage.min, LIMITS.reportMessage.max])
    expect([mcp.minLength, mcp.maxLength]).toEqual([rest.minLength, rest.maxLength])
    expect(LIMITS.reportMessage.max).toBe(10_000)
  })

  it('business search: the same limit bounds on both surfaces', async () => {
    const rest = queryParam(await openapi(), '/api/v1/search/businesses', 'limit')
    const mcp = toolArg(searchBusinessesTool, 'limit')
    expect([rest.minimum, rest.maximum, rest.default]).toEqual([LIMITS.businessSearch.min, LIMITS.businessSearch.max, LIMITS.businessSearch.default])
    expect([mcp.minimum, mcp.maximum]).toEqual([rest.minimum, rest.maximum])
    expect(mcp.description).toContain(`default ${rest.default}`)
  })

  it('event search: the spec bounds on both surfaces, and the service default is the advertised one', async () => {
    const rest = queryParam(await openapi(), '/api/v1/search/events', 'limit')
    const mcp = toolArg(searchEventsTool, 'limit')
    expect([rest.minimum, rest.maximum]).toEqual([1, 200])
    expect([mcp.minimum, mcp.maximum]).toEqual([rest.minimum, rest.maximum])
    expect(rest.default).toBe(SEARCH_DEFAULTS.limit)
    expect(LIMITS.eventSearch.default).toBe(SEARCH_DEFAULTS.limit)
  })

  it('the orgId an MCP tool takes is the spec form org_ + 16 hex', () => {
    expect(toolArg(reportIssueTool, 'orgId').pattern).toBe(ORG_ID_PATTERN)
    expect(new RegExp(ORG_ID_PATTERN).test('org_0123456789abcdef')).toBe(true)
    expect(new RegExp(ORG_ID_PATTERN).test('org_XYZ')).toBe(false)
  })
})
