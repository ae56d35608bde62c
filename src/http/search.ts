import { Elysia } from 'elysia'
import { notImplemented } from '../errors'
import type { GatewayPlugin } from '../gateway/plugin'
import { assertDateWindow, gatewayErrors } from './common.model'
import { EventSearchQuery, searchResponses } from './search.model'

/** `GET /api/v1/search/events`: upcoming events across every indexed organization (free, identity). */
export function searchRoutes(deps: { gateway: GatewayPlugin }) {
  return new Elysia({ name: 'search', prefix: '/api/v1' })
    .use(deps.gateway).get(
    '/search/events',
    () => {
      throw notImplemented('event search (GET /api/v1/search/events)')
    },
    {
      query: EventSearchQuery,
      beforeHandle: ({ query }) => assertDateWindow(query),
      response: { ...gatewayErrors, ...searchResponses },
      detail: { tags: ['search'], summary: 'Search upcoming events across all indexed organizations (free, identity)' },
    },
  )
}
