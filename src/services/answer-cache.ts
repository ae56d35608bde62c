import { releasedBytes } from '../memory'

/**
 * Answers kept for reuse (search, events pull, the MCP lists), bounded by bytes: one memory budget
 * (CACHE_MEMORY_MB) for all of them, the least recently used answer dropped first (issue 12: a cache
 * bounded by count held 353 MiB after 20 s of varied search). An answer is reused only while no event was
 * written since it was computed (the write generation) and for at most its time to live, as "upcoming"
 * moves with the clock. Identical questions asked while the first is being answered share its answer.
 */
export type CachePolicy = { generation: number; nowMs: number; ttlMs: number }

type Entry = { value: unknown; bytes: number; generation: number; at: number; release?: (value: never, bytes: number) => void }

/** What an entry costs besides its value: the key, the entry and the Map's slot (measured order of size). */
const ENTRY_OVERHEAD = 160

/**
 * What a byte of an answer costs in memory (issue 12: the budget must mean what it says). Answers live
 * in the allocator's size classes and pages, and a dropped answer is freed only by the next collection,
 * so the memory they take is more than their bytes: measured on the compiled service after 60 s of the
 * varied search mix on 100k events, its resident memory grew 1.1–1.4 MiB per MiB of answers the cache
 * held (budgets of 0, 32, 64 and 128 MiB, answers counted by their bytes), and 64 MiB of answer Blobs
 * in an LRU alone kept 75 MiB resident after a collection.
 */
export const MEMORY_PER_BYTE = 1.25

export class AnswerCache {
  private readonly entries = new Map<string, Entry>()
  private readonly pending = new Map<string, { generation: number; promise: Promise<unknown> }>()
  private used = 0

  constructor(readonly budgetBytes: number) {}

  /** Memory held now: values as measured by their producers times MEMORY_PER_BYTE, plus each entry's key and overhead. */
  get bytes(): number {
    return this.used
  }

  get size(): number {
    return this.entries.size
  }

  /**
   * The cached answer for `key` if it is fresh under `policy`, else the one being computed for the same
   * generation, else `compute()`'s, kept when it fits the budget. `measure` gives a value's size in bytes;
   * `release`, when given, is told of a value the cache lets go of (with what it counted for it), and
   * frees or counts it itself (answer bytes are freed at once, see dropAnswer); without it the value is
   * left to the collector and counted toward the next collection (memory.ts).
   */
  async get<T>(key: string, policy: CachePolicy, compute: () => Promise<T>, measure: (value: T) => number, release?: (value: T, bytes: number) => void): Promise<T> {
    const hit = this.entries.get(key)
    if (hit) {
      if (hit.generation === policy.generation && policy.nowMs - hit.at < policy.ttlMs && policy.nowMs >= hit.at) {
        this.entries.delete(key)
        this.entries.set(key, hit)
        return hit.value as T
      }
      this.drop(key, hit)
    }
    const inFlight = this.pending.get(key)
    if (inFlight && inFlight.generation === policy.generation) return inFlight.promise as Promise<T>
    const promise = compute()
    this.pending.set(key, { generation: policy.generation, promise })
    try {
      const value = await promise
      this.put(key, { value, bytes: Math.ceil(measure(value) * MEMORY_PER_BYTE) + key.length * 2 + ENTRY_OVERHEAD, generation: policy.generation, at: policy.nowMs, release })
      return value
    } finally {
      if (this.pending.get(key)?.promise === promise) this.pending.delete(key)
    }
  }

  private put(key: string, entry: Entry): void {
    const old = this.entries.get(key)
    if (old) this.drop(key, old)
    if (entry.bytes > this.budgetBytes) return letGo(entry)
    this.entries.set(key, entry)
    this.used += entry.bytes
    for (const [k, e] of this.entries) {
      if (this.used <= this.budgetBytes) break
      this.drop(k, e)
    }
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key)
    this.used -= entry.bytes
    letGo(entry)
  }
}

function letGo(entry: Entry): void {
  if (entry.release) entry.release(entry.value as never, entry.bytes)
  else releasedBytes(entry.bytes)
}

/** The service's one answer cache, with the configured budget (CACHE_MEMORY_MB, in MiB). */
export function answerCacheFor(config: { CACHE_MEMORY_MB: number }): AnswerCache {
  return new AnswerCache(config.CACHE_MEMORY_MB * 1024 * 1024)
}
