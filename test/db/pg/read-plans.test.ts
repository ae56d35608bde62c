// Pins the query plans of PostgreSQL's event search (issue 12's rule, kept on PostgreSQL by issue 17: a
// search is a bounded range scan at any size). On 20 000 analyzed events, every statement of each filter
// combination (none, city, category, both; the search near a point; the extended search's start order with
// audience and free, by distance and by text) is explained with the values it binds: each table is read
// through the covering index of its combination with the day (or the cells, or the text) as an index
// condition (a day read: the day by equality; the running events: their start bounded above and below),
// never a sequential scan. A sort, when the planner takes one, is over one day's rows of the combination.
import { afterAll, beforeAll, expect, it } from 'bun:test'
import { SQL } from 'bun'
import { migratePostgres } from '../../../src/db/pg/migrate'
import { positional, type Named } from '../../../src/db/pg/reads/run'
import { distanceSql, relevanceSql, startOrderSql } from '../../../src/db/pg/reads/find'
import { cellsAround, pgNearbySql, pgSearchSql, PG_SOURCES, searchBound, type PgSearchSource } from '../../../src/db/pg/reads/search'
import type { FindParams } from '../../../src/db/reads'
import { describePostgres, migratedDatabase, sharedPostgres } from '../../helpers/postgres'

const NOW = Date.UTC(2026, 11, 1, 15)
const DAY = 86_400_000
const day = (offset: number) => new Date(NOW + offset * DAY).toISOString().slice(0, 10)

type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; 'Index Cond'?: string; Plans?: PlanNode[] }
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)]

