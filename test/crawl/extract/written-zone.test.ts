// Pins the zone a page writes after a time (src/crawl/extract/html/zone-words.ts): "7 p.m. ET" on a Chicago
// organization's page is 19:00 in New York, "1:00 PM – 2:00 PM EST" both ends, "15:00 CET / 9:00 EST" the
// first (but "15:00 CET / 14:00 GMT" on a London page is 14:00 London: clock-labels.ts reads the organization's
// own zone among those written); before, every such time was read in the organization's zone, an hour or more off.
import { describe, expect, it } from 'bun:test'
import { pageEvents } from '../../helpers/extract'

function when(line: string, timezone: string, lang = 'en-US'): [string | undefined, string | undefined] | undefined {
  const body = `<h1>Webinars</h1><div><h3>Alpha Talk</h3><p>${line}</p></div><div><h3>Beta Talk</h3><p>${lang === 'de' ? '20. Januar 2027' : 'January 20, 2027'}</p></div>`
  const e = pageEvents(body, { lang, timezone, window: { start: '2026-12-01', end: '2027-01-31' }, baseUrl: 'https://www.society.example/webinars/' }).find((x) => x.title === 'Alpha Talk')
  return e && [e.startDate, e.endDate]
}

describe('a zone written after a time', () => {
  it('reads the time in that zone, its end too', () => {
    expect(when('Tuesday, December 15, 2026, 7 p.m. ET (online)', 'America/Chicago')).toEqual(['2026-12-15T19:00:00-05:00', undefined])
    expect(when('Dec 15, 2026 · 1:00 PM – 2:00 PM EST', 'America/Chicago')).toEqual(['2026-12-15T13:00:00-05:00', '2026-12-15T14:00:00-05:00'])
    // The same hour in two zones, one of them the organization's: its clock is read (clock-labels.ts), the same instant as 15:00 CET.
    expect(when('Tuesday 15 December 2026, 15:00 CET / 14:00 GMT', 'Europe/London', 'en-GB')).toEqual(['2026-12-15T14:00:00+00:00', undefined])
    // Neither of them the organization's: the first written wins.
    expect(when('Tuesday 15 December 2026, 15:00 CET / 9:00 EST', 'Europe/London', 'en-GB')).toEqual(['2026-12-15T15:00:00+01:00', undefined])
    expect(when('Dienstag, 15. Dezember 2026, 14:00 Uhr MEZ', 'Europe/London', 'de')).toEqual(['2026-12-15T14:00:00+01:00', undefined])
  })

  it("keeps the organization's zone when none is written, and one that names it", () => {
    expect(when('Tuesday, December 15, 2026, 7 p.m.', 'America/Chicago')).toEqual(['2026-12-15T19:00:00-06:00', undefined])
    expect(when('Saturday, December 12, 2026 from 10:00 AM to 2:00 PM (CST)', 'America/Chicago')).toEqual(['2026-12-12T10:00:00-06:00', '2026-12-12T14:00:00-06:00'])
  })
})
