import type { Db } from '../db'
import { upcomingEventRecords } from '../db/queries/events'
import { eventsGeneration } from '../db/queries/generation'
import { findOrganization } from '../db/queries/organizations'

export type OrganizationEvents = { eventCount: number; json: string; bytes?: Uint8Array }

/** How long an organization's answer may be reused while no event was written ("upcoming" moves with the clock). */
export const ORG_EVENTS_CACHE_TTL_MS = 2000
const CACHE_SIZE = 200
const encoder = new TextEncoder()
const caches = new WeakMap<Db, Map<string, { generation: number; at: number; answer: OrganizationEvents }>>()

/** The answer's body as UTF-8, encoded once per cached answer. */
export function organizationEventsBytes(answer: OrganizationEvents): Uint8Array {
  answer.bytes ??= encoder.encode(answer.json)
  return answer.bytes
}

/**
 * An indexed organization with all its upcoming events, as the spec's Organization JSON. The body is
 * assembled from the records stored at write time (no per-request serialization of events) and reused
 * until an event is written or two seconds pass. Returns undefined when the organization has never been
 * indexed.
 */
export function organizationEvents(db: Db, orgId: string, nowMs: number): OrganizationEvents | undefined {
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = new Map()))
  const generation = eventsGeneration(db)
  const hit = cache.get(orgId)
  if (hit && hit.generation === generation && nowMs - hit.at < ORG_EVENTS_CACHE_TTL_MS) return hit.answer
  const org = findOrganization(db, orgId)
  if (!org || org.lastIndexedAt === null) return undefined
  const records = upcomingEventRecords(db, orgId, nowMs)
  const head = JSON.stringify({
    orgId: org.orgId,
    domain: org.domain,
    website: org.website,
    name: org.name,
    lastIndexedAt: new Date(org.lastIndexedAt).toISOString(),
    eventCount: records.length,
  })
  const answer = { eventCount: records.length, json: `${head.slice(0, -1)},"events":[${records.join(',')}]}` }
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!)
  cache.set(orgId, { generation, at: nowMs, answer })
  return answer
}
