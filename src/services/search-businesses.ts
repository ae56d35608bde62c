import type { Db } from '../db'
import { invalidRequest } from '../errors'
import type { OrganizationSummary } from '../model/organization'

type Row = { org_id: string; domain: string; name: string | null; website: string | null; event_count: number; last_indexed_at: number | null }

/**
 * Turns free text into an FTS5 query: every word must match, as a prefix (`spring libr` finds
 * "Springfield Public Library"); quotes keep FTS5 operators in the text from being interpreted.
 */
export function ftsQuery(text: string): string | undefined {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu)
  return words?.length ? words.slice(0, 12).map((w) => `"${w}"*`).join(' ') : undefined
}

/** Indexed organizations whose name or domain matches `q`, best match first. */
export function searchBusinesses(db: Db, q: string, limit: number): { count: number; query: string; organizations: OrganizationSummary[] } {
  const match = ftsQuery(q)
  if (!match) throw invalidRequest('q must contain at least one letter or digit')
  const rows = db.$client
    .query(
      `SELECT o.org_id, o.domain, o.name, o.website, o.event_count, o.last_indexed_at FROM organizations_fts f JOIN organizations o ON o.rowid = f.rowid
       WHERE organizations_fts MATCH ?1 AND o.last_indexed_at IS NOT NULL ORDER BY bm25(organizations_fts), o.domain LIMIT ?2`,
    )
    .all(match, limit) as Row[]
  const organizations = rows.map((r) => ({
    orgId: r.org_id,
    domain: r.domain,
    name: r.name,
    website: r.website,
    eventCount: r.event_count,
    lastIndexedAt: r.last_indexed_at === null ? null : new Date(r.last_indexed_at).toISOString(),
  }))
  return { count: organizations.length, query: q, organizations }
}
