import type { SQL } from 'bun'
import type { OrganizationStorage } from '../../storage'
import { organizationRecord } from '../../record-rows'

/** The organization columns a record holds (never the search vector). */
export const ORGANIZATION_COLUMNS = 'org_id, domain, website, name, timezone, platform, event_count, last_indexed_at, last_job_id, created_at, updated_at'

/**
 * Creates the organization row for a domain if it does not exist yet (the existing row kept as is), on
 * `sql` (a transaction's client when it is part of one). The conflict names no target: the row has two
 * unique indexes (org_id, domain), and with `ON CONFLICT (org_id)` two instances inserting the same new
 * organization at once could meet on the domain's index first, which is then not an arbiter and raises a
 * unique violation (seen as a failed `index_organization` sent twice at once). Without a target every
 * unique index is an arbiter; an org_id is derived from its domain, so both name the same organization.
 */
export async function ensureOrganization(sql: SQL, org: { orgId: string; domain: string; website: string }, nowMs: number): Promise<void> {
  await sql`INSERT INTO organizations (org_id, domain, website, created_at, updated_at) VALUES (${org.orgId}, ${org.domain}, ${org.website}, ${nowMs}, ${nowMs})
    ON CONFLICT DO NOTHING`
}

/**
 * The organizations group of the storage interface on PostgreSQL (Bun's SQL client), the same queries
 * as queries/organizations.ts: `stale` gives the last successful crawl's website and hints (a later
 * failed request is not what a re-crawl repeats), and the organization's website when that job is purged.
 */
export function pgOrganizationStorage(sql: SQL): OrganizationStorage {
  return {
    async find(orgId) {
      const [row] = await sql.unsafe(`SELECT ${ORGANIZATION_COLUMNS} FROM organizations WHERE org_id = $1`, [orgId])
      return row ? organizationRecord(row) : undefined
    },
    async stale(beforeMs, limit) {
      const rows = await sql`SELECT o.org_id, (SELECT website FROM index_jobs j WHERE j.job_id = o.last_job_id) AS website,
          (SELECT hints FROM index_jobs j WHERE j.job_id = o.last_job_id) AS hints, o.website AS origin
        FROM organizations o
        WHERE o.last_indexed_at IS NOT NULL AND o.last_indexed_at < ${beforeMs}
          AND NOT EXISTS (SELECT 1 FROM index_jobs j WHERE j.org_id = o.org_id AND j.state IN ('reserved', 'pending', 'running'))
        ORDER BY o.last_indexed_at, o.org_id LIMIT ${limit}`
      return (rows as { org_id: string; website: string | null; hints: string | null; origin: string | null }[]).map((r) => ({ orgId: r.org_id, website: r.website, hints: r.hints, origin: r.origin }))
    },
  }
}
