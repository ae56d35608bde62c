// Pins the event search parameters of issue 18 on a seeded database of organizations in four zones
// (Los Angeles, Chicago, Berlin, Paris): `near` sorted by distance with distanceKm (venue coordinates,
// else the city's centroid, never written into the record), place names resolved offline, an ambiguous
// city reported in filters, `q` with punctuation, audience tags from English, German and French words,
// `free`, `when` across a DST change (clock injected), cursor paging without duplicates or gaps, and the
// bad-input cases answered 400 naming the parameter. The searches run on both backends; the bad input is
// refused before storage is read, on the default (SQLite) app.
import { describe, expect, it } from 'bun:test'
import { categorize } from '../../src/crawl/normalize/categories'
import { cityCentroid } from '../../src/geo/centroid'
import type { NormalizedEvent } from '../../src/model/event'
import { call, makeApp } from '../helpers/app'
import type { Storage } from '../../src/db/storage'
import { seedOrganization } from '../helpers/seed'
import { forEachBackend } from '../helpers/storage'

const NOW = Date.UTC(2026, 2, 4, 18) // Wednesday 2026-03-04T18:00Z
/**
 * An event as normalization leaves it: audience tags from its words (categorize) and its locality note,
 * with the city's centroid when the venue has no coordinates (as assignCities notes it).
 */
const ev = (e: Partial<NormalizedEvent> & { title: string; startDate: string; event_id: string }, where?: { region?: string; country: string }): NormalizedEvent => {
  const centroid = where && e.city && e.venue?.latitude == null ? cityCentroid(e.city, where) : undefined
  return {
    ...e,
    ...categorize({ title: e.title, description: e.description, categories: e.categories }),
    ...(where ? { _locality: { citySource: 'address', region: where.region, country: where.country, ...centroid } } : {}),
  } as NormalizedEvent
}

async function world(storage?: Storage, now = NOW) {
  const ctx = makeApp({ storage, deps: { now: () => now } })
  const wa = { region: 'WA', country: 'US' }
  await seedOrganization(ctx.storage, {
    domain: 'shoreline-library.org',
    name: 'Shoreline Community Library',
    timezone: 'America/Los_Angeles',
    nowMs: now,
    events: [
      ev(
        {
          title: 'Family Storytime',
          startDate: '2026-03-07T10:00:00-08:00',
          event_id: 'story',
          city: 'Shoreline',
          venue: { name: 'Shoreline Library', address: null, latitude: 47.7557, longitude: -122.3415 },
          isAccessibleForFree: true,
        },
        wa,
      ),
      ev({ title: 'Teen Coding Club', startDate: '2026-03-05T16:00:00-08:00', event_id: 'teen', city: 'Seattle', organizer: { name: 'Friends of the Library', url: null } }, wa),
      ev({ title: 'Tacoma Jazz Night', startDate: '2026-03-06T19:00:00-08:00', event_id: 'jazz', city: 'Tacoma', description: 'Ticketed: $25 (adults only)' }, wa),
      ev({ title: 'Sunday Late Show', startDate: '2026-03-08T23:30:00-07:00', event_id: 'late', city: 'Shoreline' }, wa),
      ev({ title: 'Monday Early Yoga', startDate: '2026-03-09T00:15:00-07:00', event_id: 'monday', city: 'Shoreline' }, wa),
      ev({ title: 'Friday Night Movie', startDate: '2026-03-06T23:45:00-08:00', event_id: 'friday', city: 'Shoreline' }, wa),
      ev({ title: 'Saturday Seed Swap', startDate: '2026-03-14T10:00:00-07:00', event_id: 'swap', city: 'Shoreline' }, wa),
    ],
  })
  await seedOrganization(ctx.storage, {
    domain: 'paristexaslibrary.org',
    name: 'Paris Public Library',
    timezone: 'America/Chicago',
    nowMs: now,
    events: [ev({ title: 'Kids Craft Hour', startDate: '2026-03-07T10:00:00-06:00', event_id: 'tx', city: 'Paris' }, { region: 'TX', country: 'US' })],
  })
  await seedOrganization(ctx.storage, {
    domain: 'stadtbibliothek-stuttgart.de',
    name: 'Stadtbibliothek Stuttgart',
    timezone: 'Europe/Berlin',
    nowMs: now,
    events: [
      ev({ title: 'Vorlesestunde für Familien', startDate: '2026-03-07T11:00:00+01:00', event_id: 'de', city: 'Stuttgart', description: 'Geschichten für Kinder ab 4 Jahren' }, { country: 'DE' }),
    ],
  })
  await seedOrganization(ctx.storage, {
    domain: 'bibliotheques.paris.fr',
    name: 'Bibliothèques de Paris',
    timezone: 'Europe/Paris',
    nowMs: now,
    events: [
      ev(
        { title: 'Atelier pour enfants', startDate: '2026-03-07T14:00:00+01:00', event_id: 'fr', city: 'Paris', description: 'Un atelier de dessin pour les enfants de 6 à 10 ans' },
        { country: 'FR' },
      ),
    ],
  })
  return ctx
}

