import { isStorageFailure } from '../../errors'
import { releasedBytes } from '../../memory'
import { LAZY_WRITE_MS, type ReplayStore } from '../../gateway/replay'
import { ReplayKeySet } from '../../gateway/replay-key-set'
import { isBusy } from '../busy'
import { BUSY_TIMEOUT_MS, type Db } from '../client'

/** Look at this many oldest rows for expired ones, after this many keys or this long, whichever comes first. */
const PRUNE_BATCH = 2048
const PRUNE_EVERY_KEYS = 512
const PRUNE_EVERY_MS = 30_000
/** Keys waiting to be stored; past this (the database has taken no write for a long time) signed requests get a 503. */
const PENDING_CAP = 200_000
/** About what one row read costs the heap besides its key's characters (the row object and the string's cell). */
const ROW_BYTES = 80

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
  const log = new ReplayLog(db, options.lazyMs ?? LAZY_WRITE_MS)
  log.learnLive((options.now ?? Date.now)())
  return {
    remember(key, expiresAtMs, nowMs, durable) {
      const row = { key, expiresAtMs }
      if (!durable) return log.later(row, nowMs)
      return new Promise<boolean>((resolve, reject) => {
        if (log.durableBatch.push({ row, nowMs, resolve, reject }) === 1) setImmediate(log.storeDurable)
      })
    },
    flush() {
      if (log.timer) clearTimeout(log.timer)
      log.timer = undefined
      if (log.durableBatch.length) log.storeDurable()
      if (log.pending.length) log.commit([], log.clockMs)
    },
  }
}

type DurableRequest = { row: Row; nowMs: number; resolve: (fresh: boolean) => void; reject: (error: unknown) => void; since?: number }

/** One instance's view of `replay_keys` and what it still has to write; each step of {@link sqliteReplayStore} is a method. */
class ReplayLog {
  private readonly tail
  /** Appends a JSON array of `[key, expiresAt]` pairs, in their order, in one statement (see appendRows). */
  private readonly append
  private readonly prune
  /** Every live key this instance knows (as fingerprints: see ReplayKeySet). */
  private readonly live = new ReplayKeySet()
  pending: Row[] = []
  private seenSeq = 0
  private keysSincePrune = 0
  private lastPruneMs = -Infinity
  timer: ReturnType<typeof setTimeout> | undefined
  private lastReadAt = -Infinity
  /** The callers' clock (the app's `now`), for writes made outside a call. */
  clockMs = 0
  /**
   * Durable keys asked for in one turn of the event loop are decided and stored together, in one
   * transaction at the end of the turn (one commit costs more than a signed request's whole work), each
   * caller answered only once its key is stored: under load a commit carries many keys. A key twice in
   * one batch is fresh once.
   */
  durableBatch: DurableRequest[] = []
  /** Appends the pending rows, and each of `rows` that is fresh (the first of a repeated key), deciding that under the write lock. */
  private readonly write

  constructor(
    private readonly db: Db,
    private readonly lazyMs: number,
  ) {
    const sqlite = db.$client
    this.tail = sqlite.prepare<{ seq: number; key: string; expires_at: number }, [number]>('SELECT seq, key, expires_at FROM replay_keys WHERE seq > ?1 ORDER BY seq')
    this.append = sqlite.prepare<unknown, [string]>('INSERT INTO replay_keys (key, expires_at) SELECT value ->> 0, value ->> 1 FROM json_each(?1) ORDER BY json_each.key')
    this.prune = sqlite.prepare<unknown, [number, number]>('DELETE FROM replay_keys WHERE seq IN (SELECT seq FROM replay_keys ORDER BY seq LIMIT ?2) AND expires_at <= ?1')
    this.write = sqlite.transaction((rows: (Row & { nowMs: number })[], nowMs: number) => this.appendFresh(rows, nowMs))
  }

  private learn(key: string, expiresAtMs: number) {
    this.live.set(key, expiresAtMs)
  }

  /**
   * At start, only the keys still live are learnt: the table holds the keys of the last minutes before the
   * previous stop (36 000 after a loaded bench run), and learning each, expired or not, took 55 ms of the
   * start-up instead of 3. Keys expired now are never needed again (decisions are made at now or later).
   */
  learnLive(nowMs: number) {
    this.lastReadAt = performance.now()
    const sqlite = this.db.$client
    // The last row first: rows appended meanwhile come after it, and the next read takes them all.
    const last = sqlite.query<{ seq: number | null }, []>('SELECT max(seq) AS seq FROM replay_keys').get()?.seq ?? 0
    const live = sqlite.query<{ key: string; expires_at: number }, [number, number]>('SELECT key, expires_at FROM replay_keys WHERE seq <= ?1 AND expires_at > ?2 ORDER BY seq')
    let read = 0
    for (const row of live.iterate(last, nowMs)) {
      this.learn(row.key, row.expires_at)
      read += ROW_BYTES + row.key.length * 2
    }
    // The rows read are garbage now (only fingerprints are kept): counted, so that the 100 000 or so left
    // by a loaded run before a restart are collected now rather than held until the heap grows.
    releasedBytes(read)
    this.seenSeq = last
  }

