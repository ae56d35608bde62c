import type { SQL } from 'bun'
import type { CrawlResult } from '../../../model/crawl-result'
import { type StoredEvent, storedEvents, storedProgress, websiteOrigin } from '../../crawl-rows'
import type { EventStorage } from '../../storage'
import type { StoreArgs, StoreOutcome } from '../../storage-types'
import { advanceGeneration, type PgGeneration } from './generation'
import { num } from '../../record-rows'

type Written<T> = { result: T; generation?: number }

/**
 * Writes a finished crawl in ONE transaction, the steps of queries/store.ts in order: the job's row is
 * locked with its lease check first (a claim taking over the job waits, or is waited for, and a lost lease
 * writes nothing), old events out, the organization's details, sources upserted with validators and memo
 * (a source this crawl did not reach loses its memo), events in with their derived columns and search
 * records (their text vector set by the triggers of drizzle-pg/0002), the organization indexed, the job
 * ready, and the shared generation advanced last (its row lock held only until commit).
 */
async function storeIn(tx: SQL, args: StoreArgs): Promise<Written<StoreOutcome>> {
  const { jobId, owner, orgId, result, nowMs } = args
  const [held] = await tx`SELECT website FROM index_jobs WHERE job_id = ${jobId} AND lease_owner = ${owner} AND state = 'running' FOR UPDATE`
  if (!held) return { result: { stored: false, reason: 'lease lost' } }
  const [org] = await tx`SELECT timezone, domain FROM organizations WHERE org_id = ${orgId}`
  const zone = result.organization.timezone ?? org?.timezone ?? undefined
  await tx`DELETE FROM events WHERE org_id = ${orgId}`
  // The details first, so the events' text vectors read the organization's new name as they are inserted.
  await tx`UPDATE organizations SET name = COALESCE(${result.organization.name ?? null}::text, name), timezone = COALESCE(${result.organization.timezone ?? null}::text, timezone),
      platform = COALESCE(${result.organization.platform ?? null}::text, platform) WHERE org_id = ${orgId}`
  await tx`UPDATE sources SET memo = NULL WHERE org_id = ${orgId} AND memo IS NOT NULL AND url <> ALL(${tx.array(
    result.sources.map((s) => s.url),
    'TEXT',
  )})`
  const sourceIds = await upsertSources(tx, orgId, result, nowMs)
  const count = await insertEvents(tx, args, storedEvents(args, zone, org?.domain ?? ''), sourceIds)
  await tx`UPDATE organizations SET event_count = ${count}, last_indexed_at = ${nowMs}, last_job_id = ${jobId}, website = COALESCE(${websiteOrigin(held.website)}::text, website), updated_at = ${nowMs}
    WHERE org_id = ${orgId}`
  await tx`UPDATE index_jobs SET state = 'ready', event_count = ${count}, progress = ${storedProgress(result, count)}, error = NULL, lease_owner = NULL, lease_expires_at = NULL,
      finished_at = ${nowMs}, updated_at = ${nowMs} WHERE job_id = ${jobId}`
  return { result: { stored: true, eventCount: count }, generation: await advanceGeneration(tx) }
}

/** Upserts the crawl's sources (validators and memo included); their row ids by URL. */
async function upsertSources(tx: SQL, orgId: string, result: CrawlResult, nowMs: number): Promise<Map<string, number>> {
  const ids = new Map<string, number>()
  for (const s of result.sources) {
    const [row] = await tx`INSERT INTO sources (org_id, url, kind, platform, status, http_status, error, event_count, etag, last_modified, memo, last_fetched_at)
      VALUES (${orgId}, ${s.url}, ${s.kind}, ${s.platform ?? null}, ${s.status}, ${s.httpStatus ?? null}, ${s.error ?? null}, ${s.eventCount}, ${s.etag ?? null},
        ${s.lastModified ?? null}, ${s.memo ?? null}, ${nowMs})
      ON CONFLICT (org_id, url) DO UPDATE SET kind = excluded.kind, platform = excluded.platform, status = excluded.status, http_status = excluded.http_status,
        error = excluded.error, event_count = excluded.event_count, etag = excluded.etag, last_modified = excluded.last_modified, memo = excluded.memo,
        last_fetched_at = excluded.last_fetched_at
      RETURNING id`
    ids.set(s.url, num(row.id))
  }
  return ids
}

/**
 * Inserts the events in crawl order with one statement (one JSON parameter, whatever their number) and
 * then their categories; how many events were stored (a repeated event_id keeps the first, counts once).
 */
