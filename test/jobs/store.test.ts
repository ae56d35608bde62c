// Pins how crawl results are written (DESIGN §5): one transaction per organization; a re-crawl replaces
// the event set, also when sources answered 304 (issue 12: the crawl reports their events from their
// memos); each source keeps the memo and validators of its last answer, and only sources with a memo are
// asked for conditionally; a runner that lost its lease writes nothing;
// derived columns (local days, city, categories) are computed once at write time; the internal `_locality`
// note (which source gave the city, its region and country) goes to its columns, never into a served record; the job keeps the list of
// its sources (platform, status, event count) for the poll.
import { sqliteStorage } from '../../src/db/sqlite-storage'
import { describe, expect, it } from 'bun:test'
import type { CrawlResult } from '../../src/crawl/crawl-types'
import { migrate, openDatabase } from '../../src/db'
import { previousSources } from '../../src/db/queries/sources'
import { storeCrawlResult } from '../../src/db/queries/store'
import { claimJob } from '../../src/db/queries/jobs'
import { insertPendingJob, jobRow } from '../helpers/jobs'

function setup() {
  const db = openDatabase(':memory:')
  migrate(db)
  return db
}

const result = (events: { id: string; start: string; source?: string; end?: string; city?: string }[], sources: CrawlResult['sources'] = []): CrawlResult => ({
  organization: { name: 'Springfield Library', timezone: 'America/Los_Angeles', platform: 'wordpress' },
  events: events.map((e) => ({
    source: e.source ?? 'https://lib.example.org/cal.ics',
    event: { title: `T ${e.id}`, startDate: e.start, endDate: e.end, event_id: e.id, city: e.city ?? 'Springfield', categories: ['Kids', 'kids', 'Family'], _external: false },
  })),
  sources,
  progress: { pagesFetched: 4, sourcesFound: sources.length, eventsFound: events.length },
  warnings: [],
  refused: [],
})

function crawl(db: ReturnType<typeof setup>, res: CrawlResult, domain = 'lib.example.org') {
  const job = insertPendingJob(db, { domain })
  claimJob(db, 'owner', Date.now())
  const outcome = storeCrawlResult(db, { jobId: job.jobId, owner: 'owner', orgId: job.orgId, result: res, nowMs: Date.now(), scriptVersion: '1.0.0' })
  return { ...job, outcome }
}

const events = (db: ReturnType<typeof setup>) =>
  db.$client.query('SELECT event_id, start_day, end_day, city_key, category, record FROM events ORDER BY starts_at').all() as {
    event_id: string
    start_day: string
    end_day: string
    city_key: string
    category: string
    record: string
  }[]

