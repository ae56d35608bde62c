import { ORG_ID_PATTERN } from './organization'

/**
 * The limits REST and MCP share, in one place (issue 16: the surfaces had drifted). Where they differed
 * the REST value won: the spec is the authority on REST, and raising the MCP bound refuses nothing an MCP
 * client sent before.
 */
export const LIMITS = {
  /** Report message length (REST `POST /api/v1/report`, MCP `report_issue`). */
  reportMessage: { min: 1, max: 10_000 },
  /** Business search results (REST `GET /api/v1/search/businesses`, MCP `search_businesses`); default 20. */
  businessSearch: { min: 1, max: 100, default: 20 },
  /** Event search results (spec Limits: 1 to 200; REST `GET /api/v1/search/events`, MCP `search_events`); default 50. */
  eventSearch: { min: 1, max: 200, default: 50 },
} as const

/**
 * The orgId: `org_` + 16 hex characters (spec Resources). The REST path parameter keeps the spec's
 * looser path pattern ({@link ORG_ID_PATH_PATTERN}, contract) and answers a well-formed unknown id 404.
 */
export { ORG_ID_PATTERN }
/** The spec's pattern of the `id` path parameter of `GET /api/v1/businesses/{id}/events` (contract). */
export const ORG_ID_PATH_PATTERN = '^[a-zA-Z0-9_]+$'
