/**
 * The generic JSON event-list reader (issue 14): the date and time forms calendar APIs write, where the
 * records sit in a document, which rows are no events (placeholders, drafts, templates), JSONP and XSSI
 * wrappers, and format detection routing any JSON or JSONP event list to it while the named JSON formats
 * (The Events Calendar, Localist, Trumba, Squarespace) keep their own readers.
 */
import { describe, expect, it } from 'bun:test'
import { detectFormat } from '../../../src/crawl/extract/detect'
import { parseClock, parseDateValue } from '../../../src/crawl/extract/json-events/values'
import { findRecords, stripXssiPrefix, unwrapJsonp } from '../../../src/crawl/extract/json-events/records'
import { runBytes } from '../../helpers/extract'

const us = { dayFirst: false, ref: '2026-06-01' }
const eu = { dayFirst: true, ref: '2026-06-01' }

describe('parseDateValue', () => {
  it('reads the forms APIs write', () => {
    const cases: [unknown, typeof us, unknown][] = [
      ['2026-06-08T18:00:00', us, { date: '2026-06-08', time: '18:00:00' }],
      ['2026-06-08 18:00', us, { date: '2026-06-08', time: '18:00' }],
      ['2026-06-08T18:00:00Z', us, { date: '2026-06-08', time: '18:00:00', offset: 'Z' }],
      ['2025/12/17 17:15:00', us, { date: '2025-12-17', time: '17:15:00' }],
      ['3/2/2026 5:00:00 PM', us, { date: '2026-03-02', time: '17:00:00' }],
      ['3/2/2026 5:00:00 PM', eu, { date: '2026-02-03', time: '17:00:00' }],
      ['25/06/2026', us, { date: '2026-06-25' }],
      ['25.06.2026 19:30', eu, { date: '2026-06-25', time: '19:30' }],
      ['/Date(1782086400000)/', us, { date: '2026-06-22', time: '00:00:00', offset: 'Z' }],
      ['/Date(1782086400000-0500)/', us, { date: '2026-06-22', time: '00:00:00', offset: 'Z' }],
      [1782086400, us, { date: '2026-06-22', time: '00:00:00', offset: 'Z' }],
      [1782086400000, us, { date: '2026-06-22', time: '00:00:00', offset: 'Z' }],
      ['1782086400', us, { date: '2026-06-22', time: '00:00:00', offset: 'Z' }],
      ['Sat, 06 Jun 2026 10:00:00 -0400', us, { date: '2026-06-06', time: '10:00:00', offset: '-04:00' }],
      ['05:30 PM', us, { time: '17:30' }],
      ['13:00', us, { time: '13:00' }],
      [{ local: '2026-06-06T08:00:00', timezone: 'Australia/Perth', utc: '2026-06-06T00:00:00Z' }, us, { date: '2026-06-06', time: '08:00:00', zone: 'Australia/Perth' }],
      [{ dateTime: '2026-06-10T18:30:00-05:00', timeZone: 'America/Chicago' }, us, { date: '2026-06-10', time: '18:30:00', offset: '-05:00', zone: 'America/Chicago' }],
      // An offset that is not the named zone's at that moment keeps the offset alone.
      [{ dateTime: '2026-06-10T18:30:00-07:00', timeZone: 'America/Chicago' }, us, { date: '2026-06-10', time: '18:30:00', offset: '-07:00' }],
      [{ date: '2026-06-13' }, us, { date: '2026-06-13' }],
      [{ millis: 1781298000000, tzid: 'America/Denver' }, us, { date: '2026-06-12', time: '21:00:00', offset: 'Z', zone: 'America/Denver' }],
    ]
    for (const [value, opts, expected] of cases) expect({ value, got: parseDateValue(value, opts) as unknown }).toEqual({ value, got: expected })
  })

  it('refuses what is no date', () => {
    for (const value of ['', 'Council Chambers', '13/13/2026', '2026-02-30', 42, true, null, '25:00', { foo: 1 }]) expect({ value, got: parseDateValue(value, us) }).toEqual({ value, got: undefined })
  })

  it('reads clock times with and without a meridiem', () => {
    expect(['12:00 AM', '12:30 pm', '6 p.m.', '06:00:00', '23:59', '13:00 PM', '24:00'].map(parseClock)).toEqual(['00:00', '12:30', '18:00', '06:00:00', '23:59', undefined, undefined])
  })
})

