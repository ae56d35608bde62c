// Pins days written without their month under a heading that names it ("Diciembre 2026" over "Miércoles 2",
// "December 2026 Events" over "Wednesday 2nd", "Dezember" over "Sa., 5."): the heading gives the month
// (and the year, or the year the reading day puts it in), the weekday must be that day's, and a page
// without such a heading reads "Wednesday 2nd" as no date, as before.
import { describe, expect, it } from 'bun:test'
import { pageEvents } from '../../helpers/extract'
import { monthAfterDay, monthOfLine } from '../../../src/crawl/extract/month-context'

function events(body: string, lang: string, timezone: string) {
  const window = { start: '2026-11-25', end: '2027-02-28' }
  return pageEvents(body, { lang, timezone, window, baseUrl: 'https://www.center.example/events/' }).map((e) => [e.startDate, e.title])
}

describe('month headings', () => {
  it('knows a heading that names a month, with or without its year, and a few words around it', () => {
    expect(monthOfLine('Actividades de diciembre 2026')).toEqual({ month: 12, year: 2026 })
    expect(monthOfLine('December 2026 Events')).toEqual({ month: 12, year: 2026 })
    expect(monthOfLine('DEZEMBER')).toEqual({ month: 12 })
    expect(monthOfLine('Programme de janvier')).toEqual({ month: 1 })
    expect(monthOfLine('Saturday, December 5')).toBeUndefined()
    expect(monthOfLine('Our December holiday party was a great success, thanks to all')).toBeUndefined()
  })

  it('writes the month after a weekday and day only when the weekday is that day of the month', () => {
    expect(monthAfterDay('Miércoles 2', 'es', { month: 12, years: [2026] })).toEqual({ at: 11, insert: ' de diciembre de 2026' })
    expect(monthAfterDay('Sa., 5. | 19 Uhr', 'de', { month: 12, years: [2026] })).toEqual({ at: 7, insert: ' Dezember 2026' })
    expect(monthAfterDay('Tuesday 2nd', 'en', { month: 12, years: [2026] })).toBeUndefined()
    expect(monthAfterDay('Saturday 5 December', 'en', { month: 12, years: [2026] })).toBeUndefined()
    expect(monthAfterDay('Wednesday 2nd', 'en', { month: 12, years: [2027, 2028, 2026] })).toEqual({ at: 13, insert: ' December 2026' })
  })

  it('reads the days of a list under month headings, a year-less month in the year the reading day gives it', () => {
    const body = `<h1>Termine</h1><h2>Dezember</h2><ul><li>Sa., 5. | 19 Uhr | Adventskonzert</li><li>Di., 15. | 20 Uhr | Versammlung</li></ul>
      <h2>Januar 2027</h2><ul><li>Sa., 9. | 18 Uhr | Neujahrsempfang</li><li>Fr., 22. | 19.30 Uhr | Vortrag</li></ul>`
    expect(events(body, 'de', 'Europe/Berlin')).toEqual([
      ['2026-12-05T19:00:00+01:00', 'Adventskonzert'],
      ['2026-12-15T20:00:00+01:00', 'Versammlung'],
      ['2027-01-09T18:00:00+01:00', 'Neujahrsempfang'],
      ['2027-01-22T19:30:00+01:00', 'Vortrag'],
    ])
  })

  it('reads English and French the same way, and nothing without a month heading', () => {
    const table = (heading: string) =>
      `<h1>${heading}</h1><table><tr><th>Activity</th><th>Date</th><th>Time</th></tr><tr><td>Storytime</td><td>Wednesday 2nd</td><td>6:00 pm</td></tr><tr><td>Band Concert</td><td>Saturday 5th</td><td>8:30 pm</td></tr></table>`
    expect(events(table('December 2026 Events'), 'en', 'America/New_York')).toEqual([
      ['2026-12-02T18:00:00-05:00', 'Storytime'],
      ['2026-12-05T20:30:00-05:00', 'Band Concert'],
    ])
    expect(events(table('Community Events'), 'en', 'America/New_York')).toEqual([])
    const fr = `<h3>Décembre 2026</h3><p><b>Samedi 5</b> : 20h30, concert de la Sainte-Cécile<br><b>Dimanche 13</b> : 14h, loto du club des aînés</p>`
    expect(events(fr, 'fr', 'Europe/Paris')).toEqual([
      ['2026-12-05T20:30:00+01:00', 'concert de la Sainte-Cécile'],
      ['2026-12-13T14:00:00+01:00', 'loto du club des aînés'],
    ])
  })
})
