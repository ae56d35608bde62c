import type { PreviousSource } from '../../model/crawl-result'
import type { Db } from '../client'
import type { SourceRecord } from '../storage-types'

/**
 * The sources of an organization's last crawl that can be asked for conditionally: those with a
 * validator (ETag or Last-Modified) and a memo of what they gave. A source without a memo is fetched in
 * full, since a 304 could not stand for it.
 */
export function previousSources(db: Db, orgId: string): Record<string, PreviousSource> {
  const rows = db.$client.query('SELECT url, etag, last_modified, memo FROM sources WHERE org_id = ?1 AND memo IS NOT NULL AND (etag IS NOT NULL OR last_modified IS NOT NULL)').all(orgId) as {
    url: string
    etag: string | null
    last_modified: string | null
    memo: string
  }[]
  const previous: Record<string, PreviousSource> = {}
  for (const row of rows) {
    const source: PreviousSource = { memo: row.memo }
    if (row.etag) source.etag = row.etag
    if (row.last_modified) source.lastModified = row.last_modified
    previous[row.url] = source
  }
  return previous
}

/** How many calendar sources the crawls found for an organization. */
export function sourceCount(db: Db, orgId: string): number {
  return (db.$client.query('SELECT count(*) AS n FROM sources WHERE org_id = ?1').get(orgId) as { n: number }).n
}

/** An organization's sources, most events first. */
export function organizationSources(db: Db, orgId: string): SourceRecord[] {
  const rows = db.$client.query('SELECT url, kind, platform, status, http_status, error, event_count, last_fetched_at FROM sources WHERE org_id = ?1 ORDER BY event_count DESC, url').all(orgId) as {
    url: string
    kind: string
    platform: string | null
    status: string
    http_status: number | null
    error: string | null
    event_count: number
    last_fetched_at: number | null
  }[]
  return rows.map((r) => ({ url: r.url, kind: r.kind, platform: r.platform, status: r.status, httpStatus: r.http_status, error: r.error, eventCount: r.event_count, lastFetchedAt: r.last_fetched_at }))
}
