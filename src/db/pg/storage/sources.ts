import type { SQL } from 'bun'
import type { PreviousSource } from '../../../model/crawl-result'
import type { SourceStorage } from '../../storage'
import { num, numOrNull, type Raw } from '../../record-rows'

/** The sources group of the storage interface on PostgreSQL (Bun's SQL client), the queries of queries/sources.ts. */
export function pgSourceStorage(sql: SQL): SourceStorage {
  return {
    /** Only sources with a validator and a memo can be asked for conditionally (a 304 stands for the memo). */
    async previous(orgId) {
      const rows = (await sql`SELECT url, etag, last_modified, memo FROM sources
        WHERE org_id = ${orgId} AND memo IS NOT NULL AND (etag IS NOT NULL OR last_modified IS NOT NULL)`) as { url: string; etag: string | null; last_modified: string | null; memo: string }[]
      const previous: Record<string, PreviousSource> = {}
      for (const row of rows) {
        const source: PreviousSource = { memo: row.memo }
        if (row.etag) source.etag = row.etag
        if (row.last_modified) source.lastModified = row.last_modified
        previous[row.url] = source
      }
      return previous
    },
    async count(orgId) {
      const [row] = await sql`SELECT count(*) AS n FROM sources WHERE org_id = ${orgId}`
      return num(row.n)
    },
    async forOrganization(orgId) {
      const rows = (await sql`SELECT url, kind, platform, status, http_status, error, event_count, last_fetched_at FROM sources
        WHERE org_id = ${orgId} ORDER BY event_count DESC, url`) as Raw[]
      return rows.map((r) => ({
        url: r.url as string,
        kind: r.kind as string,
        platform: r.platform as string | null,
        status: r.status as string,
        httpStatus: numOrNull(r.http_status),
        error: r.error as string | null,
        eventCount: num(r.event_count),
        lastFetchedAt: numOrNull(r.last_fetched_at),
      }))
    },
  }
}
