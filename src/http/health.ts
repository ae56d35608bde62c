import { Elysia } from 'elysia'
import { HealthSchema } from '../model/health'
import { checkHealth, type HealthDeps } from '../services/health'
import { described } from './common.model'

/** `GET /api/v1/health`: no authentication (DESIGN §4). */
export function healthRoutes(deps: HealthDeps) {
  return new Elysia({ name: 'health', prefix: '/api/v1' }).get(
    '/health',
    async ({ set }) => {
      const health = await checkHealth(deps)
      if (health.status !== 'ok') set.status = 503
      return health
    },
    {
      response: { 200: described(HealthSchema, 'the service and its database are working'), 503: described(HealthSchema, 'degraded: the database cannot be read') },
      detail: { tags: ['service'], summary: 'Version, database and worker status (no auth)', security: [] },
    },
  )
}
