import { Type as t, type Static } from '@sinclair/typebox'

/** The health report both surfaces give (REST `GET /api/v1/health`, MCP `get_service_status`). */

export const WorkerStatusSchema = t.Object({
  status: t.String({ description: 'running, stopped or not_running (this process runs no crawl workers)' }),
  configured: t.Integer({ minimum: 0 }),
  alive: t.Integer({ minimum: 0 }),
  busy: t.Integer({ minimum: 0 }),
})
export type WorkerStatus = Static<typeof WorkerStatusSchema>

export const HealthSchema = t.Object({
  status: t.Union([t.Literal('ok'), t.Literal('degraded')]),
  version: t.String(),
  uptimeSeconds: t.Integer({ minimum: 0 }),
  database: t.Object({
    status: t.Union([t.Literal('ok'), t.Literal('error')]),
    journalMode: t.Optional(t.String()),
    migrations: t.Optional(t.Integer()),
    error: t.Optional(t.String()),
  }),
  workers: WorkerStatusSchema,
})
export type Health = Static<typeof HealthSchema>
