// Pins column headers that name what happens without being a label word ("Show", "Concert", "Film",
// "Concierto", "Vorstellung"): in a table's header they make the title column, so each row is titled by its
// act and not by the page heading; as a label ("Concierto: Trío Albéniz") such a word still opens a title.
// A colloquium's "Thema" / "Topic" column titles each talk (the speaker column stays the description).
import { describe, expect, it } from 'bun:test'
import { pageEvents } from '../../helpers/extract'

const table = (heading: string, head: string[], rows: string[][]) =>
  `<h1>${heading}</h1><table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`

const titles = (body: string, lang: string, timezone: string) =>
  pageEvents(body, { lang, timezone, window: { start: '2026-12-01', end: '2026-12-31' }, baseUrl: 'https://www.venue.example/live' }).map((e) => e.title)

describe('title columns named by what happens', () => {
  it('titles each row by its Show column, not the page heading', () => {
    const body = table(
      'Live at the Old Mill',
      ['Date', 'Show', 'Doors', 'Tickets'],
      [
        ['Fri Dec 4', 'The Harbour Lights', '7:30 PM', '$15'],
        ['Sat Dec 12', 'Molly Tuttle Tribute Night', '8:00 PM', '$12'],
      ],
    )
    expect(titles(body, 'en', 'America/New_York')).toEqual(['The Harbour Lights', 'Molly Tuttle Tribute Night'])
  })

  it('reads "Concierto" and "Vorstellung" headers the same way', () => {
    const es = table(
      'Temporada de conciertos',
      ['Fecha', 'Concierto', 'Hora'],
      [
        ['5 de diciembre', 'Orquesta de Cámara de Sevilla', '20:00'],
        ['12 de diciembre', 'Coro Infantil Municipal', '18:00'],
      ],
    )
    expect(titles(es, 'es', 'Europe/Madrid')).toEqual(['Orquesta de Cámara de Sevilla', 'Coro Infantil Municipal'])
    const de = table(
      'Spielplan',
      ['Datum', 'Vorstellung', 'Beginn'],
      [
        ['Sa., 5. Dezember', 'Frau Holle', '15 Uhr'],
        ['So., 6. Dezember', 'Der kleine Prinz', '16 Uhr'],
      ],
    )
    expect(titles(de, 'de', 'Europe/Berlin')).toEqual(['Frau Holle', 'Der kleine Prinz'])
  })

  it("titles a colloquium's talks by their Thema column", () => {
    const de = table(
      'Physikalisches Kolloquium',
      ['Datum', 'Referent', 'Thema'],
      [
        ['01.12.2026', 'Prof. Dr. A. Reinhold (Garching)', 'Optische Gitteruhren'],
        ['08.12.2026', 'Dr. L. Brenner (Wien)', 'Topologische Isolatoren'],
      ],
    )
    expect(titles(de, 'de', 'Europe/Berlin')).toEqual(['Optische Gitteruhren', 'Topologische Isolatoren'])
  })
})
