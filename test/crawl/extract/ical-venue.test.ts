// Pins iCalendar vendor venues (issue 13): a VVENUE found by LOCATION;VVENUE=uid, X-VVENUE (uid or name),
// nesting in the VEVENT, or a LOCATION equal to its name fills name, street, city, region, postal code,
// country and coordinates; a LOCATION whose folding broke inside a word takes the venue's text; an event
// that refers to no venue keeps its own LOCATION; VVENUE never becomes an event or spoils the feed.
import { describe, expect, it } from 'bun:test'
import { extractIcs } from '../../../src/crawl/extract/ical/index'

const ctx = { baseUrl: 'https://town.example.org/events.ics', window: { start: '2026-01-01', end: '2026-12-31' } }
const venueBlock = (uid: string, name: string, more = '') =>
  `BEGIN:VVENUE\r\nUID:${uid}\r\nNAME:${name}\r\nADDRESS:12 Main St\r\nCITY:Springfield\r\nREGION:IL\r\nPOSTAL-CODE:62701\r\nCOUNTRY:US\r\n${more}END:VVENUE\r\n`
const event = (uid: string, extra: string) => `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTART:20260613T100000\r\nSUMMARY:Story Hour\r\n${extra}END:VEVENT\r\n`
const calendar = (body: string) => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${body}END:VCALENDAR\r\n`

describe('VVENUE', () => {
  it('is found by LOCATION;VVENUE=uid and fills the place, coordinates included', () => {
    const { candidates } = extractIcs(calendar(venueBlock('v1', 'Lincoln Library', 'GEO:39.8017;-89.6437\r\n') + event('e1', 'LOCATION;VVENUE=v1:Lincoln Library\r\n')), ctx)
    expect(candidates).toHaveLength(1)
    expect(candidates[0].place).toEqual({
      name: 'Lincoln Library',
      street: '12 Main St',
      city: 'Springfield',
      region: 'IL',
      postalCode: '62701',
      country: 'US',
      latitude: 39.8017,
      longitude: -89.6437,
    })
  })

  it('is found by X-VVENUE (uid or name), by nesting, and by a LOCATION that is its name', () => {
    const byUid = extractIcs(calendar(event('e1', 'X-VVENUE:v1\r\n') + venueBlock('v1', 'Lincoln Library')), ctx).candidates[0]
    expect(byUid.place).toMatchObject({ name: 'Lincoln Library', city: 'Springfield' })
    const byName = extractIcs(calendar(venueBlock('v1', 'Lincoln Library') + event('e1', 'X-VVENUE:Lincoln Library\r\n')), ctx).candidates[0]
    expect(byName.place).toMatchObject({ postalCode: '62701' })
    const nested = extractIcs(calendar(event('e1', `LOCATION:Lincoln Library\r\n${venueBlock('v9', 'Lincoln Library')}`)), ctx).candidates[0]
    expect(nested.place).toMatchObject({ name: 'Lincoln Library', region: 'IL' })
    const byLocation = extractIcs(calendar(venueBlock('v1', 'Lincoln Library') + event('e1', 'LOCATION:Lincoln Library\r\n')), ctx).candidates[0]
    expect(byLocation.place).toMatchObject({ street: '12 Main St' })
  })

  it('repairs a LOCATION whose fold broke inside a word with the venue’s text', () => {
    const ics = calendar(venueBlock('v1', 'Springfield Community Auditorium') + event('e1', 'LOCATION;VVENUE=v1:Springfield Community Audit\r\norium\r\n'))
    expect(extractIcs(ics, ctx).candidates[0].place?.name).toBe('Springfield Community Auditorium')
  })

  it('leaves events without a venue reference alone, and a VVENUE is never an event', () => {
    const { candidates, warnings } = extractIcs(calendar(venueBlock('v1', 'Lincoln Library') + event('e1', 'LOCATION:Town Hall Annex\r\n')), ctx)
    expect(candidates).toHaveLength(1)
    expect(candidates[0].place).toEqual({ name: 'Town Hall Annex' })
    expect(warnings).toEqual([])
  })

  it('keeps the event’s own name for a referenced venue when its LOCATION names a room in it', () => {
    const c = extractIcs(calendar(venueBlock('v1', 'Lincoln Library') + event('e1', 'LOCATION;VVENUE=v1:Meeting Room B\r\n')), ctx).candidates[0]
    expect(c.place).toMatchObject({ name: 'Meeting Room B', street: '12 Main St', city: 'Springfield' })
  })
})
