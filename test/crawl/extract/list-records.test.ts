// Pins lines that list days with their times (src/crawl/extract/html/list-records.ts): a time joined by "and"
// to a day's time is another event on that day ("Sat Dec 19 at 2 pm & 7:30 pm"; before, only the first time of
// each day was read), and a label that only says a list follows ("Performances:") titles nothing.
import { describe, expect, it } from 'bun:test'
import { pageEvents } from '../../helpers/extract'

function shows(line: string): string[] {
  const body = `<h1>Shows</h1><div><h3>A Christmas Carol</h3><p>${line}</p></div><div><h3>Beta Show</h3><p>January 20, 2027, 7 pm</p></div>`
  return pageEvents(body, { lang: 'en-US', timezone: 'America/Chicago', window: { start: '2026-12-01', end: '2027-01-31' }, baseUrl: 'https://www.theatre.example/' })
    .filter((e) => e.title !== 'Beta Show')
    .map((e) => `${e.startDate} ${e.title}`)
}

describe('a line of performances', () => {
  it('gives each time of a day its own event', () => {
    expect(shows('Fri Dec 18 at 7:30 pm, Sat Dec 19 at 2 pm & 7:30 pm, Sun Dec 20 at 2 pm')).toEqual([
      '2026-12-18T19:30:00-06:00 A Christmas Carol',
      '2026-12-19T14:00:00-06:00 A Christmas Carol',
      '2026-12-19T19:30:00-06:00 A Christmas Carol',
      '2026-12-20T14:00:00-06:00 A Christmas Carol',
    ])
    expect(shows('Friday, December 18, 2026, 7:30 p.m.; Saturday, December 19, 2026, 2:00 p.m. and 7:30 p.m.')).toHaveLength(3)
  })

  it('is titled by its section when it opens with a label ("Performances:")', () => {
    expect(shows('Performances: December 18 at 7:30 p.m., December 19 at 2 and 7:30 p.m., December 20 at 2 p.m.')).toEqual([
      '2026-12-18T19:30:00-06:00 A Christmas Carol',
      '2026-12-19T14:00:00-06:00 A Christmas Carol',
      '2026-12-19T19:30:00-06:00 A Christmas Carol',
      '2026-12-20T14:00:00-06:00 A Christmas Carol',
    ])
  })
})
