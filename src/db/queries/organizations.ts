import type { Database } from 'bun:sqlite'
import { eq } from 'drizzle-orm'
import type { Db } from '../client'
import type { OrganizationMatch } from '../reads'
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

/**
 * Indexed organizations whose name, domain or website match an FTS5 query, best match (bm25) first.
 * Bounded by the organizations that match, never by events.
 */
export function matchOrganizations(sqlite: Database, match: string, limit: number): OrganizationMatch[] {
  const rows = sqlite
    .query(
      `SELECT o.org_id, o.domain, o.name, o.website, o.event_count, o.last_indexed_at FROM organizations_fts f JOIN organizations o ON o.rowid = f.rowid
       WHERE organizations_fts MATCH ?1 AND o.last_indexed_at IS NOT NULL ORDER BY bm25(organizations_fts), o.domain LIMIT ?2`,
    )
    .all(match, limit) as { org_id: string; domain: string; name: string | null; website: string | null; event_count: number; last_indexed_at: number | null }[]
  return rows.map((r) => ({ orgId: r.org_id, domain: r.domain, name: r.name, website: r.website, eventCount: r.event_count, lastIndexedAt: r.last_indexed_at }))
}
