import { isStorageFailure } from '../../errors'
import { LAZY_WRITE_MS, type ReplayStore } from '../../gateway/replay'
import type { Db } from '../client'

/** Look at this many oldest rows for expired ones, after this many keys or this long, whichever comes first. */
const PRUNE_BATCH = 2048
const PRUNE_EVERY_KEYS = 512
const PRUNE_EVERY_MS = 30_000
/** Keys waiting to be stored; past this (the database has taken no write for a long time) signed requests get a 503. */
const PENDING_CAP = 200_000

type Row = { key: string; expiresAtMs: number }

/**
 * The replay store on SQLite: table `replay_keys`, an append-only log in arrival order (`seq` never reused).
 *
 * What it costs, measured on the 2-vCPU VM: every SQLite commit is ten system calls (file locks, WAL page
 * writes), 20 µs of CPU alone and 60–100 µs inside the loaded server, more than a signed search itself;
 * a unique index on random keys (MACs, gateway ids) adds a WAL page per key; and batching the requests of
 * one event-loop turn behind `setImmediate` costs Bun 70–90 µs per response (answers written outside the
 * request's own turn). So:
 * - `durable` keys (routes that bill or write) are decided and appended in one `BEGIN IMMEDIATE`
 *   transaction before the answer, together with the other durable keys of the same event-loop turn:
 *   under the database's write lock it first reads the rows other connections appended since its last
 *   look, so across instances and restarts a key is accepted once;
 * - other keys (free reads: search, poll) are decided at once against every live key this instance knows
 *   (loaded at start; the others' rows are read again at each write and at most every LAZY_WRITE_MS
 *   before a decision) and appended together at most every LAZY_WRITE_MS, and by `flush()` at shutdown.
 *   A replay of a free read is refused by this instance always, and by the others and after a restart
 *   once its key is written and read: the gap is about 20 ms (or a crash within 10 ms of the answer), and
 *   only for requests that neither bill nor write.
 * When the database takes no writes (disk full, read-only: the storage drill), reads must keep working:
 * keys are decided from memory and stored with the first write that succeeds again.
 */
