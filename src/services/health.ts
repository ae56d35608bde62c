import { appliedCount, journalMode, type Db } from '../db'
import type { Health, WorkerStatus } from '../model/health'
import { VERSION } from '../version'

export type HealthDeps = { db: Db; workers: () => WorkerStatus; now: () => number; startedAt: number }

/**
 * The health report (use case "is the service working"): `degraded` when the database cannot be read, so
 * a load balancer stops sending (REST answers 503) and an agent is told (MCP `get_service_status`).
 */
export function checkHealth(deps: HealthDeps): Health {
  const uptimeSeconds = Math.max(0, Math.floor((deps.now() - deps.startedAt) / 1000))
  let database: Health['database']
  try {
    database = { status: 'ok', journalMode: journalMode(deps.db), migrations: appliedCount(deps.db) }
  } catch (error) {
    database = { status: 'error', error: (error as Error).message }
  }
  return { status: database.status === 'ok' ? 'ok' : 'degraded', version: VERSION, uptimeSeconds, database, workers: deps.workers() }
}
