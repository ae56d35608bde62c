// Pins a time in the sentence of a day, in a paragraph longer than a line ("Am Samstag, 12. Dezember, findet ab
// 14 Uhr der Weihnachtsmarkt auf dem Kirchplatz statt. …"): the time is that day's; before, a time apart from
// its day in a long paragraph counted for nothing and such a news post gave no event at all. A paragraph of
// several such sentences gives one event per sentence on its own day, titled by what the sentence says happens.
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

  it('gives each sentence of a news paragraph its own day and time, titled by what the sentence says happens', () => {
    const read = (lang: string, timezone: string, text: string) =>
      pageEvents(`<article><h1>News</h1><p>${text}</p></article>`, { lang, timezone, window: { start: '2026-12-01', end: '2026-12-31' }, baseUrl: 'https://www.town.example/news/' }).map((e) => [
        e.title,
        e.startDate,
      ])
    expect(
      read(
        'de',
        'Europe/Berlin',
        'Am Samstag, 12. Dezember, findet ab 14 Uhr der Weihnachtsmarkt auf dem Kirchplatz statt. Am Sonntag, 13. Dezember, folgt um 17 Uhr das Adventskonzert in der Stadtkirche.',
      ),
    ).toEqual([
      ['Weihnachtsmarkt', '2026-12-12T14:00:00+01:00'],
      ['Adventskonzert', '2026-12-13T17:00:00+01:00'],
    ])
    expect(
      read(
        'fr',
        'Europe/Paris',
        "Le samedi 12 décembre, le marché de Noël se tiendra de 10h à 18h sur la place de la Mairie. Le dimanche 13 décembre à 16h, la chorale donnera son concert à l'église Saint-Pierre.",
      ),
    ).toContainEqual(['Marché de Noël', '2026-12-12T10:00:00+01:00'])
    expect(
      read(
        'en',
        'America/Chicago',
        'Our Christmas Bazaar is Saturday, December 5, from 9 a.m. to 2 p.m. in the fellowship hall. On Sunday, December 13, the choir sings Lessons and Carols at 4 p.m. in the sanctuary.',
      ),
    ).toContainEqual(['Christmas Bazaar', '2026-12-05T09:00:00-06:00'])
    expect(
      read('nl', 'Europe/Amsterdam', 'Op zaterdag 12 december vindt om 14.00 uur de kerstmarkt plaats op het Dorpsplein. Op zondag 13 december volgt om 16.00 uur het kerstconcert in de Grote Kerk.'),
    ).toEqual([
      ['Kerstmarkt', '2026-12-12T14:00:00+01:00'],
      ['Kerstconcert', '2026-12-13T16:00:00+01:00'],
    ])
    // "El domingo 13": a weekday and a day number after a dated sentence, in that month since the weekday fits.
    expect(
      read(
        'es',
        'Europe/Madrid',
        'El sábado 12 de diciembre a las 18:00 horas tendrá lugar el encendido del alumbrado en la Plaza Mayor. El domingo 13, a las 12:00, se celebrará el concierto de la banda municipal en el Auditorio.',
      ),
    ).toEqual([
      ['Encendido del alumbrado', '2026-12-12T18:00:00+01:00'],
      ['Concierto de la banda municipal', '2026-12-13T12:00:00+01:00'],
    ])
    expect(read('it', 'Europe/Rome', 'Sabato 12 dicembre alle 21 si terrà il concerto di Natale nella chiesa di San Rocco. Domenica 13 dicembre alle 16 si svolgerà la tombola in oratorio.')).toEqual([
      ['Concerto di Natale', '2026-12-12T21:00:00+01:00'],
      ['Tombola', '2026-12-13T16:00:00+01:00'],
    ])
  })
})