async function insertEvents(tx: SQL, args: StoreArgs, events: StoredEvent[], sourceIds: Map<string, number>): Promise<number> {
  const rows = events.map(({ eventId, title, cols, record, searchRecord, untilAt, source }) => ({ ...cols, eventId, title, record, searchRecord, untilAt, sourceId: sourceIds.get(source) ?? null }))
  const inserted = (await tx`INSERT INTO events (org_id, event_id, title, starts_at, ends_at, start_day, end_day, all_day, city, city_key, category, latitude, longitude,
      is_external, record, source_id, search_record, until_at, span_class, geo_cell, city_source, city_region, city_country, is_free, scraped_at, script_version)
    SELECT ${args.orgId}, v->>'eventId', v->>'title', (v->>'startsAt')::bigint, (v->>'endsAt')::bigint, v->>'startDay', v->>'endDay', (v->>'allDay')::boolean,
      v->>'city', v->>'cityKey', v->>'category', (v->>'latitude')::float8, (v->>'longitude')::float8, (v->>'isExternal')::boolean, v->>'record',
      (v->>'sourceId')::bigint, v->>'searchRecord', (v->>'untilAt')::bigint, (v->>'spanClass')::int, (v->>'geoCell')::int, v->>'citySource', v->>'cityRegion',
      v->>'cityCountry', (v->>'isFree')::boolean, ${args.nowMs}::bigint, ${args.scriptVersion}::text
    FROM jsonb_array_elements(${JSON.stringify(rows)}::text::jsonb) WITH ORDINALITY AS x(v, n) ORDER BY n
    ON CONFLICT (org_id, event_id) DO NOTHING RETURNING id, event_id`) as { id: unknown; event_id: string }[]
  const byId = new Map(events.map((e) => [e.eventId, e.cols] as const))
  const categories = inserted.flatMap(({ id, event_id }) => {
    const cols = byId.get(event_id)!
    return cols.categories.map((category) => ({ ...cols, eventPk: num(id), category, untilAt: cols.endsAt ?? cols.startsAt }))
  })
  if (categories.length)
    await tx`INSERT INTO event_categories (event_pk, category, city_key, starts_at, start_day, end_day, until_at, span_class)
      SELECT (v->>'eventPk')::bigint, v->>'category', v->>'cityKey', (v->>'startsAt')::bigint, v->>'startDay', v->>'endDay', (v->>'untilAt')::bigint, (v->>'spanClass')::int
      FROM jsonb_array_elements(${JSON.stringify(categories)}::text::jsonb) AS x(v)
      ON CONFLICT (event_pk, category) DO NOTHING`
  return inserted.length
}

/**
 * Deletes the events that ended before `endedBeforeMs` (the scan bounded to the days they can start on,
 * index `events_day_search`, as queries/events.ts) and recounts their organizations' events, in one
 * transaction that advances the generation when it deleted any.
 */
async function pruneIn(tx: SQL, endedBeforeMs: number): Promise<Written<number>> {
  const lastDay = new Date(endedBeforeMs + 86_400_000).toISOString().slice(0, 10)
  const orgs = (await tx`WITH gone AS (DELETE FROM events WHERE start_day <= ${lastDay} AND until_at < ${endedBeforeMs} RETURNING org_id)
    SELECT org_id, count(*) AS n FROM gone GROUP BY org_id`) as { org_id: string; n: unknown }[]
  if (orgs.length === 0) return { result: 0 }
  await tx`UPDATE organizations o SET event_count = (SELECT count(*) FROM events e WHERE e.org_id = o.org_id) WHERE o.org_id = ANY(${tx.array(
    orgs.map((o) => o.org_id),
    'TEXT',
  )})`
  return { result: orgs.reduce((sum, o) => sum + num(o.n), 0), generation: await advanceGeneration(tx) }
}

/**
 * The events group of the storage interface on PostgreSQL (Bun's SQL client). `generation` is the shared
 * counter this instance listens to (generation.ts `listenGeneration`); a write's own commit is learnt at
 * once, so `generation()` has moved when the write's promise resolves.
 */
export function pgEventStorage(sql: SQL, generation: PgGeneration): EventStorage {
  const write = async <T>(body: (tx: SQL) => Promise<Written<T>>): Promise<T> => {
    const written = await sql.begin(body)
    if (written.generation !== undefined) generation.learn(written.generation)
    return written.result
  }
  return {
    storeCrawlResult: (args) => write((tx) => storeIn(tx, args)),
    pruneEnded: (endedBeforeMs) => write((tx) => pruneIn(tx, endedBeforeMs)),
    async upcomingSample(orgId, limit, nowMs) {
      const rows = await sql`SELECT record FROM events WHERE org_id = ${orgId} AND until_at >= ${nowMs} ORDER BY starts_at, id LIMIT ${limit}`
      return (rows as { record: string }[]).map((r) => r.record)
    },
    async upcomingCount(orgId, nowMs) {
      const [row] = await sql`SELECT count(*) AS n FROM events WHERE org_id = ${orgId} AND until_at >= ${nowMs}`
      return num(row.n)
    },
    async record(orgId, eventId) {
      const [row] = await sql`SELECT record FROM events WHERE org_id = ${orgId} AND event_id = ${eventId}`
      return row?.record as string | undefined
    },
    generation: () => generation.current(),
  }
}
