import type { Db } from '../db'
import { upcomingEventRecords } from '../db/queries/events'
import { findOrganization } from '../db/queries/organizations'
import type { Event } from '../model/event'
import { applyDefaults, type AppliedFilters } from './search-events'

/** Mean Earth radius (km) for great-circle distances. */
const EARTH_KM = 6371.0088

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180
  const dLat = (lat2 - lat1) * rad
  const dLon = (lon2 - lon1) * rad
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)))
}

export type NearbyInput = { latitude: number; longitude: number; radiusKm: number; startDate?: string; endDate?: string; category?: string; limit?: number }

type NearbyRow = { search_record: string; latitude: number; longitude: number }

/**
 * Upcoming events whose venue lies within `radiusKm` of a point, in start order, each with its
 * distance. A bounding box on the stored venue coordinates narrows the rows in SQL; the exact circle is
 * applied here. Events whose source gave no coordinates are never near anything.
 */
export function nearbyEvents(db: Db, input: NearbyInput, nowMs: number): { count: number; filters: AppliedFilters; events: (Event & { distanceKm: number })[] } {
  const { limit, startDate, endDate, category } = applyDefaults({ startDate: input.startDate, endDate: input.endDate, category: input.category, limit: input.limit }, nowMs)
  const dLat = input.radiusKm / 111.2
  const cos = Math.max(0.01, Math.cos((input.latitude * Math.PI) / 180))
  const dLon = Math.min(180, input.radiusKm / (111.2 * cos))
  const rows = db.$client
    .query(
      `SELECT e.search_record, e.latitude, e.longitude FROM events e
       WHERE e.latitude BETWEEN ?1 AND ?2 AND e.longitude BETWEEN ?3 AND ?4 AND e.start_day <= ?6 AND e.end_day >= ?5 AND e.until_at >= ?7
       ${category ? 'AND EXISTS (SELECT 1 FROM event_categories c WHERE c.event_pk = e.id AND c.category = ?8)' : ''}
       ORDER BY e.starts_at, e.id`,
    )
    .all(input.latitude - dLat, input.latitude + dLat, input.longitude - dLon, input.longitude + dLon, startDate, endDate, nowMs, ...(category ? [category.toLowerCase()] : [])) as NearbyRow[]
  const events: (Event & { distanceKm: number })[] = []
  for (const row of rows) {
    const d = distanceKm(input.latitude, input.longitude, row.latitude, row.longitude)
    if (d > input.radiusKm) continue
    events.push({ ...(JSON.parse(row.search_record) as Event), distanceKm: Math.round(d * 100) / 100 })
    if (events.length >= limit) break
  }
  return { count: events.length, filters: { startDate, endDate, category, city: null }, events }
}

/** Categories of upcoming events with how many events carry each, most used first. */
export function listCategories(db: Db, input: { city?: string; limit: number }, nowMs: number): { category: string; eventCount: number }[] {
  const city = input.city?.trim().toLowerCase()
  return db.$client
    .query(
      `SELECT c.category AS category, count(*) AS eventCount FROM event_categories c JOIN events e ON e.id = c.event_pk
       WHERE e.until_at >= ?1 ${city ? 'AND e.city_key = ?3' : ''} GROUP BY c.category ORDER BY eventCount DESC, c.category LIMIT ?2`,
    )
    .all(nowMs, input.limit, ...(city ? [city] : [])) as { category: string; eventCount: number }[]
}

/** Cities of upcoming events (as the sources write them) with their event counts, most events first. */
export function listCities(db: Db, input: { limit: number }, nowMs: number): { city: string; eventCount: number }[] {
  return db.$client
    .query(
      `SELECT MIN(city) AS city, count(*) AS eventCount FROM events WHERE city_key IS NOT NULL AND until_at >= ?1
       GROUP BY city_key ORDER BY eventCount DESC, city_key LIMIT ?2`,
    )
    .all(nowMs, input.limit) as { city: string; eventCount: number }[]
}

export type OrganizationDetail = {
  orgId: string
  domain: string
  website: string | null
  name: string | null
  timezone: string | null
  platform: string | null
  indexed: boolean
  lastIndexedAt: string | null
  eventCount: number
  upcomingEventCount: number
  sourceCount: number
}

