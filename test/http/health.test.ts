// Pins GET /api/v1/health (DESIGN §4): no authentication; version, database and worker status;
// 503 when the database cannot be read. On both backends.
import { expect, it } from 'bun:test'
import pkg from '../../package.json'
import { embeddedMigrations } from '../../src/db'
import { embeddedPgMigrations } from '../../src/db/pg/migrate'
import { call, makeApp } from '../helpers/app'
import { forEachBackend } from '../helpers/storage'

/** What the health check says of a fresh migrated database of each backend (PostgreSQL: its wal_level, no standby). */
const DATABASE = {
  sqlite: { status: 'ok', backend: 'sqlite', journalMode: 'memory', migrations: embeddedMigrations().length, replicationLagSeconds: null },
  postgres: { status: 'ok', backend: 'postgres', journalMode: 'replica', migrations: embeddedPgMigrations().length, replicationLagSeconds: null },
}

forEachBackend('GET /api/v1/health', (open, backend) => {
  it('reports the version, the migrated database and the workers', async () => {
    const { app } = makeApp({ storage: await open() })
    const res = await call(app, 'GET', '/api/v1/health')
    expect(res.status).toBe(200)
    expect(res.json.status).toBe('ok')
    expect(res.json.version).toBe(pkg.version)
    expect(res.json.database).toEqual(DATABASE[backend])
    expect(res.json.workers).toEqual({ status: 'not_running', configured: 2, alive: 0, busy: 0 })
    expect(res.headers.get('x-request-id')).toBeTruthy()
  })

  it('uses the configured worker count and the clock it is given', async () => {
    let now = 1_000_000
    const { app } = makeApp({ storage: await open(), env: { CRAWL_WORKERS: '5' }, deps: { now: () => now } })
    now += 61_500
    const res = await call(app, 'GET', '/api/v1/health')
    expect(res.json.workers.configured).toBe(5)
    expect(res.json.uptimeSeconds).toBe(61)
  })

  it('answers 503 and names the problem when the database is gone', async () => {
    const { app, storage } = makeApp({ storage: await open() })
    await storage.close()
    const res = await call(app, 'GET', '/api/v1/health')
    expect(res.status).toBe(503)
    expect(res.json.status).toBe('degraded')
    expect(res.json.database.status).toBe('error')
    expect(res.json.database.error).toBeString()
  })
})
