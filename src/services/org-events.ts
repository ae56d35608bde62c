import type { Db } from '../db'
import { upcomingEventRecords } from '../db/queries/events'
import { findOrganization } from '../db/queries/organizations'

export type OrganizationEvents = { eventCount: number; json: string }

/**
 * An indexed organization with all its upcoming events, as the spec's Organization JSON. The body is
 * assembled from the records stored at write time (no per-request serialization of events). Returns
 * undefined when the organization has never been indexed.
 */
export function organizationEvents(db: Db, orgId: string, nowMs: number): OrganizationEvents | undefined {
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
  return { eventCount: records.length, json: `${head.slice(0, -1)},"events":[${records.join(',')}]}` }
}
