// Pins the bounded event search (issue 12, src/db/queries/event-search.ts) to the plain definition it
// replaces: for any stored events (one-day, multi-day and century-long, date-only, in zones from -12:00
// to +14:00, ended or not, with and without city, categories and venue) and any window, city, category
// and limit, the merged day streams return exactly what one full scan with the same filters returns, in
// the same order (start instant, then id). The same for the search near a point (exact circle). And
// remembering where a day's live events begin (resumeFor) changes no answer, whatever ends or is written
// between two searches.
// SQLite only: it checks SQLite's bounded search functions against a SQLite scan (the PostgreSQL reads are
// held to the SQLite answers in db/pg/reads-parity.test.ts).
import { describe, expect, it } from 'bun:test'
import fc from 'fast-check'
import { migrate, openDatabase, type Db } from '../../src/db'
import { eventsGeneration } from '../../src/db/queries/generation'
import { nearbyEventRecords, searchEventRecords } from '../../src/db/queries/event-search'
import { distanceKm } from '../../src/model/geo'
import type { Event } from '../../src/model/event'
import { sqliteStorage } from '../../src/db/sqlite-storage'
import { seedOrganization } from '../helpers/seed'

/** The records a search returns, as text (they come as UTF-8 bytes). */
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

const NOW = Date.UTC(2026, 11, 1, 15, 30)
/** Hundreds of databases per property: seconds on a quiet machine, more on the shared one (not a performance bound). */
const PROPERTY_TIMEOUT_MS = 60_000
const DAY = 86_400_000
const CITIES = ['Springfield', 'Shelbyville', undefined] as const
const CATEGORIES = ['kids', 'music', 'art'] as const
const OFFSETS = ['-12:00', '-08:00', '-05:00', '+00:00', '+05:30', '+09:00', '+14:00', 'Z', '']
const DURATIONS_H = [0, 1, 5, 30, 24 * 3, 24 * 3 + 20, 24 * 9, 24 * 15 + 2, 24 * 40, 24 * 400, 24 * 365 * 30]

const iso = (ms: number, offset: string) => {
  const sign = offset.startsWith('-') ? -1 : 1
  const minutes = offset.length === 6 ? sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4))) : 0
  return new Date(ms + minutes * 60_000).toISOString().slice(0, 19) + offset
}

const eventArb = fc.record({
  dayOffset: fc.oneof({ arbitrary: fc.integer({ min: -4, max: 4 }), weight: 4 }, { arbitrary: fc.integer({ min: -400, max: 200 }), weight: 1 }),
  minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  offset: fc.constantFrom(...OFFSETS),
  dateOnly: fc.boolean(),
  durationH: fc.constantFrom(...DURATIONS_H),
  city: fc.constantFrom(...CITIES),
  categories: fc.subarray([...CATEGORIES]),
  located: fc.option(fc.record({ dLat: fc.double({ min: -3, max: 3, noNaN: true }), dLon: fc.double({ min: -3, max: 3, noNaN: true }) }), { nil: undefined }),
})

type EventSpec = typeof eventArb extends fc.Arbitrary<infer T> ? T : never

function toEvent(e: EventSpec, i: number): Event {
  const startMs = NOW - (NOW % DAY) + e.dayOffset * DAY + e.minute * 60_000
  const event: Event = { title: `E${i}`, event_id: `e${i}`, city: e.city, categories: [...e.categories] }
  if (e.dateOnly) {
    event.startDate = new Date(startMs).toISOString().slice(0, 10)
    if (e.durationH >= 24) event.endDate = new Date(startMs + e.durationH * 3600_000).toISOString().slice(0, 10)
  } else {
    event.startDate = iso(startMs, e.offset)
    if (e.durationH > 0) event.endDate = iso(startMs + e.durationH * 3600_000, e.offset)
  }
  if (e.located) event.venue = { name: 'Hall', address: null, latitude: 40 + e.located.dLat, longitude: -75 + e.located.dLon }
  return event
}

