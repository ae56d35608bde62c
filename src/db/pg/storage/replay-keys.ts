import type { SQL } from 'bun'
import type { ReplayStore } from '../../../gateway/replay'
import { ReplayKeySet } from '../../../gateway/replay-key-set'

/** Delete expired rows after this many stored keys or this long, whichever comes first, at most this many at a time. */
const PRUNE_EVERY_KEYS = 512
const PRUNE_EVERY_MS = 30_000
const PRUNE_BATCH = 2048

type Waiting = { key: string; expiresAtMs: number; nowMs: number; durable: boolean; resolve: (fresh: boolean) => void; reject: (error: unknown) => void }

/**
 * Stores `keys` (distinct) in ONE statement, its own transaction (one round trip): a key is fresh when it
 * had no row, or only one expired at `nowMs` (its row is taken over); the keys answered are the fresh
 * ones. The unique index on `key` decides it inside PostgreSQL, so of two instances storing one key at
 * once exactly one gets it back. Unless `durable`, the statement first sets `synchronous_commit` off for
 * its own transaction (set_config local, in a one-row CTE that is materialized since set_config is
 * volatile, joined so it runs), so its commit does not wait for the WAL flush; durable keys keep the
 * server's setting.
 */
async function insertFresh(sql: SQL, keys: string[], expiries: number[], nowMs: number, durable: boolean): Promise<Set<string>> {
  const rows = await sql`WITH commit_mode AS (SELECT set_config('synchronous_commit', CASE WHEN ${durable} THEN current_setting('synchronous_commit') ELSE 'off' END, true) AS mode)
    INSERT INTO replay_keys (key, expires_at)
    SELECT k.key, k.expires_at FROM unnest(${sql.array(keys, 'TEXT')}::text[], ${sql.array(expiries, 'INT8')}::bigint[]) AS k(key, expires_at), commit_mode
    ON CONFLICT (key) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE replay_keys.expires_at <= ${nowMs}
    RETURNING key`
  return new Set(rows.map((r: { key: string }) => r.key))
}

/**
 * The gateway's replay store on PostgreSQL (gateway/replay.ts): table `replay_keys` with a unique key, so
 * a signature seen by one instance is refused by every other, and by this one after a restart.
 *
 * Every key is decided by the database, never from this instance's memory alone (memory only refuses a
 * key it already knows live, without a round trip): the keys asked for in one turn of the event loop,
 * durable or not, are stored by ONE `INSERT … ON CONFLICT … RETURNING` (one round trip) and each caller
 * answered from it.
 * What differs is the commit: a batch holding a durable key (routes that bill or write) commits
 * synchronously (flushed to the WAL before the answer: no restart can accept the key again); a batch of
 * free reads only commits with `synchronous_commit = off` (no WAL flush waited for: a server crash may
 * forget the last few milliseconds of free-read keys, the same gap as SQLite's lazy writes, but no other
 * instance can accept a key meanwhile). `lazyMs` is therefore not needed here and ignored. Expired rows
 * are deleted in small batches every 512 keys or 30 s. A failing database rejects the batch's callers
 * (the gateway fails closed: a 503), since no instance could tell replays apart meanwhile.
 */
export function pgReplayStore(sql: SQL, options: { lazyMs?: number; now?: () => number } = {}): ReplayStore {
  const known = new ReplayKeySet()
  let batch: Waiting[] = []
  let inFlight: Promise<void> = Promise.resolve()
  let keysSincePrune = 0
  let lastPruneMs = (options.now ?? Date.now)()

  const learn = (key: string, expiresAtMs: number) => known.set(key, expiresAtMs)
  const forgetExpired = (nowMs: number) => known.forgetExpired(nowMs)

  /** Stores one batch; answers each caller; the first of a key repeated in the batch is the only fresh one. */
  const store = async (waiting: Waiting[]) => {
    const nowMs = Math.min(...waiting.map((w) => w.nowMs))
    const first = new Map<string, Waiting>()
    for (const w of waiting) if (!first.has(w.key)) first.set(w.key, w)
    const rows = [...first.values()]
    let fresh: Set<string>
    try {
      fresh = await insertFresh(
        sql,
        rows.map((w) => w.key),
        rows.map((w) => w.expiresAtMs),
        nowMs,
        waiting.some((w) => w.durable),
      )
    } catch (error) {
      for (const w of waiting) w.reject(error)
      return
    }
    for (const w of rows) if (fresh.has(w.key)) learn(w.key, w.expiresAtMs)
    for (const w of waiting) w.resolve(first.get(w.key) === w && fresh.has(w.key))
    keysSincePrune += rows.length
    if (keysSincePrune >= PRUNE_EVERY_KEYS || nowMs - lastPruneMs >= PRUNE_EVERY_MS) await prune(nowMs)
  }

  /** Deletes expired rows, oldest first, a batch at a time (after the callers are answered; a failure is retried at the next batch). */
  const prune = async (nowMs: number) => {
    try {
      await sql`DELETE FROM replay_keys WHERE seq IN (SELECT seq FROM replay_keys WHERE expires_at <= ${nowMs} ORDER BY seq LIMIT ${PRUNE_BATCH})`
      keysSincePrune = 0
      lastPruneMs = nowMs
      forgetExpired(nowMs)
    } catch {
      // the next batch tries again
    }
  }

  const storeBatch = () => {
    const waiting = batch
    batch = []
    inFlight = inFlight.then(() => store(waiting))
  }

  return {
    remember(key, expiresAtMs, nowMs, durable) {
      if ((known.get(key) ?? -Infinity) > nowMs) return false
      return new Promise<boolean>((resolve, reject) => {
        if (batch.push({ key, expiresAtMs, nowMs, durable, resolve, reject }) === 1) setImmediate(storeBatch)
      })
    },
    async flush() {
      if (batch.length) storeBatch()
      await inFlight
    },
  }
}