/** What is known about an organization, indexed or not yet; undefined when it was never asked for. */
export function organizationDetail(db: Db, orgId: string, nowMs: number): OrganizationDetail | undefined {
  const org = findOrganization(db, orgId)
  if (!org) return undefined
  const upcoming = (db.$client.query('SELECT count(*) AS n FROM events WHERE org_id = ?1 AND until_at >= ?2').get(orgId, nowMs) as { n: number }).n
  const sources = (db.$client.query('SELECT count(*) AS n FROM sources WHERE org_id = ?1').get(orgId) as { n: number }).n
  return {
    orgId: org.orgId,
    domain: org.domain,
    website: org.website,
    name: org.name,
    timezone: org.timezone,
    platform: org.platform,
    indexed: org.lastIndexedAt !== null,
    lastIndexedAt: org.lastIndexedAt === null ? null : new Date(org.lastIndexedAt).toISOString(),
    eventCount: org.eventCount,
    upcomingEventCount: upcoming,
    sourceCount: sources,
  }
}

export type CalendarSource = { url: string; kind: string; platform: string | null; status: string; httpStatus: number | null; error: string | null; eventCount: number; lastFetchedAt: string | null }

/** The calendar sources the last crawls found for an organization, most events first. */
export function calendarSources(db: Db, orgId: string): CalendarSource[] {
  const rows = db.$client
    .query('SELECT url, kind, platform, status, http_status, error, event_count, last_fetched_at FROM sources WHERE org_id = ?1 ORDER BY event_count DESC, url')
    .all(orgId) as { url: string; kind: string; platform: string | null; status: string; http_status: number | null; error: string | null; event_count: number; last_fetched_at: number | null }[]
  return rows.map((r) => ({
    url: r.url,
    kind: r.kind,
    platform: r.platform,
    status: r.status,
    httpStatus: r.http_status,
    error: r.error,
    eventCount: r.event_count,
    lastFetchedAt: r.last_fetched_at === null ? null : new Date(r.last_fetched_at).toISOString(),
  }))
}

/** The fields of the free preview: enough to decide whether to buy the full records. */
export const PREVIEW_FIELDS = ['title', 'startDate', 'endDate', 'city', 'url', 'event_id', 'eventStatus', 'is_online'] as const

/**
 * The next `limit` upcoming events of an organization, each cut down to {@link PREVIEW_FIELDS}, and how
 * many upcoming events it has in all. The full records are what `get_organization_events` sells.
 */
export function upcomingPreview(db: Db, orgId: string, limit: number, nowMs: number): { total: number; events: Partial<Event>[] } | undefined {
  const org = findOrganization(db, orgId)
  if (!org || org.lastIndexedAt === null) return undefined
  const records = upcomingEventRecords(db, orgId, nowMs)
  const events = records.slice(0, limit).map((json) => {
    const full = JSON.parse(json) as Record<string, unknown>
    return Object.fromEntries(PREVIEW_FIELDS.filter((k) => full[k] !== undefined).map((k) => [k, full[k]])) as Partial<Event>
  })
  return { total: records.length, events }
}

/** One stored event of an organization by its `event_id` (ended ones included), or undefined. */
export function findEvent(db: Db, orgId: string, eventId: string): Event | undefined {
  const row = db.$client.query('SELECT record FROM events WHERE org_id = ?1 AND event_id = ?2').get(orgId, eventId) as { record: string } | null
  return row ? (JSON.parse(row.record) as Event) : undefined
}

/** An organization's upcoming events as parsed records (for exports), or undefined when it is not indexed. */
export function upcomingEvents(db: Db, orgId: string, nowMs: number): { org: { orgId: string; domain: string; name: string | null; website: string | null }; events: Event[] } | undefined {
  const org = findOrganization(db, orgId)
  if (!org || org.lastIndexedAt === null) return undefined
  return { org: { orgId: org.orgId, domain: org.domain, name: org.name, website: org.website }, events: upcomingEventRecords(db, orgId, nowMs).map((r) => JSON.parse(r) as Event) }
}
