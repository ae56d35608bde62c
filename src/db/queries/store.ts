import type { CrawlResult } from '../../model/crawl-result'
import type { Db } from '../client'
import { storedEvents, storedProgress, websiteOrigin } from '../crawl-rows'
import type { StoreArgs, StoreOutcome } from '../storage-types'
import { writeEvents } from './events'

/**
 * Writes a finished crawl in ONE transaction (DESIGN §5): the organization's events are replaced by the
 * crawl's, its sources (with the validators and memo of the answer they describe, for the next
 * conditional request) and details (the website too: the one this crawl read) updated and the
 * job marked ready, so readers see either the old set or the new one, never half of each. A source that
 * answered 304 Not Modified needs no special case here: the crawl read it from its memo and reports its
 * events like any other's (issue 12). A source the crawl did not reach loses its memo, so it is read in
 * full when it is found again. Nothing is written when the job's lease was lost to another runner (its
 * result would be stale). Events without a readable start are skipped.
 */
export function storeCrawlResult(db: Db, args: StoreArgs): StoreOutcome {
  return writeEvents(
    db,
    (): StoreOutcome => replaceCrawlResult(db.$client, args),
    (outcome) => outcome.stored,
  )
}

type Client = Db['$client']

/** The transaction's steps, in order: lease check, old events out, sources, events, organization, job. */
function replaceCrawlResult(c: Client, args: StoreArgs): StoreOutcome {
  const { jobId, owner, orgId, result, nowMs } = args
  const held = c.query("SELECT website FROM index_jobs WHERE job_id = ?1 AND lease_owner = ?2 AND state = 'running'").get(jobId, owner) as { website: string } | null
  if (!held) return { stored: false, reason: 'lease lost' }
  const org = c.query('SELECT timezone, domain FROM organizations WHERE org_id = ?1').get(orgId) as { timezone: string | null; domain: string } | null
  const zone = result.organization.timezone ?? org?.timezone ?? undefined
  c.run('DELETE FROM events WHERE org_id = ?1', [orgId])
  c.run('UPDATE sources SET memo = NULL WHERE org_id = ?1 AND memo IS NOT NULL AND url NOT IN (SELECT value FROM json_each(?2))', [orgId, JSON.stringify(result.sources.map((s) => s.url))])
  const sourceIds = upsertSources(c, orgId, result, nowMs)
  const count = insertEvents(c, args, eventRows(args, zone, org?.domain ?? '', sourceIds))
  markIndexed(c, args, held.website, count)
  return { stored: true, eventCount: count }
}

/** Upserts the crawl's sources (validators and memo included); their row ids by URL. */
function upsertSources(c: Client, orgId: string, result: CrawlResult, nowMs: number): Map<string, number> {
  const upsertSource = c.prepare(
    `INSERT INTO sources (org_id, url, kind, platform, status, http_status, error, event_count, etag, last_modified, memo, last_fetched_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
     ON CONFLICT (org_id, url) DO UPDATE SET kind = excluded.kind, platform = excluded.platform, status = excluded.status, http_status = excluded.http_status,
       error = excluded.error, event_count = excluded.event_count, etag = excluded.etag, last_modified = excluded.last_modified, memo = excluded.memo,
       last_fetched_at = excluded.last_fetched_at
     RETURNING id`,
  )
  const sourceIds = new Map<string, number>()
  for (const s of result.sources) {
    const row = upsertSource.get(
      orgId,
      s.url,
      s.kind,
      s.platform ?? null,
      s.status,
      s.httpStatus ?? null,
      s.error ?? null,
      s.eventCount,
      s.etag ?? null,
      s.lastModified ?? null,
      s.memo ?? null,
      nowMs,
    ) as { id: number }
    sourceIds.set(s.url, row.id)
  }
  return sourceIds
}

type EventRows = { rows: unknown[][]; categoriesOf: Map<string, { categories: string[]; tail: unknown[] }> }

