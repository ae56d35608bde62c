import type { PreviousSource } from '../../model/crawl-result'
import type { Db } from '../client'

/**
 * The sources of an organization's last crawl that can be asked for conditionally: those with a
 * validator (ETag or Last-Modified) and a memo of what they gave. A source without a memo is fetched in
 * full, since a 304 could not stand for it.
 */
export function previousSources(db: Db, orgId: string): Record<string, PreviousSource> {
  const rows = db.$client
    .query('SELECT url, etag, last_modified, memo FROM sources WHERE org_id = ?1 AND memo IS NOT NULL AND (etag IS NOT NULL OR last_modified IS NOT NULL)')
    .all(orgId) as { url: string; etag: string | null; last_modified: string | null; memo: string }[]
  const previous: Record<string, PreviousSource> = {}
  for (const row of rows) {
    const source: PreviousSource = { memo: row.memo }
    if (row.etag) source.etag = row.etag
    if (row.last_modified) source.lastModified = row.last_modified
    previous[row.url] = source
  }
  return previous
}
