// Pins where replay keys live (DESIGN §4 "the same signature seen again within the window → 401"; issue 11
// finding 5): in the database, for their 300 s window, so a captured signed request is refused after a
// restart and by another instance on the same database; a key is recorded by one unique insert, an expired
// key may be used again, and expired rows are pruned. While the database takes no writes (read-only, disk
// full), replays are still refused from the stored rows and from memory, and the keys are stored on recovery.
import { afterEach, describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { createApp } from '../../src/app'
import { loadConfig } from '../../src/config'
import { closeDatabase, migrate, openDatabase, type Db } from '../../src/db'
import { sqliteReplayStore } from '../../src/db/queries/replay-keys'
import { call } from '../helpers/app'
import { gatewayHeaders, recordingUsage, TEST_KEYRING } from '../helpers/gateway'
import { tempDir } from '../helpers/tmp'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c()
})

function fileDb(path: string): Db {
  const db = openDatabase(path)
  migrate(db)
  return db
}

function appOn(db: Db) {
  const usage = recordingUsage()
  return { app: createApp({ config: loadConfig({ GW_SIGNING_KEYS: TEST_KEYRING, PUBLIC_BASE_URL: 'http://public.test' }), db, usage: usage.client }), usageCalls: usage.calls }
}

const ORGS = '/api/v1/orgs'
const BODY = JSON.stringify({ website: 'example.org' })
const rows = (db: Db) => (db.$client.query('SELECT count(*) AS n FROM replay_keys').get() as { n: number }).n

describe('replays across restarts and instances', () => {
  it('refuses a captured signature after a restart of the service', async () => {
    const tmp = tempDir()
    cleanups.push(tmp.cleanup)
    const path = join(tmp.dir, 'replay.sqlite')
    const headers = gatewayHeaders('POST', ORGS, BODY)
    const first = fileDb(path)
    expect((await call(appOn(first).app, 'POST', ORGS, { body: BODY, sign: false, headers })).status).toBe(202)
    closeDatabase(first)
    const restarted = fileDb(path)
    cleanups.push(() => closeDatabase(restarted))
    const { app, usageCalls } = appOn(restarted)
    const replay = await call(app, 'POST', ORGS, { body: BODY, sign: false, headers })
    expect(replay).toMatchObject({ status: 401, json: { error: 'invalid_gateway_signature' } })
    expect(usageCalls).toEqual([])
  })

  it('serves a signature once when two instances share the database', async () => {
    const tmp = tempDir()
    cleanups.push(tmp.cleanup)
    const path = join(tmp.dir, 'shared.sqlite')
    const a = fileDb(path)
    const b = openDatabase(path)
    cleanups.push(() => closeDatabase(a), () => closeDatabase(b))
    const headers = gatewayHeaders('GET', '/api/v1/search/events', '', { id: 'shared-1' })
    const results = await Promise.all([appOn(a).app, appOn(b).app, appOn(a).app].map((app) => call(app, 'GET', '/api/v1/search/events', { sign: false, headers })))
    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401])
  })
})

describe('the SQLite replay store', () => {
  const T = 1_800_000_000_000
  const store = () => {
    const db = openDatabase(':memory:')
    migrate(db)
    return { db, store: sqliteReplayStore(db) }
  }

  it('records a key once and refuses it until it expires, then accepts it again', async () => {
    const { store: s } = store()
    expect(await s.remember('k1', T + 300_000, T)).toBe(true)
    expect(await s.remember('k1', T + 300_000, T + 1000)).toBe(false)
    expect(await s.remember('k1', T + 600_000, T + 299_999)).toBe(false)
    expect(await s.remember('k1', T + 900_000, T + 300_000)).toBe(true)
    expect(await s.remember('k1', T + 900_000, T + 300_001)).toBe(false)
    expect(await s.remember('k2', T + 300_000, T)).toBe(true)
  })

  it('prunes expired rows', async () => {
    const { db, store: s } = store()
    for (let i = 0; i < 50; i++) await s.remember(`old-${i}`, T + 300_000, T)
    expect(rows(db)).toBe(50)
    await s.remember('new', T + 700_000, T + 400_000)
    expect(rows(db)).toBe(1)
  })

  it('keeps up with a steady stream of keys without a clock jump', async () => {
    const { db, store: s } = store()
    for (let i = 0; i < 6000; i++) await s.remember(`k-${i}`, T + i * 10 + 300_000, T + i * 10)
    // 60 s of keys at 100/s with a 300 s window: every key is still live, nothing may be pruned
    expect(rows(db)).toBe(6000)
    for (let i = 0; i < 6000; i++) await s.remember(`l-${i}`, T + 900_000 + i * 10 + 300_000, T + 900_000 + i * 10)
    expect(rows(db)).toBe(6000)
  })

  it('keeps refusing replays while the database is read-only, and stores the keys once it recovers', async () => {
    const { db, store: s } = store()
    expect(await s.remember('before', T + 300_000, T)).toBe(true)
    db.$client.run('PRAGMA query_only = ON')
    expect(await s.remember('before', T + 300_000, T + 1000)).toBe(false)
    expect(await s.remember('during', T + 300_000, T + 1000)).toBe(true)
    expect(await s.remember('during', T + 300_000, T + 2000)).toBe(false)
    expect(rows(db)).toBe(1)
    db.$client.run('PRAGMA query_only = OFF')
    expect(await s.remember('after', T + 300_000, T + 3000)).toBe(true)
    expect(await s.remember('during', T + 300_000, T + 4000)).toBe(false)
    expect(rows(db)).toBe(3)
    expect(await sqliteReplayStore(db).remember('during', T + 300_000, T + 5000)).toBe(false)
  })
})
