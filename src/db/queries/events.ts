import type { Database } from 'bun:sqlite'
import type { Db } from '../client'
import { bumpEventsGeneration } from './generation'
import { joinRecordBytes } from './record-bytes'
import type { OrganizationEventsRow } from '../reads'

type OrgRow = { org_id: string; domain: string; website: string | null; name: string | null; last_indexed_at: number | null }

/**
 * An organization and the stored Event JSON of its upcoming events (not yet ended at `nowMs`) in start
 * order, read in one transaction so that a re-crawl committed meanwhile is seen whole or not at all.
 * Records are the JSON text built at write time, so serving them costs no parsing. The read is bounded
 * by the organization's own events (index `events_org_starts`). The records come as UTF-8 bytes, joined
 * (see record-bytes.ts). Undefined when the organization is unknown.
 */
export function organizationEventRecords(sqlite: Database, orgId: string, nowMs: number): OrganizationEventsRow | undefined {
  return sqlite.transaction(() => {
    const org = sqlite.query('SELECT org_id, domain, website, name, last_indexed_at FROM organizations WHERE org_id = ?1').get(orgId) as OrgRow | null
    if (!org) return undefined
    const rows = sqlite.query('SELECT CAST(record AS BLOB) FROM events WHERE org_id = ?1 AND until_at >= ?2 ORDER BY starts_at, id').values(orgId, nowMs) as [Uint8Array][]
    const records = joinRecordBytes(rows.map((r) => r[0]))
    return { orgId: org.org_id, domain: org.domain, website: org.website, name: org.name, lastIndexedAt: org.last_indexed_at, count: rows.length, records }
  })()
}

/**
 * Categories of upcoming events with how many events carry each, most used first. Without a city it
 * counts the category index alone; with one, the city's events. An aggregate over every upcoming event:
 * callers cache it.
 */
export function categoryCounts(sqlite: Database, params: { cityKey: string | null; limit: number; nowMs: number }): { category: string; eventCount: number }[] {
  if (params.cityKey)
    return sqlite
      .query(
        `SELECT c.category AS category, count(*) AS eventCount FROM events e INDEXED BY events_city_day_search JOIN event_categories c ON c.event_pk = e.id
         WHERE e.city_key = ?3 AND e.until_at >= ?1 GROUP BY c.category ORDER BY eventCount DESC, c.category LIMIT ?2`,
      )
      .all(params.nowMs, params.limit, params.cityKey) as { category: string; eventCount: number }[]
  return sqlite
    .query(
      `SELECT c.category AS category, count(*) AS eventCount FROM event_categories c INDEXED BY event_categories_day_search
       WHERE c.until_at >= ?1 GROUP BY c.category ORDER BY eventCount DESC, c.category LIMIT ?2`,
    )
    .all(params.nowMs, params.limit) as { category: string; eventCount: number }[]
}

/**
 * Cities of upcoming events with their event counts, most events first, counted on the city index; each
 * is named as its sources write it (the first spelling in sort order among its first 200 events).
 */
export function cityCounts(sqlite: Database, params: { limit: number; nowMs: number }): { city: string; eventCount: number }[] {
  return sqlite
    .query(
      `SELECT (SELECT min(city) FROM (SELECT s.city FROM events s INDEXED BY events_city_day_search WHERE s.city_key = x.key LIMIT 200)) AS city, x.n AS eventCount
       FROM (SELECT e.city_key AS key, count(*) AS n FROM events e INDEXED BY events_city_day_search WHERE e.city_key IS NOT NULL AND e.until_at >= ?1
             GROUP BY e.city_key ORDER BY n DESC, e.city_key LIMIT ?2) x
       ORDER BY x.n DESC, x.key`,
    )
    .all(params.nowMs, params.limit) as { city: string; eventCount: number }[]
}

/** How many organizations are indexed and how many events are upcoming (a count over the day index). */
export function catalogTotals(sqlite: Database, nowMs: number): { organizations: number; upcomingEvents: number } {
  const organizations = (sqlite.query('SELECT count(*) AS n FROM organizations WHERE last_indexed_at IS NOT NULL').get() as { n: number }).n
  const upcomingEvents = (sqlite.query('SELECT count(*) AS n FROM events INDEXED BY events_day_search WHERE until_at >= ?1').get(nowMs) as { n: number }).n
  return { organizations, upcomingEvents }
}

/** The first `limit` upcoming events of an organization (stored Event JSON, start order), for report diagnostics. */
export function upcomingEventSample(db: Db, orgId: string, limit: number, nowMs: number): string[] {
  return (db.$client.query('SELECT record FROM events WHERE org_id = ?1 AND until_at >= ?2 ORDER BY starts_at, id LIMIT ?3').values(orgId, nowMs, limit) as [string][]).map((r) => r[0])
}

/**
 * Deletes, in one transaction, the events that ended before `endedBeforeMs` and refreshes the event count
 * of the organizations they belonged to. Such an event started before that instant, so on a local day no
 * later than that instant's UTC day plus one: the scan is bounded to those days (index
 * `events_day_search`), never the whole table. Returns how many were deleted.
 */
export function pruneEndedEvents(db: Db, endedBeforeMs: number): number {
  const c = db.$client
  const lastDay = new Date(endedBeforeMs + 86_400_000).toISOString().slice(0, 10)
  return writeEvents(
    db,
    () => {
      const orgs = c.query('SELECT DISTINCT org_id FROM events INDEXED BY events_day_search WHERE start_day <= ?1 AND until_at < ?2').values(lastDay, endedBeforeMs) as [string][]
      if (orgs.length === 0) return 0
      const n = c.run('DELETE FROM events INDEXED BY events_day_search WHERE start_day <= ?1 AND until_at < ?2', [lastDay, endedBeforeMs]).changes
      const count = c.prepare('UPDATE organizations SET event_count = (SELECT count(*) FROM events e WHERE e.org_id = ?1) WHERE org_id = ?1')
      for (const [orgId] of orgs) count.run(orgId)
      return n
    },
    (n) => n > 0,
  )
}

/**
 * The one way the events table is changed: runs `write` in one transaction and, once it committed a
 * change (`changed` of its result), advances the read-cache generation, so that no cached answer older
 * than the write is served again. Every statement that inserts, updates or deletes events runs inside it.
 * The transaction takes the write lock at its start (BEGIN IMMEDIATE): the crawl writer and the request
 * thread write through two connections, and a deferred one that read first would fail, whatever its busy
 * timeout, once the other committed in between (SQLITE_BUSY_SNAPSHOT).
 */
export function writeEvents<T>(db: Db, write: () => T, changed: (result: T) => boolean): T {
  const result = db.transaction(write, { behavior: 'immediate' })
  if (changed(result)) bumpEventsGeneration(db)
  return result
}

/** How many events of an organization are upcoming (not ended at `nowMs`). */
export function upcomingEventCount(db: Db, orgId: string, nowMs: number): number {
  return (db.$client.query('SELECT count(*) AS n FROM events WHERE org_id = ?1 AND until_at >= ?2').get(orgId, nowMs) as { n: number }).n
}

/** One stored event record (JSON text) of an organization by its `event_id`, ended ones included. */
export function eventRecord(db: Db, orgId: string, eventId: string): string | undefined {
  return (db.$client.query('SELECT record FROM events WHERE org_id = ?1 AND event_id = ?2').get(orgId, eventId) as { record: string } | null)?.record
}
