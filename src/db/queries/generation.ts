import type { Db } from '../client'

const generations = new WeakMap<Db, number>()

/**
 * A counter of event writes on this connection, so that read caches can be keyed by it and never serve
 * a result older than the last committed write. The service is the only writer of its database, so an
 * in-process counter sees every write: those of this connection, and the crawl stores its crawl writer
 * commits on its own connection (counted here when their outcome arrives, sqlite-storage.ts).
 */
export function eventsGeneration(db: Db): number {
  return generations.get(db) ?? 0
}

/** Called after every committed change to the events table. */
export function bumpEventsGeneration(db: Db): void {
  generations.set(db, eventsGeneration(db) + 1)
}