let nonce = 0
const get = (app: Awaited<ReturnType<typeof world>>['app'], query: string, now = NOW) => call(app, 'GET', `/api/v1/search/events?${query}&n=${nonce++}`, { sign: { t: Math.floor(now / 1000) } })
const titles = (json: any): string[] => json.events.map((e: any) => e.title)

forEachBackend('event search parameters', (open) => {
  describe('search near a point', () => {
    it('answers events within radiusKm nearest first, each with distanceKm, city centroids standing in for missing venues', async () => {
      const { app } = await world(await open())
      const res = await get(app, 'near=47.7557,-122.3415')
      expect(res.status).toBe(200)
      // Shoreline's venue and city first (0 km, then by start), Seattle's centroid ~16 km; Tacoma (~56 km) is outside 25 km.
      // Storytime's venue is the point itself; the other Shoreline events sit at the city's centroid (in start
      // order among equals), Seattle's centroid about 16.6 km away; Tacoma (about 56 km) is outside 25 km.
      expect(titles(res.json)).toEqual(['Family Storytime', 'Friday Night Movie', 'Sunday Late Show', 'Monday Early Yoga', 'Saturday Seed Swap', 'Teen Coding Club'])
      const d = res.json.events.map((e: any) => e.distanceKm)
      expect(d).toEqual([...d].sort((a, b) => a - b))
      expect(res.json.events.find((e: any) => e.title === 'Teen Coding Club').distanceKm).toBeGreaterThan(10)
      expect(titles(res.json)).not.toContain('Tacoma Jazz Night')
      expect(res.json.events.at(-1).title).toBe('Teen Coding Club')
      expect(res.json.filters.radiusKm).toBe(25)
      // The centroid is never written into the record: only the source's venue coordinates are served.
      expect(res.json.events.find((e: any) => e.title === 'Teen Coding Club').venue?.latitude).toBeUndefined()
      const wide = await get(app, 'near=47.7557,-122.3415&radiusKm=80')
      expect(titles(wide.json).at(-1)).toBe('Tacoma Jazz Night')
    })

    it('resolves a place name offline and reports the place it chose', async () => {
      const { app } = await world(await open())
      const res = await get(app, `near=${encodeURIComponent('Shoreline, WA')}&radiusKm=5`)
      expect(res.status).toBe(200)
      expect(res.json.filters.near.place).toMatchObject({ name: 'Shoreline', region: 'WA', country: 'US', timeZone: 'America/Los_Angeles' })
      expect(titles(res.json)).toContain('Family Storytime')
      expect(titles(res.json)).not.toContain('Teen Coding Club')
    })
  })

  describe('city names with a region, and ambiguous ones', () => {
    it('"Paris, TX" is the Texan Paris; a bare "Paris" with other parameters is the most populous, and filters say so', async () => {
      const { app } = await world(await open())
      const tx = await get(app, `city=${encodeURIComponent('Paris, TX')}&audience=kids`)
      expect(titles(tx.json)).toEqual(['Kids Craft Hour'])
      expect(tx.json.filters.place).toMatchObject({ name: 'Paris', region: 'TX', country: 'US' })
      const bare = await get(app, 'city=Paris&audience=kids')
      expect(titles(bare.json)).toEqual(['Atelier pour enfants'])
      expect(bare.json.filters.place).toMatchObject({ name: 'Paris', country: 'FR' })
      expect(bare.json.filters.place.alternatives).toBeGreaterThan(0)
      expect(bare.json.filters.city).toBe('Paris')
    })
  })

  describe('q: full text', () => {
    it('matches prefixes over title, organizer and organization name; operators and punctuation are plain text', async () => {
      const { app } = await world(await open())
      expect(titles((await get(app, 'q=story')).json)).toEqual(['Family Storytime'])
      expect(titles((await get(app, `q=${encodeURIComponent('"Storytime" (family*: ^')}`)).json)).toEqual(['Family Storytime'])
      expect(titles((await get(app, 'q=friends%20library')).json)).toEqual(['Teen Coding Club'])
      expect(titles((await get(app, 'q=stadtbibliothek')).json)).toEqual(['Vorlesestunde für Familien'])
      const noise = await get(app, `q=${encodeURIComponent('") NEAR( *:^-')}`)
      expect(noise.status).toBe(200)
      expect(noise.json.count).toBe(0)
    })
  })

  describe('audience and free', () => {
    it('finds family and kids events from English, German and French words', async () => {
      const { app } = await world(await open())
      const family = titles((await get(app, 'audience=family')).json)
      for (const title of ['Family Storytime', 'Vorlesestunde für Familien']) expect(family).toContain(title)
      for (const title of ['Teen Coding Club', 'Tacoma Jazz Night', 'Sunday Late Show']) expect(family).not.toContain(title)
      expect(titles((await get(app, 'audience=kids')).json).sort()).toEqual(['Atelier pour enfants', 'Family Storytime', 'Kids Craft Hour', 'Vorlesestunde für Familien'])
      expect(titles((await get(app, 'audience=teens')).json)).toEqual(['Teen Coding Club'])
    })

    it('free=true keeps only free events', async () => {
      const { app } = await world(await open())
      const res = await get(app, 'free=true')
      expect(titles(res.json)).toEqual(['Family Storytime'])
      expect(res.json.filters.free).toBe(true)
    })
  })

  describe('when', () => {
    it('this-weekend spans the DST change in the zone of the city, and startDate wins', async () => {
      const friday = Date.parse('2026-03-06T23:30:00-08:00') // Friday night in Shoreline, Saturday in UTC
      const { app } = await world(await open(), friday)
      const res = await get(app, `city=${encodeURIComponent('Shoreline, WA')}&when=this-weekend`, friday)
      expect(res.json.filters.when).toEqual({ name: 'this-weekend', timeZone: 'America/Los_Angeles', startDate: '2026-03-07', endDate: '2026-03-08' })
      expect(titles(res.json)).toEqual(['Family Storytime', 'Sunday Late Show'])
      const sundayNight = Date.parse('2026-03-08T22:00:00-07:00') // Sunday after the switch to PDT; Monday in UTC
      const late = await world(await open(), sundayNight)
      const local = await get(late.app, `city=${encodeURIComponent('Shoreline, WA')}&when=this-weekend`, sundayNight)
      expect(local.json.filters.when).toMatchObject({ startDate: '2026-03-08', endDate: '2026-03-08' })
      expect(titles(local.json)).toEqual(['Sunday Late Show'])
      const utc = await get(late.app, 'when=this-weekend', sundayNight)
      expect(utc.json.filters.when).toEqual({ name: 'this-weekend', timeZone: 'UTC', startDate: '2026-03-14', endDate: '2026-03-15' })
      expect(titles(utc.json)).toEqual(['Saturday Seed Swap'])
      const next = await get(late.app, `city=${encodeURIComponent('Shoreline, WA')}&when=next-weekend`, sundayNight)
      expect(next.json.filters).toMatchObject({ startDate: '2026-03-14', endDate: '2026-03-15' })
      const wins = await get(late.app, 'when=this-weekend&startDate=2026-03-09', sundayNight)
      expect(wins.json.filters).toMatchObject({ startDate: '2026-03-09', endDate: '2026-03-15' })
    })
  })

  describe('cursor', () => {
    for (const query of ['startDate=2026-03-01', 'q=shoreline', 'near=47.7557,-122.3415&radiusKm=200', 'audience=kids']) {
      it(`pages without duplicates or gaps (${query})`, async () => {
        const { app } = await world(await open())
        const all = titles((await get(app, `${query}&limit=200`)).json)
        expect(all.length).toBeGreaterThan(2)
        const seen: string[] = []
        let cursor: string | undefined
        for (let page = 0; page < 20; page++) {
          const res = await get(app, `${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`)
          expect(res.status).toBe(200)
          seen.push(...titles(res.json))
          cursor = res.json.nextCursor
          if (!cursor) break
        }
        expect(seen).toEqual(all)
      })
    }

    it('refuses a cursor of another search', async () => {
      const { app } = await world(await open())
      const first = await get(app, 'q=shoreline&limit=1')
      const other = await get(app, `q=library&limit=1&cursor=${first.json.nextCursor}`)
      expect(other.status).toBe(400)
      expect(other.json.message).toContain('cursor')
    })
  })
})

describe('bad input', () => {
  for (const [query, name] of [
    ['near=47.7,-122.3&radiusKm=0', 'radiusKm'],
    ['near=abc', 'near'],
    ['limit=201', 'limit'],
    ['when=someday', 'when'],
  ]) {
    it(`${query} answers 400 naming ${name}`, async () => {
      const { app } = await world()
      const res = await get(app, query)
      expect(res.status).toBe(400)
      expect(res.json.error).toBeString()
      expect(res.json.message).toContain(name)
    })
  }
})