async function world(events: EventSpec[]): Promise<Db> {
  const db = openDatabase(':memory:')
  migrate(db)
  const storage = sqliteStorage(db)
  const half = Math.ceil(events.length / 2)
  await seedOrganization(storage, { domain: 'one.example.org', timezone: 'America/Los_Angeles', nowMs: NOW, events: events.slice(0, half).map(toEvent) })
  await seedOrganization(storage, { domain: 'two.example.org', timezone: 'Asia/Tokyo', nowMs: NOW, events: events.slice(half).map((e, i) => toEvent(e, half + i)) })
  return db
}

/** The definition: one scan of every event with the filters, in start order. */
function reference(db: Db, q: { startDate: string; endDate: string; cityKey: string | null; category: string | null; limit: number }): string[] {
  const rows = db.$client
    .query(
      `SELECT e.search_record FROM events e WHERE ($city IS NULL OR e.city_key = $city) AND e.start_day <= $end AND e.end_day >= $start AND e.until_at >= $now
       AND ($category IS NULL OR EXISTS (SELECT 1 FROM event_categories c WHERE c.event_pk = e.id AND c.category = $category))
       ORDER BY e.starts_at, e.id LIMIT $limit`,
    )
    .values({ city: q.cityKey, end: q.endDate, start: q.startDate, now: NOW, category: q.category, limit: q.limit }) as [string][]
  return rows.map((r) => r[0])
}

const day = (offset: number) => new Date(NOW + offset * DAY).toISOString().slice(0, 10)
const queryArb = fc.record({
  from: fc.oneof({ arbitrary: fc.integer({ min: -4, max: 4 }), weight: 3 }, { arbitrary: fc.integer({ min: -420, max: 220 }), weight: 1 }),
  length: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 120 }), fc.constant(3000)),
  cityKey: fc.constantFrom('springfield', 'shelbyville', null),
  category: fc.constantFrom(...CATEGORIES, null),
  limit: fc.integer({ min: 1, max: 40 }),
})

