// Pins two reading rules of programmes (records.ts, line-dates.ts): an item whose meta line opens with its
// clocks and sets its place off with a dot or a bar ("19:00–20:30 · Sherwell Centre", "11:00–12:30 and
// 14:00–15:30 · Central Library") is a record of its own under the day heading above (before, only the first
// item under each heading was read), and a sale or registration date ("Tickets go on sale on Monday 1
// February 2027 at 10:00", "registration closes on 30 November 2026") is no event. A day that opens a paragraph
// of <br> lines ("Woensdag 9 december 2026<br>12.30 uur: J. Pietersen, …<br>15.00 uur: …") heads the timed lines
// under it as a day heading would (before, one event titled with the page heading). A programme's pause ("Lunch",
// "Registration and coffee", "Kaffeepause") is a row of its schedule, no event (record-fields.ts).
import { describe, expect, it } from 'bun:test'
import { pageEvents } from '../../helpers/extract'

const window = { start: '2027-01-01', end: '2027-04-30' }
const events = (body: string) => pageEvents(body, { lang: 'en-GB', timezone: 'Europe/London', window, baseUrl: 'https://festival.example.org.uk/programme' })
const item = (title: string, meta: string) => `<div class="prog-item"><h3>${title}</h3><p class="prog-meta">${meta}</p><p>All ages.</p></div>`

describe('a festival programme under day headings', () => {
  it('reads every item whose meta line opens with its clocks', () => {
    const body = `<h1>Programme 2027</h1><h2>Saturday 13 March</h2>${item('Family Science Fair', '10:00–16:00 · The Guildhall, Armada Way')}${item('Robot Rescue Workshop', '11:00–12:30 and 14:00–15:30 · Central Library')}${item('Science Comedy Night', '8 pm | The Barbican Theatre')}`
    expect(events(body).map((e) => [e.title, e.startDate, e.venue?.name])).toEqual([
      ['Family Science Fair', '2027-03-13T10:00:00+00:00', 'The Guildhall, Armada Way'],
      ['Robot Rescue Workshop', '2027-03-13T11:00:00+00:00', undefined],
      ['Science Comedy Night', '2027-03-13T20:00:00+00:00', 'The Barbican Theatre'],
    ])
  })
})

describe('sale and registration dates', () => {
  it('reads no event from a ticket sale or a registration deadline', () => {
    const body = `<h1>Science Festival</h1><p>Tickets go on sale on Monday 1 February 2027 at 10:00.</p><p><a href="/register">Register now</a> – registration closes on 30 January 2027.</p><h2>Saturday 13 March 2027</h2>${item('Family Science Fair', '10:00–16:00 · The Guildhall')}${item('Rock Pool Ramble', '14:00–15:00 · Devil’s Point')}`
    const starts = events(body).map((e) => e.startDate?.slice(0, 10))
    expect(starts).not.toContain('2027-02-01')
    expect(starts).not.toContain('2027-01-30')
    expect(starts).toContain('2027-03-13')
  })
})

describe('a day opening a paragraph of timed lines', () => {
  it('gives each timed line its own event on that day', () => {
    const body = '<h1>Promoties</h1><p>Woensdag 9 december 2026<br>12.30 uur: J. Pietersen, <em>Over grenzen</em> (Aula)<br>15.00 uur: K. Dekker, <em>Licht en lucht</em> (Aula)</p>'
    const found = pageEvents(body, { lang: 'nl', timezone: 'Europe/Amsterdam', window: { start: '2026-11-25', end: '2027-01-31' }, baseUrl: 'https://www.uni.example.nl/promoties' })
    expect(found.map((e) => [e.title, e.startDate, e.venue?.name])).toEqual([
      ['J. Pietersen, Over grenzen', '2026-12-09T12:30:00+01:00', 'Aula'],
      ['K. Dekker, Licht en lucht', '2026-12-09T15:00:00+01:00', 'Aula'],
    ])
  })
})

describe("a programme's pauses", () => {
  it('reads no event from a lunch or coffee row of a programme table', () => {
    const row = (time: string, session: string, room: string) => `<tr><td>${time}</td><td>${session}</td><td>${room}</td></tr>`
    const body = `<h1>Workshop 2026</h1><h3>Monday 7 December 2026</h3><table><thead><tr><th>Time</th><th>Session</th><th>Room</th></tr></thead><tbody>${row('09:00 – 09:30', 'Registration and coffee', 'Foyer')}${row('09:30 – 10:30', 'Keynote: FAIR software', 'Zaal Eem')}${row('12:15 – 13:15', 'Lunch', 'Restaurant')}${row('13:15 – 15:00', 'Panel: Who pays?', 'Zaal Eem')}</tbody></table>`
    const found = pageEvents(body, { lang: 'en', timezone: 'Europe/Amsterdam', window: { start: '2026-11-25', end: '2027-01-31' }, baseUrl: 'https://www.network.example.nl/workshop' })
    expect(found.map((e) => e.title)).toEqual(['Keynote: FAIR software', 'Panel: Who pays?'])
  })
})
