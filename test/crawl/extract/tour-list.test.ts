// Pins a band's tour list of inline fields (`<span class="date">DEC 12</span> <span class="venue">…</span>
// <span class="city">Nashville, TN</span> <a>Tickets</a>`): the venue and the city are the place, never the
// title, and a ticket status ("SOLD OUT") is no title either; under a generic "Tour Dates" heading each date is
// titled by the site's name, as the tour table already was.
import { describe, expect, it } from 'bun:test'
import { pageEvents } from '../../helpers/extract'

describe('a tour list of inline fields', () => {
  it('titles each date by the band, its place from the venue and city fields', () => {
    const row = (date: string, venue: string, city: string, tail: string) => `<li><span class="date">${date}</span> <span class="venue">${venue}</span> <span class="city">${city}</span> ${tail}</li>`
    const body = `<h1>Tour Dates</h1><ul class="tour-list">${row('DEC 12', 'The Bluebird Cafe', 'Nashville, TN', '<a href="https://tix.example/1">Tickets</a>')}${row('DEC 13', "Eddie's Attic", 'Decatur, GA', '<a href="https://tix.example/2">Tickets</a>')}${row('JAN 08 2027', 'The Saint', 'Asbury Park, NJ', '<span class="status">SOLD OUT</span>')}</ul>`
    const events = pageEvents(body, {
      lang: 'en-US',
      timezone: 'America/Chicago',
      window: { start: '2026-11-25', end: '2027-02-28' },
      baseUrl: 'https://www.juniperlanterns.example/tour',
      head: '<title>Tour | The Juniper Lanterns</title><meta property="og:site_name" content="The Juniper Lanterns">',
    })
    expect(events.map((e) => [e.title, e.startDate, e.venue?.name, e.venue?.address])).toEqual([
      ['The Juniper Lanterns', '2026-12-12', 'The Bluebird Cafe', 'Nashville, TN'],
      ['The Juniper Lanterns', '2026-12-13', "Eddie's Attic", 'Decatur, GA'],
      ['The Juniper Lanterns', '2027-01-08', 'The Saint', 'Asbury Park, NJ'],
    ])
  })
})
