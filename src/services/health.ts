import type { Storage } from '../db/storage'
import type { Health, WorkerStatus } from '../model/health'
import { VERSION } from '../version'

export type HealthDeps = { storage: Storage; workers: () => WorkerStatus; now: () => number; startedAt: number }

/**
 * The health report (use case "is the service working"): `degraded` when the database cannot be read, so
 * a load balancer stops sending (REST answers 503) and an agent is told (MCP `get_service_status`).
 */
export async function checkHealth(deps: HealthDeps): Promise<Health> {
  const uptimeSeconds = Math.max(0, Math.floor((deps.now() - deps.startedAt) / 1000))
  let database: Health['database']
  try {
    database = { status: 'ok', ...(await deps.storage.health()) }
  } catch (error) {
    database = { status: 'error', error: (error as Error).message }
  }
  return { status: database.status === 'ok' ? 'ok' : 'degraded', version: VERSION, uptimeSeconds, database, workers: deps.workers() }
}
