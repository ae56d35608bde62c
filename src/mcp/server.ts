import { createMcpHandler, McpServer } from '@modelcontextprotocol/server'
import { VERSION } from '../version'
import type { Scope } from '../oauth/tokens'
import { accountTools } from './tools/account'
import { registerTool, type Caller, type ToolAccess, type ToolDeps, type ToolSpec } from './tools/define'
import { exportTools } from './tools/exports'
import { jobTools } from './tools/jobs'
import { organizationTools } from './tools/organizations'
import { previewTools } from './tools/previews'
import { searchTools } from './tools/search'
import { serviceTools } from './tools/service'

/** The 24 tools of DESIGN §7 (contract: these names), in the order tools/list shows them. */
export const TOOLS: ToolSpec[] = [...searchTools, ...organizationTools, ...jobTools, ...previewTools, ...exportTools, ...accountTools, ...serviceTools] as never

/** Tool name → who may call it: `anonymous`, or the scope a token must carry. */
export const TOOL_ACCESS: ReadonlyMap<string, ToolAccess> = new Map(TOOLS.map((tool) => [tool.name, tool.access]))

/** The scope a tool needs, or undefined for an anonymous (or unknown) tool. */
export function requiredScope(toolName: string): Scope | undefined {
  const access = TOOL_ACCESS.get(toolName)
  return access && access !== 'anonymous' ? access : undefined
}

const INSTRUCTIONS = `event-index serves the upcoming events of organizations (libraries, museums, parks, schools, community centres) found on their own websites.
Free without a token: search_events, search_events_nearby, get_upcoming_events (a 5-event preview), search_businesses, get_organization, list_calendar_sources, list_categories, list_cities, get_index_job, get_service_status, report_issue.
With an OAuth token (prepaid credits): index_organization (40), get_organization_events and the exports (1 per event), get_event and get_event_occurrences (1), discover_calendars, preview_extraction, validate_feed of a URL (4), get_credit_balance, get_usage_history, list_index_jobs, cancel_index_job.`

/** One McpServer with every tool, bound to one caller; built per request (the transport is stateless). */
export function buildMcpServer(deps: ToolDeps, caller: Caller): McpServer {
  const server = new McpServer({ name: 'event-index', title: 'event-index', version: VERSION }, { capabilities: { tools: {}, logging: {} }, instructions: INSTRUCTIONS })
  for (const tool of TOOLS) registerTool(server, tool, { deps, caller })
  return server
}

/** What the route hands the SDK for a verified token (AuthInfo.extra carries our caller). */
export type McpAuthExtra = { caller: Caller }

/**
 * The SDK's web-standard handler: the 2026-07-28 revision and, for 2025-era clients, stateless
 * Streamable HTTP, both from the same per-request factory, so the two eras can never drift apart.
 */
export function createMcpEndpoint(deps: ToolDeps) {
  return createMcpHandler(({ authInfo }) => buildMcpServer(deps, (authInfo?.extra as McpAuthExtra | undefined)?.caller ?? { scopes: [] }), {
    onerror: (error) => deps.logger.debug('mcp request refused', { error: error.message }),
  })
}
