import type { SQL } from 'bun'
import type { Reads } from '../reads'
import { pgCategories, pgCities, pgOrganizationEvents, pgSearchOrganizations, pgTotals } from './reads/catalog'
import { pgFindEvents } from './reads/find'
import { pgNearbyEvents, pgSearchEvents } from './reads/search'

/**
 * The read side (`Reads`) on PostgreSQL (issue 17): the same answers, in the same order, as the SQLite
 * reads for the same rows (held by test/db/pg/reads-parity.test.ts), each read a few statements on the
 * pool `sql` (Bun's client), so no read runs long on the request thread. The pool is the caller's:
 * `close` stops reads through this object and leaves the pool to its owner.
 */
export function pgReads(sql: SQL): Reads {
  let closed = false
  const open =
    <P, R>(read: (sql: SQL, params: P) => Promise<R>) =>
    async (params: P): Promise<R> => {
      if (closed) throw Object.assign(new Error('the database is closed'), { code: 'ERR_READS_CLOSED' })
      return read(sql, params)
    }
  return {
    searchEvents: open(pgSearchEvents),
    findEvents: open(pgFindEvents),
    nearbyEvents: open(pgNearbyEvents),
    categories: open(pgCategories),
    cities: open(pgCities),
    searchOrganizations: open(pgSearchOrganizations),
    organizationEvents: open(pgOrganizationEvents),
    totals: open(pgTotals),
    close: async () => {
      closed = true
    },
  }
}
