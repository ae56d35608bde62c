// Pins the query plans of every read the event search makes (issue 12: "search is a bounded range scan at
// any size"). For each combination of city, category, window (default from today, a day and two months
// starting 60 days out, a past window, a year) and limit (20, 200), every statement the search runs,
// with the values it binds, is explained after ANALYZE on a seeded database: each table access must be
// a SEARCH on the covering index of its combination, with an equality on the start day (a day stream
// resuming after its last row) or a range bounded on both sides; no SCAN of a table (only of the list of
// ids being read), no temporary sort. The search near a point is held to the same rule
// (its per-day sort is bounded by one day's events in the cells around the point).
// SQLite only: these are SQLite's query plans (PostgreSQL's are pinned in db/pg/read-plans.test.ts).
import type { Database } from 'bun:sqlite'
import { beforeAll, describe, expect, it } from 'bun:test'
import { migrate, openDatabase, optimizeDatabase } from '../../src/db'
import { nearbyEventRecords, searchEventRecords } from '../../src/db/queries/event-search'
import type { Event } from '../../src/model/event'
import { sqliteStorage } from '../../src/db/sqlite-storage'
import { seedOrganization } from '../helpers/seed'

const NOW = Date.UTC(2026, 11, 1, 15)
const DAY = 86_400_000
const day = (offset: number) => new Date(NOW + offset * DAY).toISOString().slice(0, 10)

/** Events on every day from 10 days ago to 120 days ahead, some lasting days or months, in two cities. */
async function seeded() {
  const db = openDatabase(':memory:')
  migrate(db)
  const storage = sqliteStorage(db)
  for (const [o, city] of ['Springfield', 'Shelbyville'].entries()) {
    const events: Event[] = Array.from({ length: 260 }, (_, i) => {
      const start = NOW + (Math.floor(i / 2) - 10) * DAY + (i % 7) * 3600_000
      const long = i % 13 === 0
      return {
        title: `E${i}`,
        event_id: `e${o}-${i}`,
        city,
        categories: [['kids', 'music', 'art'][i % 3]],
        startDate: new Date(start).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
        endDate: new Date(start + (long ? (i % 2 ? 40 : 3) * DAY : 3600_000)).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
        venue: { name: 'Hall', address: null, latitude: 40 + o, longitude: -75 - o },
      }
    })
    await seedOrganization(storage, { domain: `org-${o}.example.org`, nowMs: NOW, events })
  }
  optimizeDatabase(db)
  return db
}

type Call = { sql: string; params: unknown[] }

