// Pins classes that meet each week over a span of dates (src/crawl/extract/html/weekly-series.ts): a row
// "Tiny Tumblers | Sat | 1/9–2/13 | 9:00–9:45 am", a card "Days: Tue & Thu · Dates: Jan 12 – Feb 18", a line
// "12.01.–16.02.2027, dienstags 18 – 19:30 Uhr" is one session on each of its weekdays in the span, each
// with the first session's times; before, each was one event from the first day to the last, weeks long.
// A span without a weekday field, or whose first day is not one of its weekdays, stays a span.
import { describe, expect, it } from 'bun:test'
import { pageEvents } from '../../helpers/extract'

const window = { start: '2027-01-01', end: '2027-03-31' }
// A second record, so that each page reads as a list (one record alone is a detail page, titled by its h1).
const OTHER = '<div><h3>Open House</h3><p>March 20, 2027, 1:00 – 3:00 pm</p></div>'
const read = (body: string, lang = 'en-US', timezone = 'America/Chicago') =>
  pageEvents(`<h1>Winter Classes</h1>${body}${OTHER}`, { lang, timezone, window, baseUrl: 'https://www.parks.example/programs/' }).map((e) => [e.title, e.startDate, e.endDate])

describe('weekly sessions over a span of dates', () => {
  it('gives a table row with a Days column one session per week', () => {
    const body = `<table><tr><th>Program</th><th>Days</th><th>Dates</th><th>Time</th><th>Fee</th></tr>
      <tr><td>Tiny Tumblers</td><td>Sat</td><td>1/9–2/13</td><td>9:00–9:45 am</td><td>$60</td></tr>
      <tr><td>Family Skate Night</td><td>Fri</td><td>1/15</td><td>6:00–8:00 pm</td><td>$5</td></tr></table>`
    const events = read(body)
    const tumblers = events.filter(([title]) => title === 'Tiny Tumblers')
    expect(tumblers.map(([, start]) => start)).toEqual(['2027-01-09', '2027-01-16', '2027-01-23', '2027-01-30', '2027-02-06', '2027-02-13'].map((d) => `${d}T09:00:00-06:00`))
    expect(tumblers[0][2]).toBe('2027-01-09T09:45:00-06:00')
    expect(events).toContainEqual(['Family Skate Night', '2027-01-15T18:00:00-06:00', '2027-01-15T20:00:00-06:00'])
  })

  it('reads labelled fields with two weekdays, and plural weekdays in the date line (en, de)', () => {
    const card = `<div><h3>Beginning Watercolor</h3><ul><li>Days: Tue &amp; Thu</li><li>Dates: Jan 12 – Feb 18, 2027</li><li>Time: 4:30 – 6:00 pm</li></ul></div>`
    expect(
      read(card)
        .filter(([title]) => title === 'Beginning Watercolor')
        .map(([, start]) => start?.slice(0, 10)),
    ).toEqual(['2027-01-12', '2027-01-14', '2027-01-19', '2027-01-21', '2027-01-26', '2027-01-28', '2027-02-02', '2027-02-04', '2027-02-09', '2027-02-11', '2027-02-16', '2027-02-18'])
    const kurs = `<div><h3>Yoga für Einsteiger</h3><p>12.01.2027 – 16.02.2027, dienstags 18:00 – 19:30 Uhr</p></div>`
    const yoga = read(kurs, 'de', 'Europe/Berlin').filter(([title]) => title === 'Yoga für Einsteiger')
    expect(yoga).toHaveLength(6)
    expect(yoga[0]).toEqual(['Yoga für Einsteiger', '2027-01-12T18:00:00+01:00', '2027-01-12T19:30:00+01:00'])
  })

  it('keeps a span without weekdays, or whose first day is not its weekday, or opening hours, one event', () => {
    const only = (body: string, title: string) => read(body).filter(([t]) => t === title)
    expect(only('<div><h3>Quilt Show</h3><p>Jan 12 – Feb 18, 2027, 10:00 am – 4:00 pm</p></div>', 'Quilt Show')).toEqual([['Quilt Show', '2027-01-12T10:00:00-06:00', '2027-02-18T16:00:00-06:00']])
    // 9 January 2027 is a Saturday, not a Monday: the row is not read as Monday sessions.
    const pickleball =
      '<table><tr><th>Program</th><th>Days</th><th>Dates</th><th>Time</th></tr><tr><td>Pickleball</td><td>Mon</td><td>1/9–2/13</td><td>9:00–10 am</td></tr><tr><td>Tiny Tumblers</td><td>Sat</td><td>1/9–2/13</td><td>9:00–9:45 am</td></tr></table>'
    expect(only(pickleball, 'Pickleball')).toHaveLength(1)
    expect(only('<div><h3>Winter Lights</h3><p>Jan 12 – Feb 18, 2027. Open Tuesdays, 5 – 9 pm</p></div>', 'Winter Lights')).toHaveLength(1)
  })
})
