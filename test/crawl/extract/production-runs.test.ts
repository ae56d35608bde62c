// Pins a production's run: a day heading that is a range ("November 12 – 22, 2026", "28. November – 20.
// Dezember 2026") over lines of weekly rules ("Thursdays, Fridays & Saturdays at 7:30 PM") gives one
// performance per day of each rule inside the run and none after it, titled by the production's heading;
// and plural weekdays with their article ("les samedis et dimanches", "los sábados") are rules, every day
// of the list ("samstags und sonntags" was read as Saturdays alone).
import { describe, expect, it } from 'bun:test'
import { pageEvents } from '../../helpers/extract'
import { englishRule } from '../../../src/crawl/extract/rule-words'

function starts(body: string, lang: string, timezone: string) {
  const window = { start: '2026-11-01', end: '2027-01-31' }
  return pageEvents(body, { lang, timezone, window, baseUrl: 'https://www.theatre.example/show/' }).map((e) => `${e.startDate} ${e.title}`)
}

describe('a production run', () => {
  it('gives each performance of the rules inside the run, titled by the heading', () => {
    const body = `<h1>The Crucible</h1><p><strong>November 12 – 22, 2026</strong><br>Thursdays, Fridays &amp; Saturdays at 7:30 PM<br>Sundays at 2:00 PM</p>`
    expect(starts(body, 'en', 'America/Chicago')).toEqual([
      '2026-11-12T19:30:00-06:00 The Crucible',
      '2026-11-13T19:30:00-06:00 The Crucible',
      '2026-11-14T19:30:00-06:00 The Crucible',
      '2026-11-15T14:00:00-06:00 The Crucible',
      '2026-11-19T19:30:00-06:00 The Crucible',
      '2026-11-20T19:30:00-06:00 The Crucible',
      '2026-11-21T19:30:00-06:00 The Crucible',
      '2026-11-22T14:00:00-06:00 The Crucible',
    ])
  })

  it('reads a run written as two dates, and French and Spanish plural weekdays', () => {
    const fr = `<h1>Le Malade imaginaire</h1><p><b>du 4 au 13 décembre 2026</b><br>les vendredis et samedis à 20h30<br>les dimanches à 16h</p>`
    expect(starts(fr, 'fr', 'Europe/Paris')).toEqual([
      '2026-12-04T20:30:00+01:00 Le Malade imaginaire',
      '2026-12-05T20:30:00+01:00 Le Malade imaginaire',
      '2026-12-06T16:00:00+01:00 Le Malade imaginaire',
      '2026-12-11T20:30:00+01:00 Le Malade imaginaire',
      '2026-12-12T20:30:00+01:00 Le Malade imaginaire',
      '2026-12-13T16:00:00+01:00 Le Malade imaginaire',
    ])
    const es = `<h1>La casa de Bernarda Alba</h1><p><b>8 de enero – 17 de enero de 2027</b><br>los sábados a las 20:00<br>los domingos a las 18:00</p>`
    expect(starts(es, 'es', 'Europe/Madrid')).toEqual([
      '2027-01-09T20:00:00+01:00 La casa de Bernarda Alba',
      '2027-01-10T18:00:00+01:00 La casa de Bernarda Alba',
      '2027-01-16T20:00:00+01:00 La casa de Bernarda Alba',
      '2027-01-17T18:00:00+01:00 La casa de Bernarda Alba',
    ])
  })

  it('puts every weekday of a plural list into the rule', () => {
    expect(englishRule('samstags und sonntags um 15 Uhr', 'de')).toBe('every saturday and sunday')
    expect(englishRule('les samedis et dimanches à 15h', 'fr')).toBe('every saturday and sunday')
    expect(englishRule('los martes a las 18:00', 'es')).toBe('every tuesday')
    expect(englishRule('le samedi 5 décembre à 20h', 'fr')).toBeUndefined()
  })

  it("gives every performance the page's one address line, not the footer's", () => {
    const body = `<h1>Sweeney Todd</h1><p><strong>January 15 – 24, 2027</strong></p><p>Fridays &amp; Saturdays at 7:30 PM<br>Sundays at 2:00 PM</p>
      <p>Harbor Playhouse, 45 Water Street, Port Townsend, WA</p><p>Tickets $22 adults, $18 seniors and students.</p>
      <footer><p>Harbor Community Theatre · PO Box 12, 200 Lawrence Street, Port Townsend, WA 98368</p></footer>`
    const window = { start: '2027-01-01', end: '2027-01-31' }
    const events = pageEvents(body, { lang: 'en-US', timezone: 'America/Los_Angeles', window, baseUrl: 'https://www.harbortheatre.example/sweeney/' })
    expect(events.map((e) => [e.startDate, e.venue?.name, e.address])).toEqual(
      ['2027-01-15T19:30:00-08:00', '2027-01-16T19:30:00-08:00', '2027-01-17T14:00:00-08:00', '2027-01-22T19:30:00-08:00', '2027-01-23T19:30:00-08:00', '2027-01-24T14:00:00-08:00'].map((start) => [
        start,
        'Harbor Playhouse',
        '45 Water Street, Port Townsend, WA',
      ]),
    )
  })
})
