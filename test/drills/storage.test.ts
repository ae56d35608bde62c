// Drill (issue 7): the disk fills up or the database turns read-only under the running service. Writes
// answer a clear 503 {error:"storage_unavailable"} and bill nothing, reads keep working, the database
// stays intact, nothing is lost (a crawl whose result could not be stored is crawled again), and
// everything recovers once space returns. Disk-full is simulated with SQLite's own limit
// (PRAGMA max_page_count), read-only with PRAGMA query_only, on the real database file.
// SQLite only: both conditions are made with SQLite's own limits on its file.
import { sqliteStorage } from '../../src/db/sqlite-storage'
import { afterEach, describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { createApp } from '../../src/app'
import { loadConfig } from '../../src/config'
import { closeDatabase, migrate, openDatabase, type Db } from '../../src/db'
import { JobRunner } from '../../src/jobs/runner'
import { silentLogger } from '../../src/log'
import { call } from '../helpers/app'
import { recordingUsage, TEST_KEYRING } from '../helpers/gateway'
import { eventually, insertPendingJob, jobRow } from '../helpers/jobs'
import { seedIndexedOrganization } from '../helpers/seed'
import { tempDir } from '../helpers/tmp'

const open: { db: Db; cleanup(): void }[] = []
const runners: JobRunner[] = []
afterEach(async () => {
  for (const r of runners.splice(0)) await r.stop()
  for (const o of open.splice(0)) {
    closeDatabase(o.db)
    o.cleanup()
  }
})

function setup() {
  const tmp = tempDir()
  const db = openDatabase(join(tmp.dir, 'drill.sqlite'))
  migrate(db)
  open.push({ db, cleanup: tmp.cleanup })
  const usage = recordingUsage()
  const app = createApp({ config: loadConfig({ GW_SIGNING_KEYS: TEST_KEYRING }), storage: sqliteStorage(db), usage: usage.client })
  return { db, app, usageCalls: usage.calls }
}

/** Caps the file at its current size, then fills every free byte left in it, as a full disk would. */
const fillDisk = (db: Db) => {
  db.$client.run('CREATE TABLE IF NOT EXISTS drill_filler (b BLOB)')
  const { page_count } = db.$client.query('PRAGMA page_count').get() as { page_count: number }
  db.$client.run(`PRAGMA max_page_count = ${page_count}`)
  for (const size of [65536, 4096, 512, 64, 8, 1])
    try {
      for (;;) db.$client.run('INSERT INTO drill_filler VALUES (zeroblob(?))', [size])
    } catch {
      // this size no longer fits; try smaller ones until not a byte is left
    }
}
const freeDisk = (db: Db) => db.$client.run('PRAGMA max_page_count = 1073741823')
const integrity = (db: Db) => (db.$client.query('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check

describe('disk full', () => {
  it('answers 503 to writes without billing, keeps reads working, and recovers', async () => {
    const { db, app, usageCalls } = setup()
    const orgId = await seedIndexedOrganization(sqliteStorage(db), { events: 3 })
    fillDisk(db)
    let wrote = 0
    for (let i = 0; i < 20; i++) {
      const res = await call(app, 'POST', '/api/v1/orgs', {
        body: {
          website: `library-${i}-with-a-rather-long-name-to-use-pages.example.org`,
          hints: { calendarUrls: Array.from({ length: 50 }, (_, j) => `https://x.example.org/${'p'.repeat(200)}/${j}`) },
        },
      })
      if (res.status === 202) wrote++
      else expect(res.json).toMatchObject({ error: 'storage_unavailable' })
    }
    expect(wrote).toBe(0)
    expect(usageCalls.filter((c) => c.kind === 'usage')).toEqual([])
    const report = await call(app, 'POST', '/api/v1/report', { body: { message: 'x'.repeat(5000) } })
    expect([report.status, report.json.error]).toEqual([503, 'storage_unavailable'])
    expect(report.headers.get('retry-after')).toBe('30')
    expect((await call(app, 'GET', `/api/v1/businesses/${orgId}/events`)).status).toBe(200)
    expect((await call(app, 'GET', '/api/v1/search/events')).status).toBe(200)
    expect(integrity(db)).toBe('ok')
    freeDisk(db)
    expect((await call(app, 'POST', '/api/v1/orgs', { body: { website: 'library-after.example.org' } })).status).toBe(202)
  })
})

describe('read-only database', () => {
  it('answers 503 to writes and serves reads, then recovers', async () => {
    const { db, app } = setup()
    const orgId = await seedIndexedOrganization(sqliteStorage(db), { events: 2 })
    db.$client.run('PRAGMA query_only = ON')
    expect((await call(app, 'POST', '/api/v1/report', { body: { message: 'hello while read-only' } })).json.error).toBe('storage_unavailable')
    expect((await call(app, 'POST', '/api/v1/orgs', { body: { website: 'museum.example.org' } })).status).toBe(503)
    expect((await call(app, 'GET', `/api/v1/businesses/${orgId}/events`)).json.eventCount).toBe(2)
    db.$client.run('PRAGMA query_only = OFF')
    expect((await call(app, 'POST', '/api/v1/report', { body: { message: 'hello after recovery' } })).status).toBe(202)
    expect(integrity(db)).toBe('ok')
  })
})

describe('a crawl finishing while the disk is full', () => {
  it('is not lost: its job is crawled again after recovery and the old events stay until then', async () => {
    const { db } = setup()
    await seedIndexedOrganization(sqliteStorage(db), { events: 1, domain: 'lib.example.org' })
    const { jobId, orgId } = await insertPendingJob(sqliteStorage(db), { domain: 'lib.example.org', calendarUrls: ['script:big'] })
    const refusals: unknown[] = []
    const logger = { ...silentLogger, error: (msg: string, fields?: Record<string, unknown>) => void (msg === 'runner: could not store the crawl' && refusals.push(fields)) }
    const runner = new JobRunner({
      storage: sqliteStorage(db),
      logger,
      workers: 1,
      workerUrl: new URL('../fixtures/workers/scripted-worker.ts', import.meta.url).href,
      pollMs: 50,
      leaseMs: 600,
      settings: { maxPages: 5, budgetMs: 5000, userAgent: 't', allowPrivate: true, scriptVersion: 'd' },
    })
    runners.push(runner)
    fillDisk(db)
    runner.start()
    // The crawl's result came back and storing it was refused: the moment it would otherwise be ready.
    await eventually(() => refusals.length > 0, 10_000)
    expect(refusals[0]).toMatchObject({ jobId })
    expect((await jobRow(sqliteStorage(db), jobId)).state).not.toBe('ready')
    expect((db.$client.query('SELECT title FROM events WHERE org_id = ?').all(orgId) as { title: string }[]).map((r) => r.title)).toEqual(['Event 1'])
    freeDisk(db)
    await eventually(async () => (await jobRow(sqliteStorage(db), jobId)).state === 'ready', 10_000)
    expect((await jobRow(sqliteStorage(db), jobId)).eventCount).toBe(60)
    expect(integrity(db)).toBe('ok')
  })
})
