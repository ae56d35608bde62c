// Pins the place a page says its meetings are held in "unless otherwise noted" (default-place.ts): in a note
// under the list or in the footer, in English, French and German, it is the place of every listed event that
// names none; an event with its own place keeps it, and a sentence without "unless otherwise noted" says no default.
import { describe, expect, it } from 'bun:test'
import { pageEvents } from '../../helpers/extract'

const window = { start: '2026-11-25', end: '2027-02-28' }
function places(body: string, lang: string, timezone: string) {
  return pageEvents(body, { lang, timezone, window, baseUrl: 'https://www.town.example/meetings/' }).map((e) => [e.title, e.venue?.name, e.venue?.address])
}

const table = (rows: [string, string, string][]) =>
  `<table><tr><th>Meeting</th><th>Date</th><th>Location</th></tr>${rows.map(([a, b, c]) => `<tr><td>${a}</td><td>${b}</td><td>${c}</td></tr>`).join('')}</table>`

describe('a default place said for the meetings of a page', () => {
  it("gives events without a place the note's place and address (English, in the footer)", () => {
    const body = `<h1>Meetings</h1>${table([
      ['Town Board', 'December 2, 2026 6:00 PM', ''],
      ['Planning Board', 'December 8, 2026 7:00 PM', 'Library Community Room'],
    ])}<footer><p>All meetings are held at Town Hall, 25 Mill Street, Millbrook Falls, NY 12545 unless otherwise noted.</p></footer>`
    expect(places(body, 'en-US', 'America/New_York')).toEqual([
      ['Town Board', 'Town Hall', '25 Mill Street, Millbrook Falls, NY 12545'],
      ['Planning Board', 'Library Community Room', null],
    ])
  })

  it('reads it in French and German, and not from a sentence without "unless otherwise noted"', () => {
    const fr = `<h1>Séances</h1><ul><li>Jeudi 10 décembre 2026 à 20h30 – Conseil municipal</li><li>Jeudi 28 janvier 2027 à 20h30 – Conseil municipal</li></ul><p>Elles ont lieu dans la salle du conseil de la mairie, 2 place de l'Église, sauf mention contraire.</p>`
    expect(places(fr, 'fr', 'Europe/Paris').map(([, name]) => name)).toEqual(['salle du conseil de la mairie', 'salle du conseil de la mairie'])
    const de = `<h1>Sitzungen</h1><ul><li>Di., 8. Dezember 2026, 18 Uhr – Gemeinderat</li><li>Di., 19. Januar 2027, 18 Uhr – Gemeinderat</li></ul><p>Die Sitzungen finden im Sitzungssaal des Rathauses statt, sofern nicht anders angegeben.</p>`
    expect(places(de, 'de', 'Europe/Berlin').map(([, name]) => name)).toEqual(['Sitzungssaal des Rathauses', 'Sitzungssaal des Rathauses'])
    const no = `<h1>Meetings</h1>${table([
      ['Town Board', 'December 2, 2026 6:00 PM', ''],
      ['Town Board', 'January 6, 2027 6:00 PM', ''],
    ])}<p>Meetings are held at Town Hall.</p>`
    expect(places(no, 'en-US', 'America/New_York').map(([, name]) => name)).toEqual([undefined, undefined])
  })

  it('reads "All meetings are held in …" as a default too', () => {
    const body = `<h1>County Commission</h1><h3>2027 Meeting Schedule</h3><ul><li>January 12 – Regular Meeting</li><li>January 26 – Work Session</li></ul><p>Regular meetings begin at 9:00 a.m. All meetings are held in the Commission Chambers of the Courthouse.</p>`
    expect(places(body, 'en-US', 'America/Chicago').map(([, name]) => name)).toEqual(['Commission Chambers of the Courthouse', 'Commission Chambers of the Courthouse'])
  })
})
