// Pins that the request thread never waits on its thread for SQLite's write lock (issue 12: crawl
// results are written by the crawl writer, another connection, and a write that slept the thread until
// that transaction ended stalled every request). The lock is held here by a second connection on this
// same thread, released by a timer: a write that waited synchronously could never see it released (it
// would fail after the busy timeout), so each write below succeeds only because it waited on timers:
// - a storage method is tried again, whole and once, and resolves after the lock is released;
// - a durable replay key is answered only once stored, after the lock is released;
// - a lazy replay key is decided at once (a replay refused at once) and stored once the lock is free.
// SQLite only: the request thread's connection and the crawl writer are SQLite's.
import { afterEach, describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { closeDatabase, migrate, openDatabase, type Db } from '../../src/db'
import { sqliteStorage } from '../../src/db/sqlite-storage'
import { eventually } from '../helpers/jobs'
import { tempDir } from '../helpers/tmp'

const T = 1_800_000_000_000
const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

/** The storage of a service on a file, and another connection to the file that takes the write lock until `release`. */
function fileStorage() {
  const tmp = tempDir()
  const path = join(tmp.dir, 'lock.sqlite')
  const db = openDatabase(path)
  migrate(db)
  const storage = sqliteStorage(db, { path })
  const other: Db = openDatabase(path)
  cleanups.push(
    tmp.cleanup,
    () => storage.close(),
    () => closeDatabase(other),
  )
  let held = false
  return {
    db,
    storage,
    hold() {
      other.$client.run('BEGIN IMMEDIATE')
      held = true
    },
    /** Releases the lock on the next turn of the event loop, which a thread waiting on the lock never reaches. */
    releaseSoon() {
      setTimeout(() => {
        other.$client.run('COMMIT')
        held = false
      }, 5)
    },
    held: () => held,
  }
}

const count = (db: Db, sql: string) => (db.$client.query(sql).get() as { n: number }).n

describe('writes of the request thread while another connection holds the write lock', () => {
  it('wait on timers: a storage method resolves once the lock is released, its transaction written once', async () => {
    const { db, storage, hold, releaseSoon, held } = fileStorage()
    // SQLite's own wait (a busy timeout) sleeps the thread: the request thread's connection has none
    expect(db.$client.query('PRAGMA busy_timeout').values()).toEqual([[0]])
    await storage.credits.createAccount({ accountId: 'acct_1', email: 'a@example.org', keyHash: 'h1', nowMs: T }, { credits: 10, reason: 'initial grant' })
    hold()
    const granted = storage.credits.grant('acct_1', 5, 'top-up', T + 1)
    expect(held()).toBe(true)
    releaseSoon()
    expect(await granted).toBe(15)
    expect(held()).toBe(false)
    expect(count(db, "SELECT count(*) AS n FROM credit_ledger WHERE reason = 'top-up'")).toBe(1)
  })

  it('answer a durable replay key only once it is stored, after the lock is released', async () => {
    const { db, storage, hold, releaseSoon, held } = fileStorage()
    const replay = storage.replayStore()
    hold()
    const fresh = replay.remember('durable-k', T + 300_000, T, true)
    releaseSoon()
    expect(await fresh).toBe(true)
    expect(held()).toBe(false)
    expect(count(db, "SELECT count(*) AS n FROM replay_keys WHERE key = 'durable-k'")).toBe(1)
    expect(await replay.remember('durable-k', T + 300_000, T + 1, true)).toBe(false)
  })

  it('decide a lazy replay key at once and store it once the lock is free', async () => {
    const { db, storage, hold, releaseSoon } = fileStorage()
    const replay = storage.replayStore({ lazyMs: 1 })
    hold()
    expect(replay.remember('lazy-k', T + 300_000, T, false)).toBe(true)
    expect(replay.remember('lazy-k', T + 300_000, T + 1, false)).toBe(false)
    // its write finds the lock held (tried on a timer, again and again), and the key stays pending
    await Bun.sleep(20)
    expect(count(db, 'SELECT count(*) AS n FROM replay_keys')).toBe(0)
    releaseSoon()
    await eventually(() => count(db, "SELECT count(*) AS n FROM replay_keys WHERE key = 'lazy-k'") === 1, 2000)
  })
})