describe('records and wrappers', () => {
  it('finds event lists wherever they sit, and not lists of other things', () => {
    const doc = {
      data: [
        { Date: '02/03/2026', Items: [{ Name: 'A', DateTime: '3/2/2026 5:00:00 PM' }] },
        { Date: '09/03/2026', Items: [{ Name: 'B', DateTime: '3/9/2026 6:30:00 PM' }] },
      ],
      meta: { users: [{ name: 'x', email: 'y' }] },
    }
    expect(findRecords(doc).map((r) => r.Name)).toEqual(['A', 'B'])
    expect(findRecords({ d: [{ MeetingName: 'M', StartDate: '2025/12/17 17:15:00' }] })).toHaveLength(1)
    expect(findRecords({ value: [{ eventName: 'E', startDateTime: '2026-01-06T09:00:00Z' }] })).toHaveLength(1)
    expect(findRecords({ byId: { a: { title: 'One', start: '2026-06-01' }, b: { title: 'Two', start: '2026-06-02' } } })).toHaveLength(2)
    expect(findRecords({ posts: [{ title: 'News', author: 'Ann' }] })).toEqual([])
  })

  it('unwraps JSONP and strips anti-XSSI prefixes', () => {
    expect(unwrapJsonp('cb({"a":1});')).toBe('{"a":1}')
    expect(unwrapJsonp('/**/ jQuery_12.x ( [1,2] )')).toBe('[1,2]')
    expect(unwrapJsonp('({"html":"<p>x</p>"})')).toBe('{"html":"<p>x</p>"}')
    expect(unwrapJsonp('{"a":1}')).toBeUndefined()
    expect(unwrapJsonp('alert(1)')).toBeUndefined()
    expect(stripXssiPrefix(")]}'\n[1]")).toBe('[1]')
    expect(stripXssiPrefix('while(1);{"a":1}')).toBe('{"a":1}')
  })
})