describePostgres('PostgreSQL search plans', () => {
  const cluster = sharedPostgres()
  let sql: SQL

  beforeAll(async () => {
    sql = new SQL(await migratedDatabase(cluster(), migratePostgres))
    await sql`INSERT INTO organizations (org_id, domain, name, created_at, updated_at, last_indexed_at) VALUES ('org_1', 'a.example.org', 'A', 0, 0, 0)`
    // Events on every day from 10 days ago to 120 days ahead in 20 cities, one in 13 running ten days,
    // in 35 venue cells; one in 100 about jazz.
    await sql.unsafe(`INSERT INTO events (org_id, event_id, title, starts_at, ends_at, start_day, end_day, city, city_key, category, latitude, longitude,
        record, search_record, until_at, span_class, geo_cell, scraped_at, script_version)
      SELECT 'org_1', 'e' || g, CASE WHEN g % 100 = 0 THEN 'Jazz night' ELSE 'Event ' || g END, s, s + d,
        to_char(to_timestamp(s / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD'), to_char(to_timestamp((s + d) / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
        'City ' || (g % 20), 'city ' || (g % 20), (ARRAY['kids', 'music', 'art', 'family', 'film', 'talk'])[g % 6 + 1], lat, lon, '{}', '{}', s + d,
        CASE WHEN d > ${DAY} THEN 2 ELSE 0 END, floor(lat + 90)::int * 361 + floor(lon + 180)::int, 0, '1'
      FROM (SELECT g, ${NOW}::bigint + ((g % 130) - 10)::bigint * ${DAY} + (g % 24) * 3600000 AS s, CASE WHEN g % 13 = 0 THEN 10 * ${DAY}::bigint ELSE 3600000 END AS d,
              35 + (g % 7) * 1.1 AS lat, -80 - (g % 5) * 1.1 AS lon FROM generate_series(1, 20000) g) x`)
    await sql`INSERT INTO event_categories (event_pk, category, city_key, starts_at, start_day, end_day, until_at, span_class)
      SELECT id, category, city_key, starts_at, start_day, end_day, until_at, span_class FROM events`
    await sql`ANALYZE`
  }, 120_000)
  afterAll(() => sql?.close())

  async function plan(text: string, named: Named): Promise<PlanNode[]> {
    const p = positional(text, named)
    const [row] = (await sql.unsafe(`EXPLAIN (FORMAT JSON) ${p.text}`, p.values)) as { 'QUERY PLAN': [{ Plan: PlanNode }] }[]
    return nodes(row['QUERY PLAN'][0].Plan)
  }

  /**
   * The plan reads the tables only through indexes, never by a sequential scan, and each of `indexes`
   * (name → a column its index condition must bound) with that column in its index condition.
   */
  function expectIndexed(found: PlanNode[], indexes: Record<string, string>) {
    const plan = found.map((n) => `${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : ''}${n['Relation Name'] ? ` on ${n['Relation Name']}` : ''}`)
    const missing = Object.entries(indexes)
      .filter(([index, column]) => !found.some((n) => n['Index Name'] === index && n['Index Cond']?.includes(column)))
      .map(([index]) => index)
    const seq = found.filter((n) => n['Node Type'] === 'Seq Scan').length
    expect({ plan, missing, seq }).toEqual({ plan, missing: [], seq: 0 })
  }

  const COMBINATIONS: { source: PgSearchSource; day: string; ongoing: string; city: string | null; category: string | null }[] = [
    { source: 'all', day: 'events_day_search', ongoing: 'events_ongoing_search', city: null, category: null },
    { source: 'city', day: 'events_city_day_search', ongoing: 'events_city_ongoing_search', city: 'city 3', category: null },
    { source: 'category', day: 'event_categories_day_search', ongoing: 'event_categories_ongoing_search', city: null, category: 'music' },
    { source: 'both', day: 'event_categories_city_day_search', ongoing: 'event_categories_city_ongoing_search', city: 'city 3', category: 'music' },
  ]
  const WINDOWS = [
    { startDate: day(0), endDate: day(0) },
    { startDate: day(60), endDate: day(120) },
    { startDate: day(0), endDate: day(365) },
  ]

  it('searchEvents: each statement of each filter combination reads its covering index, a day in index order', async () => {
    for (const c of COMBINATIONS)
      for (const w of WINDOWS) {
        const sqlOf = pgSearchSql(PG_SOURCES[c.source])
        const bound = searchBound({ ...w, nowMs: NOW }, { city: c.city, category: c.category })
        const at = { ...bound, from: w.startDate, day: w.startDate, at: -Number.MAX_SAFE_INTEGER, after: -Number.MAX_SAFE_INTEGER }
        for (const want of [16, 200]) {
          expectIndexed(await plan(sqlOf.nextDay, at), { [c.day]: 'start_day' })
          expectIndexed(await plan(sqlOf.day, { ...at, want }), { [c.day]: 'start_day =' })
          expectIndexed(await plan(sqlOf.ongoing, { ...at, want }), { [c.ongoing]: 'starts_at <' })
        }
      }
  })

  it('nearbyEvents: the venue cells index, with and without a category', async () => {
    for (const category of [false, true]) {
      const sqlOf = pgNearbySql(category)
      const bound = searchBound({ startDate: day(0), endDate: day(30), nowMs: NOW }, { cells: cellsAround(37.2, -82.2, 25), category: 'music' })
      const at = { ...bound, from: day(0), day: day(3), at: -Number.MAX_SAFE_INTEGER, after: -Number.MAX_SAFE_INTEGER, want: null }
      expectIndexed(await plan(sqlOf.nextDay, at), { events_geo_day_search: 'start_day >=' })
      expectIndexed(await plan(sqlOf.day, at), { events_geo_day_search: 'start_day =' })
      expectIndexed(await plan(sqlOf.ongoing, at), { events_ongoing_search: 'starts_at <' })
    }
  })

  const base: FindParams = {
    startDate: day(0),
    endDate: day(30),
    cityKey: null,
    category: null,
    limit: 20,
    nowMs: NOW,
    region: null,
    country: null,
    audience: null,
    free: false,
    match: null,
    near: null,
    after: null,
  }

  it('findEvents in start order: an audience reads the category index of its tag, free is checked on the rows read', async () => {
    const cases: [Partial<FindParams>, string, string][] = [
      [{ audience: 'family' }, 'event_categories_day_search', 'event_categories_ongoing_search'],
      [{ audience: 'family', cityKey: 'city 3', free: true }, 'event_categories_city_day_search', 'event_categories_city_ongoing_search'],
      [{ free: true, country: 'US' }, 'events_day_search', 'events_ongoing_search'],
    ]
    for (const [f, dayIndex, ongoingIndex] of cases) {
      const p = { ...base, ...f }
      const sqlOf = startOrderSql(p)
      const bound = searchBound(p, { city: p.cityKey, category: p.category ?? p.audience, audience: p.audience, country: p.country, region: p.region })
      const at = { ...bound, from: day(0), day: day(2), at: -Number.MAX_SAFE_INTEGER, after: -Number.MAX_SAFE_INTEGER, want: 20 }
      expectIndexed(await plan(sqlOf.nextDay, at), { [dayIndex]: 'start_day >=' })
      expectIndexed(await plan(sqlOf.day, at), { [dayIndex]: 'start_day =' })
      expectIndexed(await plan(sqlOf.ongoing, at), { [ongoingIndex]: 'starts_at <' })
    }
  })

  it('findEvents by distance reads the venue cells index; by text the text index', async () => {
    const near = { ...base, near: { latitude: 37.2, longitude: -82.2, radiusKm: 25 } }
    const bound = searchBound(near, { cells: cellsAround(37.2, -82.2, 25), at0: 0, after0: 0 })
    expectIndexed(await plan(distanceSql(near), bound), { events_geo_day_search: 'start_day >=', events_ongoing_search: 'starts_at <' })
    const text = { ...base, match: '"jazz"*' }
    const named = { ...searchBound(text, {}), match: "'jazz':*", want: 20, k0: -1e300, k1: 0, k2: 0, k3: 0 }
    expectIndexed(await plan(relevanceSql(text), named), { events_text_search: 'text_search @@' })
  })
})
