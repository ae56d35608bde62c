import { Type as t, type Static } from '@sinclair/typebox'

/** The health report both surfaces give (REST `GET /api/v1/health`, MCP `get_service_status`). */

export const WorkerStatusSchema = t.Object({
  status: t.String({ description: 'running, stopped or not_running (this process runs no crawl workers)' }),
  configured: t.Integer({ minimum: 0 }),
  alive: t.Integer({ minimum: 0 }),
  busy: t.Integer({ minimum: 0 }),
})
export type WorkerStatus = Static<typeof WorkerStatusSchema>

/** What storage says of itself (Storage.health): which backend, its journal mode (SQLite), migrations, replica lag. */
export const StorageHealthSchema = t.Object({
  backend: t.Union([t.Literal('sqlite'), t.Literal('postgres')]),
  journalMode: t.Optional(t.String({ description: 'SQLite: the journal mode (wal)' })),
  migrations: t.Integer({ minimum: 0 }),
  replicationLagSeconds: t.Union([t.Number({ minimum: 0 }), t.Null()], {
    description: 'PostgreSQL: the largest replay lag this server can see (its standbys on a primary, its own on a standby); null when it has no replica (SQLite never has)',
  }),
})
export type StorageHealth = Static<typeof StorageHealthSchema>

export const HealthSchema = t.Object({
  status: t.Union([t.Literal('ok'), t.Literal('degraded')]),
  version: t.String(),
  uptimeSeconds: t.Integer({ minimum: 0 }),
  database: t.Object({
    status: t.Union([t.Literal('ok'), t.Literal('error')]),
    ...StorageHealthSchema.properties,
    backend: t.Optional(StorageHealthSchema.properties.backend),
    migrations: t.Optional(t.Integer()),
    replicationLagSeconds: t.Optional(StorageHealthSchema.properties.replicationLagSeconds),
    error: t.Optional(t.String()),
  }),
  workers: WorkerStatusSchema,
})
export type Health = Static<typeof HealthSchema>
