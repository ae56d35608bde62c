// Pins deduplication (DESIGN §6 "Dedupe"): the same event from a feed and a page (same start instant, or
// the same day when one side is date-only, and a matching id, URL or title) becomes one record keeping
// the richer fields (precise time, longer description, more offers, fuller venue, all categories) and the
// order-independent smaller id; different events at the same time stay apart, and so do records with two
// different identities from one source (iCalendar UIDs) or at two places (issue 13), and a span of days
// beside a timed event on its first day (an exhibition and its opening).
import { describe, expect, it } from 'bun:test'
import { dedupeEvents, mergeEvents, sameEvent, titleKey } from '../../src/crawl/dedupe'
import type { Event } from '../../src/model/event'
import { runBytes } from '../helpers/extract'

const feed: Event = {
  title: 'Toddler Storytime',
  startDate: '2026-06-03T10:30:00-04:00',
  endDate: '2026-06-03T11:00:00-04:00',
  event_id: 'evt_b',
  url: 'https://lib.example.org/e/storytime',
  description: 'Stories.',
  categories: ['Kids'],
}
const page: Event = {
  title: 'CANCELLED: Toddler Storytime',
  startDate: '2026-06-03T14:30:00+00:00',
  event_id: 'evt_a',
  description: 'Stories, songs and rhymes for toddlers.',
  offers: [{ name: 'Admission', price: 0, priceCurrency: 'USD', availability: 'InStock', url: 'https://lib.example.org/e/storytime' }],
  venue: { name: 'Children’s Room', address: '120 Main St', latitude: 1, longitude: 2 },
  categories: ['kids', 'storytime'],
  image_url: 'https://lib.example.org/i.jpg',
}

describe('sameEvent', () => {
  it('matches the same instant written in two offsets and a title with a status word', () => {
    expect(titleKey('CANCELLED: Toddler Storytime!')).toBe('toddler storytime')
    expect(sameEvent(feed, page)).toBe(true)
  })

  it('matches a date-only record to a timed one on the same day', () => {
    expect(sameEvent({ title: 'Lego Club', startDate: '2026-06-13' }, { title: 'LEGO® Club', startDate: '2026-06-13T10:30:00-05:00' })).toBe(true)
  })

  it('keeps a span of days apart from a timed event on its first day (an exhibition and its opening)', () => {
    const exhibition: Event = { title: 'Rios Invisíveis', startDate: '2026-12-05', endDate: '2027-01-30' }
    const opening: Event = { title: 'Abertura: Rios Invisíveis', startDate: '2026-12-05T11:00:00-03:00', endDate: '2026-12-05T15:00:00-03:00' }
    expect(sameEvent(exhibition, opening)).toBe(false)
    expect(sameEvent({ ...exhibition, endDate: undefined }, opening)).toBe(true)
  })

  it('keeps different events at the same time apart, and the same title at other times', () => {
    expect(
      sameEvent({ title: 'Chess Club', startDate: '2026-06-03T16:00:00-05:00', url: 'https://x.org/cal' }, { title: 'Lego Club', startDate: '2026-06-03T16:00:00-05:00', url: 'https://x.org/cal' }),
    ).toBe(false)
    expect(sameEvent(feed, { ...feed, event_id: 'evt_c', startDate: '2026-06-10T10:30:00-04:00' })).toBe(false)
  })
})

describe('sameEvent: identities and places (issue 13)', () => {
  const storytime = (venue: string, address?: string): Event => ({
    title: 'Storytime',
    startDate: '2026-06-03T10:00:00-05:00',
    venue: { name: venue, address: address ?? null, latitude: null, longitude: null },
  })

  it('keeps two identities of one source apart, and lets identities of two sources meet by title', () => {
    const a: Event = { title: 'Vorlesestunde', startDate: '2026-06-03T10:00:00+02:00', event_id: 'evt_1' }
    const b: Event = { ...a, event_id: 'evt_2' }
    expect(sameEvent(a, b, { identities: ['ics\u0000uid-1@bib', 'ics\u0000uid-2@bib'] })).toBe(false)
    expect(sameEvent(a, b, { identities: ['ics\u0000uid-1@bib', 'json-ld\u0000https://bib.de/e/1'] })).toBe(true)
    expect(sameEvent(a, b, { identities: ['ics\u0000uid-1@bib', undefined] })).toBe(true)
    expect(sameEvent(a, b)).toBe(true)
  })

  it('keeps one document’s events at two venues apart', () => {
    expect(sameEvent(storytime('Westside Branch'), storytime('Eastside Branch'), { sameDocument: true })).toBe(false)
    expect(sameEvent(storytime('Main Library'), storytime('Main Library, Children’s Room'), { sameDocument: true })).toBe(true)
    expect(sameEvent(storytime('Main Library'), { ...storytime('x'), venue: undefined }, { sameDocument: true })).toBe(true)
  })

  it('across documents, needs two street addresses to call the places different', () => {
    expect(sameEvent(storytime('Room 101'), storytime('Main Library'))).toBe(true)
    expect(sameEvent(storytime('Westside', '12 Oak St, Lincoln, NE'), storytime('Eastside', '400 Elm St, Lincoln, NE'))).toBe(false)
    expect(sameEvent(storytime('Main', '12 Oak Street, Lincoln NE 68508'), storytime('Main Library', '12 Oak St, Lincoln, NE'))).toBe(true)
  })

  it('reads the house number from the street, not from a room number before it or a postal code', () => {
    const feed = storytime('', 'Studio 1, Riverside Arts Centre, 118 Mill Street, Springfield, IL 62701')
    const page = storytime('Studio 1, Riverside Arts Centre', '118 Mill Street, Springfield, IL 62701, US')
    expect(sameEvent(feed, page)).toBe(true)
    expect(sameEvent(storytime('A', 'Königstraße 12, 70173 Stuttgart'), storytime('B', 'Königstraße 40, 70173 Stuttgart'))).toBe(false)
    expect(sameEvent(storytime('A', 'Raum 3, Königstraße 12, 70173 Stuttgart'), storytime('B', 'Königstraße 12, 70173 Stuttgart'))).toBe(true)
  })

  it('dedupeEvents passes the identities and the document scope on', () => {
    const a: Event = { title: 'Vorlesestunde', startDate: '2026-06-03T10:00:00+02:00', event_id: 'evt_1' }
    const b: Event = { ...a, event_id: 'evt_2' }
    expect(dedupeEvents([a, b], { identities: ['ics\u0000u1', 'ics\u0000u2'] }).events).toHaveLength(2)
    expect(dedupeEvents([a, b]).events).toHaveLength(1)
  })
})