/** The connection, recording every statement run through it with the values bound. */
function recording(sqlite: Database): { sqlite: Database; calls: Call[] } {
  const calls: Call[] = []
  const wrap = (sql: string, statement: object) =>
    new Proxy(statement, {
      get(target, name) {
        const value = Reflect.get(target, name, target)
        if (typeof value !== 'function') return value
        if (name === 'all' || name === 'get' || name === 'values')
          return (...params: unknown[]) => {
            calls.push({ sql, params })
            return value.apply(target, params)
          }
        return value.bind(target)
      },
    })
  const proxy = new Proxy(sqlite, {
    get(target, name) {
      const value = Reflect.get(target, name, target)
      if (name === 'prepare' || name === 'query') return (sql: string) => wrap(sql, value.call(target, sql))
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { sqlite: proxy, calls }
}

function plan(sqlite: Database, call: Call): string[] {
  return (sqlite.prepare(`EXPLAIN QUERY PLAN ${call.sql}`).all(...(call.params as [])) as { detail: string }[]).map((r) => r.detail)
}

/**
 * A constraint on an index is bounded when its last column is pinned to a value, or ranged on both sides,
 * or, after the start day pinned to one day, ranged from below (a day stream resuming after its last row:
 * `starts_at>?` or `(starts_at,id)>(?,?)`; the day ends the range).
 */
function bounded(detail: string): boolean {
  const terms = /\((.*)\)$/.exec(detail)?.[1].split(' AND ') ?? []
  const last = terms.at(-1) ?? ''
  if (/^[a-z_]+=\?$/.test(last)) return true
  if (terms.at(-2) === 'start_day=?' && /^(starts_at>\?|\(starts_at,[a-z_]+\)>\(\?,\?\))$/.test(last)) return true
  const column = /^([a-z_]+)<\?$/.exec(last)?.[1]
  return column !== undefined && terms.includes(`${column}>?`)
}

const WINDOWS = {
  'default (today, 90 days)': { startDate: day(0), endDate: day(90) },
  'one day, 60 days out': { startDate: day(60), endDate: day(60) },
  'two months, 60 days out': { startDate: day(60), endDate: day(120) },
  'in the past': { startDate: day(-30), endDate: day(-5) },
  'a year': { startDate: day(-1), endDate: day(365) },
}
const INDEXES = {
  all: ['events_day_search', 'events_ongoing_search'],
  city: ['events_city_day_search', 'events_city_ongoing_search'],
  category: ['event_categories_day_search', 'event_categories_ongoing_search'],
  both: ['event_categories_city_day_search', 'event_categories_city_ongoing_search'],
}

describe('event search query plans', () => {
  let db: Awaited<ReturnType<typeof seeded>>
  beforeAll(async () => {
    db = await seeded()
  })
  for (const cityKey of [null, 'springfield']) {
    for (const category of [null, 'kids']) {
      for (const [windowName, window] of Object.entries(WINDOWS)) {
        for (const limit of [20, 200]) {
          it(`city ${cityKey ?? 'any'}, category ${category ?? 'any'}, window ${windowName}, limit ${limit}: bounded searches on the combination's covering indexes`, () => {
            const { sqlite, calls } = recording(db.$client)
            const result = searchEventRecords(sqlite, { ...window, cityKey, category, limit, nowMs: NOW })
            if (windowName !== 'in the past') expect(result.count).toBeGreaterThan(0)
            const [dayIndex, ongoingIndex] = INDEXES[category ? (cityKey ? 'both' : 'category') : cityKey ? 'city' : 'all']
            const seen = new Set<string>()
            for (const call of calls) {
              const lines = plan(db.$client, call)
              // the records are joined in the order of the list of ids (the list is the outer loop): the answer's order
              if (lines.some((line) => line.startsWith('SEARCH event_search_records')))
                expect(lines.map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual(['SCAN json_each', 'SEARCH event_search_records'])
              for (const line of lines) {
                expect(line).not.toMatch(/^SCAN (?!json_each)|TEMP B-TREE/) // json_each: the list of ids to read, at most `limit`
                if (!line.startsWith('SEARCH')) continue
                expect(bounded(line)).toBe(true)
                if (line.startsWith('SEARCH event_search_records USING INTEGER PRIMARY KEY'))
                  seen.add('record') // the records, clustered by start
                else {
                  expect(line).toMatch(new RegExp(`^SEARCH e USING COVERING INDEX (${dayIndex}|${ongoingIndex}) `))
                  seen.add(line.includes(ongoingIndex) ? 'ongoing' : line.includes('start_day=?') ? 'day' : 'next day')
                }
              }
            }
            // every kind of read ran and was checked (a window in the past reads no day: nothing has not ended there)
            expect([...seen].sort()).toEqual(windowName === 'in the past' ? ['next day', 'ongoing'] : ['day', 'next day', 'ongoing', 'record'])
          })
        }
      }
    }
  }

  it('binds the values it compares for equality, and its limits, behind a CAST, so SQLite keeps each plan', () => {
    // Bare (`city_key = $city`, `LIMIT $want`), SQLite prepares the statement again at every bind (see
    // event-search.ts): a search cost about 70% more. Every statement of every combination is checked.
    const { sqlite, calls } = recording(db.$client)
    for (const cityKey of [null, 'springfield']) for (const category of [null, 'kids']) searchEventRecords(sqlite, { startDate: day(0), endDate: day(30), cityKey, category, limit: 20, nowMs: NOW })
    for (const category of [null, 'kids']) nearbyEventRecords(sqlite, { startDate: day(0), endDate: day(30), category, limit: 20, nowMs: NOW, latitude: 40, longitude: -75, radiusKm: 30 })
    const statements = new Set(calls.map((c) => c.sql))
    expect(statements.size).toBeGreaterThanOrEqual(4 * 3 + 2 * 3)
    for (const sql of statements) {
      expect(sql).not.toMatch(/(?<![<>!])=\s*\$\w+/)
      expect(sql).not.toMatch(/LIMIT\s+\$/)
    }
    expect([...statements].join('\n')).toContain('CAST($city AS TEXT)')
  })

  for (const category of [null, 'kids']) {
    it(`near a point, category ${category ?? 'any'}: bounded searches on the venue-cell index, sorting one day at a time`, () => {
      const { sqlite, calls } = recording(db.$client)
      const found = nearbyEventRecords(sqlite, { startDate: day(0), endDate: day(90), category, limit: 50, nowMs: NOW, latitude: 40.01, longitude: -75.01, radiusKm: 30 })
      expect(found.length).toBeGreaterThan(0)
      for (const call of calls)
        for (const line of plan(db.$client, call)) {
          expect(line).not.toMatch(/^SCAN (?!json_each)/)
          if (line.startsWith('SEARCH') && !line.includes('VIRTUAL TABLE')) expect(bounded(line)).toBe(true)
          if (line.includes('TEMP B-TREE')) expect(call.sql).toContain('e.start_day = CAST($day AS TEXT)')
        }
    })
  }
})
