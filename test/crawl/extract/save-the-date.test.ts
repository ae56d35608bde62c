// Pins announcements: "SAVE THE DATE: Spring Gala, Saturday, April 10, 2027 at the Grand Hotel." is an
// event (named by the announcement, its place after "at"), although its date sits inside a sentence with
// no time; the same in German, French and Spanish. A date inside an ordinary sentence stays no event.
import { describe, expect, it } from 'bun:test'
import { pageEvents } from '../../helpers/extract'

function events(body: string, lang: string, timezone: string) {
  const window = { start: '2026-11-25', end: '2027-06-30' }
  return pageEvents(`<h1>News</h1>${body}`, { lang, timezone, window, baseUrl: 'https://www.society.example/news' }).map((e) => [e.startDate, e.title, e.venue?.name])
}

describe('save the date', () => {
  it('reads the announced event, its name and its place', () => {
    expect(events('<p><strong>SAVE THE DATE:</strong> Spring Gala, Saturday, April 10, 2027 at the Grand Hotel.</p>', 'en', 'America/New_York')).toEqual([['2027-04-10', 'Spring Gala', 'Grand Hotel']])
  })

  it('reads it in German, French and Spanish', () => {
    expect(events('<p>Termin vormerken: Sommerfest am Samstag, 12. Juni 2027 im Pfarrgarten.</p>', 'de', 'Europe/Berlin').map(([start]) => start)).toEqual(['2027-06-12'])
    expect(events('<p>Notez la date : fête de la musique le samedi 19 juin 2027 sur la place du village.</p>', 'fr', 'Europe/Paris').map(([start]) => start)).toEqual(['2027-06-19'])
    expect(events('<p>Reserva la fecha: cena benéfica el sábado 5 de junio de 2027 en el Casino.</p>', 'es', 'Europe/Madrid').map(([start]) => start)).toEqual(['2027-06-05'])
  })

  it('leaves a date inside an ordinary sentence alone', () => {
    expect(events('<p>Our spring gala, held on Saturday, April 10, 2027 at the Grand Hotel, raised funds for the roof.</p>', 'en', 'America/New_York')).toEqual([])
  })
})
