import { Elysia } from 'elysia'
import type { Storage } from '../db/storage'
import { requireAllowance, type GatewayPlugin } from '../gateway/plugin'
import type { UsageItem } from '../gateway/routes'
import { usageHeader } from '../gateway/settlement'
import type { UsageClient } from '../gateway/usage-client'
import { holdAnswer } from '../services/answer-bytes'
import { DomainError } from '../services/errors'
import { organizationEvents } from '../services/org-events'
import type { ReadContext } from '../services/read-context'
import { searchBusinesses } from '../services/search-businesses'
import { billEventsPull } from '../services/usage-billing'
import { answerResponse } from './answer-response'
import { BusinessSearchQuery, businessesResponses, OrgParams } from './businesses.model'
import { gatewayErrors } from './common.model'

export type BusinessesDeps = { gateway: GatewayPlugin; storage: Storage; catalog: ReadContext; usage: UsageClient; now: () => number }

/** `GET /api/v1/businesses/{id}/events` (paid per event) and `GET /api/v1/search/businesses` (identity). */
export function businessesRoutes(deps: BusinessesDeps) {
  return new Elysia({ name: 'businesses', prefix: '/api/v1' })
    .use(deps.gateway)
    .get(
      '/businesses/:id/events',
      async ({ params, caller, set }) => {
        const result = await organizationEvents(deps.catalog, params.id, deps.now())
        if (!result)
          throw new DomainError('not_indexed', `organization ${params.id} is not indexed; index it with POST indexUrl (this answer is free)`, {
            indexUrl: `${caller!.baseUrl}/api/v1/orgs`,
          })
        // Kept across the usage service's calls (see holdAnswer), until the response holds it.
        const letGo = holdAnswer(result.body)
        try {
          const usage: UsageItem[] = [{ meter: 'events_pull', quantity: result.eventCount }]
          const headers: Record<string, string> = { 'content-type': 'application/json', 'x-request-id': String(set.headers['x-request-id'] ?? '') }
          if (result.eventCount > 0) {
            await requireAllowance(deps.usage, caller!, usage)
            const billed = await billEventsPull(deps.storage, deps.usage, { requestId: caller!.usageRequestId, agentId: caller!.agentId!, usage }, deps.now)
            if (billed.outcome === 'refused') throw new DomainError('usage_unavailable', `billing is unavailable: ${billed.reason}; nothing was charged`, {}, 5)
            if (billed.outcome === 'unknown')
              throw new DomainError('usage_unknown', `the usage report could not be confirmed (${billed.reason}): the charge may have been recorded; nothing was served`, {}, 5)
            headers['gw-usage'] = usageHeader(usage)!
          }
          return answerResponse(result.body, { status: 200, headers })
        } finally {
          letGo()
        }
      },
      {
        params: OrgParams,
        response: { ...gatewayErrors, ...businessesResponses.events },
        detail: { tags: ['events'], summary: 'All upcoming events of one organization (paid: events_pull = number of events)' },
      },
    )
    .get('/search/businesses', ({ query }) => searchBusinesses(deps.catalog, query.q, query.limit ?? 20, deps.now()), {
      query: BusinessSearchQuery,
      response: { ...gatewayErrors, ...businessesResponses.search },
      detail: { tags: ['search'], summary: 'Find indexed organizations by name or domain (free, identity)' },
    })
}
