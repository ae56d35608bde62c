// Pins weekly schedule tables (week-table.ts): weekdays across the header row or down the first column
// make each filled cell a weekly program at the time in the cell or its row's header, in the room the
// other header names, bounded by a season said above the table (the longest span of four weeks or more,
// not a closure beside it); a month grid (weekdays in every header cell, day numbers down) is none, and a
// cell without a time gives nothing. Also pins that a <header> wrapping only an h2–h6 is content
// (page-marks.ts: TYPO3 content elements).
import { describe, expect, it } from 'bun:test'
import { extractDocument } from '../../../src/crawl/extract'
import { normalizeCandidates } from '../../../src/crawl/normalize'

function events(body: string, lang = 'en', timezone = 'America/Chicago', window = { start: '2026-12-06', end: '2026-12-19' }, main = 'main'): string[] {
  const html = `<!DOCTYPE html><html lang="${lang}"><body><${main}><h1>Schedule</h1>${body}</${main}></body></html>`
  const c = { baseUrl: 'https://rec.example.org/', timezone, window }
  return normalizeCandidates(extractDocument(new TextEncoder().encode(html), c).candidates, c).events.map((e) => `${e.startDate} ${e.title}${e.venue?.name ? ` @ ${e.venue.name}` : ''}`)
}

const ROOMS = `<table><tr><th></th><th>Gym</th><th>Studio A</th></tr>
<tr><td>Monday</td><td>Pickleball<br>8:00 – 10:00 am</td><td></td></tr>
<tr><td>Wednesday</td><td></td><td>Chair Yoga<br>9:30 am</td></tr>
<tr><td>Friday</td><td>Open Gym</td><td></td></tr></table>`

