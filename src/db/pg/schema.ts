import { sql } from 'drizzle-orm'
import { bigint, boolean, customType, doublePrecision, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { JOB_BILLING, JOB_STATES, USAGE_REPORT_STATES } from '../schema'

// The PostgreSQL mirror of src/db/schema.ts (issue 17): the same tables and columns under the same names,
// so one copy of the data moves between them unchanged (`event-index migrate --to-postgres`). Epoch
// milliseconds are bigint (number in JS), flags boolean, SQLite REAL double precision, rowid keys bigint
// identities (replay_keys.seq grows for ever). JSON stays text: records are served byte for byte as stored,
// and jsonb would reorder their keys. Search (events_fts and organizations_fts in SQLite) is a tsvector
// column per table with a GIN index, in the `event_index_text` configuration (simple words, accents
// removed, like FTS5's unicode61 remove_diacritics) made by drizzle-pg/0000; the events' vector is kept by
// the triggers of drizzle-pg/0002, which drizzle-kit cannot express. test/db/pg/schema.test.ts holds the
// two schemas column for column.

/** A full-text vector, read and written as its text form. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/** Epoch milliseconds (bigint; a JS number, exact up to 2^53). */
const millis = (name: string) => bigint(name, { mode: 'number' })

/** What business search matches (SQLite: organizations_fts over name, domain and website), name first. */
const ORGANIZATION_TEXT = sql`setweight(event_index_words(name), 'A') || setweight(event_index_words(domain), 'B') || setweight(event_index_words(website), 'C')`

/** One organization per registrable domain; `org_id` is derived from the domain, so it is stable. */
export const organizations = pgTable(
  'organizations',
  {
    orgId: text('org_id').primaryKey(),
    domain: text('domain').notNull().unique(),
    website: text('website'),
    name: text('name'),
    timezone: text('timezone'),
    platform: text('platform'),
    eventCount: integer('event_count').notNull().default(0),
    lastIndexedAt: millis('last_indexed_at'),
    lastJobId: text('last_job_id'),
    createdAt: millis('created_at').notNull(),
    updatedAt: millis('updated_at').notNull(),
    /** Business search's vector, computed by PostgreSQL from the row (never written). */
    textSearch: tsvector('text_search').generatedAlwaysAs(ORGANIZATION_TEXT),
  },
  (table) => [
    index('organizations_text_search').using('gin', table.textSearch),
    // Prefix matching of names and domains (ILIKE 'abc%' and similarity), with pg_trgm.
    index('organizations_name_trgm').using('gin', table.name.op('gin_trgm_ops')),
    index('organizations_domain_trgm').using('gin', table.domain.op('gin_trgm_ops')),
  ],
)

/** Each calendar source found on a site: feed, API or page, with how it went last time. */
export const sources = pgTable(
  'sources',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.orgId, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    kind: text('kind').notNull(),
    platform: text('platform'),
    status: text('status').notNull(),
    httpStatus: integer('http_status'),
    error: text('error'),
    eventCount: integer('event_count').notNull().default(0),
    etag: text('etag'),
    lastModified: text('last_modified'),
    memo: text('memo'),
    lastFetchedAt: millis('last_fetched_at'),
  },
  (table) => [uniqueIndex('sources_org_url').on(table.orgId, table.url)],
)

/** Normalized events (see src/db/schema.ts for each column's meaning). */
export const events = pgTable(
  'events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.orgId, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    sourceId: bigint('source_id', { mode: 'number' }).references(() => sources.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    startsAt: millis('starts_at').notNull(),
    endsAt: millis('ends_at'),
    startDay: text('start_day').notNull().default(''),
    endDay: text('end_day').notNull().default(''),
    allDay: boolean('all_day').notNull().default(false),
    city: text('city'),
    cityKey: text('city_key'),
    citySource: text('city_source'),
    cityRegion: text('city_region'),
    cityCountry: text('city_country'),
    category: text('category'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    isExternal: boolean('is_external').notNull().default(false),
    isFree: boolean('is_free').notNull().default(false),
    record: text('record').notNull(),
    searchRecord: text('search_record').notNull().default(''),
    untilAt: millis('until_at').notNull().default(0),
    spanClass: integer('span_class').notNull().default(0),
    geoCell: integer('geo_cell'),
    scrapedAt: millis('scraped_at').notNull(),
    scriptVersion: text('script_version').notNull(),
    /**
     * Event text search's vector (SQLite: events_fts): title, venue, organization, organizer, description,
     * weighted in that order. Set by the triggers of drizzle-pg/0002 on every insert and on a change of the
     * title, record or organization, and when the organization is renamed; never written by the code.
     */
    textSearch: tsvector('text_search'),
  },
  (table) => [
    uniqueIndex('events_org_event').on(table.orgId, table.eventId),
    index('events_org_starts').on(table.orgId, table.startsAt),
    index('events_text_search').using('gin', table.textSearch),
    // The search bounds of drizzle/0011_search_bounds.sql, index for index.
    index('events_day_search').on(table.startDay, table.startsAt, table.id, table.endDay, table.untilAt),
    index('events_city_day_search').on(table.cityKey, table.startDay, table.startsAt, table.id, table.endDay, table.untilAt),
    index('events_ongoing_search').on(table.spanClass, table.startsAt, table.id, table.startDay, table.endDay, table.untilAt).where(sql`span_class > 0`),
    index('events_city_ongoing_search').on(table.cityKey, table.spanClass, table.startsAt, table.id, table.startDay, table.endDay, table.untilAt).where(sql`span_class > 0`),
    index('events_geo_day_search').on(table.geoCell, table.startDay, table.startsAt, table.id, table.latitude, table.longitude, table.endDay, table.untilAt).where(sql`geo_cell IS NOT NULL`),
  ],
)

