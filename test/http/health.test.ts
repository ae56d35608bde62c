// Pins GET /api/v1/health (DESIGN §4): no authentication; version, database and worker status;
// 503 when the database cannot be read.
import { describe, expect, it } from 'bun:test'
import pkg from '../../package.json'
import { closeDatabase, embeddedMigrations } from '../../src/db'
import { call, makeApp } from '../helpers/app'

describe('GET /api/v1/health', () => {
  it('reports the version, the migrated database and the workers', async () => {
    const { app } = makeApp()
    const res = await call(app, 'GET', '/api/v1/health')
    expect(res.status).toBe(200)
    expect(res.json.status).toBe('ok')
    expect(res.json.version).toBe(pkg.version)
    expect(res.json.database).toEqual({ status: 'ok', backend: 'sqlite', journalMode: 'memory', migrations: embeddedMigrations().length, replicationLagSeconds: null })
    expect(res.json.workers).toEqual({ status: 'not_running', configured: 2, alive: 0, busy: 0 })
    expect(res.headers.get('x-request-id')).toBeTruthy()
  })

  it('uses the configured worker count and the clock it is given', async () => {
    let now = 1_000_000
    const { app } = makeApp({ env: { CRAWL_WORKERS: '5' }, deps: { now: () => now } })
    now += 61_500
    const res = await call(app, 'GET', '/api/v1/health')
    expect(res.json.workers.configured).toBe(5)
    expect(res.json.uptimeSeconds).toBe(61)
  })

  it('answers 503 and names the problem when the database is gone', async () => {
    const { app, db } = makeApp()
    closeDatabase(db)
    const res = await call(app, 'GET', '/api/v1/health')
    expect(res.status).toBe(503)
    expect(res.json.status).toBe('degraded')
    expect(res.json.database.status).toBe('error')
    expect(res.json.database.error).toBeString()
  })
})