describe('storeCrawlResult', () => {
  it('stores events with their derived columns and marks the job ready', () => {
    const db = setup()
    const { jobId, orgId, outcome } = crawl(
      db,
      result([
        { id: 'a', start: '2026-12-01T20:00:00-08:00' },
        { id: 'b', start: '2026-12-03' },
      ]),
    )
    expect(outcome).toEqual({ stored: true, eventCount: 2 })
    const rows = events(db)
    expect(rows.map((r) => [r.event_id, r.start_day, r.end_day, r.city_key, r.category])).toEqual([
      ['a', '2026-12-01', '2026-12-01', 'springfield', 'kids'],
      ['b', '2026-12-03', '2026-12-03', 'springfield', 'kids'],
    ])
    expect(JSON.parse(rows[0].record)._external).toBeUndefined()
    expect(db.$client.query('SELECT category FROM event_categories ORDER BY category').all()).toEqual([{ category: 'family' }, { category: 'family' }, { category: 'kids' }, { category: 'kids' }])
    expect(jobRow(db, jobId)).toMatchObject({ state: 'ready', event_count: 2, lease_owner: null })
    expect(db.$client.query('SELECT name, timezone, event_count FROM organizations WHERE org_id = ?').get(orgId)).toEqual({
      name: 'Springfield Library',
      timezone: 'America/Los_Angeles',
      event_count: 2,
    })
  })

  it('keeps where the city came from, and whether the event is free, in columns, never in the served records (issue 18)', () => {
    const db = setup()
    const res = result([
      { id: 'a', start: '2026-12-01T20:00:00-08:00' },
      { id: 'b', start: '2026-12-02T20:00:00-08:00' },
    ])
    Object.assign(res.events[0].event, { city: 'Hanford', isAccessibleForFree: true, _locality: { citySource: 'organization', region: 'CA', country: 'US' } })
    crawl(db, res)
    const rows = db.$client.query('SELECT event_id, city, city_source, city_region, city_country, is_free, record, search_record FROM events ORDER BY starts_at').all() as Record<
      string,
      string | number | null
    >[]
    expect(rows.map((r) => [r.event_id, r.city, r.city_source, r.city_region, r.city_country, r.is_free])).toEqual([
      ['a', 'Hanford', 'organization', 'CA', 'US', 1],
      ['b', 'Springfield', null, null, null, 0],
    ])
    for (const r of rows) for (const served of [r.record, r.search_record]) expect(JSON.parse(String(served))._locality).toBeUndefined()
  })

  it('replaces the whole set on a re-crawl', () => {
    const db = setup()
    crawl(
      db,
      result([
        { id: 'a', start: '2026-12-01T10:00:00-08:00' },
        { id: 'b', start: '2026-12-02T10:00:00-08:00' },
      ]),
    )
    crawl(db, result([{ id: 'c', start: '2026-12-05T10:00:00-08:00' }]))
    expect(events(db).map((r) => r.event_id)).toEqual(['c'])
  })

  it('replaces the set even when a source answered 304 (the crawl re-reads it from its memo), and keeps each source memo with its validators', () => {
    const db = setup()
    const feed = 'https://lib.example.org/feed.ics'
    const page = 'https://lib.example.org/events'
    const gone = 'https://lib.example.org/old-listing'
    const { orgId } = crawl(
      db,
      result(
        [
          { id: 'f1', start: '2026-12-01T10:00:00-08:00', source: feed },
          { id: 'p1', start: '2026-12-02T10:00:00-08:00', source: page },
          { id: 'g1', start: '2026-12-03T10:00:00-08:00', source: gone },
        ],
        [
          { url: feed, kind: 'ics', status: 'ok', eventCount: 1, etag: '"v1"', memo: '{"feed":1}' },
          { url: page, kind: 'page', status: 'ok', eventCount: 1, lastModified: 'Sun, 01 Nov 2026 10:00:00 GMT', memo: '{"page":1}' },
          { url: gone, kind: 'page', status: 'ok', eventCount: 1, etag: '"g"', memo: '{"gone":1}' },
        ],
      ),
    )
    expect(previousSources(db, orgId)).toEqual({
      [feed]: { etag: '"v1"', memo: '{"feed":1}' },
      [page]: { lastModified: 'Sun, 01 Nov 2026 10:00:00 GMT', memo: '{"page":1}' },
      [gone]: { etag: '"g"', memo: '{"gone":1}' },
    })
    // The feed answered 304: the crawl reports its event again; the page changed; the old listing was not reached.
    crawl(
      db,
      result(
        [
          { id: 'f1', start: '2026-12-01T10:00:00-08:00', source: feed },
          { id: 'p2', start: '2026-12-04T10:00:00-08:00', source: page },
        ],
        [
          { url: feed, kind: 'ics', status: 'not_modified', httpStatus: 304, eventCount: 1, etag: '"v1"', memo: '{"feed":1}' },
          { url: page, kind: 'page', status: 'ok', eventCount: 1, etag: '"p2"', memo: '{"page":2}' },
        ],
      ),
    )
    expect(events(db).map((r) => r.event_id)).toEqual(['f1', 'p2'])
    expect(db.$client.query('SELECT status, etag, event_count FROM sources WHERE url = ?').get(feed)).toEqual({ status: 'not_modified', etag: '"v1"', event_count: 1 })
    expect(previousSources(db, orgId)).toEqual({ [feed]: { etag: '"v1"', memo: '{"feed":1}' }, [page]: { etag: '"p2"', memo: '{"page":2}' } })
  })

  it('asks conditionally only for sources with a memo: one too large to keep is read in full next time', () => {
    const db = setup()
    const page = 'https://lib.example.org/events'
    const { orgId } = crawl(db, result([{ id: 'p1', start: '2026-12-02T10:00:00-08:00', source: page }], [{ url: page, kind: 'page', status: 'ok', eventCount: 1, etag: '"v1"' }]))
    expect(previousSources(db, orgId)).toEqual({})
  })

  it('writes nothing when the lease was lost', () => {
    const db = setup()
    crawl(db, result([{ id: 'old', start: '2026-12-01T10:00:00-08:00' }]))
    const job = insertPendingJob(db, { domain: 'lib.example.org' })
    claimJob(db, 'someone-else', Date.now())
    const outcome = storeCrawlResult(db, {
      jobId: job.jobId,
      owner: 'me',
      orgId: job.orgId,
      result: result([{ id: 'new', start: '2026-12-09T10:00:00-08:00' }]),
      nowMs: Date.now(),
      scriptVersion: '1',
    })
    expect(outcome).toEqual({ stored: false, reason: 'lease lost' })
    expect(events(db).map((r) => r.event_id)).toEqual(['old'])
  })

  it('skips events without a readable start and counts only stored ones', () => {
    const db = setup()
    const { outcome } = crawl(
      db,
      result([
        { id: 'ok', start: '2026-12-01T10:00:00-08:00' },
        { id: 'bad', start: 'sometime' },
      ]),
    )
    expect(outcome).toEqual({ stored: true, eventCount: 1 })
  })
})

