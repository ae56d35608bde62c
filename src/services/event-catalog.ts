import type { Storage } from '../db/storage'
import type { Event } from '../model/event'
import { organizationEvents, organizationObject } from './org-events'
import type { ReadContext } from './read-context'
import { applyDefaults, type AppliedFilters } from './search-events'

export { distanceKm } from '../model/geo'

export type NearbyInput = { latitude: number; longitude: number; radiusKm: number; startDate?: string; endDate?: string; category?: string; limit?: number }

/** How long the category and city lists may be reused while no event was written: counts over every upcoming event. */
export const LIST_CACHE_TTL_MS = 60_000
/** How long a search near a point may be reused while no event was written. */
const NEARBY_CACHE_TTL_MS = 2000

/**
 * Upcoming events whose venue lies within `radiusKm` of a point, in start order, each with its
 * distance. Storage reads only the venue cells around the point (see circleCells) and checks the exact
 * circle. Events whose source gave no coordinates are never near anything.
 */
export async function nearbyEvents(ctx: ReadContext, input: NearbyInput, nowMs: number): Promise<{ count: number; filters: AppliedFilters; events: (Event & { distanceKm: number })[] }> {
  const { limit, startDate, endDate, category } = applyDefaults({ startDate: input.startDate, endDate: input.endDate, category: input.category, limit: input.limit }, nowMs)
  const params = { latitude: input.latitude, longitude: input.longitude, radiusKm: input.radiusKm, startDate, endDate, category: category?.toLowerCase() ?? null, limit, nowMs }
  const rows = await ctx.cache.get(
    JSON.stringify(['nearby', params.latitude, params.longitude, params.radiusKm, startDate, endDate, params.category, limit]),
    { generation: ctx.generation(), nowMs, ttlMs: NEARBY_CACHE_TTL_MS },
    () => ctx.reads.nearbyEvents(params),
    (list) => list.reduce((n, row) => n + row.record.length + 16, 0),
  )
  const events = rows.map((row) => ({ ...(JSON.parse(row.record) as Event), distanceKm: row.distanceKm }))
  return { count: events.length, filters: { startDate, endDate, category, city: null }, events }
}

/** Categories of upcoming events with how many events carry each, most used first. */
export function listCategories(ctx: ReadContext, input: { city?: string; limit: number }, nowMs: number): Promise<{ category: string; eventCount: number }[]> {
  const cityKey = input.city?.trim().toLowerCase() || null
  return ctx.cache.get(
    JSON.stringify(['categories', cityKey, input.limit]),
    { generation: ctx.generation(), nowMs, ttlMs: LIST_CACHE_TTL_MS },
    () => ctx.reads.categories({ cityKey, limit: input.limit, nowMs }),
    (list) => JSON.stringify(list).length * 2,
  )
}

/** Cities of upcoming events (as the sources write them) with their event counts, most events first. */
export function listCities(ctx: ReadContext, input: { limit: number }, nowMs: number): Promise<{ city: string; eventCount: number }[]> {
  return ctx.cache.get(
    JSON.stringify(['cities', input.limit]),
    { generation: ctx.generation(), nowMs, ttlMs: LIST_CACHE_TTL_MS },
    () => ctx.reads.cities({ limit: input.limit, nowMs }),
    (list) => JSON.stringify(list).length * 2,
  )
}

/** How many organizations are indexed and how many events are upcoming (a count over every event: cached like the lists). */
export function catalogTotals(ctx: ReadContext, nowMs: number): Promise<{ organizations: number; upcomingEvents: number }> {
  return ctx.cache.get(
    '["totals"]',
    { generation: ctx.generation(), nowMs, ttlMs: LIST_CACHE_TTL_MS },
    () => ctx.reads.totals({ nowMs }),
    () => 64,
  )
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
export async function organizationDetail(storage: Storage, orgId: string, nowMs: number): Promise<OrganizationDetail | undefined> {
  const org = await storage.organizations.find(orgId)
  if (!org) return undefined
  const upcoming = await storage.events.upcomingCount(orgId, nowMs)
  const sources = await storage.sources.count(orgId)
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
export async function calendarSources(storage: Storage, orgId: string): Promise<CalendarSource[]> {
  return (await storage.sources.forOrganization(orgId)).map((r) => ({ ...r, lastFetchedAt: r.lastFetchedAt === null ? null : new Date(r.lastFetchedAt).toISOString() }))
}

/** The fields of the free preview: enough to decide whether to buy the full records. */
export const PREVIEW_FIELDS = ['title', 'startDate', 'endDate', 'city', 'url', 'event_id', 'eventStatus', 'is_online'] as const

/**
 * The next `limit` upcoming events of an organization, each cut down to {@link PREVIEW_FIELDS}, and how
 * many upcoming events it has in all. The full records are what `get_organization_events` sells.
 */
export async function upcomingPreview(ctx: ReadContext, orgId: string, limit: number, nowMs: number): Promise<{ total: number; events: Partial<Event>[] } | undefined> {
  const answer = await organizationEvents(ctx, orgId, nowMs)
  if (!answer) return undefined
  const events = (await organizationObject(answer)).events.slice(0, limit).map((full) => {
    const record = full as Record<string, unknown>
    return Object.fromEntries(PREVIEW_FIELDS.filter((k) => record[k] !== undefined).map((k) => [k, record[k]])) as Partial<Event>
  })
  return { total: answer.eventCount, events }
}

/** One stored event of an organization by its `event_id` (ended ones included), or undefined. */
export async function findEvent(storage: Storage, orgId: string, eventId: string): Promise<Event | undefined> {
  const record = await storage.events.record(orgId, eventId)
  return record === undefined ? undefined : (JSON.parse(record) as Event)
}

/** An organization's upcoming events as parsed records (for exports), or undefined when it is not indexed. */
export async function upcomingEvents(
  ctx: ReadContext,
  orgId: string,
  nowMs: number,
): Promise<{ org: { orgId: string; domain: string; name: string | null; website: string | null }; events: Event[] } | undefined> {
  const answer = await organizationEvents(ctx, orgId, nowMs)
  if (!answer) return undefined
  const { events, orgId: id, domain, name, website } = await organizationObject(answer)
  return { org: { orgId: id, domain, name, website }, events: events as Event[] }
}
