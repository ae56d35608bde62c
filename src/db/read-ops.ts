import type { Database } from 'bun:sqlite'
import { categoryCounts, catalogTotals, cityCounts, organizationEventRecords } from './queries/events'
import { findEventRecords } from './queries/event-find'
import { nearbyEventRecords, searchEventRecords } from './queries/event-search'
import { matchOrganizations } from './queries/organizations'
import type { Reads } from './reads'

type Params<K extends keyof Reads> = Reads[K] extends (params: infer P) => Promise<unknown> ? P : never
type Result<K extends keyof Reads> = Reads[K] extends (params: never) => Promise<infer R> ? R : never
export type ReadOp = Exclude<keyof Reads, 'close'>

/**
 * The reads of `Reads` on one SQLite connection, by name: what a read worker runs for the pool
 * (read-pool.ts) and what the request thread runs itself when there is no pool (`:memory:`, tests).
 * Every result is plain data, so it crosses a worker boundary as is.
 */
export const READ_OPS: { [K in ReadOp]: (sqlite: Database, params: Params<K>) => Result<K> } = {
  searchEvents: (sqlite, p) => searchEventRecords(sqlite, p),
  nearbyEvents: (sqlite, p) => nearbyEventRecords(sqlite, p),
  findEvents: (sqlite, p) => findEventRecords(sqlite, p),
  categories: (sqlite, p) => categoryCounts(sqlite, p),
  cities: (sqlite, p) => cityCounts(sqlite, p),
  searchOrganizations: (sqlite, p) => matchOrganizations(sqlite, p.match, p.limit),
  organizationEvents: (sqlite, p) => organizationEventRecords(sqlite, p.orgId, p.nowMs),
  totals: (sqlite, p) => catalogTotals(sqlite, p.nowMs),
}

export type ReadOps = typeof READ_OPS

/** A `Reads` whose every read is `run(op, params)`. */
export function readsVia(run: <K extends ReadOp>(op: K, params: Params<K>) => Promise<Result<K>>, close: () => Promise<void>): Reads {
  return {
    searchEvents: (p) => run('searchEvents', p),
    nearbyEvents: (p) => run('nearbyEvents', p),
    findEvents: (p) => run('findEvents', p),
    categories: (p) => run('categories', p),
    cities: (p) => run('cities', p),
    searchOrganizations: (p) => run('searchOrganizations', p),
    organizationEvents: (p) => run('organizationEvents', p),
    totals: (p) => run('totals', p),
    close,
  }
}

/**
 * Reads on the request thread's own connection: for an in-memory database (which no other thread can
 * open) and for tests. A slow read here blocks the thread; the service uses the worker pool.
 */
export function inlineReads(sqlite: Database, ops: ReadOps = READ_OPS): Reads {
  return readsVia(
    async (op, params) => (ops[op] as unknown as (s: Database, p: typeof params) => never)(sqlite, params),
    async () => {},
  )
}
