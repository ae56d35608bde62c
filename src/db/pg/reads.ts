import type { SQL } from 'bun'
import type { EventSearchParams, OrganizationEventsRow, Reads } from '../reads'
import { pgCategories, pgCities, pgOrganizationEvents, pgSearchOrganizations, pgTotals } from './reads/catalog'
import { pgFindEvents } from './reads/find'
import { pgNearbyEvents, pgSearchEvents } from './reads/search'

/**
 * The read side (`Reads`) on PostgreSQL (issue 17): the same answers, in the same order, as the SQLite
 * reads for the same rows (held by test/db/pg/reads-parity.test.ts), each read a few statements on the
 * pool `sql` (Bun's client), so no read runs long on the request thread. The pool is the caller's:
 * `close` stops reads through this object and leaves the pool to its owner.
 */
const utf8 = new TextEncoder()

export function pgReads(sql: SQL): Reads {
  let closed = false
  const open =
    <P, R>(read: (sql: SQL, params: P) => Promise<R>) =>
    async (params: P): Promise<R> => {
      if (closed) throw Object.assign(new Error('the database is closed'), { code: 'ERR_READS_CLOSED' })
      return read(sql, params)
    }
  return {
    // The interface carries records as UTF-8 bytes (the SQLite workers transfer them without a copy).
    searchEvents: open(async (c, p: EventSearchParams) => {
      const found = await pgSearchEvents(c, p)
      return { ...found, records: utf8.encode(found.records) }
    }),
    findEvents: open(pgFindEvents),
    nearbyEvents: open(pgNearbyEvents),
    categories: open(pgCategories),
    cities: open(pgCities),
    searchOrganizations: open(pgSearchOrganizations),
    organizationEvents: open(async (c, p: { orgId: string; nowMs: number }) => {
      const found = await pgOrganizationEvents(c, p)
      return found && { ...found, count: found.records.length, records: utf8.encode(found.records.join(',')) }
    }),
    totals: open(pgTotals),
    close: async () => {
      closed = true
    },
  }
}
