// Pins the PostgreSQL read side (issue 17): for the same events, seeded into SQLite and into PostgreSQL
// through each backend's crawl store (seedOrganization), pgReads answers every read of `Reads` with the same
// records in the same order as the SQLite reads: event search by window, city, category, both and limit;
// the extended search in start order (audience, free, region and country, cursor pages), by distance
// (with and without text, cursor pages) and by text relevance (title before venue before description,
// shorter text first, prefixes, accents, domains split into words, cursor pages; where bm25 and ts_rank
// weigh a second hit in a weak field against length differently, the same matches, each once); the search near a point; categories,
// cities, business search, an organization's events and the totals. Beyond parity: text that holds no
// word, or holds quotes and tsquery operators, is an empty answer or a match on its words, never a failed
// query; reads after close fail and leave the caller's pool open.
import { afterAll, afterEach, beforeAll, expect, it } from 'bun:test'
import { SQL } from 'bun'
import { migrate, openDatabase, type Db } from '../../../src/db'
import { migratePostgres } from '../../../src/db/pg/migrate'
import { openPgStorage } from '../../../src/db/pg/pg-storage'
import { pgReads } from '../../../src/db/pg/reads'
import { inlineReads } from '../../../src/db/read-ops'
import type { FindParams, Reads } from '../../../src/db/reads'
import { sqliteStorage } from '../../../src/db/sqlite-storage'
import type { Storage } from '../../../src/db/storage'
import { ftsQuery } from '../../../src/services/search-businesses'
import { describePostgres, migratedDatabase, sharedPostgres } from '../../helpers/postgres'
import { DAY, day, eventsOf, MORE_ORGS, NOW, ORGS } from '../../helpers/read-parity-data'
import { seedOrganization } from '../../helpers/seed'

