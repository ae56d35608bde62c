import { Elysia } from 'elysia'
import type { Db } from '../db'
import type { GatewayPlugin } from '../gateway/plugin'
import { answerBytes, searchEvents } from '../services/search-events'
import { assertDateWindow, gatewayErrors } from './common.model'
import { EventSearchQuery, searchResponses } from './search.model'

/** `GET /api/v1/search/events`: upcoming events across every indexed organization (free, identity). */
export function searchRoutes(deps: { gateway: GatewayPlugin; db: Db; now: () => number }) {
  return new Elysia({ name: 'search', prefix: '/api/v1' })
    .use(deps.gateway).get(
    '/search/events',
    ({ query, set }) =>
      new Response(answerBytes(searchEvents(deps.db, query, deps.now())), {
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
