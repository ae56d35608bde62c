import type { ReplayStore } from '../../gateway/replay'
import type { Db } from '../client'

/** Prune after this many keys, or after this long, whichever comes first; at most this many rows each time. */
const PRUNE_EVERY_KEYS = 512
const PRUNE_EVERY_MS = 30_000
const PRUNE_BATCH = 2048

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
 */
export function sqliteReplayStore(db: Db): ReplayStore {
  const insert = db.$client.prepare<unknown, [string, number, number]>(
    'INSERT INTO replay_keys (key, expires_at) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET expires_at = excluded.expires_at WHERE replay_keys.expires_at <= ?3',
  )
  const prune = db.$client.prepare<unknown, [number, number]>('DELETE FROM replay_keys WHERE rowid IN (SELECT rowid FROM replay_keys WHERE expires_at <= ?1 LIMIT ?2)')
  let keysSincePrune = 0
  let lastPruneMs = -Infinity
  let waiting: Waiting[] = []

  const commit = db.$client.transaction((batch: Waiting[]) => {
    const nowMs = batch[batch.length - 1].nowMs
    keysSincePrune += batch.length
    if (keysSincePrune >= PRUNE_EVERY_KEYS || nowMs - lastPruneMs >= PRUNE_EVERY_MS) {
      prune.run(nowMs, PRUNE_BATCH)
      keysSincePrune = 0
      lastPruneMs = nowMs
    }
    return batch.map((w) => insert.run(w.key, w.expiresAtMs, w.nowMs).changes === 1)
  })

  function flush(): void {
    const batch = waiting
    waiting = []
    let fresh: boolean[]
    try {
      fresh = commit(batch)
    } catch (error) {
      for (const w of batch) w.reject(error)
      return
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
