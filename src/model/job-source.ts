import { Type as t, type Static } from '@sinclair/typebox'

/**
 * One calendar source an index job read (or tried to), as the job poll and `get_index_job` list it: where
 * it is, what it is, on which platform, what became of it and how many events it gave (before sources
 * that share an event are merged, so the counts may add up to more than the job's `eventCount`).
 */
export const JobSourceSchema = t.Object({
  url: t.String({ description: 'the feed, API or page, as the crawl asked for it' }),
  kind: t.String({ description: 'ics, tec-rest, squarespace-json, rss, page, …, or the platform of an unreadable calendar' }),
  platform: t.Optional(t.String({ description: 'the platform that serves it (libcal, google-calendar, the-events-calendar, …), when recognised' })),
  status: t.Union([t.Literal('ok'), t.Literal('not_modified'), t.Literal('error'), t.Literal('blocked'), t.Literal('unreadable')], {
    description:
      'ok; not_modified (answered 304, its last events kept); error (HTTP error or unreachable); blocked (robots.txt or the SSRF guard); unreadable (a platform recognised but not readable: the calendar exists and was not read)',
  }),
  eventCount: t.Integer({ minimum: 0, description: 'events this source gave' }),
  httpStatus: t.Optional(t.Integer()),
  error: t.Optional(t.String({ description: 'why it failed, or why the platform cannot be read' })),
})
export type JobSource = Static<typeof JobSourceSchema>

/** At most this many sources are kept with a job (the best-known first: those that gave events). */
export const JOB_SOURCES_LIMIT = 50