describe('weekly schedule tables', () => {
  it('give each timed cell its row weekday and its column room, every week of the window', () => {
    expect(events(ROOMS)).toEqual([
      '2026-12-07T08:00:00-06:00 Pickleball @ Gym',
      '2026-12-09T09:30:00-06:00 Chair Yoga @ Studio A',
      '2026-12-14T08:00:00-06:00 Pickleball @ Gym',
      '2026-12-16T09:30:00-06:00 Chair Yoga @ Studio A',
    ])
  })

  it('end with the season said above the table, not with a closure beside it', () => {
    expect(events(`<h2>Fall 2026 Schedule, Sept 8 – Dec 12</h2><p>No classes Nov 26 – 28.</p>${ROOMS}`)).toEqual([
      '2026-12-07T08:00:00-06:00 Pickleball @ Gym',
      '2026-12-09T09:30:00-06:00 Chair Yoga @ Studio A',
    ])
  })

  it('take the time from the row header when weekdays run across', () => {
    const table = `<p>Gültig vom 2. November 2026 bis 20. März 2027.</p><table><thead><tr><th>Zeit</th><th>Montag</th><th>Dienstag</th><th>Mittwoch</th></tr></thead>
<tbody><tr><td>17:00 – 18:30</td><td>Kinderturnen</td><td></td><td>Kinderturnen</td></tr><tr><td>20:00 – 22:00</td><td></td><td>Volleyball</td><td></td></tr></tbody></table>`
    expect(events(table, 'de', 'Europe/Berlin', { start: '2026-12-07', end: '2026-12-13' })).toEqual([
      '2026-12-07T17:00:00+01:00 Kinderturnen',
      '2026-12-08T20:00:00+01:00 Volleyball',
      '2026-12-09T17:00:00+01:00 Kinderturnen',
    ])
  })

  it('start with the season said before the table, past its header row', () => {
    const table = `<p>Winter Session: January 5 – March 27, 2027</p><table><tr><th>Time</th><th>Mon</th><th>Tue</th><th>Wed</th><th>Thu</th><th>Fri</th></tr>
<tr><td>9:00 AM</td><td>Tai Chi</td><td>Walking Club</td><td>Tai Chi</td><td>Walking Club</td><td>Coffee Hour</td></tr><tr><td>1:00 PM</td><td>Bingo</td><td></td><td>Bridge</td><td></td><td>Movie</td></tr></table>`
    expect(events(table, 'en', 'America/Chicago', { start: '2027-01-01', end: '2027-01-06' })).toEqual([
      '2027-01-05T09:00:00-06:00 Walking Club',
      '2027-01-06T09:00:00-06:00 Tai Chi',
      '2027-01-06T13:00:00-06:00 Bridge',
    ])
  })

  it('read a row as one program when the header names its columns (Day | Time | Class | Room)', () => {
    const table = `<h2>Winter 2027 Schedule (January 4 – March 14)</h2><table><thead><tr><th>Day</th><th>Time</th><th>Class</th><th>Room</th></tr></thead><tbody>
<tr><td>Monday</td><td>9:30 am</td><td>Chair Yoga</td><td>Studio A</td></tr><tr><td>Wednesday</td><td>7:00 am</td><td>Boot Camp</td><td>Gym</td></tr>
<tr><td>Saturday</td><td>10:00 – 11:00 am</td><td>Zumba</td><td>Studio A</td></tr></tbody></table>`
    expect(events(table, 'en', 'America/Chicago', { start: '2027-01-01', end: '2027-01-09' })).toEqual([
      '2027-01-04T09:30:00-06:00 Chair Yoga @ Studio A',
      '2027-01-06T07:00:00-06:00 Boot Camp @ Gym',
      '2027-01-09T10:00:00-06:00 Zumba @ Studio A',
    ])
  })

  it('keep a cell its program when the header names rooms (Día | Sala 1 | Sala 2)', () => {
    const table = `<table><tr><th>Día</th><th>Sala 1</th><th>Sala 2</th></tr><tr><td>Lunes</td><td>Pilates 10:00–11:00</td><td>Inglés 18:00</td></tr>
<tr><td>Miércoles</td><td></td><td>Ajedrez 17:30–19:00</td></tr><tr><td>Viernes</td><td>Yoga 9:30</td><td></td></tr></table>`
    expect(events(table, 'es', 'Europe/Madrid', { start: '2026-12-07', end: '2026-12-13' })).toEqual([
      '2026-12-07T10:00:00+01:00 Pilates @ Sala 1',
      '2026-12-07T18:00:00+01:00 Inglés @ Sala 2',
      '2026-12-09T17:30:00+01:00 Ajedrez @ Sala 2',
      '2026-12-11T09:30:00+01:00 Yoga @ Sala 1',
    ])
  })

  it('skip the closures said beside the season', () => {
    const table = `<p>Gültig vom 2. November 2026 bis 20. März 2027. In den Weihnachtsferien (21. Dezember bis 6. Januar) bleibt die Halle geschlossen.</p>
<table><thead><tr><th>Zeit</th><th>Montag</th><th>Dienstag</th><th>Donnerstag</th></tr></thead><tbody><tr><td>18:30 – 20:00</td><td>Gymnastik</td><td>Tischtennis</td><td>Badminton</td></tr></tbody></table>`
    expect(events(table, 'de', 'Europe/Berlin', { start: '2026-12-17', end: '2027-01-11' })).toEqual([
      '2026-12-17T18:30:00+01:00 Badminton',
      '2027-01-07T18:30:00+01:00 Badminton',
      '2027-01-11T18:30:00+01:00 Gymnastik',
    ])
  })

  it('read ranges and lists of days in the day column, and an early morning range', () => {
    const table = `<table><thead><tr><th>Days</th><th>Time</th><th>Program</th></tr></thead><tbody><tr><td>Mon–Fri</td><td>6:00 – 8:00 am</td><td>Lap Swim</td></tr>
<tr><td>Tues &amp; Thurs</td><td>10:00 am</td><td>Water Walking</td></tr><tr><td>Saturday</td><td>1:00 – 3:00 pm</td><td>Open Swim</td></tr></tbody></table>`
    const found = events(table, 'en', 'America/Chicago', { start: '2026-12-07', end: '2026-12-13' })
    expect(found.filter((e) => e.includes('Lap Swim'))).toEqual(['07', '08', '09', '10', '11'].map((d) => `2026-12-${d}T06:00:00-06:00 Lap Swim`))
    expect(found.filter((e) => !e.includes('Lap Swim'))).toEqual(['2026-12-08T10:00:00-06:00 Water Walking', '2026-12-10T10:00:00-06:00 Water Walking', '2026-12-12T13:00:00-06:00 Open Swim'])
  })

  it('are not opening hours (a row or cell with only a time)', () => {
    const hours = `<h2>Library Hours</h2><table><tr><th>Day</th><th>Hours</th></tr><tr><td>Monday</td><td>9:00 am – 8:00 pm</td></tr><tr><td>Tuesday</td><td>9:00 am – 8:00 pm</td></tr><tr><td>Saturday</td><td>10:00 am – 2:00 pm</td></tr></table>
<h2>Pool</h2><table><tr><td>Monday</td><td>6:00 am – 9:00 pm</td></tr><tr><td>Tuesday</td><td>6:00 am – 9:00 pm</td></tr><tr><td>Friday</td><td>6:00 am – 7:00 pm</td></tr></table>`
    expect(events(hours)).toEqual([])
  })

  it('are not month grids', () => {
    const grid = `<h2>December 2026</h2><table><tr><th>Sun</th><th>Mon</th><th>Tue</th><th>Wed</th></tr><tr><td>6</td><td>7</td><td>8</td><td>9</td></tr><tr><td>13</td><td>14 <div>10:30 AM Storytime</div></td><td>15</td><td>16</td></tr></table>`
    expect(events(grid).filter((e) => e.includes('Storytime') && !e.startsWith('2026-12-14'))).toEqual([])
  })
})

describe('content headers', () => {
  it('name the content element they head (a <header> wrapping only an h2)', () => {
    const frame = (title: string, text: string) => `<div class="frame"><header><h2>${title}</h2></header><p>${text}</p></div>`
    const body = frame('Vorstandssitzung', 'Jeden ersten Montag im Monat um 19 Uhr') + frame('Skatabend', 'Jeden letzten Freitag im Monat um 20 Uhr')
    expect(events(body, 'de', 'Europe/Berlin', { start: '2026-12-01', end: '2026-12-31' }, 'div')).toEqual(['2026-12-07T19:00:00+01:00 Vorstandssitzung', '2026-12-25T20:00:00+01:00 Skatabend'])
  })
})