/** The events' rows for the one INSERT, and each event's categories with the columns their rows repeat. */
function eventRows(args: StoreArgs, zone: string | undefined, domain: string, sourceIds: Map<string, number>): EventRows {
  // One INSERT for all the events and one for their categories: every statement of the transaction
  // makes the events' full-text index flush what it holds (a savepoint), so a row-by-row insert wrote
  // one index segment per event and merged them, costing the writer (the request thread) tens of ms
  // per crawl at 100 000 events. Rows keep the crawl's order; a repeated event_id keeps the first.
  const rows: unknown[][] = []
  const categoriesOf = new Map<string, { categories: string[]; tail: unknown[] }>()
  for (const { eventId, title, cols, record, searchRecord, untilAt, source } of storedEvents(args, zone, domain)) {
    rows.push([
      eventId,
      title,
      cols.startsAt,
      cols.endsAt,
      cols.startDay,
      cols.endDay,
      cols.allDay ? 1 : 0,
      cols.city,
      cols.cityKey,
      cols.category,
      cols.latitude,
      cols.longitude,
      cols.isExternal ? 1 : 0,
      record,
      sourceIds.get(source) ?? null,
      searchRecord,
      untilAt,
      cols.spanClass,
      cols.geoCell,
      cols.citySource,
      cols.cityRegion,
      cols.cityCountry,
      cols.isFree ? 1 : 0,
    ])
    if (!categoriesOf.has(eventId)) categoriesOf.set(eventId, { categories: cols.categories, tail: [cols.cityKey, cols.startsAt, cols.startDay, cols.endDay, untilAt, cols.spanClass] })
  }
  return { rows, categoriesOf }
}

/** Inserts the events and their categories; how many events were stored (a repeated event_id counts once). */
function insertEvents(c: Client, args: StoreArgs, { rows, categoriesOf }: EventRows): number {
  const { orgId, nowMs } = args
  const inserted = c
    .query(
      `INSERT INTO events (org_id, event_id, title, starts_at, ends_at, start_day, end_day, all_day, city, city_key, category, latitude, longitude, is_external,
         record, source_id, search_record, until_at, span_class, geo_cell, city_source, city_region, city_country, is_free, scraped_at, script_version)
       SELECT ?1, v->>0, v->>1, v->>2, v->>3, v->>4, v->>5, v->>6, v->>7, v->>8, v->>9, v->>10, v->>11, v->>12, v->>13, v->>14, v->>15, v->>16, v->>17, v->>18, v->>19, v->>20, v->>21, v->>22, ?3, ?4
       FROM (SELECT value AS v FROM json_each(?2) ORDER BY key) WHERE true
       ON CONFLICT (org_id, event_id) DO NOTHING RETURNING id, event_id`,
    )
    .all(orgId, JSON.stringify(rows), nowMs, args.scriptVersion) as { id: number; event_id: string }[]
  const categoryRows: unknown[][] = []
  for (const row of inserted) {
    const of = categoriesOf.get(row.event_id)!
    for (const category of of.categories) categoryRows.push([row.id, category, ...of.tail])
  }
  if (categoryRows.length)
    c.run(
      `INSERT OR IGNORE INTO event_categories (event_pk, category, city_key, starts_at, start_day, end_day, until_at, span_class)
       SELECT v->>0, v->>1, v->>2, v->>3, v->>4, v->>5, v->>6, v->>7 FROM (SELECT value AS v FROM json_each(?1) ORDER BY key)`,
      [JSON.stringify(categoryRows)],
    )
  const count = inserted.length
  return count
}

/** The organization's details from this crawl and the job marked ready with its progress. */
function markIndexed(c: Client, args: StoreArgs, website: string, count: number): void {
  const { jobId, orgId, result, nowMs } = args
  // The website is the one this successful crawl read (issue 15): a first request that named the wrong
  // scheme and failed must not stay the organization's address, nor what re-crawls go to.
  c.run(
    `UPDATE organizations SET name = COALESCE(?2, name), timezone = COALESCE(?3, timezone), platform = COALESCE(?4, platform), event_count = ?5,
       last_indexed_at = ?6, last_job_id = ?7, website = COALESCE(?8, website), updated_at = ?6 WHERE org_id = ?1`,
    [orgId, result.organization.name ?? null, result.organization.timezone ?? null, result.organization.platform ?? null, count, nowMs, jobId, websiteOrigin(website)],
  )
  c.run(`UPDATE index_jobs SET state = 'ready', event_count = ?2, progress = ?3, error = NULL, lease_owner = NULL, lease_expires_at = NULL, finished_at = ?4, updated_at = ?4 WHERE job_id = ?1`, [
    jobId,
    count,
    storedProgress(result, count),
    nowMs,
  ])
}
