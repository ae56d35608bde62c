// Pins a time in the sentence of a day, in a paragraph longer than a line ("Am Samstag, 12. Dezember, findet ab
// 14 Uhr der Weihnachtsmarkt auf dem Kirchplatz statt. …"): the time is that day's; before, a time apart from
// its day in a long paragraph counted for nothing and such a news post gave no event at all.
import { describe, expect, it } from 'bun:test'
import { pageEvents } from '../../helpers/extract'

describe('a time in the sentence of a day', () => {
  it("is that day's time in a long paragraph", () => {
    const text =
      'Am Samstag, 12. Dezember, findet ab 14 Uhr der Weihnachtsmarkt auf dem Kirchplatz statt, mit Glühwein, Waffeln und Musik des Posaunenchors. Der Erlös geht an den Förderverein der Grundschule.'
    const events = pageEvents(`<article><h1>Weihnachtsmarkt am Kirchplatz</h1><p>${text}</p></article>`, {
      lang: 'de',
      timezone: 'Europe/Berlin',
      window: { start: '2026-12-01', end: '2026-12-31' },
      baseUrl: 'https://www.gemeinde.example/aktuelles/',
    })
    expect(events.map((e) => [e.title, e.startDate])).toEqual([['Weihnachtsmarkt am Kirchplatz', '2026-12-12T14:00:00+01:00']])
  })
})
