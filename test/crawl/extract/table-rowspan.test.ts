// Pins tables whose day cell spans several rows (rowspan): the rows under it name no day of their own and
// take the day of the row the cell belongs to; their cells are read by the columns they really sit in
// (one to the right of the spanning cell), so a row's title is its Activity cell and not its time.
import { describe, expect, it } from 'bun:test'
import { pageEvents } from '../../helpers/extract'

function events(body: string, lang: string, timezone: string) {
  const window = { start: '2026-11-29', end: '2026-12-31' }
  return pageEvents(`<h1>Programm</h1>${body}`, { lang, timezone, window, baseUrl: 'https://www.center.example/schedule/' }).map((e) => [e.startDate, e.title, e.venue?.name])
}

describe('a day cell spanning several rows', () => {
  it('gives its day to every row it spans, with each cell in its real column (German)', () => {
    const body = `<table><thead><tr><th>Datum</th><th>Uhrzeit</th><th>Veranstaltung</th><th>Ort</th></tr></thead><tbody>
      <tr><td rowspan="2">Di., 1. Dezember</td><td>9.30 Uhr</td><td>Sitzgymnastik</td><td>Gruppenraum</td></tr>
      <tr><td>14 Uhr</td><td>Spielenachmittag</td><td>Cafeteria</td></tr>
      <tr><td>Do., 3. Dezember</td><td>10 Uhr</td><td>Aquarellkurs</td><td>Werkraum</td></tr></tbody></table>`
    expect(events(body, 'de', 'Europe/Berlin')).toEqual([
      ['2026-12-01T09:30:00+01:00', 'Sitzgymnastik', 'Gruppenraum'],
      ['2026-12-01T14:00:00+01:00', 'Spielenachmittag', 'Cafeteria'],
      ['2026-12-03T10:00:00+01:00', 'Aquarellkurs', 'Werkraum'],
    ])
  })

  it('reads a table without a header row the same way (French)', () => {
    const body = `<table>
      <tr><td rowspan="3">Samedi 5 décembre</td><td>10h</td><td>Marché de Noël</td></tr>
      <tr><td>15h</td><td>Visite du Père Noël</td></tr>
      <tr><td>20h30</td><td>Concert de la chorale</td></tr>
      <tr><td>Dimanche 6 décembre</td><td>16h</td><td>Loto des écoles</td></tr></table>`
    expect(events(body, 'fr', 'Europe/Paris').map(([start, title]) => [start, title])).toEqual([
      ['2026-12-05T10:00:00+01:00', 'Marché de Noël'],
      ['2026-12-05T15:00:00+01:00', 'Visite du Père Noël'],
      ['2026-12-05T20:30:00+01:00', 'Concert de la chorale'],
      ['2026-12-06T16:00:00+01:00', 'Loto des écoles'],
    ])
  })

  it('leaves a row whose spanning cell is not a day undated (a spanned room names no day)', () => {
    const body = `<table><thead><tr><th>Room</th><th>Time</th><th>Program</th></tr></thead><tbody>
      <tr><td rowspan="2">Main Hall</td><td>10:00 AM</td><td>Book Sale</td></tr>
      <tr><td>2:00 PM</td><td>Author Talk</td></tr></tbody></table>`
    expect(events(body, 'en', 'America/Chicago')).toEqual([])
  })
})
