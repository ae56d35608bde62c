import { isStorageFailure } from '../../errors'
import type { ReplayStore } from '../../gateway/replay'
import type { Db } from '../client'

/** Prune after this many keys, or after this long, whichever comes first; at most this many rows each time. */
const PRUNE_EVERY_KEYS = 512
const PRUNE_EVERY_MS = 30_000
const PRUNE_BATCH = 2048
/** Keys held in memory while the database takes no writes; past this, signed requests are refused (503). */
const MEMORY_CAP = 200_000

type Waiting = { key: string; expiresAtMs: number; nowMs: number; resolve: (fresh: boolean) => void; reject: (error: unknown) => void }

/**
 * The replay store on SQLite (table `replay_keys`). Each key is one statement: an insert that, on a key
 * already present, takes it over only if that record has expired; `changes` says which happened, so two
 * connections racing on one key (two instances on one file) cannot both win, and two requests with one key
 * in the same batch neither. A commit costs far more than an insert (a WAL write per transaction: tens of
 * µs on a small VM), so the keys of the requests that arrive in one turn of the event loop are inserted in
 * one transaction (group commit); each caller learns its own answer once that transaction has committed,
 * so a key is never reported fresh before it is durable. Pruning deletes expired rows in bounded batches
 * through the `expires_at` index, four times faster than keys arrive, so the table stays at about (request
 * rate × 300 s) rows and no request pays for a large delete.
 *
 * When the database takes no writes (disk full, read-only, locked: the storage drill), reads must keep
 * working, so keys are checked against the rows already stored and kept in memory, and written to the
 * table with the first commit that succeeds again. Meanwhile a replay is still refused by this instance,
 * and by every instance for keys stored before the failure; past MEMORY_CAP keys it fails closed.
 */
export function sqliteReplayStore(db: Db): ReplayStore {
  const insert = db.$client.prepare<unknown, [string, number, number]>(
    'INSERT INTO replay_keys (key, expires_at) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET expires_at = excluded.expires_at WHERE replay_keys.expires_at <= ?3',
  )
  const prune = db.$client.prepare<unknown, [number, number]>('DELETE FROM replay_keys WHERE rowid IN (SELECT rowid FROM replay_keys WHERE expires_at <= ?1 LIMIT ?2)')
  const stored = db.$client.prepare<{ expires_at: number }, [string]>('SELECT expires_at FROM replay_keys WHERE key = ?1')
  const memory = new Map<string, number>()
  let keysSincePrune = 0
  let lastPruneMs = -Infinity
  let waiting: Waiting[] = []

  const inMemory = (w: Waiting) => (memory.get(w.key) ?? -Infinity) > w.nowMs

  const commit = db.$client.transaction((batch: Waiting[]) => {
    const nowMs = batch[batch.length - 1].nowMs
    keysSincePrune += batch.length
    if (keysSincePrune >= PRUNE_EVERY_KEYS || nowMs - lastPruneMs >= PRUNE_EVERY_MS) {
      prune.run(nowMs, PRUNE_BATCH)
      keysSincePrune = 0
      lastPruneMs = nowMs
    }
    const fresh = batch.map((w) => !(memory.size > 0 && inMemory(w)) && insert.run(w.key, w.expiresAtMs, w.nowMs).changes === 1)
    for (const [key, expiresAtMs] of memory) if (expiresAtMs > nowMs) insert.run(key, expiresAtMs, nowMs)
    return fresh
  })

  /** Without writes: refused if stored (live) or held in memory, else held in memory. */
  const degraded = (batch: Waiting[]) =>
    batch.map((w) => {
      if (inMemory(w) || (stored.get(w.key)?.expires_at ?? -Infinity) > w.nowMs) return false
      if (memory.size >= MEMORY_CAP) for (const [key, expiresAtMs] of memory) if (expiresAtMs <= w.nowMs) memory.delete(key)
      if (memory.size >= MEMORY_CAP) throw Object.assign(new Error('replay keys cannot be stored'), { code: 'SQLITE_FULL' })
      memory.set(w.key, w.expiresAtMs)
      return true
    })

  function flush(): void {
    const batch = waiting
    waiting = []
    let fresh: boolean[]
    try {
      fresh = commit(batch)
      memory.clear()
    } catch (error) {
      try {
        if (!isStorageFailure(error)) throw error
        fresh = degraded(batch)
      } catch (failure) {
        for (const w of batch) w.reject(failure)
        return
      }
    }
    batch.forEach((w, i) => w.resolve(fresh[i]))
  }

  return {
    remember(key, expiresAtMs, nowMs) {
      return new Promise<boolean>((resolve, reject) => {
        if (waiting.length === 0) setImmediate(flush)
        waiting.push({ key, expiresAtMs, nowMs, resolve, reject })
      })
    },
  }
}
