import { eq } from 'drizzle-orm'
import type { Db } from '../client'
import { organizations } from '../schema'

export type OrganizationRow = typeof organizations.$inferSelect

/** Creates the organization row for a domain if it does not exist yet; the existing row is kept as is. */
export function ensureOrganization(db: Db, org: { orgId: string; domain: string; website: string }, nowMs: number): void {
  db.insert(organizations)
    .values({ orgId: org.orgId, domain: org.domain, website: org.website, createdAt: nowMs, updatedAt: nowMs })
    .onConflictDoNothing({ target: organizations.orgId })
    .run()
}

export function findOrganization(db: Db, orgId: string): OrganizationRow | undefined {
  return db.select().from(organizations).where(eq(organizations.orgId, orgId)).get()
}
