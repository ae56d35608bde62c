// Pins issue 13's zone and structured-data rules on whole documents written for this repository
// (test/fixtures/documents/zones/, German, French, Spanish and English): without a given zone, every time
// leaves with the offset of the zone read from the venue's address (gazetteer), and the way it was chosen is
// said; UTC in hidden microdata is shown in the event's zone; broken JSON-LD (a leading-zero postal code,
// HTML comments in and after the block) is read cleanly; iCalendar VVENUE blocks fill venue, address, city
// and coordinates and repair a broken fold; two UIDs or two venues at one time stay two events; a document
// that points nowhere is written in UTC with a warning, never a naive time.
import { describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { runBytes, schemaErrors } from '../helpers/extract'

/** Documents written for issue 13's zone, venue and dedupe rules (German, French, Spanish, English). */
const ZONE_DOCUMENTS = join(import.meta.dir, '../fixtures/zones')

const window = { start: '2026-01-01', end: '2026-12-31' }

async function read(file: string, baseUrl: string, contentType = 'text/html') {
  const bytes = await Bun.file(join(ZONE_DOCUMENTS, file)).bytes()
  const result = runBytes(bytes, { baseUrl, window }, contentType)
  for (const e of result.events) expect(schemaErrors(e)).toEqual([])
  return result
}

describe('zone from the venue address when none is given', () => {
  it('de: naive JSON-LD times in Dresden, from a block with comments and a leading-zero postal code', async () => {
    const { events, zone, warnings } = await read('kulturhaus-dresden.html', 'https://www.kulturhaus-am-schloss.example/programm/kaestner')
    expect(zone).toEqual({ zone: 'Europe/Berlin', how: "from the events' venues (venue address → Dresden, DE)", inferred: true })
    expect(warnings[0]).toContain('Europe/Berlin')
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ title: 'Lesung: Erich Kästner zum Wiederlesen', startDate: '2026-05-10T19:30:00+02:00', endDate: '2026-05-10T21:00:00+02:00', city: 'Dresden' })
    expect(events[0].address).toContain('01067')
    expect(events[0].venue?.name).toBe('Kulturhaus am Schloss, Kleiner Saal')
  })

  it('fr: UTC in hidden microdata shown in the zone of the Lyon address, summer and winter', async () => {
    const { events, zone } = await read('mediatheque-lyon.html', 'https://www.mediatheque-presquile.example/agenda')
    expect(zone?.zone).toBe('Europe/Paris')
    expect(events.map((e) => [e.title, e.startDate, e.endDate ?? null, e.city])).toEqual([
      ["Heure du conte : histoires d'été", '2026-06-12T10:00:00+02:00', '2026-06-12T11:00:00+02:00', 'Lyon'],
      ["Atelier d'écriture", '2026-11-07T14:30:00+01:00', null, 'Lyon'],
    ])
  })

  it('es: two storytimes at one time in two Madrid libraries stay two events', async () => {
    const { events, zone } = await read('bibliotecas-madrid.html', 'https://bibliotecas.example.org/cuentacuentos')
    expect(zone?.zone).toBe('Europe/Madrid')
    expect(events.map((e) => [e.venue?.name, e.startDate, e.city])).toEqual([
      ['Biblioteca Eugenio Trías', '2026-06-06T11:00:00+02:00', 'Madrid'],
      ['Biblioteca Iván de Vargas', '2026-06-06T11:00:00+02:00', 'Madrid'],
    ])
    expect(new Set(events.map((e) => e.event_id)).size).toBe(2)
  })

  it('en-US: "12 Main St, Springfield, IL 62701" is Illinois, not Missouri or Massachusetts', async () => {
    const { events, zone } = await read('springfield-library.html', 'https://springfieldlibrary.example.org/events/kickoff')
    expect(zone?.how).toContain('Springfield, IL, US')
    expect(events[0]).toMatchObject({ startDate: '2026-06-13T10:00:00-05:00', endDate: '2026-06-13T12:00:00-05:00', city: 'Springfield' })
  })

  it('en-GB: a village too small for the gazetteer still gets the country of its postcode', async () => {
    const { events, zone } = await read('privet-drive-hall.html', 'https://littlewhinginghall.example.org/fete')
    expect(zone).toMatchObject({ zone: 'Europe/London' })
    expect(events[0]).toMatchObject({ startDate: '2026-07-04T14:00:00+01:00', endDate: '2026-07-04T17:00:00+01:00', city: 'Little Whinging' })
  })

  it('a document that points nowhere is written in UTC, with a warning', async () => {
    const { events, zone, warnings } = await read('nowhere-club.html', 'https://club.example.org/night')
    expect(zone).toBeUndefined()
    expect(events[0].startDate).toBe('2026-05-20T19:00:00+00:00')
    expect(warnings.some((w) => w.includes('UTC (+00:00) as the last resort'))).toBe(true)
  })

  it('an inferred zone never moves an offset the source wrote; a given zone reads its other-season offset as stale', async () => {
    const html =
      '<script type="application/ld+json">{"@type":"Event","name":"Winter Talk","startDate":"2026-01-15T10:00:00-05:00","location":{"@type":"Place","address":{"@type":"PostalAddress","addressLocality":"Springfield"}}}</script>'
    const inferred = runBytes(html, { baseUrl: 'https://lib.example.org/', window })
    expect(inferred.zone?.zone).toBe('America/Chicago')
    expect(inferred.events[0].startDate).toBe('2026-01-15T10:00:00-05:00')
    const given = runBytes(html, { baseUrl: 'https://lib.example.org/', window, timezone: 'America/Chicago' })
    expect(given.events[0].startDate).toBe('2026-01-15T10:00:00-06:00')
  })

  it('a zone the caller gives wins over the document', async () => {
    const bytes = await Bun.file(join(ZONE_DOCUMENTS, 'springfield-library.html')).bytes()
    const { events, zone } = runBytes(bytes, { baseUrl: 'https://springfieldlibrary.example.org/', window, timezone: 'America/New_York' })
    expect(zone).toBeUndefined()
    expect(events[0].startDate).toBe('2026-06-13T10:00:00-04:00')
  })
})

describe('iCalendar venues (VVENUE) and dedupe precision', () => {
  it('de: fills venue, address, city and coordinates, repairs the broken fold, keeps both Vorlesestunden', async () => {
    const { events, zone } = await read('kulturamt-stuttgart.ics', 'https://kulturamt.example.org/veranstaltungen.ics', 'text/calendar')
    expect(zone?.zone).toBe('Europe/Berlin')
    const concert = events.find((e) => e.title === 'Sommerkonzert im Lichthof')!
    expect(concert).toMatchObject({ startDate: '2026-06-12T19:00:00+02:00', city: 'Stuttgart', venue: { name: 'Königsbau Passagen, Lichthof', latitude: 48.7784, longitude: 9.1785 } })
    expect(concert.address).toContain('Königstraße 28')
    const readings = events.filter((e) => e.title === 'Vorlesestunde')
    expect(readings.map((e) => [e.venue?.name, e.startDate])).toEqual([
      ['Stadtteilbibliothek Ost', '2026-06-13T10:00:00+02:00'],
      ['Stadtbibliothek am Mailänder Platz', '2026-06-13T10:00:00+02:00'],
    ])
    expect(readings[0].address).toContain('Schönbühlstraße 90')
    expect(readings[1].address).toContain('Mailänder Platz 1')
  })
})
