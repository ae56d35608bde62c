import { sql } from 'drizzle-orm'
import { JOB_BILLING, JOB_STATES, USAGE_REPORT_STATES } from '../model/job-state'
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

// Times are integer milliseconds since the epoch (UTC); the API renders them as ISO 8601.
// FTS5 tables and their triggers live in a custom migration (drizzle-kit cannot express them).

/** One organization per registrable domain; `org_id` is derived from the domain, so it is stable. */
export const organizations = sqliteTable('organizations', {
  orgId: text('org_id').primaryKey(),
  domain: text('domain').notNull().unique(),
  website: text('website'),
  name: text('name'),
  timezone: text('timezone'),
  platform: text('platform'),
  eventCount: integer('event_count').notNull().default(0),
  lastIndexedAt: integer('last_indexed_at'),
  lastJobId: text('last_job_id'),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
})

/** Each calendar source found on a site: feed, API or page, with how it went last time. */
export const sources = sqliteTable(
  'sources',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
    /** JSON of what the source gave last time (crawl/memo.ts), so a 304 can stand for it; NULL when unknown. */
    memo: text('memo'),
    lastFetchedAt: integer('last_fetched_at'),
  },
  (table) => [uniqueIndex('sources_org_url').on(table.orgId, table.url)],
)

/**
 * Normalized events. `record` is the spec's Event as JSON, built once at write time; the other columns
 * exist to filter and sort without parsing it. `event_id` is stable across re-crawls.
 */
export const events = sqliteTable(
  'events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.orgId, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    sourceId: integer('source_id').references(() => sources.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    startsAt: integer('starts_at').notNull(),
    endsAt: integer('ends_at'),
    /** Local calendar days (YYYY-MM-DD, in the event's zone) it starts and ends on, for date filters. */
    startDay: text('start_day').notNull().default(''),
    endDay: text('end_day').notNull().default(''),
    allDay: integer('all_day', { mode: 'boolean' }).notNull().default(false),
    city: text('city'),
    cityKey: text('city_key'),
    /** Which source gave `city` (CitySourceSchema: source, address, venue, same-venue, organization); never served. */
    citySource: text('city_source'),
    /** The city's region (GeoNames admin1) and country (ISO alpha-2) when known, for resolving it in the gazetteer. */
    cityRegion: text('city_region'),
    cityCountry: text('city_country'),
    category: text('category'),
    /** Where search places the event: the venue's coordinates as the source gave them, else its city's centroid (never served). */
    latitude: real('latitude'),
    longitude: real('longitude'),
    isExternal: integer('is_external', { mode: 'boolean' }).notNull().default(false),
    /** The record's `isAccessibleForFree` is true (the source's flag, offers all priced 0, or a cost that reads free). */
    isFree: integer('is_free', { mode: 'boolean' }).notNull().default(false),
    record: text('record').notNull(),
    /** The record as search returns it (with `_source` and `_external`), built once at write time. */
    searchRecord: text('search_record').notNull().default(''),
    /** COALESCE(ends_at, starts_at): when the event stops being upcoming. */
    untilAt: integer('until_at').notNull().default(0),
    /** How many local days it spans, as a class (0: one day; see SPAN_CLASS_DAYS): bounds the scan for events already running. */
    spanClass: integer('span_class').notNull().default(0),
    /** The 1°×1° cell of the venue (null without coordinates), so a search near a point reads only nearby rows. */
    geoCell: integer('geo_cell'),
    scrapedAt: integer('scraped_at').notNull(),
    scriptVersion: text('script_version').notNull(),
  },
  (table) => [
    uniqueIndex('events_org_event').on(table.orgId, table.eventId),
    index('events_org_starts').on(table.orgId, table.startsAt),
    // Search (src/db/queries/event-search.ts): one day's events in start order, and the events that span
    // several days (few) in start order within their span class; each with and without a city.
    index('events_day_search').on(table.startDay, table.startsAt, table.id, table.endDay, table.untilAt),
    index('events_city_day_search').on(table.cityKey, table.startDay, table.startsAt, table.id, table.endDay, table.untilAt),
    index('events_ongoing_search').on(table.spanClass, table.startsAt, table.id, table.startDay, table.endDay, table.untilAt).where(sql`span_class > 0`),
    index('events_city_ongoing_search').on(table.cityKey, table.spanClass, table.startsAt, table.id, table.startDay, table.endDay, table.untilAt).where(sql`span_class > 0`),
    index('events_geo_day_search').on(table.geoCell, table.startDay, table.startsAt, table.id, table.latitude, table.longitude, table.endDay, table.untilAt).where(sql`geo_cell IS NOT NULL`),
  ],
)

/**
 * The events' search records again, in a narrow table clustered by start (issue 12): an uncached search
 * reads about a hundred records, and in the wide events table (two rows a page) each sat on a page of its
 * own, read at random. Here rows are keyed by `recordKey` (the start's UTC hour, then the event's id; see
 * src/db/queries/search-records.ts), so the records of a window lie side by side, four or so to a page.
 * Kept in step with `events` by triggers (migration 0014): written, changed and deleted with its event.
 */
