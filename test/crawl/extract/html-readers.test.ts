// Pins the structured-data readers and the one schema.org mapper: microdata value rules and itemref,
// RDFa Lite prefixes and nested typed nodes, JSON-LD graphs/arrays/type arrays/full-URL types/subEvent and
// the schema.org context's `type`/`id` aliases, h-event implied properties, every Event subtype, and the
// crawl links (calendar feeds, Google Calendar embeds, next page, event pages). A place gets only the parts its
// item states, in one key order (built without deleting the absent ones).
import { describe, expect, it } from 'bun:test'
import { parse } from 'parse5'
import { extractHtml } from '../../../src/crawl/extract/html'
import { parseMicrodata } from '../../../src/crawl/extract/html/microdata'
import { parseRdfa } from '../../../src/crawl/extract/html/rdfa'
import { findEvents, fromSchemaOrg, isEventItem } from '../../../src/crawl/extract/schema-org'
import type { ExtractContext } from '../../../src/crawl/candidate-types'

const ctx: ExtractContext = { baseUrl: 'https://museum.example.org/visit/events', window: { start: '2026-01-01', end: '2026-12-31' } }
const source = { url: ctx.baseUrl, format: 'html' as const, method: 'test' }

describe('schema.org places', () => {
  it('keeps only the parts a place states, in one key order', () => {
    const event = {
      '@type': 'Event',
      name: 'Talk',
      startDate: '2026-03-01',
      location: {
        '@type': 'Place',
        name: 'Hall',
        address: { '@type': 'PostalAddress', addressLocality: 'Memphis', postalCode: '38103' },
        geo: { latitude: '35.1', longitude: '-90' },
        url: 'https://hall.example/',
      },
    }
    const [found] = findEvents([event])
    expect(Object.entries(fromSchemaOrg(found, source).place ?? {})).toEqual([
      ['name', 'Hall'],
      ['city', 'Memphis'],
      ['postalCode', '38103'],
      ['latitude', 35.1],
      ['longitude', -90],
      ['url', 'https://hall.example/'],
    ])
    const full = {
      ...event,
      location: { '@type': 'Place', address: { '@type': 'PostalAddress', addressCountry: { name: 'US' }, postalCode: '1', addressRegion: 'TN', addressLocality: 'M', streetAddress: 'S' } },
    }
    expect(Object.keys(fromSchemaOrg(findEvents([full])[0], source).place ?? {})).toEqual(['street', 'city', 'region', 'postalCode', 'country'])
  })
})

describe('microdata', () => {
  it('applies the value rules per element and the content attribute anywhere', () => {
    const [item] = parseMicrodata(
      parse(`<div itemscope itemtype="https://schema.org/Event" itemid="urn:ev:1">
      <meta itemprop="name" content="Meta name"><a itemprop="url" href="/e/1">link</a><img itemprop="image" src="i.jpg">
      <time itemprop="startDate" datetime="2026-03-01T10:00">March 1</time><data itemprop="duration" value="PT1H">an hour</data>
      <span itemprop="eventStatus" content="EventScheduled">on</span><span itemprop="description keywords"> Two  names
      </span></div>`),
    )
    expect(item).toEqual({
      '@type': 'https://schema.org/Event',
      '@id': 'urn:ev:1',
      name: 'Meta name',
      url: '/e/1',
      image: 'i.jpg',
      startDate: '2026-03-01T10:00',
      duration: 'PT1H',
      eventStatus: 'EventScheduled',
      description: 'Two names',
      keywords: 'Two names',
    })
  })

  it('follows itemref and builds nested items', () => {
    const items = parseMicrodata(
      parse(`<div itemscope itemtype="https://schema.org/Event" itemref="where when"><span itemprop="name">Quilt Show</span></div>
      <p id="when"><meta itemprop="startDate" content="2026-04-04"></p>
      <div id="where" itemprop="location" itemscope itemtype="https://schema.org/Place"><span itemprop="name">Grange Hall</span></div>`),
    )
    expect(items[0]).toEqual({ '@type': 'https://schema.org/Event', name: 'Quilt Show', location: { '@type': 'https://schema.org/Place', name: 'Grange Hall' }, startDate: '2026-04-04' })
  })
})