describe('the sources a job lists', () => {
  it('keeps each source with its platform, status and event count, those that gave events first, without validators or memos; at most 50', async () => {
    const { jobStatus } = await import('../../src/services/index-jobs')
    const db = setup()
    const sources: CrawlResult['sources'] = [
      { url: 'https://lib.example.org/', kind: 'wix', platform: 'wix', status: 'unreadable', error: 'Wix builds its pages in the browser', eventCount: 0 },
      {
        url: 'https://lib.libcal.com/ical_subscribe.php?src=p&cid=1',
        kind: 'ics',
        platform: 'libcal',
        status: 'blocked',
        error: 'robots.txt of lib.libcal.com disallows /ical_subscribe.php',
        eventCount: 0,
      },
      { url: 'https://lib.libcal.com/ajax/calendar/list?c=1', kind: 'json-events', platform: 'libcal', status: 'ok', httpStatus: 200, eventCount: 7, etag: '"x"', memo: '{"big":"memo"}' },
      ...Array.from({ length: 60 }, (_, i) => ({ url: `https://lib.example.org/p${i}`, kind: 'page', status: 'error' as const, httpStatus: 404, eventCount: 0 })),
    ]
    const { jobId } = crawl(db, result([], sources))
    const status = await jobStatus(sqliteStorage(db), jobId, Date.now())
    if (status.state !== 'ready') throw new Error(status.state)
    expect(status.sources).toHaveLength(50)
    expect(status.sources.slice(0, 3)).toEqual([
      { url: 'https://lib.libcal.com/ajax/calendar/list?c=1', kind: 'json-events', platform: 'libcal', status: 'ok', httpStatus: 200, eventCount: 7 },
      { url: 'https://lib.example.org/', kind: 'wix', platform: 'wix', status: 'unreadable', error: 'Wix builds its pages in the browser', eventCount: 0 },
      {
        url: 'https://lib.libcal.com/ical_subscribe.php?src=p&cid=1',
        kind: 'ics',
        platform: 'libcal',
        status: 'blocked',
        error: 'robots.txt of lib.libcal.com disallows /ical_subscribe.php',
        eventCount: 0,
      },
    ])
  })
})

describe('what a crawl could not use', () => {
  it('is kept with the job for the poll: refused URLs and unreadable platforms', async () => {
    const { jobNotes } = await import('../../src/services/index-jobs')
    const db = setup()
    const res = result([], [{ url: 'https://lib.example.org/', kind: 'wix', platform: 'wix', status: 'unreadable', error: 'Wix builds its pages in the browser', eventCount: 0 }])
    res.refused.push({ url: 'https://lib.example.org/calendar', reason: 'robots_disallowed: robots.txt forbids it' })
    const { jobId } = crawl(db, res)
    const row = db.$client.query('SELECT * FROM index_jobs WHERE job_id = ?').get(jobId) as Record<string, unknown>
    expect(jobNotes({ hintReport: row.hint_report, progress: row.progress } as never)).toEqual({
      refused: [{ url: 'https://lib.example.org/calendar', reason: 'robots_disallowed: robots.txt forbids it' }],
      unreadable: [{ url: 'https://lib.example.org/', platform: 'wix', reason: 'Wix builds its pages in the browser' }],
    })
  })

  it('keeps the zone the events were read in and how it was chosen, for the poll (issue 13)', async () => {
    const { jobNotes } = await import('../../src/services/index-jobs')
    const db = setup()
    const res = { ...result([{ id: 'a', start: '2026-06-13T10:00:00-05:00' }]), zone: { zone: 'America/Chicago', how: "from the events' venues (venue address → Springfield, IL, US)" } }
    const { jobId } = crawl(db, res)
    const row = db.$client.query('SELECT * FROM index_jobs WHERE job_id = ?').get(jobId) as Record<string, unknown>
    expect(jobNotes({ hintReport: row.hint_report, progress: row.progress } as never)).toEqual({
      zone: { name: 'America/Chicago', how: "from the events' venues (venue address → Springfield, IL, US)" },
    })
  })
})