export function sqliteReplayStore(db: Db, options: { lazyMs?: number; now?: () => number } = {}): ReplayStore {
  const lazyMs = options.lazyMs ?? LAZY_WRITE_MS
  const sqlite = db.$client
  const tail = sqlite.prepare<{ seq: number; key: string; expires_at: number }, [number]>('SELECT seq, key, expires_at FROM replay_keys WHERE seq > ?1 ORDER BY seq')
  const append = sqlite.prepare<{ seq: number }, [string, number]>('INSERT INTO replay_keys (key, expires_at) VALUES (?1, ?2) RETURNING seq')
  const prune = sqlite.prepare<unknown, [number, number]>('DELETE FROM replay_keys WHERE seq IN (SELECT seq FROM replay_keys ORDER BY seq LIMIT ?2) AND expires_at <= ?1')
  /** Every live key this instance knows, in insertion order (so expired ones are dropped from the front). */
  const live = new Map<string, number>()
  let pending: Row[] = []
  let seenSeq = 0
  let keysSincePrune = 0
  let lastPruneMs = -Infinity
  let timer: ReturnType<typeof setTimeout> | undefined
  let lastReadAt = -Infinity
  /** The callers' clock (the app's `now`), for writes made outside a call. */
  let clockMs = 0

  const learn = (key: string, expiresAtMs: number) => {
    live.delete(key)
    live.set(key, expiresAtMs)
  }
  const readOthers = () => {
    lastReadAt = performance.now()
    for (const row of tail.iterate(seenSeq)) {
      if (row.expires_at > (live.get(row.key) ?? -Infinity)) learn(row.key, row.expires_at)
      seenSeq = row.seq
    }
  }

  /** Appends the pending rows, and each of `rows` that is fresh (the first of a repeated key), deciding that under the write lock. */
  const write = sqlite.transaction((rows: (Row & { nowMs: number })[], nowMs: number) => {
    readOthers()
    const taken = new Set<string>()
    const fresh = rows.map((row) => {
      const ok = !taken.has(row.key) && (live.get(row.key) ?? -Infinity) <= row.nowMs
      taken.add(row.key)
      return ok
    })
    let last = seenSeq
    for (const waiting of pending) last = append.get(waiting.key, waiting.expiresAtMs)!.seq
    rows.forEach((row, i) => {
      if (fresh[i]) last = append.get(row.key, row.expiresAtMs)!.seq
    })
    keysSincePrune += pending.length + taken.size
    if (keysSincePrune >= PRUNE_EVERY_KEYS || nowMs - lastPruneMs >= PRUNE_EVERY_MS) {
      prune.run(nowMs, PRUNE_BATCH)
      for (const [k, expiresAtMs] of live) {
        if (expiresAtMs > nowMs) break
        live.delete(k)
      }
      keysSincePrune = 0
      lastPruneMs = nowMs
    }
    return { fresh, last }
  })

  /** Runs `write`; on success the appended rows are known and no longer pending. */
  const commit = (rows: (Row & { nowMs: number })[], nowMs: number) => {
    const done = write.immediate(rows, nowMs)
    seenSeq = done.last // only now: a rolled-back append leaves its seq free for another connection's row
    pending = []
    rows.forEach((row, i) => done.fresh[i] && learn(row.key, row.expiresAtMs))
    return done.fresh
  }

  /**
   * Durable keys asked for in one turn of the event loop are decided and stored together, in one
   * transaction at the end of the turn (one commit costs more than a signed request's whole work), each
   * caller answered only once its key is stored: under load a commit carries many keys. A key twice in
   * one batch is fresh once.
   */
  let durableBatch: { row: Row; nowMs: number; resolve: (fresh: boolean) => void; reject: (error: unknown) => void }[] = []
  const storeDurable = () => {
    const batch = durableBatch
    durableBatch = []
    const nowMs = Math.max(...batch.map((b) => b.nowMs))
    try {
      const fresh = commit(
        batch.map((b) => ({ ...b.row, nowMs: b.nowMs })),
        nowMs,
      )
      batch.forEach((b, i) => b.resolve(fresh[i]))
    } catch (error) {
      if (!isStorageFailure(error)) return batch.forEach((b) => b.reject(error))
      lastReadAt = -Infinity
      for (const b of batch) {
        try {
          b.resolve(later(b.row, b.nowMs))
        } catch (failure) {
          b.reject(failure)
        }
      }
    }
  }

  /** Decided from memory; stored later (the lazy path, and every path while the database takes no write). */
  const later = (row: Row, nowMs: number) => {
    if (performance.now() - lastReadAt >= lazyMs) {
      try {
        readOthers()
      } catch {
        // unreadable: decide from what is already known
      }
    }
    if ((live.get(row.key) ?? -Infinity) > nowMs) return false
    clockMs = nowMs
    if (pending.length >= PENDING_CAP) throw Object.assign(new Error('replay keys cannot be stored: the database has taken no write for too long'), { code: 'SQLITE_FULL' })
    learn(row.key, row.expiresAtMs)
    pending.push(row)
    timer ??= setTimeout(flushSoon, lazyMs).unref()
    return true
  }

  function flushSoon(): void {
    timer = undefined
    if (pending.length === 0) return
    try {
      commit([], clockMs)
    } catch (error) {
      // storage failing: keep them pending and decide from memory meanwhile; anything else (a closed database): give up
      if (isStorageFailure(error)) timer = setTimeout(flushSoon, 1000).unref()
    }
  }

  /**
   * At start, only the keys still live are learnt: the table holds the keys of the last minutes before the
   * previous stop (36 000 after a loaded bench run), and learning each, expired or not, took 55 ms of the
   * start-up instead of 3. Keys expired now are never needed again (decisions are made at now or later).
   */
  const learnLive = (nowMs: number) => {
    lastReadAt = performance.now()
    // The last row first: rows appended meanwhile come after it, and the next read takes them all.
    const last = sqlite.query<{ seq: number | null }, []>('SELECT max(seq) AS seq FROM replay_keys').get()?.seq ?? 0
    const live = sqlite.query<{ key: string; expires_at: number }, [number, number]>('SELECT key, expires_at FROM replay_keys WHERE seq <= ?1 AND expires_at > ?2 ORDER BY seq')
    for (const row of live.iterate(last, nowMs)) learn(row.key, row.expires_at)
    seenSeq = last
  }

  learnLive((options.now ?? Date.now)())
  return {
    remember(key, expiresAtMs, nowMs, durable) {
      const row = { key, expiresAtMs }
      if (!durable) return later(row, nowMs)
      return new Promise<boolean>((resolve, reject) => {
        if (durableBatch.push({ row, nowMs, resolve, reject }) === 1) setImmediate(storeDurable)
      })
    },
    flush() {
      if (timer) clearTimeout(timer)
      timer = undefined
      if (durableBatch.length) storeDurable()
      if (pending.length) commit([], clockMs)
    },
  }
}
