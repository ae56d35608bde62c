/**
 * Bounded memo tables for pure functions of text that the crawl asks about again and again (a listing
 * repeats its class attributes, times and descriptions in every card; a feed repeats its venue). Each table
 * holds at most `limit` entries and starts over when full, so a hostile or huge document cannot grow it
 * without bound, and a long-running service keeps a fixed footprint.
 */

/** A map of at most `limit` entries: when full, it is emptied before the next entry goes in. */
export class BoundedCache<K, V> {
  private readonly map = new Map<K, V>()
  constructor(private readonly limit = 10_000) {}

  get(key: K): V | undefined {
    return this.map.get(key)
  }

  has(key: K): boolean {
    return this.map.has(key)
  }

  set(key: K, value: V): V {
    if (this.map.size >= this.limit) this.map.clear()
    this.map.set(key, value)
    return value
  }

  clear(): void {
    if (this.map.size) this.map.clear()
  }

  get size(): number {
    return this.map.size
  }
}

/** What a memo table holds for an answer that is `undefined`: a hit is then told by one lookup, not two. */
const UNDEFINED = Symbol('undefined')

/**
 * `fn` remembered in `cache` (see `memoize`): one lookup per call. An `undefined` answer is stored as a
 * marker, so that the many arguments whose answer is "nothing" (a line that states no status) are not
 * looked up a second time to tell a remembered `undefined` from a miss.
 */
export function remembered<V>(cache: BoundedCache<string, unknown>, fn: (key: string) => V): (key: string) => V {
  return (key) => {
    const hit = cache.get(key)
    if (hit !== undefined) return (hit === UNDEFINED ? undefined : hit) as V
    const value = fn(key)
    cache.set(key, value === undefined ? UNDEFINED : value)
    return value
  }
}

/**
 * `memoize(fn, limit)`: `fn` with its answers remembered per argument (at most `limit` of them). Only for
 * pure functions whose answers callers never mutate: every caller shares the one answer.
 */
export function memoize<V>(fn: (key: string) => V, limit = 10_000): (key: string) => V {
  return remembered(new BoundedCache<string, unknown>(limit), fn)
}