/** Category membership with the event's search columns copied (see src/db/schema.ts). */
export const eventCategories = pgTable(
  'event_categories',
  {
    eventPk: bigint('event_pk', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    cityKey: text('city_key'),
    startsAt: millis('starts_at').notNull().default(0),
    startDay: text('start_day').notNull().default(''),
    endDay: text('end_day').notNull().default(''),
    untilAt: millis('until_at').notNull().default(0),
    spanClass: integer('span_class').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.eventPk, table.category] }),
    index('event_categories_day_search').on(table.category, table.startDay, table.startsAt, table.eventPk, table.endDay, table.untilAt),
    index('event_categories_city_day_search').on(table.category, table.cityKey, table.startDay, table.startsAt, table.eventPk, table.endDay, table.untilAt),
    index('event_categories_ongoing_search').on(table.category, table.spanClass, table.startsAt, table.eventPk, table.startDay, table.endDay, table.untilAt).where(sql`span_class > 0`),
    index('event_categories_city_ongoing_search')
      .on(table.category, table.cityKey, table.spanClass, table.startsAt, table.eventPk, table.startDay, table.endDay, table.untilAt)
      .where(sql`span_class > 0`),
  ],
)

/** Index jobs: a queue with leases (states and billing as in src/db/schema.ts). */
export const indexJobs = pgTable(
  'index_jobs',
  {
    jobId: text('job_id').primaryKey(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.orgId, { onDelete: 'cascade' }),
    website: text('website').notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    hints: text('hints').notNull().default('{}'),
    hintReport: text('hint_report').notNull().default('[]'),
    state: text('state', { enum: JOB_STATES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    interruptions: integer('interruptions').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: millis('lease_expires_at'),
    progress: text('progress').notNull().default('{}'),
    error: text('error'),
    eventCount: integer('event_count'),
    agentId: text('agent_id'),
    accountId: text('account_id'),
    requestId: text('request_id'),
    billing: text('billing', { enum: JOB_BILLING }),
    createdAt: millis('created_at').notNull(),
    updatedAt: millis('updated_at').notNull(),
    startedAt: millis('started_at'),
    finishedAt: millis('finished_at'),
    expiresAt: millis('expires_at').notNull(),
  },
  (table) => [index('index_jobs_state_lease').on(table.state, table.leaseExpiresAt), index('index_jobs_org_created').on(table.orgId, table.createdAt)],
)

/** Problem reports: the audit record survives a failed mail and is retried later. */
export const reports = pgTable(
  'reports',
  {
    reportId: text('report_id').primaryKey(),
    reporter: text('reporter').notNull(),
    agentId: text('agent_id'),
    email: text('email'),
    message: text('message').notNull(),
    domain: text('domain'),
    orgId: text('org_id'),
    jobId: text('job_id'),
    diagnostics: text('diagnostics').notNull().default('{}'),
    delivered: boolean('delivered').notNull().default(false),
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
    lastError: text('last_error'),
    lastAttemptAt: millis('last_attempt_at'),
    createdAt: millis('created_at').notNull(),
    deliveredAt: millis('delivered_at'),
  },
  (table) => [
    index('reports_reporter_created').on(table.reporter, table.createdAt),
    index('reports_undelivered').on(table.delivered, table.createdAt),
    index('reports_delivered_at').on(table.deliveredAt),
  ],
)

/** Usage reports whose answer was unknown, re-sent by the scheduler (see src/db/schema.ts). */
export const usageReports = pgTable(
  'usage_reports',
  {
    agentId: text('agent_id').notNull(),
    requestId: text('request_id').notNull(),
    usage: text('usage').notNull(),
    state: text('state', { enum: USAGE_REPORT_STATES }).notNull(),
    attempts: integer('attempts').notNull().default(1),
    lastError: text('last_error'),
    createdAt: millis('created_at').notNull(),
    updatedAt: millis('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.agentId, table.requestId] }), index('usage_reports_state').on(table.state, table.updatedAt)],
)

// Accounts, credits, the authorization server's tables and the gateway's replay guard.
export { accounts, creditLedger, oauthCodes, oauthKeys, oauthRefreshTokens, replayKeys } from './schema-auth'

/**
 * PostgreSQL only (issue 17): the events generation shared by every instance on the database, one row
 * (`id` 1) advanced in the same transaction as every committed change to the events, so that its value
 * becomes visible exactly when the change does (a sequence would show an increment before its commit).
 * Instances learn it by LISTEN/NOTIFY (src/db/pg/storage/generation.ts). SQLite keeps it in process.
 */
export const eventsGeneration = pgTable('events_generation', {
  id: integer('id').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
})
