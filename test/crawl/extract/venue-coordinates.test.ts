// Pins issue 18's venue coordinates: `venue.latitude`/`venue.longitude` are filled by every reader whose
// source gives a position — iCalendar GEO and VVENUE GEO, schema.org `geo` (JSON-LD and microdata), The
// Events Calendar's venue block, Localist's `geo`, Squarespace's map pin, Eventbrite's venue and the
// generic JSON reader's spellings (nested objects, PascalCase, GeoJSON, a "lat,lng" string, the record's
// own keys) — and never otherwise: not from an unset pin, not from 0,0, and not from a town's centre when
// the city was found from an address, a venue's wording or the organization's footer.
import { describe, expect, it } from 'bun:test'
import { runBytes } from '../../helpers/extract'

const ctx = { baseUrl: 'https://example.org/events', timezone: 'America/Chicago', window: { start: '2026-01-01', end: '2026-12-31' } }

function coordinates(body: string, contentType: string, baseUrl = ctx.baseUrl) {
  const { events } = runBytes(body, { ...ctx, baseUrl }, contentType)
  expect(events.length).toBeGreaterThan(0)
  return events.map((e) => (e.venue ? [e.venue.latitude, e.venue.longitude] : null))
}

const ics = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//t//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n')
const vevent = (...lines: string[]) => ['BEGIN:VEVENT', 'UID:1@t', 'DTSTAMP:20260101T000000Z', 'DTSTART:20260610T180000Z', 'SUMMARY:Talk', ...lines, 'END:VEVENT']
const json = (value: unknown) => JSON.stringify(value)
const generic = (record: Record<string, unknown>) => json({ events: [{ title: 'Talk', start: '2026-06-10T18:00:00-05:00', ...record }] })

