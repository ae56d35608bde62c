// Pins issue 18's "every event knows its city" rule order and its record: the source's locality field,
// then the written address, then a town the venue's wording names, then another event of the document at
// the same venue, then the organization's own address (page footer, contact block, JSON-LD Organization)
// — never for an event that happens only online — each saying which gave the city in `_locality`, which
// also carries the region and country and, for search, the city's centroid; the served record's fields are untouched.
import { describe, expect, it } from 'bun:test'
import { assignCities, type PlacedItem } from '../../../src/crawl/normalize/event-city'
import type { NormalizedEvent } from '../../../src/model/event'
import { runBytes, schemaErrors } from '../../helpers/extract'

const item = (event: NormalizedEvent, place?: PlacedItem['place']): PlacedItem => ({ event: { title: 't', ...event }, place })

describe('assignCities', () => {
  it("takes the source's locality field first, then the address, then the venue's wording, and says which", () => {
    const items = [
      item({ city: 'harrisburg', address: '400 North Street, Pittsburgh, PA 15219' }, { city: 'harrisburg', region: 'PA' }),
      item({ address: '11400 Olde Cabin Road Creve Coeur, MO 63141' }),
      item({ venue: { name: 'Forum Groningen', address: null, latitude: null, longitude: null } }),
    ]
    assignCities(items, { zone: 'Europe/Amsterdam' })
    expect(items.map((i) => [i.event.city, i.event._locality])).toEqual([
      ['Harrisburg', { citySource: 'source', region: 'PA', country: 'US', latitude: expect.closeTo(40.27, 1), longitude: expect.closeTo(-76.88, 1) }],
      ['Creve Coeur', { citySource: 'address', region: 'MO', country: 'US', latitude: expect.closeTo(38.66, 1), longitude: expect.closeTo(-90.42, 1) }],
      ['Groningen', { citySource: 'venue', region: '04', country: 'NL', latitude: expect.closeTo(53.22, 1), longitude: expect.closeTo(6.57, 1) }],
    ])
  })

  it("lends a venue's city to the document's other events there, before the organization's", () => {
    const hall = { name: 'House of Connections', address: null, latitude: null, longitude: null }
    const items = [
      item({ address: 'House of Connections, Grote Markt 21, 9712 HR Groningen' }),
      item({ venue: hall }),
      item({ venue: { name: 'Room Omega', address: null, latitude: null, longitude: null } }),
    ]
    assignCities(items, { zone: 'Europe/Amsterdam', organization: { address: 'Wirdumerdijk 34, 8911 CE Leeuwarden' } })
    expect(items.map((i) => [i.event.city, i.event._locality?.citySource])).toEqual([
      ['Groningen', 'address'],
      ['Groningen', 'same-venue'],
      ['Leeuwarden', 'organization'],
    ])
  })

  it("gives the organization's town to events without a place, but not to events that happen only online", () => {
    const items = [
      item({}),
      item({ address: 'via Zoom' }),
      item({ is_online: true }),
      item({ venue: { name: 'Online', address: null, latitude: null, longitude: null } }),
      item({ attendanceMode: 'OnlineEventAttendanceMode', venue: { name: 'Main Hall', address: null, latitude: null, longitude: null } }),
    ]
    assignCities(items, { zone: 'America/Los_Angeles', organization: { address: 'W. Lacey Blvd Hanford CA 93230' } })
    expect(items.map((i) => i.event.city ?? null)).toEqual(['Hanford', null, null, null, null])
    // The city's centroid is noted for search (issue 18), never in the served record.
    expect(items[0].event._locality).toEqual({ citySource: 'organization', region: 'CA', country: 'US', latitude: expect.closeTo(36.33, 1), longitude: expect.closeTo(-119.65, 1) })
    expect(items[0].event.venue?.latitude).toBeUndefined()
  })

  it('keeps events an earlier pass placed, and leaves a city out rather than guess', () => {
    const placed = item({ city: 'Visalia', _locality: { citySource: 'address', region: 'CA', country: 'US' }, venue: { name: 'Hall', address: null, latitude: null, longitude: null } })
    const later = item({ venue: { name: 'Hall', address: null, latitude: null, longitude: null } })
    const nowhere = item({ venue: { name: 'Theater Room', address: null, latitude: null, longitude: null } })
    assignCities([placed, later, nowhere], { zone: 'America/Chicago' })
    expect([placed.event.city, later.event.city, later.event._locality?.citySource, nowhere.event.city, nowhere.event._locality]).toEqual(['Visalia', 'Visalia', 'same-venue', undefined, undefined])
  })
})

const window = { start: '2026-01-01', end: '2026-12-31' }

const page = (body: string, head = '') => `<!doctype html><html lang="en"><head><title>Meetings</title>${head}</head><body><main><h1>Board meetings</h1>
<table><thead><tr><th>Meeting</th><th>Date</th><th>Time</th></tr></thead><tbody>
<tr><td>Board of Supervisors</td><td>March 3, 2026</td><td>9:00 AM</td></tr>
<tr><td>Planning Commission</td><td>March 10, 2026</td><td>6:00 PM</td></tr>
</tbody></table></main>${body}</body></html>`

describe("the organization's address in a whole document", () => {
  it('reads it from the page footer', () => {
    const html = page('<footer id="page_footer"><div class="footer_address"><p>Kings County, CA | 1400 W. Lacey Blvd Hanford CA 93230</p><p>© 2026 Kings County</p></div></footer>')
    const { events } = runBytes(html, { baseUrl: 'https://www.countyofkings.example/meetings', timezone: 'America/Los_Angeles', window })
    expect(events.map((e) => [e.title, e.city, e._locality?.citySource])).toEqual([
      ['Board of Supervisors', 'Hanford', 'organization'],
      ['Planning Commission', 'Hanford', 'organization'],
    ])
    for (const e of events) expect(schemaErrors(e)).toEqual([])
  })

  it('reads it from a JSON-LD Organization, before the footer', () => {
    const ld = {
      '@context': 'https://schema.org',
      '@type': 'GovernmentOrganization',
      name: 'City of Sunland Park',
      address: { '@type': 'PostalAddress', streetAddress: '1000 McNutt Rd.', addressLocality: 'Sunland Park', addressRegion: 'NM', postalCode: '88063' },
    }
    const html = page('<footer><p>200 W. 4th Street, Madera, CA 93637</p></footer>', `<script type="application/ld+json">${JSON.stringify(ld)}</script>`)
    const { events, extracted } = runBytes(html, { baseUrl: 'https://sunlandpark.example/meetings', timezone: 'America/Denver', window })
    expect(extracted.organizationPlace).toMatchObject({ city: 'Sunland Park', region: 'NM' })
    expect(events.map((e) => e.city)).toEqual(['Sunland Park', 'Sunland Park'])
  })

  it('gives no city when the page states no address of the organization', () => {
    const { events, extracted } = runBytes(page('<footer><p>Contact us · Privacy</p></footer>'), { baseUrl: 'https://example.org/meetings', timezone: 'America/Chicago', window })
    expect(extracted.organizationPlace).toBeUndefined()
    expect(events).toHaveLength(2)
    expect(events.map((e) => e.city)).toEqual([undefined, undefined])
  })
})