export const eventSearchRecords = sqliteTable('event_search_records', {
  key: integer('key').primaryKey(),
  record: text('record').notNull(),
})

/**
 * Category membership, so a category filter uses an index instead of scanning JSON. The event's search
 * columns are copied here (written once with the event, never updated apart from it), so a search by
 * category, with or without a city, reads only matching rows in start order.
 */
export const eventCategories = sqliteTable(
  'event_categories',
  {
    eventPk: integer('event_pk')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    cityKey: text('city_key'),
    startsAt: integer('starts_at').notNull().default(0),
    startDay: text('start_day').notNull().default(''),
    endDay: text('end_day').notNull().default(''),
    untilAt: integer('until_at').notNull().default(0),
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

// Job states and billing states live in model/job-state.ts (the storage interface names them too).
export { JOB_BILLING, JOB_STATES, USAGE_REPORT_STATES, type JobBilling, type JobState } from '../model/job-state'

/** Index jobs: a SQLite queue with leases, so a killed process loses no job. */
export const indexJobs = sqliteTable(
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
    /** Attempts that counted against `max_attempts`: started and not interrupted by a restart (issue 11). */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    /** Attempts cut short by the process (restart, shutdown, lease expiry): not the job's fault, bounded apart. */
    interruptions: integer('interruptions').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: integer('lease_expires_at'),
    progress: text('progress').notNull().default('{}'),
    error: text('error'),
    eventCount: integer('event_count'),
    agentId: text('agent_id'),
    accountId: text('account_id'),
    requestId: text('request_id'),
    billing: text('billing', { enum: JOB_BILLING }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    startedAt: integer('started_at'),
    finishedAt: integer('finished_at'),
    expiresAt: integer('expires_at').notNull(),
  },
  (table) => [index('index_jobs_state_lease').on(table.state, table.leaseExpiresAt), index('index_jobs_org_created').on(table.orgId, table.createdAt)],
)

/** Problem reports: the audit record survives a failed mail and is retried later. */
export const reports = sqliteTable(
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
    delivered: integer('delivered', { mode: 'boolean' }).notNull().default(false),
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
    lastError: text('last_error'),
    lastAttemptAt: integer('last_attempt_at'),
    createdAt: integer('created_at').notNull(),
    deliveredAt: integer('delivered_at'),
  },
  (table) => [
    index('reports_reporter_created').on(table.reporter, table.createdAt),
    index('reports_undelivered').on(table.delivered, table.createdAt),
    // The hourly mail ceiling counts mails sent (or being sent) since the start of the hour.
    index('reports_delivered_at').on(table.deliveredAt),
  ],
)

/** MCP accounts; the account key is stored only as its SHA-256. */
export const accounts = sqliteTable('accounts', {
  accountId: text('account_id').primaryKey(),
  email: text('email').notNull().unique(),
  keyHash: text('key_hash').notNull().unique(),
  createdAt: integer('created_at').notNull(),
})

/** Prepaid credits as an append-only ledger; a debit's idempotency key makes a retried call free. */
export const creditLedger = sqliteTable(
  'credit_ledger',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    tool: text('tool'),
    idempotencyKey: text('idempotency_key').unique(),
    /** SHA-256 of account, tool and canonical arguments: a retry of the same call finds its first debit. */
    callHash: text('call_hash'),
    /**
     * What the charged call answered (its JSON without the charge), replayed byte for byte to a retry; NULL
     * when it was larger than the stored maximum or older than the retry window (the scheduler forgets it).
     */
    result: text('result'),
    /** SHA-256 of the data the charged call answered: a retry of an answer not stored is free only while it is unchanged. */
    resultHash: text('result_hash'),
    createdAt: integer('created_at').notNull().default(sql`(unixepoch() * 1000)`),
  },
  (table) => [index('credit_ledger_account').on(table.accountId, table.createdAt), index('credit_ledger_call').on(table.accountId, table.callHash, table.createdAt)],
)

/**
 * Usage reports of served events pulls whose answer was unknown (timeout, reset, 5xx): the pull was served
 * with `gw-usage`, so the scheduler re-sends the report (same request id, idempotent) until the usage
 * service records it, and gives up after 24 hours with an error in the log. Terminal rows are kept a week.
 */
export const usageReports = sqliteTable(
  'usage_reports',
  {
    agentId: text('agent_id').notNull(),
    requestId: text('request_id').notNull(),
    /** The usage items as JSON, exactly as first reported. */
    usage: text('usage').notNull(),
    state: text('state', { enum: USAGE_REPORT_STATES }).notNull(),
    attempts: integer('attempts').notNull().default(1),
    lastError: text('last_error'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.agentId, table.requestId] }), index('usage_reports_state').on(table.state, table.updatedAt)],
)

// The authorization server's tables and the gateway's replay guard (credentials, not catalog data).
export { oauthCodes, oauthKeys, oauthRefreshTokens, replayKeys } from './schema-auth'