describe('mergeEvents', () => {
  it('keeps the richer value of each field, whichever record comes first', () => {
    for (const merged of [mergeEvents(feed, page), mergeEvents(page, feed)]) {
      expect(merged.description).toBe('Stories, songs and rhymes for toddlers.')
      expect(merged.offers).toHaveLength(1)
      expect(merged.venue?.name).toBe('Children’s Room')
      expect(merged.image_url).toBe('https://lib.example.org/i.jpg')
      expect(merged.event_id).toBe('evt_a')
      expect(new Set(merged.categories?.map((c) => c.toLowerCase()))).toEqual(new Set(['kids', 'storytime']))
    }
  })

  it('keeps the more specific venue of a feed and a page, whichever comes first (issue 15)', () => {
    const at = { title: 'Lego Club', startDate: '2026-06-13T10:30:00-07:00' }
    const building = { name: 'Riverside Community Centre', address: '4261 Main Street, Riverside, CA 92501', latitude: null, longitude: null }
    const room = { name: 'Makerspace, Riverside Community Centre', address: null, latitude: null, longitude: null }
    for (const [a, b] of [
      [
        { ...at, venue: building },
        { ...at, venue: room },
      ],
      [
        { ...at, venue: room },
        { ...at, venue: building },
      ],
    ] as Event[][])
      expect(mergeEvents(a, b).venue).toEqual({ name: 'Makerspace, Riverside Community Centre', address: '4261 Main Street, Riverside, CA 92501', latitude: null, longitude: null })
    // Same number of venue fields: the fuller address is the more specific place.
    const town = { ...at, venue: { name: 'Town Hall', address: 'Springfield', latitude: null, longitude: null }, address: 'Springfield' }
    const street = { ...at, venue: { name: 'Town Hall', address: '100 Main Street, Springfield, IL 62701', latitude: null, longitude: null }, address: '100 Main Street, Springfield, IL 62701' }
    for (const [a, b] of [
      [town, street],
      [street, town],
    ] as Event[][]) {
      expect(mergeEvents(a, b).venue?.address).toBe('100 Main Street, Springfield, IL 62701')
      expect(mergeEvents(a, b).address).toBe('100 Main Street, Springfield, IL 62701')
    }
  })

  it('takes the precise time over a date-only one, with its end', () => {
    const merged = mergeEvents(
      { title: 'Lego Club', startDate: '2026-06-13', endDate: '2026-06-13' },
      { title: 'Lego Club', startDate: '2026-06-13T10:30:00-05:00', endDate: '2026-06-13T12:00:00-05:00' },
    )
    expect([merged.startDate, merged.endDate]).toEqual(['2026-06-13T10:30:00-05:00', '2026-06-13T12:00:00-05:00'])
  })
})

describe('dedupeEvents', () => {
  it('merges duplicates and counts them, keeping first-seen order', () => {
    const other: Event = { title: 'Chess Club', startDate: '2026-06-03T16:00:00-04:00', event_id: 'evt_z' }
    const { events, merged } = dedupeEvents([feed, other, page])
    expect(merged).toBe(1)
    expect(events.map((e) => e.title)).toEqual(['Toddler Storytime', 'Chess Club'])
  })

  it('collapses the same event given as JSON-LD and microdata on one page', () => {
    const html = `<html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Event","name":"Star Party","startDate":"2026-06-12T21:00-06:00","location":{"@type":"Place","name":"Observatory Hill"}}</script></head>
      <body><div itemscope itemtype="https://schema.org/Event"><h1 itemprop="name">Star Party</h1><time itemprop="startDate" datetime="2026-06-12T21:00-06:00">June 12, 9 PM</time>
      <p itemprop="description">Telescopes provided by the astronomy club; dress warmly.</p></div></body></html>`
    const { events, warnings } = runBytes(html, { baseUrl: 'https://parks.example.gov/star-party', window: { start: '2026-06-01', end: '2026-06-30' } })
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ title: 'Star Party', venue: { name: 'Observatory Hill' }, description: 'Telescopes provided by the astronomy club; dress warmly.' })
    expect(warnings).toContain('1 duplicate record(s) merged')
  })
})
