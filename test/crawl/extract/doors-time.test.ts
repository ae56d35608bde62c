// Pins the start of a show whose doors time is written beside it ("Doors 7PM · Show 8PM", "Einlass 19 Uhr ·
// Beginn 20 Uhr", "ouverture des portes 19h30 – concert 20h30", "deuren open 19.30 uur · aanvang 20.15
// uur"): the event starts at the show, not at the doors (clock-rewrites.ts DOORS_TIME). A doors time alone is
// the only time there is, and a bare show time ("Doors 6:30 PM / Show 7:30") keeps the doors' half of the day.
// Several shows sharing one "pm" ("at 2 & 7 pm") are one event each.
import { describe, expect, it } from 'bun:test'
import { pageEvents } from '../../helpers/extract'

function start(line: string, lang: string, timezone: string): string | undefined {
  const body = `<h1>Agenda</h1><div><h3>Alpha Night</h3><p>${line}</p></div><div><h3>Beta Night</h3><p>January 20, 2027</p></div>`
  return pageEvents(body, { lang, timezone, window: { start: '2026-12-01', end: '2027-01-31' }, baseUrl: 'https://www.venue.example/shows/' }).find((e) => e.title === 'Alpha Night')?.startDate
}

describe('doors and show times', () => {
  it('starts at the show, in every language', () => {
    expect(start('Saturday, December 12, 2026 · Doors 7PM · Show 8PM', 'en-US', 'America/Chicago')).toBe('2026-12-12T20:00:00-06:00')
    expect(start('Saturday, December 12, 2026 | Doors: 6:30 pm | Show: 7:30 pm', 'en-US', 'America/Chicago')).toBe('2026-12-12T19:30:00-06:00')
    expect(start('Beginn: 19:30 Uhr, Einlass: 19:00 Uhr, Samstag 12.12.2026', 'de', 'Europe/Berlin')).toBe('2026-12-12T19:30:00+01:00')
    expect(start('Samstag, 12.12.2026 · Einlass 19 Uhr · Beginn 20 Uhr', 'de', 'Europe/Berlin')).toBe('2026-12-12T20:00:00+01:00')
    expect(start('Samedi 12 décembre 2026 – ouverture des portes 19h30 – concert 20h30', 'fr', 'Europe/Paris')).toBe('2026-12-12T20:30:00+01:00')
    expect(start('za 12 december 2026 · deuren open 19.30 uur · aanvang 20.15 uur', 'nl', 'Europe/Amsterdam')).toBe('2026-12-12T20:15:00+01:00')
  })

  it('keeps a doors time alone, and the evening of a bare show time', () => {
    expect(start('Saturday, December 12, 2026 · Doors 7PM · $15', 'en-US', 'America/Chicago')).toBe('2026-12-12T19:00:00-06:00')
    expect(start('Doors 6:30 PM / Show 7:30, Saturday, December 12, 2026', 'en-US', 'America/Chicago')).toBe('2026-12-12T19:30:00-06:00')
  })

  it('gives each of several shows sharing one "pm" its own event ("Shows at 2 & 7 pm", "at 1, 4 and 7 p.m.")', () => {
    const starts = (line: string) => {
      const body = `<h1>Agenda</h1><div><h3>Alpha Night</h3><p>${line}</p></div><div><h3>Beta Night</h3><p>January 20, 2027</p></div>`
      return pageEvents(body, { lang: 'en-US', timezone: 'America/Chicago', window: { start: '2026-12-01', end: '2027-01-31' }, baseUrl: 'https://www.venue.example/shows/' })
        .filter((e) => e.title === 'Alpha Night')
        .map((e) => e.startDate)
    }
    expect(starts('Saturday, December 19, 2026 · Shows at 2 & 7 pm')).toEqual(['2026-12-19T14:00:00-06:00', '2026-12-19T19:00:00-06:00'])
    expect(starts('Saturday, December 19, 2026 · at 1, 4 and 7 p.m.')).toEqual(['2026-12-19T13:00:00-06:00', '2026-12-19T16:00:00-06:00', '2026-12-19T19:00:00-06:00'])
  })

  it("heads the times of its clause with a day set off by a colon ('Christmas Eve, December 24: services at 4:00 pm, 7:00 pm and 11:00 pm')", () => {
    const body = `<h1>Services</h1><div><h3>Christmas Services</h3><p>Christmas Eve, December 24: services at 4:00 pm, 7:00 pm and 11:00 pm</p></div><div><h3>New Year</h3><p>January 1, 2027, 10 am</p></div>`
    const starts = pageEvents(body, { lang: 'en-US', timezone: 'America/Chicago', window: { start: '2026-12-01', end: '2027-01-31' }, baseUrl: 'https://www.parish.example/' })
      .filter((e) => e.title === 'Christmas Services')
      .map((e) => e.startDate)
    expect(starts).toEqual(['2026-12-24T16:00:00-06:00', '2026-12-24T19:00:00-06:00', '2026-12-24T23:00:00-06:00'])
  })
})