describe('RDFa Lite', () => {
  it('expands prefixes and vocabularies, nests typed nodes and ignores Open Graph tags', () => {
    const items = parseRdfa(
      parse(`<html prefix="og: http://ogp.me/ns# s: https://schema.org/"><head><meta property="og:title" content="Page"></head><body>
      <div typeof="s:ExhibitionEvent" resource="#quilts"><span property="s:name">Quilts</span><meta property="s:startDate" content="2026-05-01">
      <div property="s:location" typeof="s:Place"><span property="s:name">East Gallery</span></div></div></body></html>`),
    )
    expect(items).toEqual([
      { '@type': 'https://schema.org/ExhibitionEvent', '@id': '#quilts', name: 'Quilts', startDate: '2026-05-01', location: { '@type': 'https://schema.org/Place', name: 'East Gallery' } },
    ])
  })
})

describe('JSON-LD and the schema.org mapper', () => {
  it('knows every Event subtype, type arrays and full-URL types', () => {
    for (const t of [
      'Event',
      'MusicEvent',
      'TheaterEvent',
      'ScreeningEvent',
      'EducationEvent',
      'ChildrensEvent',
      'SocialEvent',
      'ExhibitionEvent',
      'Festival',
      'http://schema.org/Event',
      'https://schema.org/SportsEvent',
      'schema:DanceEvent',
    ])
      expect(isEventItem({ '@type': t })).toBe(true)
    expect(isEventItem({ '@type': ['Thing', 'FoodEvent'] })).toBe(true)
    expect(isEventItem({ type: 'PerformingArtsEvent' })).toBe(true)
    expect([isEventItem({ '@type': 'Place' }), isEventItem({ '@type': 'Organization' }), isEventItem({})]).toEqual([false, false, false])
  })

  it('finds events in graphs, arrays and subEvent, following @id references', () => {
    const doc = [
      {
        '@graph': [
          { '@id': '#hall', '@type': 'Place', name: 'Hall' },
          { '@type': 'Festival', name: 'Folk Fest', startDate: '2026-07-01', location: { '@id': '#hall' }, subEvent: [{ '@type': 'MusicEvent', name: 'Opening Set', startDate: '2026-07-01T18:00' }] },
        ],
      },
    ]
    const index = new Map([['#hall', doc[0]['@graph'][0] as Record<string, unknown>]])
    const found = findEvents(doc, index)
    expect(found.map((f) => f.item.name)).toEqual(['Folk Fest', 'Opening Set'])
    expect(fromSchemaOrg(found[0], source, index).place).toEqual({ name: 'Hall' })
  })

  it('titles an unnamed tour date after the band that lists it, and makes the band its performer', () => {
    const [found] = findEvents([{ '@type': 'MusicGroup', name: 'The Band', event: [{ '@type': 'Event', startDate: '2026-05-20', location: 'Memphis, TN' }] }])
    expect(fromSchemaOrg(found, source)).toMatchObject({ title: 'The Band', performers: ['The Band'], place: { address: 'Memphis, TN' } })
  })

  it('maps the schema.org vocabulary to a Candidate', () => {
    const [found] = findEvents([
      {
        '@context': 'https://schema.org',
        '@type': 'ChildrensEvent',
        '@id': 'https://museum.example.org/e/7',
        name: 'Bug Hunt',
        startDate: '2026-06-06T10:00-05:00',
        endDate: '2026-06-06T11:00-05:00',
        duration: 'PT1H',
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        eventStatus: 'https://schema.org/EventPostponed',
        isAccessibleForFree: 'True',
        typicalAgeRange: '5-9',
        keywords: 'nature, insects',
        image: [{ '@type': 'ImageObject', url: '/bugs.jpg' }],
        location: [
          { '@type': 'VirtualLocation', url: 'https://zoom.us/j/1' },
          { '@type': 'Place', name: 'Garden', geo: { latitude: '41.5', longitude: '-90.5' } },
        ],
        offers: [{ '@type': 'AggregateOffer', lowPrice: '$4', priceCurrency: 'USD' }],
        organizer: { '@type': 'Organization', name: 'Museum', url: '/' },
        performer: ['Dr. Ant', { '@type': 'Person', name: 'Ms. Bee' }],
      },
    ])
    expect(fromSchemaOrg(found, source)).toEqual({
      source: { ...source, id: 'https://museum.example.org/e/7' },
      title: 'Bug Hunt',
      start: { date: '2026-06-06', time: '10:00', offset: '-05:00' },
      end: { date: '2026-06-06', time: '11:00', offset: '-05:00' },
      duration: 'PT1H',
      place: { name: 'Garden', latitude: 41.5, longitude: -90.5 },
      onlineUrl: 'https://zoom.us/j/1',
      attendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      status: 'https://schema.org/EventPostponed',
      offers: [{ price: 4, priceText: '$4', priceCurrency: 'USD' }],
      isAccessibleForFree: true,
      performers: ['Dr. Ant', 'Ms. Bee'],
      organizer: { name: 'Museum', url: '/' },
      image: '/bugs.jpg',
      categories: ['nature', 'insects', 'children'],
      audience: '5-9',
    })
  })
})

