import { SIGNATURE_TOLERANCE_S } from './signature'

const BUCKET_S = 60

/**
 * Remembers signatures seen within the tolerance window so a captured request cannot be sent again.
 * Entries live in one-minute buckets keyed by the signature's own timestamp and are dropped once that
 * timestamp falls out of the window (a replay then fails the staleness check anyway). Memory is
 * bounded by the request rate times the window; keys are the first 132 bits of the MAC.
 */
export class ReplayCache {
  private buckets = new Map<number, Set<string>>()

  /** Records the signature; false when it was already seen (a replay). */
  remember(kid: string, v1: string, t: number, nowS: number): boolean {
    this.prune(nowS)
    const key = `${kid}:${v1.slice(0, 22)}`
    const bucket = Math.floor(t / BUCKET_S)
    let set = this.buckets.get(bucket)
    if (!set) this.buckets.set(bucket, (set = new Set()))
    if (set.has(key)) return false
    set.add(key)
    return true
  }

  get size(): number {
    let n = 0
    for (const set of this.buckets.values()) n += set.size
    return n
  }

  private prune(nowS: number): void {
    const oldest = Math.floor((nowS - SIGNATURE_TOLERANCE_S) / BUCKET_S) - 1
    for (const bucket of this.buckets.keys()) if (bucket < oldest) this.buckets.delete(bucket)
  }
}
