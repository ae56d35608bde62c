/** Bytes a slot takes: a 64-bit fingerprint (two Uint32) and its expiry (Float64). */
const SLOT_BYTES = 16
const MIN_CAPACITY = 1024
/** Rebuilt (expired keys dropped, capacity grown or shrunk) once this share of the slots is taken… */
const MAX_LOAD = 0.75
/** …into a table where this share is. */
const REBUILT_LOAD = 0.5
/** Expired keys are dropped by a full pass at most this often (and at every rebuild). */
const SWEEP_EVERY_MS = 10_000

/**
 * The live replay keys an instance knows, each held as 64 bits of its SHA-256 and its expiry, in an
 * open-addressing hash table of typed arrays (issue 12: resident memory). Held as strings in a Map, a
 * key cost about 140 bytes of heap (117 000 keys loaded at start-up took 16 MiB, and a steady 1 000
 * signed requests a second keep 300 000 live); here it costs 21–32 bytes (16 per slot, half to three quarters
 * of the slots taken), outside the collected heap.
 *
 * What must hold (DESIGN §4: the same signature or gw2 id seen again within the window is refused): a key
 * set is found again until it expires, so a replay is never accepted. Two different keys share a
 * fingerprint with probability about n / 2^64 for n live keys (about 5e-15 at 100 000); that case can only
 * refuse a fresh request (as a replay), never accept a replayed one. The keys stored in the database stay
 * the full strings; this set is only the instance's memory of them.
 */
export class ReplayKeySet {
  private hi = new Uint32Array(MIN_CAPACITY)
  private lo = new Uint32Array(MIN_CAPACITY)
  private expiry = new Float64Array(MIN_CAPACITY)
  private count = 0
  /** Decisions are made at this time or later (the latest `forgetExpired`), so keys expired by then are never needed again. */
  private horizonMs = -Infinity
  private nextSweepMs = -Infinity
  /** The SHA-256 of `hashed` (a key is looked up, then recorded: hashed once for both). */
  private readonly digest = new Uint32Array(8)
  private hashed: string | undefined

  /** Live keys held (expired ones not yet dropped included). */
  get size(): number {
    return this.count
  }

  /** Bytes the table takes (its typed arrays). */
  get bytes(): number {
    return this.hi.length * SLOT_BYTES
  }

  /** The expiry (ms) recorded for `key`, or undefined. */
  get(key: string): number | undefined {
    const slot = this.find(key)
    return this.hi[slot] === 0 && this.lo[slot] === 0 ? undefined : this.expiry[slot]
  }

  /** Records `key` until `expiresAtMs`, replacing an earlier record of it. */
  set(key: string, expiresAtMs: number): void {
    const slot = this.find(key)
    if (this.hi[slot] === 0 && this.lo[slot] === 0) {
      this.hi[slot] = this.digest[0]
      this.lo[slot] = this.digest[1]
      this.count++
    }
    this.expiry[slot] = expiresAtMs
    if (this.count > this.hi.length * MAX_LOAD) this.rebuild(true)
  }

  /** Drops the keys expired at `nowMs` (decisions are never made before it again); a full pass at most every 10 s. */
  forgetExpired(nowMs: number): void {
    this.horizonMs = Math.max(this.horizonMs, nowMs)
    if (nowMs < this.nextSweepMs) return
    this.rebuild(false)
  }

  /** The slot holding `key`'s fingerprint, or the empty slot where it would go; leaves the fingerprint in `digest`. */
  private find(key: string): number {
    const digest = this.digest
    if (key !== this.hashed) {
      Bun.SHA256.hash(key, digest)
      if (digest[0] === 0 && digest[1] === 0) digest[1] = 1 // (0, 0) marks an empty slot
      this.hashed = key
    }
    const capacity = this.hi.length
    let slot = digest[1] % capacity
    while (this.hi[slot] !== digest[0] || this.lo[slot] !== digest[1]) {
      if (this.hi[slot] === 0 && this.lo[slot] === 0) return slot
      if (++slot === capacity) slot = 0
    }
    return slot
  }

  /** Copies the keys still live at the horizon into a table of REBUILT_LOAD (never below the minimum size); unless `full`, only when some expired. */
  private rebuild(full: boolean): void {
    const { hi, lo, expiry } = this
    let live = 0
    for (let i = 0; i < hi.length; i++) if ((hi[i] !== 0 || lo[i] !== 0) && expiry[i] > this.horizonMs) live++
    this.nextSweepMs = this.horizonMs + SWEEP_EVERY_MS
    if (!full && live === this.count) return
    const capacity = Math.max(MIN_CAPACITY, Math.ceil(live / REBUILT_LOAD))
    this.hi = new Uint32Array(capacity)
    this.lo = new Uint32Array(capacity)
    this.expiry = new Float64Array(capacity)
    for (let i = 0; i < hi.length; i++) {
      if ((hi[i] === 0 && lo[i] === 0) || expiry[i] <= this.horizonMs) continue
      let slot = lo[i] % capacity
      while (this.hi[slot] !== 0 || this.lo[slot] !== 0) if (++slot === capacity) slot = 0
      this.hi[slot] = hi[i]
      this.lo[slot] = lo[i]
      this.expiry[slot] = expiry[i]
    }
    this.count = live
    // The old table is garbage now: detached, its memory is freed at once rather than at a collection.
    for (const old of [hi, lo, expiry]) old.buffer.transfer(0)
  }
}
