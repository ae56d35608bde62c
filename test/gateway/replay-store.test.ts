// Pins where replay keys live (DESIGN §4 "the same signature seen again within the window → 401"; issue 11
// finding 5): in the database, for their window, so a captured signed request is refused after a restart
// and by another instance on the same database. A route that bills or writes stores its key before it
// answers (a replay is refused everywhere at once); a free read decides at once from the keys this instance
// knows and stores the key within LAZY_WRITE_MS and at shutdown (flush). Durable keys of one event-loop
// turn are stored together, each decided once. An expired key may be used again,
// expired rows are pruned, and while the database takes no writes (read-only, disk full) replays are still
// refused from memory and the keys are stored once it recovers.
// Restarts and instances sharing a database run on both backends; the SQLite replay store's own batching,
// lazy writes, read-only spells and learning from another connection are SQLite's (its PostgreSQL
// counterpart is pinned in db/pg/storage-accounts.test.ts).
import { afterEach, describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { createApp } from '../../src/app'
import { loadConfig } from '../../src/config'
import { closeDatabase, migrate, openDatabase, type Db } from '../../src/db'
import { sqliteReplayStore } from '../../src/db/queries/replay-keys'
import type { Storage } from '../../src/db/storage'
import type { ReplayStore } from '../../src/gateway/replay'
import { call } from '../helpers/app'
import { gatewayHeaders, recordingUsage, TEST_KEYRING } from '../helpers/gateway'
import { eventually } from '../helpers/jobs'
import { countRows } from '../helpers/peek'
import { forEachBackend } from '../helpers/storage'
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

function appOn(storage: Storage, replay: ReplayStore = storage.replayStore()) {
  const usage = recordingUsage()
  return {
    app: createApp({ config: loadConfig({ GW_SIGNING_KEYS: TEST_KEYRING, PUBLIC_BASE_URL: 'http://public.test' }), storage, usage: usage.client, replay }),
    usageCalls: usage.calls,
    replay,
  }
}

function tmpPath(name: string): string {
  const tmp = tempDir()
  cleanups.push(tmp.cleanup)
  return join(tmp.dir, name)
}

const ORGS = '/api/v1/orgs'
const SEARCH = '/api/v1/search/events'
const BODY = JSON.stringify({ website: 'example.org' })
const rows = (db: Db) => (db.$client.query('SELECT count(*) AS n FROM replay_keys').get() as { n: number }).n

forEachBackend('replays across restarts and instances', (_open, _backend, shared) => {
  it('refuses a captured paid request after a restart of the service', async () => {
    const database = await shared()
    const headers = gatewayHeaders('POST', ORGS, BODY)
    const first = await database.instance()
    expect((await call(appOn(first).app, 'POST', ORGS, { body: BODY, sign: false, headers })).status).toBe(202)
    await first.close()
    const { app, usageCalls } = appOn(await database.instance())
    const replay = await call(app, 'POST', ORGS, { body: BODY, sign: false, headers })
    expect(replay).toMatchObject({ status: 401, json: { error: 'invalid_gateway_signature' } })
    expect(usageCalls).toEqual([])
  })

  it('refuses a captured search after a restart (its key is stored at shutdown)', async () => {
    const database = await shared()
    const headers = gatewayHeaders('GET', SEARCH, '', { id: 'search-1' })
    const first = await database.instance()
    const before = appOn(first)
    expect((await call(before.app, 'GET', SEARCH, { sign: false, headers })).status).toBe(200)
    expect((await call(before.app, 'GET', SEARCH, { sign: false, headers })).status).toBe(401)
    await before.replay.flush()
    await first.close()
    expect((await call(appOn(await database.instance()).app, 'GET', SEARCH, { sign: false, headers })).status).toBe(401)
  })

  it('serves a paid request once when instances share the database, however they race', async () => {
    const database = await shared()
    const [a, b] = [await database.instance(), await database.instance()]
    const headers = gatewayHeaders('POST', ORGS, BODY, { id: 'shared-1' })
    const apps = [appOn(a), appOn(b), appOn(a), appOn(b)]
    const results = await Promise.all(apps.map(({ app }) => call(app, 'POST', ORGS, { body: BODY, sign: false, headers })))
    expect(results.map((r) => r.status).sort()).toEqual([202, 401, 401, 401])
    expect(apps.flatMap((x) => x.usageCalls).filter((c) => c.kind === 'usage')).toHaveLength(1)
  })

  it('refuses a search on another instance once its key is written and read (no delay configured)', async () => {
    const database = await shared()
    const [a, b] = [await database.instance(), await database.instance()]
    const [first, second] = [appOn(a, a.replayStore({ lazyMs: 0 })), appOn(b, b.replayStore({ lazyMs: 0 }))]
    const headers = gatewayHeaders('GET', SEARCH, '', { id: 'lazy-1' })
    expect((await call(first.app, 'GET', SEARCH, { sign: false, headers })).status).toBe(200)
    await eventually(async () => (await countRows(b, 'replay_keys')) === 1, 2000)
    expect((await call(second.app, 'GET', SEARCH, { sign: false, headers })).status).toBe(401)
  })
})

describe('the SQLite replay store', () => {
  const T = 1_800_000_000_000
  const store = () => {
    const db = openDatabase(':memory:')
    migrate(db)
    return { db, store: sqliteReplayStore(db) }
  }

  for (const durable of [true, false]) {
    it(`records a key once and refuses it until it expires, then accepts it again (${durable ? 'durable' : 'lazy'})`, async () => {
      const { store: s } = store()
      expect(await s.remember('k1', T + 300_000, T, durable)).toBe(true)
      expect(await s.remember('k1', T + 300_000, T + 1000, true)).toBe(false)
      expect(await s.remember('k1', T + 600_000, T + 299_999, false)).toBe(false)
      expect(await s.remember('k1', T + 900_000, T + 300_000, durable)).toBe(true)
      expect(await s.remember('k1', T + 900_000, T + 300_001, durable)).toBe(false)
      expect(await s.remember('k2', T + 300_000, T, durable)).toBe(true)
    })
  }

  it('decides durable keys asked together once each, stored before any of them is answered', async () => {
    const { db, store: s } = store()
    const asked = [s.remember('a', T + 300_000, T, true), s.remember('b', T + 300_000, T, true), s.remember('a', T + 300_000, T, true)]
    expect(rows(db)).toBe(0)
    expect(await Promise.all(asked)).toEqual([true, true, false])
    expect(rows(db)).toBe(2)
    expect(await s.remember('b', T + 300_000, T + 1, true)).toBe(false)
  })

  it('writes a lazy key within moments, and every waiting key at flush', async () => {
    const { db, store: s } = store()
    expect(await s.remember('lazy-a', T + 300_000, T, false)).toBe(true)
    expect(rows(db)).toBe(0)
    await eventually(() => rows(db) === 1, 2000)
    expect(await s.remember('lazy-b', T + 300_000, T, false)).toBe(true)
    await s.flush()
    expect(rows(db)).toBe(2)
  })

  it('stores the keys of one write in the order they came, each with its expiry, whatever characters they hold', async () => {
    const { db, store: s } = store()
    const keys = ['plain', 'quote"d', 'back\\slash', 'café ☕', 'comma,[1]', 'id:a.b:c-d_e']
    for (const [i, key] of keys.entries()) expect(await s.remember(key, T + 300_000 + i, T, false)).toBe(true)
    expect(await Promise.all([s.remember('durable-1', T + 301_000, T, true), s.remember('durable-2', T + 302_000, T, true)])).toEqual([true, true])
    const stored = db.$client.query('SELECT seq, key, expires_at FROM replay_keys ORDER BY seq').all() as { seq: number; key: string; expires_at: number }[]
    expect(stored.map((r) => [r.key, r.expires_at])).toEqual([...keys.map((key, i) => [key, T + 300_000 + i]), ['durable-1', T + 301_000], ['durable-2', T + 302_000]])
    expect(stored.map((r) => r.seq)).toEqual(stored.map((_, i) => stored[0].seq + i))
    expect(await sqliteReplayStore(db).remember('durable-2', T + 302_000, T + 1, true)).toBe(false)
    expect(await sqliteReplayStore(db).remember('café ☕', T + 300_000, T + 1, true)).toBe(false)
  })

  it('prunes expired rows', async () => {
    const { db, store: s } = store()
    for (let i = 0; i < 50; i++) await s.remember(`old-${i}`, T + 300_000, T, true)
    expect(rows(db)).toBe(50)
    await s.remember('new', T + 700_000, T + 400_000, true)
    expect(rows(db)).toBe(1)
  })

  it('keeps up with a steady stream of keys, pruning only expired ones', async () => {
    const { db, store: s } = store()
    for (let i = 0; i < 6000; i++) await s.remember(`k-${i}`, T + i * 10 + 300_000, T + i * 10, i % 2 === 0)
    await s.flush()
    // 60 s of keys at 100/s with a 300 s window: every key is still live, nothing may be pruned
    expect(rows(db)).toBe(6000)
    for (let i = 0; i < 6000; i++) await s.remember(`l-${i}`, T + 900_000 + i * 10 + 300_000, T + 900_000 + i * 10, true)
    expect(rows(db)).toBe(6000)
  })

  it('keeps refusing replays while the database is read-only, and stores the keys once it recovers', async () => {
    const { db, store: s } = store()
    expect(await s.remember('before', T + 300_000, T, true)).toBe(true)
    db.$client.run('PRAGMA query_only = ON')
    expect(await s.remember('before', T + 300_000, T + 1000, true)).toBe(false)
    expect(await s.remember('during', T + 300_000, T + 1000, true)).toBe(true)
    expect(await s.remember('during', T + 300_000, T + 2000, true)).toBe(false)
    expect(rows(db)).toBe(1)
    db.$client.run('PRAGMA query_only = OFF')
    expect(await s.remember('after', T + 300_000, T + 3000, true)).toBe(true)
    expect(await s.remember('during', T + 300_000, T + 4000, true)).toBe(false)
    expect(rows(db)).toBe(3)
    expect(await sqliteReplayStore(db).remember('during', T + 300_000, T + 5000, true)).toBe(false)
  })

  it('learns the keys another connection wrote at its own next write, before deciding a lazy key', async () => {
    const path = tmpPath('learn.sqlite')
    const a = fileDb(path)
    const b = openDatabase(path)
    cleanups.push(
      () => closeDatabase(a),
      () => closeDatabase(b),
    )
    const first = sqliteReplayStore(a)
    const second = sqliteReplayStore(b)
    expect(await first.remember('lazy-k', T + 300_000, T, false)).toBe(true)
    await first.flush()
    expect(await second.remember('other', T + 300_000, T, true)).toBe(true)
    expect(await second.remember('lazy-k', T + 300_000, T, false)).toBe(false)
  })

  it('learns the keys another connection wrote before deciding a durable key', async () => {
    const path = tmpPath('two.sqlite')
    const a = fileDb(path)
    const b = openDatabase(path)
    cleanups.push(
      () => closeDatabase(a),
      () => closeDatabase(b),
    )
    const first = sqliteReplayStore(a)
    const second = sqliteReplayStore(b)
    expect(await first.remember('k', T + 300_000, T, true)).toBe(true)
    expect(await second.remember('k', T + 300_000, T, true)).toBe(false)
    expect(await second.remember('k2', T + 300_000, T, true)).toBe(true)
    expect(await first.remember('k2', T + 300_000, T, true)).toBe(false)
  })
})