  readOthers() {
    this.lastReadAt = performance.now()
    for (const row of this.tail.iterate(this.seenSeq)) {
      if (row.expires_at > (this.live.get(row.key) ?? -Infinity)) this.learn(row.key, row.expires_at)
      this.seenSeq = row.seq
    }
  }

  /** The body of the `write` transaction. */
  private appendFresh(rows: (Row & { nowMs: number })[], nowMs: number) {
    this.readOthers()
    const taken = new Set<string>()
    const fresh = rows.map((row) => {
      const ok = !taken.has(row.key) && (this.live.get(row.key) ?? -Infinity) <= row.nowMs
      taken.add(row.key)
      return ok
    })
    const last = this.appendRows([...this.pending, ...rows.filter((_, i) => fresh[i])])
    this.keysSincePrune += this.pending.length + taken.size
    if (this.keysSincePrune >= PRUNE_EVERY_KEYS || nowMs - this.lastPruneMs >= PRUNE_EVERY_MS) this.pruneExpired(nowMs)
    return { fresh, last }
  }

  /**
   * Appends `rows` in their order and returns the seq of the last (the last one seen when there are none),
   * in one statement: a statement per key cost more than the keys' B-tree work (measured: a flush of 20 keys
   * 160 µs of the request thread, 100 µs in one statement; 100 keys 730 µs, 280). Inside the write
   * transaction the seqs are consecutive and the statement's last rowid is the last of them.
   */
  private appendRows(rows: readonly Row[]): number {
    if (rows.length === 0) return this.seenSeq
    return Number(this.append.run(JSON.stringify(rows.map((row) => [row.key, row.expiresAtMs]))).lastInsertRowid)
  }

  private pruneExpired(nowMs: number) {
    this.prune.run(nowMs, PRUNE_BATCH)
    this.live.forgetExpired(nowMs)
    this.keysSincePrune = 0
    this.lastPruneMs = nowMs
  }

  /** Runs `write`; on success the appended rows are known and no longer pending. */
  commit(rows: (Row & { nowMs: number })[], nowMs: number) {
    const done = this.write.immediate(rows, nowMs)
    this.seenSeq = done.last // only now: a rolled-back append leaves its seq free for another connection's row
    this.pending = []
    rows.forEach((row, i) => done.fresh[i] && this.learn(row.key, row.expiresAtMs))
    return done.fresh
  }

  readonly storeDurable = () => {
    const batch = this.durableBatch
    this.durableBatch = []
    const nowMs = Math.max(...batch.map((b) => b.nowMs))
    try {
      const fresh = this.commit(
        batch.map((b) => ({ ...b.row, nowMs: b.nowMs })),
        nowMs,
      )
      batch.forEach((b, i) => b.resolve(fresh[i]))
    } catch (error) {
      if (this.waitForLock(batch, error)) return
      if (!isStorageFailure(error)) return batch.forEach((b) => b.reject(error))
      this.lastReadAt = -Infinity
      for (const b of batch) {
        try {
          b.resolve(this.later(b.row, b.nowMs))
        } catch (failure) {
          b.reject(failure)
        }
      }
    }
  }

  /**
   * A durable batch that found the write lock held (the crawl writer's transaction: this connection has
   * no busy timeout, so as not to stall the request thread) is tried again a moment later, on a timer,
   * with the keys asked for meanwhile: each caller still has its answer only once its key is stored. Past
   * BUSY_TIMEOUT_MS it is a storage failure like any other. True when the batch was put back.
   */
  private waitForLock(batch: DurableRequest[], error: unknown): boolean {
    const now = performance.now()
    if (!isBusy(error) || batch.some((b) => now - (b.since ??= now) >= BUSY_TIMEOUT_MS)) return false
    const first = this.durableBatch.length === 0
    this.durableBatch.unshift(...batch)
    if (first) setTimeout(this.storeDurable, 2)
    return true
  }

  /** Decided from memory; stored later (the lazy path, and every path while the database takes no write). */
  later(row: Row, nowMs: number) {
    if (performance.now() - this.lastReadAt >= this.lazyMs) {
      try {
        this.readOthers()
      } catch {
        // unreadable: decide from what is already known
      }
    }
    if ((this.live.get(row.key) ?? -Infinity) > nowMs) return false
    this.clockMs = nowMs
    if (this.pending.length >= PENDING_CAP) throw Object.assign(new Error('replay keys cannot be stored: the database has taken no write for too long'), { code: 'SQLITE_FULL' })
    this.learn(row.key, row.expiresAtMs)
    this.pending.push(row)
    this.timer ??= setTimeout(this.flushSoon, this.lazyMs).unref()
    return true
  }

  private readonly flushSoon = (): void => {
    this.timer = undefined
    if (this.pending.length === 0) return
    try {
      this.commit([], this.clockMs)
    } catch (error) {
      // the crawl writer holds the lock: try again at the next interval (this connection never waits on
      // its thread); storage failing: keep them pending and decide from memory meanwhile; anything else
      // (a closed database): give up
      if (isBusy(error)) this.timer = setTimeout(this.flushSoon, this.lazyMs).unref()
      else if (isStorageFailure(error)) this.timer = setTimeout(this.flushSoon, 1000).unref()
    }
  }
}
