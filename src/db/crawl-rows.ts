/**
 * What a stored crawl writes, derived in plain JS so that both backends store exactly the same rows
 * (issue 17): each event's derived columns, served record and search record, the job's final progress and
 * the organization's website. No driver here; sqlite: queries/store.ts, PostgreSQL: pg/storage/events.ts.
 */
import type { CrawlResult, SourceReport } from '../model/crawl-result'
import { JOB_SOURCES_LIMIT, type JobSource } from '../model/job-source'
import { type EventColumns, eventColumns } from './queries/event-columns'
import type { StoreArgs } from './storage-types'

/** One event of a crawl as stored: its columns, the record served (JSON) and the record search reads (JSON). */
export type StoredEvent = { eventId: string; title: string; cols: EventColumns; record: string; searchRecord: string; untilAt: number; source: string }

/**
 * The crawl's events that can be stored, in crawl order (a repeated event_id is left to the insert, which
 * keeps the first): events without a readable start or an event_id are skipped. `_locality` is an internal
 * note kept in its columns, never in the served record.
 */
export function storedEvents(args: StoreArgs, zone: string | undefined, domain: string): StoredEvent[] {
  const stored: StoredEvent[] = []
  for (const { event, source } of args.result.events) {
    const cols = eventColumns(event, zone)
    if (!cols || !event.event_id) continue
    const { _source: _s, _external: _e, _locality: _l, ...record } = event
    const searchRecord = { ...record, _source: { domain, scrapedAt: new Date(args.nowMs).toISOString(), scriptVersion: args.scriptVersion }, _external: cols.isExternal }
    stored.push({ eventId: event.event_id, title: event.title ?? '', cols, record: JSON.stringify(record), searchRecord: JSON.stringify(searchRecord), untilAt: cols.endsAt ?? cols.startsAt, source })
  }
  return stored
}

/** The job's progress once its crawl is stored (JSON): counts, warnings, refusals, unreadable sources, zone and sources. */
export function storedProgress(result: CrawlResult, count: number): string {
  return JSON.stringify({
    ...result.progress,
    eventsFound: count,
    warnings: result.warnings.slice(0, 50),
    refused: result.refused.slice(0, 50),
    unreadable: result.sources.filter((s) => s.status === 'unreadable').map((s) => ({ url: s.url, platform: s.platform ?? s.kind, reason: s.error ?? '' })),
    ...(result.zone ? { zone: { name: result.zone.zone, how: result.zone.how } } : {}),
    sources: jobSources(result.sources),
  })
}

/**
 * The organization's website after a successful crawl: the origin of the one it read (issue 15), so a
 * first request that named the wrong scheme and failed does not stay its address; null when unreadable.
 */
export function websiteOrigin(website: string): string | null {
  try {
    return new URL(website).origin
  } catch {
    return null
  }
}

/** The sources a job poll lists: those that gave events first, then the rest in crawl order; validators and memos left out. */
function jobSources(sources: SourceReport[]): JobSource[] {
  const ranked = sources.map((s, i) => ({ s, i })).sort((a, b) => Number(b.s.eventCount > 0) - Number(a.s.eventCount > 0) || a.i - b.i)
  return ranked.slice(0, JOB_SOURCES_LIMIT).map(({ s }) => {
    const source: JobSource = { url: s.url, kind: s.kind, status: s.status, eventCount: s.eventCount }
    if (s.platform) source.platform = s.platform
    if (s.httpStatus !== undefined) source.httpStatus = s.httpStatus
    if (s.error) source.error = s.error
    return source
  })
}
