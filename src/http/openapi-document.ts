import { ROUTE_RULES, type RouteRule } from '../gateway/routes'
import { cleanOpenApi } from './openapi-clean'

/** The version of the interface description (spec "Versioning": 1.0.0), not of this implementation. */
export const API_DESCRIPTION_VERSION = '1.0.0'

type Response = { description?: string; content?: Record<string, unknown>; headers?: Record<string, unknown> }
type Parameter = { examples?: unknown; schema?: Record<string, unknown> }
type Operation = { parameters?: Parameter[]; responses?: Record<string, Response>; requestBody?: { content?: Record<string, unknown> }; security?: Record<string, string[]>[] }
type Document = { info: Record<string, unknown>; paths: Record<string, Record<string, Operation>>; security?: unknown; [key: string]: unknown }

/** A response without a description of its own says at least what its status means. */
const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '202': 'Accepted',
  '400': 'invalid_request: the message names what was wrong',
  '401': 'invalid_gateway_signature or unknown_kid',
  '402': 'identity_required or payment_required',
  '403': 'missing_authentication_token',
  '404': 'Not found',
  '410': 'Gone',
  '429': 'Too many requests',
  '502': 'Bad gateway',
  '503': 'Service unavailable',
}

const JSON_TYPE = 'application/json'

/**
 * Who may call a route, from the gateway's own rule table (one home: `src/gateway/routes.ts`):
 * identity and paid routes need the signature and the agent, the poll (verify-only) any signed request,
 * read routes also an agent key; routes without a rule (health) are public.
 */
export function operationSecurity(rule: RouteRule | undefined): Record<string, string[]>[] {
  if (!rule) return []
  const signed: Record<string, string[]> = rule.kind === 'verify' ? { gatewaySignature: [] } : { gatewaySignature: [], agentIdentity: [] }
  return rule.read ? [signed, { agentKey: [] }] : [signed]
}

function usageHeaderDoc(meter: string) {
  const example = meter === 'orgs_index' ? 'orgs_index=1' : 'events_pull=37'
  return {
    'gw-usage': {
      description: `The settlement (an RFC 9651 dictionary): ${meter === 'orgs_index' ? 'orgs_index=1 for the job' : 'events_pull = the number of events returned; absent when none are'}. Never on errors.`,
      schema: { type: 'string', examples: [example] },
    },
  }
}

/**
 * The OpenAPI document as served at /api/v1/openapi.json, finished from what Elysia generates: plain
 * schemas ({@link cleanOpenApi}); bodies and answers in JSON only (the service speaks nothing else);
 * every response described; `gw-usage` on the 2xx of paid routes; each operation's security from the
 * gateway's rule table; the spec's description version with this release beside it; and a server
 * relative to the document, so the page works both on the service and behind a storefront
 * (`/s/<session>/api/v1/openapi.json` → `/s/<session>`).
 */
export function finishOpenApi(generated: unknown, serviceVersion: string): Record<string, unknown> {
  const doc = cleanOpenApi(generated) as Document
  delete doc.security
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      const rule = ROUTE_RULES[`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`]
      operation.security = operationSecurity(rule)
      for (const parameter of operation.parameters ?? []) moveExamplesIntoSchema(parameter)
      if (operation.requestBody?.content) operation.requestBody.content = jsonOnly(operation.requestBody.content)
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (response.content) response.content = jsonOnly(response.content)
        if (!response.description) response.description = STATUS_TEXT[status] ?? `HTTP ${status}`
        if (rule?.meter && status.startsWith('2')) response.headers = usageHeaderDoc(rule.meter)
      }
    }
  }
  return {
    ...doc,
    openapi: '3.1.0',
    info: { ...doc.info, version: API_DESCRIPTION_VERSION, 'x-service-version': serviceVersion },
    servers: [{ url: '../..', description: 'where this document was read: the storefront base {base_url} (http://HOST:PORT/s/<session> through the gateway), or the service itself' }],
  }
}

/** Elysia lifts a schema's `examples` (a list) to the parameter, where OpenAPI wants a map of named examples. */
function moveExamplesIntoSchema(parameter: Parameter): void {
  if (!Array.isArray(parameter.examples)) return
  parameter.schema = { ...parameter.schema, examples: parameter.examples }
  delete parameter.examples
}

function jsonOnly(content: Record<string, unknown>): Record<string, unknown> {
  return JSON_TYPE in content ? { [JSON_TYPE]: content[JSON_TYPE] } : content
}
