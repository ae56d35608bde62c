import { Elysia } from 'elysia'
import { notImplemented } from '../errors'
import { BusinessSearchQuery, businessesResponses, OrgParams } from './businesses.model'
import { gatewayErrors } from './common.model'

/** `GET /api/v1/businesses/{id}/events` (paid per event) and `GET /api/v1/search/businesses` (identity). */
export function businessesRoutes() {
  return new Elysia({ name: 'businesses', prefix: '/api/v1' })
    .get(
      '/businesses/:id/events',
      () => {
        throw notImplemented('events pull (GET /api/v1/businesses/{id}/events)')
      },
      {
        params: OrgParams,
        response: { ...gatewayErrors, ...businessesResponses.events },
        detail: { tags: ['events'], summary: 'All upcoming events of one organization (paid: events_pull = number of events)' },
      },
    )
    .get(
      '/search/businesses',
      () => {
        throw notImplemented('business search (GET /api/v1/search/businesses)')
      },
      {
        query: BusinessSearchQuery,
        response: { ...gatewayErrors, ...businessesResponses.search },
        detail: { tags: ['search'], summary: 'Find indexed organizations by name or domain (free, identity)' },
      },
    )
}