describe('h-event', () => {
  it('implies name and url from a bare link and reads classic hCalendar', () => {
    const { candidates } = extractHtml(
      '<a class="h-event" href="/e/9"><time class="dt-start" datetime="2026-02-02T19:00">Feb 2</time> Moth Night</a><div class="vevent"><span class="summary">Old Style</span><abbr class="dtstart" title="2026-02-03">Feb 3</abbr></div>',
      ctx,
    )
    expect(candidates.map((c) => [c.title, c.url, c.start, c.source.method])).toEqual([
      ['Feb 2 Moth Night', '/e/9', { date: '2026-02-02', time: '19:00:00' }, 'h-event'],
      ['Old Style', undefined, { date: '2026-02-03' }, 'hcalendar'],
    ])
  })
})

describe('crawl links', () => {
  it('collects calendar feeds (webcal, ?ical=1, Google embeds), the next page and event pages', () => {
    const { links } = extractHtml(
      `<html><head><link rel="alternate" type="text/calendar" href="/events.ics"><link rel="next" href="/visit/events/page/2/"></head><body>
      <a href="webcal://museum.example.org/cal/all.ics">Subscribe</a><a href="/visit/events/?ical=1">iCal</a>
      <iframe src="https://calendar.google.com/calendar/embed?src=museum%40example.org&ctz=America%2FChicago"></iframe>
      <a href="/visit/events/moth-night/">Moth Night</a><a href="/visit/events/category/kids/">Kids</a><a href="https://other.example.com/events/x">Elsewhere</a></body></html>`,
      ctx,
    )
    expect(links).toEqual({
      calendars: [
        'https://museum.example.org/events.ics',
        'https://museum.example.org/cal/all.ics',
        'https://museum.example.org/visit/events/?ical=1',
        'https://calendar.google.com/calendar/ical/museum%40example.org/public/basic.ics',
      ],
      events: ['https://museum.example.org/visit/events/moth-night/'],
      next: 'https://museum.example.org/visit/events/page/2/',
    })
  })
})

describe('listing as table rows', () => {
  it('reads a table of events with a date column', () => {
    const html = `<table class="events"><thead><tr><th>Date</th><th>Program</th><th>Time</th></tr></thead><tbody>
      <tr><td>Tuesday, March 3, 2026</td><td><a href="/p/knit">Knitting Circle</a></td><td>6:00 pm</td></tr>
      <tr><td>Thursday, March 5, 2026</td><td><a href="/p/chess">Chess for Kids</a></td><td>4:00 pm - 5:00 pm</td></tr>
      <tr><td>Saturday, March 7, 2026</td><td><a href="/p/seed">Seed Library Swap</a></td><td>All day</td></tr></tbody></table>`
    const { candidates } = extractHtml(html, { ...ctx, window: { start: '2026-03-01', end: '2026-03-31' } })
    expect(candidates.map((c) => [c.title, c.url, c.start, c.end])).toEqual([
      ['Knitting Circle', '/p/knit', { date: '2026-03-03', time: '18:00' }, undefined],
      ['Chess for Kids', '/p/chess', { date: '2026-03-05', time: '16:00' }, { date: '2026-03-05', time: '17:00' }],
      ['Seed Library Swap', '/p/seed', { date: '2026-03-07' }, undefined],
    ])
  })
})