describePostgres('PostgreSQL reads answer as the SQLite reads do', () => {
  const cluster = sharedPostgres()
  let db: Db
  let sql: SQL
  let pgStorage: Storage
  let lite: Reads
  let pg: Reads
  const orgIds: string[] = []

  beforeAll(async () => {
    db = openDatabase(':memory:')
    migrate(db)
    const url = await migratedDatabase(cluster(), migratePostgres)
    sql = new SQL(url)
    pgStorage = await openPgStorage(url, { max: 2 })
    const liteStorage = sqliteStorage(db)
    for (const [o, org] of ORGS.entries()) {
      const events = eventsOf(o, org.city)
      orgIds.push(await seedOrganization(liteStorage, { domain: org.domain, name: org.name, nowMs: NOW, events }))
      expect(await seedOrganization(pgStorage, { domain: org.domain, name: org.name, nowMs: NOW, events })).toBe(orgIds[o])
    }
    for (const org of MORE_ORGS) {
      await seedOrganization(liteStorage, { ...org, nowMs: NOW, events: [] })
      await seedOrganization(pgStorage, { ...org, nowMs: NOW, events: [] })
    }
    await sql`ANALYZE`
    lite = inlineReads(db.$client)
    pg = pgReads(sql)
  }, 60_000)
  afterAll(async () => {
    await pg?.close()
    await sql?.close()
    await pgStorage?.close()
    db?.$client.close()
  })

  it('stores the same rows on both sides (ids, derived columns, search records)', async () => {
    const cols = 'id, org_id, event_id, starts_at, ends_at, start_day, end_day, city_key, category, geo_cell, span_class, until_at, city_region, search_record, record'
    const fromLite = db.$client.query(`SELECT ${cols} FROM events ORDER BY id`).all()
    const fromPg = (
      await sql.unsafe(
        `SELECT ${cols.replace('starts_at, ends_at', 'starts_at::float8 AS starts_at, ends_at::float8 AS ends_at').replace('until_at', 'until_at::float8 AS until_at').replace('id,', 'id::float8 AS id,')} FROM events ORDER BY id`,
      )
    ).map((r: object) => ({ ...r }))
    expect(fromPg.length).toBe(fromLite.length)
    expect(fromPg).toEqual(fromLite)
  })

  const windows = [
    { startDate: day(0), endDate: day(30) },
    { startDate: day(10), endDate: day(10) },
    { startDate: day(-30), endDate: day(-10) },
    { startDate: day(0), endDate: day(365) },
  ]
  const filters = [
    { cityKey: null, category: null },
    { cityKey: 'springfield', category: null },
    { cityKey: null, category: 'kids' },
    { cityKey: 'springfield', category: 'music' },
    { cityKey: 'nowhere', category: null },
  ]

  it('searchEvents: the same records in start order for every window, filter combination and limit', async () => {
    let nonEmpty = 0
    for (const w of windows)
      for (const f of filters)
        for (const limit of [1, 7, 200]) {
          const params = { ...w, ...f, limit, nowMs: NOW }
          const [a, b] = await Promise.all([lite.searchEvents(params), pg.searchEvents(params)])
          expect({ params, ...b }).toEqual({ params, ...a })
          if (a.count) nonEmpty++
        }
    expect(nonEmpty).toBeGreaterThan(20)
  })

  const base: FindParams = {
    startDate: day(0),
    endDate: day(60),
    cityKey: null,
    category: null,
    limit: 6,
    nowMs: NOW,
    region: null,
    country: null,
    audience: null,
    free: false,
    match: null,
    near: null,
    after: null,
  }

  /** Every page of a search on one backend, each page's records and the cursor key, until a short page. */
  async function pages(reads: Reads, params: FindParams) {
    const out: { records: string[]; distances: number[]; order: string }[] = []
    let after: number[] | null = null
    for (let i = 0; i < 40; i++) {
      const page = await reads.findEvents({ ...params, after })
      out.push({ records: page.records, distances: page.distances, order: page.order })
      if (page.records.length < params.limit) break
      after = page.last
    }
    return out
  }

  const finds: Partial<FindParams>[] = [
    {},
    { cityKey: 'springfield' },
    { category: 'kids' },
    { audience: 'family' },
    { category: 'kids', audience: 'family' },
    { cityKey: 'springfield', audience: 'family', free: true },
    { free: true },
    { cityKey: 'shelbyville', region: 'IL', country: 'US' },
    { cityKey: 'shelbyville', region: 'CA', country: 'US' },
    { startDate: day(-3), endDate: day(2), limit: 3 },
    { limit: 1, endDate: day(8) },
  ]

  it('findEvents in start order: the same pages (audience, free, region and country, cursors)', async () => {
    for (const f of finds) {
      const params = { ...base, ...f }
      const [a, b] = await Promise.all([pages(lite, params), pages(pg, params)])
      expect({ f, pages: b }).toEqual({ f, pages: a })
      // No Shelbyville event is in California (the city's region was noted as IL); every other search finds some.
      expect({ f, empty: a.flatMap((p) => p.records).length === 0 }).toEqual({ f, empty: f.region === 'CA' })
    }
  }, 30_000)

  const near = { latitude: 40.1, longitude: -75.1, radiusKm: 15 }

  it('findEvents near a point: the same pages in distance order, with the same distances', async () => {
    for (const f of [{}, { category: 'art' }, { free: true }, { q: 'storytime' }, { cityKey: 'springfield', audience: 'family' }] as (Partial<FindParams> & { q?: string })[]) {
      const { q, ...rest } = f
      const params = { ...base, ...rest, near, match: q ? ftsQuery(q)! : null }
      const [a, b] = await Promise.all([pages(lite, params), pages(pg, params)])
      expect({ f, pages: b }).toEqual({ f, pages: a })
      expect(a[0].records.length).toBeGreaterThan(0)
    }
  })

  it('findEvents by text: the same pages in relevance order (title, then venue, then shorter text), prefixes, accents and domain words', async () => {
    for (const q of ['storytime', 'story', 'jazz night', 'creche', 'crèche', 'org kids', 'nothing']) {
      const params = { ...base, match: ftsQuery(q)!, limit: 5 }
      const [a, b] = await Promise.all([pages(lite, params), pages(pg, params)])
      expect({ q, pages: b }).toEqual({ q, pages: a })
      expect({ q, found: a.flatMap((p) => p.records).length > 0 }).toEqual({ q, found: q !== 'nothing' })
    }
  })

  it('findEvents by text, a word in several weaker fields at once: the same records, each once across the pages', async () => {
    // bm25 lets a shorter row outrank one that also has the word in a weak field (its length weighs more
    // than a second hit there); ts_rank adds the second hit first. Both answer the same matches.
    for (const q of ['watercolor', 'wat', 'springfield', 'library']) {
      const params = { ...base, match: ftsQuery(q)!, limit: 5 }
      const [a, b] = await Promise.all([pages(lite, params), pages(pg, params)])
      const [x, y] = [a.flatMap((p) => p.records), b.flatMap((p) => p.records)]
      expect({ q, unique: new Set(y).size, count: y.length }).toEqual({ q, unique: x.length, count: x.length })
      expect({ q, records: [...y].sort() }).toEqual({ q, records: [...x].sort() })
    }
  })

  it('a cursor holding any finite numbers (a client can write one) answers the same page, never a failed query', async () => {
    const odd = [[1e300, 1], [-1e300, 5], [NOW + 3 * DAY + 0.5, 7.5], [NOW + 5 * DAY, 1e300], [NOW + 2 * DAY, -1e300], [NOW + 4 * DAY, 40.25], [1.5]]
    for (const after of odd) {
      const [a, b] = await Promise.all([lite.findEvents({ ...base, after }), pg.findEvents({ ...base, after })])
      expect({ after, records: b.records, last: b.last }).toEqual({ after, records: a.records, last: a.last })
      const near = { ...base, near: { latitude: 40.1, longitude: -75.1, radiusKm: 15 }, after: [0.5, ...after] }
      expect({ after, records: (await pg.findEvents(near)).records }).toEqual({ after, records: (await lite.findEvents(near)).records })
      expect((await pg.findEvents({ ...base, match: ftsQuery('storytime')!, after: [-1e300, ...after] })).order).toBe('relevance')
    }
  })

  it('a filter value holding a NUL character (which PostgreSQL cannot bind) equals no stored value, as on SQLite, never a failed query', async () => {
    const nul = 'spring\u0000field'
    for (const f of [{ cityKey: nul }, { category: nul }, { audience: nul }, { cityKey: 'springfield', region: nul }, { country: nul }] as Partial<FindParams>[]) {
      const params = { ...base, ...f }
      expect({ f, b: await pg.findEvents(params) }).toEqual({ f, b: await lite.findEvents(params) })
    }
    const search = { startDate: day(0), endDate: day(30), cityKey: nul, category: null, limit: 5, nowMs: NOW }
    expect(await pg.searchEvents(search)).toEqual(await lite.searchEvents(search))
    expect(await pg.categories({ cityKey: nul, limit: 5, nowMs: NOW })).toEqual(await lite.categories({ cityKey: nul, limit: 5, nowMs: NOW }))
    expect(await pg.organizationEvents({ orgId: nul, nowMs: NOW })).toBeUndefined()
    expect(await pg.searchOrganizations({ match: '"spring\u0000field"*', limit: 5 })).toEqual([])
  })

  it('nearbyEvents: the same records and distances in start order', async () => {
    for (const category of [null, 'music'])
      for (const limit of [3, 100]) {
        const params = { startDate: day(0), endDate: day(45), category, limit, nowMs: NOW, ...near }
        const [a, b] = await Promise.all([lite.nearbyEvents(params), pg.nearbyEvents(params)])
        expect({ category, limit, b }).toEqual({ category, limit, b: a })
        expect(a.length).toBeGreaterThan(0)
      }
  })

  it('categories, cities and totals: the same counts in the same order', async () => {
    for (const cityKey of [null, 'springfield', 'shelbyville'])
      for (const limit of [2, 50]) expect(await pg.categories({ cityKey, limit, nowMs: NOW })).toEqual(await lite.categories({ cityKey, limit, nowMs: NOW }))
    for (const limit of [1, 50]) expect(await pg.cities({ limit, nowMs: NOW })).toEqual(await lite.cities({ limit, nowMs: NOW }))
    expect(await pg.totals({ nowMs: NOW })).toEqual(await lite.totals({ nowMs: NOW }))
    expect(await pg.totals({ nowMs: NOW + 30 * DAY })).toEqual(await lite.totals({ nowMs: NOW + 30 * DAY }))
  })

  it('searchOrganizations: the same organizations, best first', async () => {
    for (const q of ['springfield', 'spring libr', 'library', 'librar', 'museum', 'org', 'town', 'example', 'shelbyville example', 'nothing']) {
      const params = { match: ftsQuery(q)!, limit: 10 }
      expect({ q, found: await pg.searchOrganizations(params) }).toEqual({ q, found: await lite.searchOrganizations(params) })
    }
  })

  it('stores a hyphenated word by its parts only, as FTS5 reads it (no compound lexeme to count twice)', async () => {
    const [{ v }] = await sql`SELECT text_search::text AS v FROM organizations WHERE domain = 'library-town.org'`
    expect(v).toContain("'library'")
    expect(v).toContain("'town'")
    expect(v).not.toContain('library-town')
    const [{ e }] = await sql`SELECT text_search::text AS e FROM events WHERE event_id = 'e0-0'`
    expect(e).toContain("'springfield'")
    expect(e).not.toContain('springfield-library')
  })

  it('organizationEvents: the same organization and upcoming records in start order; undefined when unknown', async () => {
    for (const orgId of orgIds) for (const nowMs of [NOW, NOW + 20 * DAY]) expect(await pg.organizationEvents({ orgId, nowMs })).toEqual(await lite.organizationEvents({ orgId, nowMs }))
    expect(await pg.organizationEvents({ orgId: 'org_ffffffffffffffff', nowMs: NOW })).toBeUndefined()
  })
  /** A database of its own holding one organization and one event whose text is full of quotes and operators. */
  async function lone() {
    const url = await migratedDatabase(cluster(), migratePostgres)
    const own = new SQL(url)
    const storage = await openPgStorage(url, { max: 1 })
    opened.push(own, storage)
    await seedOrganization(storage, {
      domain: 'springfield-library.org',
      name: "Springfield's Library",
      nowMs: NOW,
      events: [{ title: "Rock 'n' Roll | Jazz & Blues", event_id: 'e1', startDate: new Date(NOW + DAY).toISOString(), city: 'Springfield' }],
    })
    return { sql: own, reads: pgReads(own) }
  }
  const opened: { close(): Promise<unknown> }[] = []
  afterEach(async () => {
    for (const own of opened.splice(0)) await own.close()
  })

  const wordless: FindParams = {
    startDate: day(0),
    endDate: day(10),
    cityKey: null,
    category: null,
    limit: 10,
    nowMs: NOW,
    region: null,
    country: null,
    audience: null,
    free: false,
    match: null,
    near: null,
    after: null,
  }

  it('answers wordless text with nothing and hostile text by its words, never with a failed query', async () => {
    const { sql: own, reads } = await lone()
    expect(await reads.searchOrganizations({ match: '"" "*"', limit: 5 })).toEqual([])
    expect((await reads.findEvents({ ...wordless, match: '""' })).records).toEqual([])
    for (const match of [`"n'"* "roll"*`, `"jazz & blues"*`, `"rock | x"*`, `"!roll"*`, `"roll:*"*`, `"(roll"*`])
      expect({ match, n: (await reads.findEvents({ ...wordless, match })).records.length }).toEqual({ match, n: match.includes('x') ? 0 : 1 })
    expect((await reads.searchOrganizations({ match: `"springfield's"*`, limit: 5 })).map((o) => o.domain)).toEqual(['springfield-library.org'])
  })

  it('fails every read after close and leaves the pool to its owner', async () => {
    const { sql: own, reads } = await lone()
    expect((await reads.totals({ nowMs: NOW })).upcomingEvents).toBe(1)
    await reads.close()
    await expect(reads.totals({ nowMs: NOW })).rejects.toThrow('closed')
    await expect(reads.searchEvents({ startDate: day(0), endDate: day(1), cityKey: null, category: null, limit: 5, nowMs: NOW })).rejects.toThrow('closed')
    expect((await own`SELECT 1 AS one`)[0].one).toBe(1)
  })
})
