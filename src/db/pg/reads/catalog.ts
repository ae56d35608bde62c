import type { SQL } from 'bun'
import type { OrganizationEventsRow, OrganizationMatch } from '../../reads'
import { textSize, tsQueryText } from './fts-query'
import { rows } from './run'

// The catalog reads on PostgreSQL, answering what src/db/queries/events.ts and organizations.ts answer.
// Names are ordered byte-wise (COLLATE "C"), as SQLite's BINARY collation orders them, whatever the
// database's own collation.

/** Categories of upcoming events and how many events carry each, most used first (see categoryCounts). */
export async function pgCategories(sql: SQL, p: { cityKey: string | null; limit: number; nowMs: number }): Promise<{ category: string; eventCount: number }[]> {
  const text = p.cityKey
    ? `SELECT c.category, count(*)::int AS n FROM events e JOIN event_categories c ON c.event_pk = e.id
       WHERE e.city_key = $city::text AND e.until_at >= $now::bigint GROUP BY c.category ORDER BY n DESC, c.category COLLATE "C" LIMIT $limit::bigint`
    : `SELECT c.category, count(*)::int AS n FROM event_categories c WHERE c.until_at >= $now::bigint GROUP BY c.category ORDER BY n DESC, c.category COLLATE "C" LIMIT $limit::bigint`
  return (await rows<[string, number]>(sql, text, { city: p.cityKey, now: p.nowMs, limit: p.limit })).map(([category, eventCount]) => ({ category, eventCount }))
}

/**
 * Cities of upcoming events with their counts, most events first; each named by the first spelling in
 * byte order among its first 200 events in index order (day, start, id), as cityCounts names it.
 */
export async function pgCities(sql: SQL, p: { limit: number; nowMs: number }): Promise<{ city: string; eventCount: number }[]> {
  const text = `SELECT (SELECT min(s.city COLLATE "C") FROM (SELECT s.city FROM events s WHERE s.city_key = x.key ORDER BY s.start_day, s.starts_at, s.id LIMIT 200) s) AS city, x.n
     FROM (SELECT e.city_key AS key, count(*)::int AS n FROM events e WHERE e.city_key IS NOT NULL AND e.until_at >= $now::bigint
           GROUP BY e.city_key ORDER BY n DESC, e.city_key COLLATE "C" LIMIT $limit::bigint) x
     ORDER BY x.n DESC, x.key COLLATE "C"`
  return (await rows<[string, number]>(sql, text, { now: p.nowMs, limit: p.limit })).map(([city, eventCount]) => ({ city, eventCount }))
}

/**
 * Indexed organizations whose name, domain or website match the caller's FTS query (as a tsquery on the
 * generated vector and its GIN index), best first, then by domain. As SQLite's bm25 over organizations_fts
 * (no column weights), every field weighs the same (the vector's A/B/C labels are not used here) and on
 * equal hits the shorter row ranks first. Trigram matching (pg_trgm) is not used: the vector's prefix
 * terms already find what a name or domain prefix finds, and matching more would answer other businesses
 * than SQLite does.
 */
export async function pgSearchOrganizations(sql: SQL, p: { match: string; limit: number }): Promise<OrganizationMatch[]> {
  const match = tsQueryText(p.match)
  if (match === null) return []
  const text = `SELECT o.org_id, o.domain, o.name, o.website, o.event_count, o.last_indexed_at::float8 FROM organizations o
     WHERE o.text_search @@ to_tsquery('event_index_text', $match::text) AND o.last_indexed_at IS NOT NULL
     ORDER BY ts_rank('{1,1,1,1}'::float4[], o.text_search, to_tsquery('event_index_text', $match::text)) DESC, ${textSize('o.text_search')}, o.domain COLLATE "C" LIMIT $limit::bigint`
  return (await rows<[string, string, string | null, string | null, number, number | null]>(sql, text, { match, limit: p.limit })).map(([orgId, domain, name, website, eventCount, lastIndexedAt]) => ({
    orgId,
    domain,
    name,
    website,
    eventCount,
    lastIndexedAt,
  }))
}

/**
 * An organization and the records of its upcoming events in start order, in ONE statement (so one
 * snapshot: a re-crawl committed meanwhile is seen whole or not at all); undefined when unknown.
 */
export async function pgOrganizationEvents(sql: SQL, p: { orgId: string; nowMs: number }): Promise<(Omit<OrganizationEventsRow, 'records' | 'count'> & { records: string[] }) | undefined> {
  const text = `SELECT o.org_id, o.domain, o.website, o.name, o.last_indexed_at::float8,
       ARRAY(SELECT e.record FROM events e WHERE e.org_id = o.org_id AND e.until_at >= $now::bigint ORDER BY e.starts_at, e.id) AS records
     FROM organizations o WHERE o.org_id = $org::text`
  const [row] = await rows<[string, string, string | null, string | null, number | null, string[]]>(sql, text, { org: p.orgId, now: p.nowMs })
  if (!row) return undefined
  const [orgId, domain, website, name, lastIndexedAt, records] = row
  return { orgId, domain, website, name, lastIndexedAt, records }
}

/** How many organizations are indexed and how many events are upcoming, in one statement. */
export async function pgTotals(sql: SQL, p: { nowMs: number }): Promise<{ organizations: number; upcomingEvents: number }> {
  const [[organizations, upcomingEvents]] = await rows<[number, number]>(
    sql,
    `SELECT (SELECT count(*)::int FROM organizations WHERE last_indexed_at IS NOT NULL), (SELECT count(*)::int FROM events WHERE until_at >= $now::bigint)`,
    { now: p.nowMs },
  )
  return { organizations, upcomingEvents }
}
