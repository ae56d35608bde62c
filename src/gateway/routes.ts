/**
 * The spec's route classes (Endpoints table, Authentication items 3–7). Keys are `METHOD route-pattern`
 * as Elysia reports the matched route; routes not listed (health, OpenAPI, docs) are public. Elysia answers
 * HEAD with a route's GET handler, so HEAD takes the GET rule (never "no rule", which would make it public).
 */
export type UsageItem = { meter: 'orgs_index' | 'events_pull'; quantity: number }

export type RouteRule = {
  /** identity: a registered agent is required; verify: any signed request; paid: agent + allowance. */
  kind: 'identity' | 'verify' | 'paid'
  /** Read routes also accept `Authorization: Bearer <AGENT_KEY>` in place of a signature. */
  read: boolean
  /** Usage known before the handler runs; checked in `derive`, so 402 comes before validation. */
  usage?: UsageItem
  /** The meter a paid route settles in `gw-usage` on its 2xx (documented in the OpenAPI document). */
  meter?: UsageItem['meter']
}

export const ROUTE_RULES: Record<string, RouteRule> = {
  'GET /api/v1/search/businesses': { kind: 'identity', read: true },
  'GET /api/v1/search/events': { kind: 'identity', read: true },
  'POST /api/v1/report': { kind: 'identity', read: false },
  'GET /api/v1/orgs/:jobId': { kind: 'verify', read: true },
  'POST /api/v1/orgs': { kind: 'paid', read: false, usage: { meter: 'orgs_index', quantity: 1 }, meter: 'orgs_index' },
  'GET /api/v1/businesses/:id/events': { kind: 'paid', read: true, meter: 'events_pull' },
}

/** Routes that bill or write store their replay key before answering; free reads store it lazily (ReplayStore). */
export function durableReplay(rule: RouteRule, method: string): boolean {
  return rule.kind === 'paid' || (method !== 'GET' && method !== 'HEAD')
}

export function routeRule(method: string, route: string): RouteRule | undefined {
  return ROUTE_RULES[`${method === 'HEAD' ? 'GET' : method} ${route}`]
}

const GATEWAY_ROUTES = new Map<string, string[]>()
for (const key of Object.keys(ROUTE_RULES)) {
  const [method, route] = key.split(' ')
  GATEWAY_ROUTES.set(route, [...(GATEWAY_ROUTES.get(route) ?? []), method])
}

/** The methods a gateway route lists (for `allow`), or undefined for a route that is not a gateway route. */
export function allowedMethods(route: string): string[] | undefined {
  return GATEWAY_ROUTES.get(route)
}