describe('bounded event search', () => {
  it(
    'returns exactly what a full scan returns, in the same order',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(eventArb, { minLength: 0, maxLength: 80 }), fc.array(queryArb, { minLength: 1, maxLength: 8 }), async (events, queries) => {
          const db = await world(events)
          for (const q of queries) {
            const params = { startDate: day(q.from), endDate: day(q.from + q.length), cityKey: q.cityKey, category: q.category, limit: q.limit, nowMs: NOW }
            const expected = reference(db, params)
            const got = searchEventRecords(db.$client, params)
            expect(got.count).toBe(expected.length)
            expect(text(got.records)).toBe(expected.join(','))
          }
        }),
        { numRuns: 120 },
      )
    },
    PROPERTY_TIMEOUT_MS,
  )

  it(
    'answers the same when it remembers where the live events of a day begin, whatever ends or is written between searches',
    async () => {
      // Events of today ending within seconds of NOW, searches at instants moving by up to 1.5 s either way (so that
      // what was remembered is used, and events end between them), organizations written between searches.
      const second = (s: number) => NOW + s * 1000
      const liveArb = fc.record({
        startS: fc.integer({ min: -4 * 3600, max: 3600 }),
        endS: fc.integer({ min: -8, max: 12 }),
        city: fc.constantFrom(...CITIES),
        categories: fc.subarray([...CATEGORIES]),
      })
      const toLive = (e: typeof liveArb extends fc.Arbitrary<infer T> ? T : never, i: number): Event => ({
        title: `L${i}`,
        event_id: `l${i}`,
        city: e.city,
        categories: [...e.categories],
        startDate: iso(Math.min(second(e.startS), second(e.endS)), 'Z'),
        endDate: iso(second(e.endS), 'Z'),
      })
      const stepArb = fc.oneof(
        {
          arbitrary: fc.record({
            advanceMs: fc.integer({ min: -1500, max: 1500 }),
            cityKey: fc.constantFrom('springfield', null),
            category: fc.constantFrom('kids', null),
            limit: fc.integer({ min: 1, max: 30 }),
          }),
          weight: 5,
        },
        { arbitrary: fc.record({ write: fc.array(liveArb, { minLength: 1, maxLength: 6 }) }), weight: 1 },
      )
      let orgs = 0
      await fc.assert(
        fc.asyncProperty(fc.array(liveArb, { maxLength: 60 }), fc.array(stepArb, { minLength: 1, maxLength: 25 }), async (events, steps) => {
          const db = openDatabase(':memory:')
          migrate(db)
          const storage = sqliteStorage(db)
          await seedOrganization(storage, { domain: `org-${orgs++}.example.org`, nowMs: NOW, events: events.map(toLive) })
          let nowMs = NOW - 2000
          for (const step of steps) {
            if ('write' in step) {
              await seedOrganization(storage, { domain: `org-${orgs++}.example.org`, nowMs, events: step.write.map((e, i) => toLive(e, 1000 + i)) })
              continue
            }
            nowMs += step.advanceMs
            const params = { startDate: day(0), endDate: day(2), cityKey: step.cityKey, category: step.category, limit: step.limit, nowMs, generation: eventsGeneration(db) }
            const expected = db.$client
              .query(
                `SELECT e.search_record FROM events e WHERE ($city IS NULL OR e.city_key = $city) AND e.start_day <= $end AND e.end_day >= $start AND e.until_at >= $now
               AND ($category IS NULL OR EXISTS (SELECT 1 FROM event_categories c WHERE c.event_pk = e.id AND c.category = $category)) ORDER BY e.starts_at, e.id LIMIT $limit`,
              )
              .values({ city: params.cityKey, end: params.endDate, start: params.startDate, now: nowMs, category: params.category, limit: params.limit }) as [string][]
            expect(text(searchEventRecords(db.$client, params).records)).toBe(expected.map((r) => r[0]).join(','))
          }
        }),
        { numRuns: 80 },
      )
    },
    PROPERTY_TIMEOUT_MS,
  )

  it(
    'near a point returns exactly the events of a full scan inside the circle',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(eventArb, { minLength: 0, maxLength: 60 }),
          fc.record({
            from: fc.integer({ min: -30, max: 60 }),
            length: fc.integer({ min: 0, max: 90 }),
            radiusKm: fc.double({ min: 1, max: 200, noNaN: true }),
            category: fc.constantFrom(...CATEGORIES, null),
            limit: fc.integer({ min: 1, max: 40 }),
          }),
          async (events, q) => {
            const db = await world(events)
            const params = { startDate: day(q.from), endDate: day(q.from + q.length), category: q.category, limit: q.limit, nowMs: NOW, latitude: 40.3, longitude: -75.2, radiusKm: q.radiusKm }
            const all = db.$client
              .query(
                `SELECT e.search_record AS record, e.latitude AS lat, e.longitude AS lon FROM events e WHERE e.latitude IS NOT NULL AND e.start_day <= $end AND e.end_day >= $start AND e.until_at >= $now
               AND ($category IS NULL OR EXISTS (SELECT 1 FROM event_categories c WHERE c.event_pk = e.id AND c.category = $category)) ORDER BY e.starts_at, e.id`,
              )
              .all({ end: params.endDate, start: params.startDate, now: NOW, category: q.category }) as { record: string; lat: number; lon: number }[]
            const expected = all.filter((r) => distanceKm(params.latitude, params.longitude, r.lat, r.lon) <= q.radiusKm).slice(0, q.limit)
            expect(nearbyEventRecords(db.$client, params).map((r) => r.record)).toEqual(expected.map((r) => r.record))
          },
        ),
        { numRuns: 60 },
      )
    },
    PROPERTY_TIMEOUT_MS,
  )
})
