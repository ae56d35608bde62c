import type { Db } from '../client'

/**
 * The stored Event JSON of an organization's upcoming events (not yet ended at `nowMs`), in start
 * order. Records are returned as the JSON text built at write time, so serving them costs no parsing.
 */
export function upcomingEventRecords(db: Db, orgId: string, nowMs: number): string[] {
  const rows = db.$client
    .query('SELECT record FROM events WHERE org_id = ?1 AND until_at >= ?2 ORDER BY starts_at, id')
    .all(orgId, nowMs) as { record: string }[]
  return rows.map((row) => row.record)
}
