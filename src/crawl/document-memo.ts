/**
 * Memo tables that live for one document: a listing repeats its venue, its description, its ticket link
 * and its time in every card, and normalizing each card cleans the same text again. A pure function of text
 * wrapped with `documentMemo` answers each distinct argument once per document; `startDocument()` (called
 * when the normalizer takes up a new document) empties every table, so nothing is carried from one
 * document to the next (a memo is a saving inside a document, not a store across a crawl) and the tables
 * stay small. Each table is also bounded within a document.
 */
import { BoundedCache, remembered } from '../bounded-cache'

const tables: { clear(): void }[] = []

/**
 * `documentMemo(fn, limit)`: `fn` remembered per argument until the next `startDocument()`. Only for pure
 * functions whose answers callers never mutate: every caller shares the one answer.
 */
export function documentMemo<V>(fn: (key: string) => V, limit = 5_000): (key: string) => V {
  return remembered(documentCache<unknown>(limit), fn)
}

/** A table emptied by `startDocument()`, for memos keyed by more than one argument. */
export function documentCache<V>(limit = 5_000): BoundedCache<string, V> {
  const cache = new BoundedCache<string, V>(limit)
  tables.push(cache)
  return cache
}

/**
 * A table keyed by two texts, emptied by `startDocument()`: looked up without building a joined key, so
 * a long text (a description) is hashed once, not once per lookup.
 */
export class PairCache<V> {
  private readonly outer = new Map<string, Map<string, V>>()
  private count = 0
  constructor(private readonly limit = 5_000) {
    tables.push(this)
  }

  get(a: string, b: string): V | undefined {
    return this.outer.get(a)?.get(b)
  }

  set(a: string, b: string, value: V): V {
    if (this.count >= this.limit) this.clear()
    let inner = this.outer.get(a)
    if (!inner) this.outer.set(a, (inner = new Map()))
    if (!inner.has(b)) this.count++
    inner.set(b, value)
    return value
  }

  clear(): void {
    if (!this.count) return
    this.outer.clear()
    this.count = 0
  }
}

/** Forgets every document memo: the next document is read from scratch. */
export function startDocument(): void {
  for (const t of tables) t.clear()
}