describe('skipped rows', () => {
  const ctx = { baseUrl: 'https://example.org/api/events', timezone: 'America/Chicago', window: { start: '2026-06-01', end: '2026-08-31' } }

  it('skips placeholders, drafts, unpublished rows and templates, and says how many', () => {
    const doc = [
      { title: 'Board Meeting', start: '2026-06-02T18:00:00' },
      { title: 'No Meetings', start: '2026-06-09T00:00:00' },
      { title: 'No meeting scheduled', start: '2026-06-16' },
      { title: 'Draft Gala', start: '2026-06-20T18:00:00', status: 'draft' },
      { title: 'Hidden thing', start: '2026-06-21T18:00:00', isPublished: false },
      { title: 'TEST TEMPLATE TO COPY', start: '2026-06-22T18:00:00' },
    ]
    const { events, warnings } = runBytes(JSON.stringify(doc), ctx, 'application/json')
    expect(events.map((e) => e.title)).toEqual(['Board Meeting'])
    expect(warnings.some((w) => /5 record\(s\) skipped/.test(w))).toBe(true)
  })

  it('reads LibCal API 1.1 events (offsets written, public URL and location objects)', () => {
    const doc = {
      events: [
        {
          id: 77,
          title: 'Code Club',
          allday: false,
          start: '2026-06-09T16:00:00-04:00',
          end: '2026-06-09T17:00:00-04:00',
          url: { public: 'https://riverside.libcal.com/event/77', admin: 'https://riverside.libcal.com/admin/event/77' },
          location: { id: 5, type: 0, name: 'Teen Room' },
          campus: { id: 2, name: 'Central' },
          category: [{ id: 9, name: 'Teens' }],
        },
      ],
    }
    const { events } = runBytes(JSON.stringify(doc), { ...ctx, baseUrl: 'https://riverside.libcal.com/1.1/events?cal_id=4321', timezone: 'America/New_York' }, 'application/json')
    expect(events.map((e) => [e.title, e.startDate, e.endDate, e.url, e.venue?.name])).toEqual([
      ['Code Club', '2026-06-09T16:00:00-04:00', '2026-06-09T17:00:00-04:00', 'https://riverside.libcal.com/event/77', 'Teen Room'],
    ])
  })

  it('hands the JSON inside JSONP to the reader its shape calls for', () => {
    const tec =
      'tribeCallback({"events":[{"id":9,"title":"Open House","start_date":"2026-06-05 17:00:00","end_date":"2026-06-05 19:00:00","utc_start_date":"2026-06-05 22:00:00","utc_end_date":"2026-06-06 00:00:00","timezone":"America/Chicago","all_day":false,"url":"https://example.org/event/open-house/"}],"total_pages":1});'
    const { extracted, events } = runBytes(tec, ctx, 'application/javascript')
    expect(extracted.format).toBe('tec-json')
    expect(events.map((e) => [e.title, e.startDate])).toEqual([['Open House', '2026-06-05T17:00:00-05:00']])
  })

  it('reads a JSON-LD document served on its own with the schema.org reader', () => {
    const doc = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'Organization', name: 'Club' },
        {
          '@type': 'MusicEvent',
          name: 'Summer Concert',
          startDate: '2026-06-20T19:00',
          location: { '@type': 'Place', name: 'Bandshell', address: { '@type': 'PostalAddress', streetAddress: '1 Park Ave', addressLocality: 'Springfield' } },
        },
      ],
    }
    const { events } = runBytes(JSON.stringify(doc), ctx, 'application/ld+json')
    expect(events.map((e) => [e.title, e.startDate, e.venue?.name, e.city])).toEqual([['Summer Concert', '2026-06-20T19:00:00-05:00', 'Bandshell', 'Springfield']])
  })

  it('reads a false Z as local only where the record shows it', () => {
    const doc = [
      { title: 'Shown local', start: '2026-06-02T18:00:00Z', displayTime: '6:00 PM' },
      { title: 'True instant', start: '2026-06-03T23:00:00Z', displayTime: '6:00 PM' },
      { title: 'No evidence', start: '2026-06-04T23:00:00Z' },
    ]
    const { events } = runBytes(JSON.stringify(doc), ctx, 'application/json')
    expect(events.map((e) => [e.title, e.startDate])).toEqual([
      ['Shown local', '2026-06-02T18:00:00-05:00'],
      ['True instant', '2026-06-03T18:00:00-05:00'],
      ['No evidence', '2026-06-04T18:00:00-05:00'],
    ])
  })
})

describe('format detection', () => {
  it('routes JSON and JSONP event lists to the generic reader, and the named shapes to their own', () => {
    expect(detectFormat('[{"title":"A","start":"2026-06-01"}]')).toBe('json-events')
    expect(detectFormat('callback({"events":[{"name":"A","startDate":"2026-06-01"}]})')).toBe('json-events')
    expect(detectFormat(")]}'\n" + '{"items":[{"summary":"A","start":{"date":"2026-06-01"}}],"kind":"calendar#events"}')).toBe('json-events')
    expect(detectFormat('{"html":"<article itemscope itemtype=\\"http://schema.org/Event\\"><h3>A</h3><p>Some text that is long enough to be a listing of events for the test.</p></article>"}')).toBe(
      'json-events',
    )
    expect(detectFormat('{"events":[{"id":1,"start_date":"2026-06-01 10:00:00","utc_start_date":"2026-06-01 14:00:00"}],"total_pages":1}')).toBe('tec-json')
    expect(detectFormat('{"events":[{"event":{"id":1,"title":"A","event_instances":[]}}]}')).toBe('localist-json')
    expect(detectFormat('{"name":"x","version":"1.0.0","dependencies":{}}')).toBe('unknown')
  })
})