describe('venue coordinates from the source', () => {
  it("iCalendar: GEO, and a VVENUE's GEO", () => {
    expect(coordinates(ics(...vevent('LOCATION:Main Library', 'GEO:40.015;-105.27')), 'text/calendar')).toEqual([[40.015, -105.27]])
    const venue = ['BEGIN:VVENUE', 'UID:v1', 'NAME:Lincoln Library', 'CITY:Springfield', 'GEO:39.8017;-89.6437', 'END:VVENUE']
    expect(coordinates(ics(...venue, ...vevent('LOCATION;VVENUE=v1:Lincoln Library')), 'text/calendar')).toEqual([[39.8017, -89.6437]])
  })

  it('schema.org: geo in JSON-LD and in microdata', () => {
    const ld = {
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Talk',
      startDate: '2026-06-10T18:00-05:00',
      location: { '@type': 'Place', name: 'Garden', geo: { '@type': 'GeoCoordinates', latitude: '41.5', longitude: '-90.5' } },
    }
    expect(coordinates(`<html><head><script type="application/ld+json">${json(ld)}</script></head><body></body></html>`, 'text/html')).toEqual([[41.5, -90.5]])
    const md =
      '<div itemscope itemtype="https://schema.org/Event"><span itemprop="name">Talk</span><time itemprop="startDate" datetime="2026-06-10T18:00-05:00">June 10</time><div itemprop="location" itemscope itemtype="https://schema.org/Place"><span itemprop="name">Garden</span><div itemprop="geo" itemscope itemtype="https://schema.org/GeoCoordinates"><meta itemprop="latitude" content="41.6"><meta itemprop="longitude" content="-90.6"></div></div></div>'
    expect(coordinates(`<html><body>${md}</body></html>`, 'text/html')).toEqual([[41.6, -90.6]])
  })

  it('vendor venue blocks: The Events Calendar, Localist, Squarespace (not its unset New York pin), Eventbrite', () => {
    const tec = {
      events: [
        {
          id: 1,
          title: 'Talk',
          start_date: '2026-06-10 18:00:00',
          end_date: '2026-06-10 19:00:00',
          timezone: 'America/Chicago',
          url: 'https://example.org/event/talk/',
          venue: { venue: 'Hall', city: 'Riverbend', geo_lat: 42.6526, geo_lng: -73.7562 },
        },
      ],
      total_pages: 1,
    }
    expect(coordinates(json(tec), 'application/json', 'https://example.org/wp-json/tribe/events/v1/events')).toEqual([[42.6526, -73.7562]])
    const localist = {
      events: [
        {
          event: {
            id: 5,
            title: 'Talk',
            url: 'https://calendar.example.edu/event/talk',
            location_name: 'Garden',
            geo: { latitude: '39.7990', longitude: '-89.6440', city: 'Springfield' },
            event_instances: [{ event_instance: { id: 9, start: '2026-06-10T18:00:00-05:00' } }],
          },
        },
      ],
      page: { current: 1, total: 1 },
    }
    expect(coordinates(json(localist), 'application/json', 'https://calendar.example.edu/api/2/events')).toEqual([[39.799, -89.644]])
    const pin = (lat: number, lng: number) =>
      json({
        website: { timeZone: 'America/Chicago' },
        upcoming: [
          {
            id: 'a',
            title: 'Talk',
            startDate: Date.UTC(2026, 5, 10, 23),
            endDate: Date.UTC(2026, 5, 11, 0),
            fullUrl: '/events/talk',
            location: { addressTitle: 'Hall', markerLat: lat, markerLng: lng },
          },
        ],
      })
    expect(coordinates(pin(44.97, -93.26), 'application/json', 'https://example.org/events?format=json')).toEqual([[44.97, -93.26]])
    expect(coordinates(pin(40.7207559, -74.0007613), 'application/json', 'https://example.org/events?format=json')).toEqual([[null, null]])
    const eventbrite = {
      events: [
        {
          name: { text: 'Talk' },
          start: { timezone: 'Australia/Perth', local: '2026-06-10T18:00:00', utc: '2026-06-10T10:00:00Z' },
          url: 'https://www.eventbrite.com.au/e/talk-1',
          id: '1',
          venue: { name: 'Estuary Visitor Centre', address: { address_1: '12 Riverside Drive', city: 'Mandurah', region: 'WA', latitude: '-32.5269', longitude: '115.7217' } },
        },
      ],
    }
    expect(coordinates(json(eventbrite), 'application/json', 'https://www.eventbriteapi.com/v3/organizations/1/events/')).toEqual([[-32.5269, 115.7217]])
  })

  it('platform JSON read by the generic reader, in any spelling', () => {
    const read = (record: Record<string, unknown>) => coordinates(generic(record), 'application/json')
    expect(read({ location: { Name: 'Hall', Latitude: 39.1, Longitude: -94.5 } })).toEqual([[39.1, -94.5]])
    expect(read({ venue: { name: 'Hall', geo: { lat: 39.2, lng: -94.6 } } })).toEqual([[39.2, -94.6]])
    expect(read({ venue: { name: 'Hall', geometry: { type: 'Point', coordinates: [-94.7, 39.3] } } })).toEqual([[39.3, -94.7]])
    expect(read({ location: { name: 'Hall', latlng: '39.4, -94.8' } })).toEqual([[39.4, -94.8]])
    expect(read({ location: 'Main Hall', lat: '39.5', lng: '-94.9' })).toEqual([[39.5, -94.9]])
  })
})

describe('no coordinates the source did not give', () => {
  it('leaves them out for 0,0 and for positions off the Earth', () => {
    expect(coordinates(generic({ venue: { name: 'Hall', latitude: 0, longitude: 0 } }), 'application/json')).toEqual([[null, null]])
    expect(coordinates(generic({ venue: { name: 'Hall', latitude: 95, longitude: 10 } }), 'application/json')).toEqual([[null, null]])
  })

  it("never writes a town's centre for a city read from the address, the venue's wording or the organization", () => {
    const rows =
      '<table><thead><tr><th>Meeting</th><th>Date</th><th>Time</th><th>Location</th></tr></thead><tbody><tr><td>Board</td><td>June 10, 2026</td><td>6:00 PM</td><td>1033 Fifth Street, Clovis, CA 93612</td></tr><tr><td>Council</td><td>June 11, 2026</td><td>6:00 PM</td><td></td></tr></tbody></table>'
    const html = `<html><body><main>${rows}</main><footer><p>200 W. 4th Street, Madera, CA 93637</p></footer></body></html>`
    const { events } = runBytes(html, { ...ctx, timezone: 'America/Los_Angeles' }, 'text/html')
    expect(events.map((e) => [e.title, e.city, e.venue?.latitude ?? null, e.venue?.longitude ?? null])).toEqual([
      ['Board', 'Clovis', null, null],
      ['Council', 'Madera', null, null],
    ])
  })
})
