import type { Database } from 'bun:sqlite'
import { eq } from 'drizzle-orm'
import type { Db } from '../client'
import type { StaleOrganization } from '../storage-types'
import type { OrganizationMatch } from '../reads'
import { organizations } from '../schema'

export type OrganizationRow = typeof organizations.$inferSelect

/** Creates the organization row for a domain if it does not exist yet; the existing row is kept as is. */
export function ensureOrganization(db: Db, org: { orgId: string; domain: string; website: string }, nowMs: number): void {
  db.insert(organizations).values({ orgId: org.orgId, domain: org.domain, website: org.website, createdAt: nowMs, updatedAt: nowMs }).onConflictDoNothing({ target: organizations.orgId }).run()
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

/**
 * Indexed organizations last indexed before `beforeMs` with no job under way, least recently indexed
 * first: the last successful crawl's website and hints (a later request that failed, say with the wrong
 * scheme, is not what a re-crawl repeats), and the organization's website when that job is purged.
 */
export function staleOrganizations(db: Db, beforeMs: number, limit: number): StaleOrganization[] {
  const rows = db.$client
    .query(
      `SELECT o.org_id, (SELECT website FROM index_jobs j WHERE j.job_id = o.last_job_id) AS website,
              (SELECT hints FROM index_jobs j WHERE j.job_id = o.last_job_id) AS hints, o.website AS origin
       FROM organizations o
       WHERE o.last_indexed_at IS NOT NULL AND o.last_indexed_at < ?1
         AND NOT EXISTS (SELECT 1 FROM index_jobs j WHERE j.org_id = o.org_id AND j.state IN ('reserved', 'pending', 'running'))
       ORDER BY o.last_indexed_at LIMIT ?2`,
    )
    .all(beforeMs, limit) as { org_id: string; website: string | null; hints: string | null; origin: string | null }[]
  return rows.map((r) => ({ orgId: r.org_id, website: r.website, hints: r.hints, origin: r.origin }))
}
