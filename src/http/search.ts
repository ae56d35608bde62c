import { Elysia } from 'elysia'
import type { GatewayPlugin } from '../gateway/plugin'
import type { ReadContext } from '../services/read-context'
import { searchEvents } from '../services/search-events'
import { answerResponse } from './answer-response'
import { assertDateWindow, gatewayErrors } from './common.model'
import { EventSearchQuery, searchResponses } from './search.model'

/** `GET /api/v1/search/events`: upcoming events across every indexed organization (free, identity). */
export function searchRoutes(deps: { gateway: GatewayPlugin; catalog: ReadContext; now: () => number }) {
  return new Elysia({ name: 'search', prefix: '/api/v1' }).use(deps.gateway).get(
    '/search/events',
    async ({ query, set }) =>
      answerResponse((await searchEvents(deps.catalog, query, deps.now())).body, {
        headers: { 'content-type': 'application/json', 'x-request-id': String(set.headers['x-request-id'] ?? '') },
      }),
    {
      query: EventSearchQuery,
      beforeHandle: ({ query }) => assertDateWindow(query),
      response: { ...gatewayErrors, ...searchResponses },
      detail: { tags: ['search'], summary: 'Search upcoming events across all indexed organizations (free, identity)' },
    },
  )
}
