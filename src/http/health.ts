import { Elysia } from 'elysia'
import { appliedCount, type Db } from '../db'
import { VERSION } from '../version'
import { described } from './common.model'
import { HealthSchema, type Health, type WorkerStatus } from './health.model'

export type HealthDeps = { db: Db; workers: () => WorkerStatus; now: () => number; startedAt: number }

/** The health report: answers 503 when the database cannot be read, so a load balancer stops sending. */
export function checkHealth(deps: HealthDeps): Health {
  const uptimeSeconds = Math.max(0, Math.floor((deps.now() - deps.startedAt) / 1000))
  let database: Health['database']
  try {
    const { journal_mode } = deps.db.$client.query('PRAGMA journal_mode').get() as { journal_mode: string }
    database = { status: 'ok', journalMode: journal_mode, migrations: appliedCount(deps.db) }
  } catch (error) {
    database = { status: 'error', error: (error as Error).message }
  }
  return { status: database.status === 'ok' ? 'ok' : 'degraded', version: VERSION, uptimeSeconds, database, workers: deps.workers() }
}

/** `GET /api/v1/health`: no authentication (DESIGN §4). */
export function healthRoutes(deps: HealthDeps) {
  return new Elysia({ name: 'health', prefix: '/api/v1' }).get(
    '/health',
    ({ set }) => {
      const health = checkHealth(deps)
      if (health.status !== 'ok') set.status = 503
      return health
    },
    { response: { 200: described(HealthSchema, 'the service and its database are working'), 503: described(HealthSchema, 'degraded: the database cannot be read') }, detail: { tags: ['service'], summary: 'Version, database and worker status (no auth)', security: [] } },
  )
}
