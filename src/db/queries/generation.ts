import type { Db } from '../client'

const generations = new WeakMap<Db, number>()

/**
 * A counter of event writes on this connection, so that read caches can be keyed by it and never serve
 * a result older than the last committed write. The service is the only writer of its database (the
 * job runner is its single writer thread), so an in-process counter sees every write.
 */
export function eventsGeneration(db: Db): number {
  return generations.get(db) ?? 0
}

/** Called after every committed change to the events table. */
export function bumpEventsGeneration(db: Db): void {
  generations.set(db, eventsGeneration(db) + 1)
}
