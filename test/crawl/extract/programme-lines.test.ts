// Pins how a week's programme written as lines reads (church bulletins, "This week" posts, town agendas):
// "Wednesday, Dec. 2 – 6:30 pm" is that day at that time (chrono read "2 – 6:30 pm" as hours); items of one
// day set off by semicolons are events of their own; a venue at the end of a title, in parentheses or after
// a comma, is the place; "Week of November 30" only heads the week; and the place after a time ends with
// the time's sentence ("…, place de l'Église. Une trentaine d'exposants…").
import { describe, expect, it } from 'bun:test'
import { pageEvents } from '../../helpers/extract'
import { findProseDates } from '../../../src/crawl/extract/prose-dates'

function events(body: string, lang: string, timezone: string) {
  const window = { start: '2026-11-29', end: '2026-12-31' }
  return pageEvents(`<h1>This week</h1>${body}`, { lang, timezone, window, baseUrl: 'https://www.parish.example/this-week/' }).map((e) => ({
    title: e.title,
    start: e.startDate,
    ...(e.venue?.name || e.venue?.address ? { venue: e.venue.name ?? e.venue.address } : {}),
  }))
}

describe('a day, a dash, then its time', () => {
  it('reads the time after a month, a day and an en or em dash as that day at that time', () => {
    for (const [text, date, time] of [
      ['Wednesday, Dec. 2 – 7:00 pm Choir', '2026-12-02', '19:00'],
      ['Wednesday, December 2 – 7:00 pm Choir', '2026-12-02', '19:00'],
      ['Sept. 14 — 10:30 a.m. Fall Kickoff', '2027-09-14', '10:30'],
      ['June 5 – 7 pm', '2027-06-05', '19:00'],
      ['Tuesday 12/8 - 7pm', '2026-12-08', '19:00'],
      ['Tuesday 12/8 – 7:00 PM', '2026-12-08', '19:00'],
    ])
      expect({ text, found: findProseDates(text, '2026-11-29') }).toMatchObject({ text, found: [{ date, time }] })
  })

  it('keeps hours after a word that is no month ("Farmers Market 2 – 7 pm") and a day range ("Nov. 25 – 27")', () => {
    expect(findProseDates('Farmers Market 2 – 7 pm', '2026-11-29')).toMatchObject([{ time: '14:00', endTime: '19:00' }])
    expect(findProseDates('June 5, 2 – 7 pm', '2026-11-29')).toMatchObject([{ date: '2027-06-05', time: '14:00', endTime: '19:00' }])
    expect(findProseDates('Nov. 25 – 27', '2026-11-29')).toMatchObject([{ date: '2026-11-25', endDate: '2026-11-27' }])
    expect(findProseDates('12/8 – 7-9pm', '2026-11-29')).toMatchObject([{ date: '2026-12-08', time: '19:00', endTime: '21:00' }])
  })

  it('reads "12/8-12/10" as a range of days (chrono read only the second day)', () => {
    expect(findProseDates('12/8-12/10', '2026-11-29')).toMatchObject([{ date: '2026-12-08', endDate: '2026-12-10' }])
    expect(findProseDates('Sat 12/5-12/6', '2026-11-29')).toMatchObject([{ date: '2026-12-05', endDate: '2026-12-06' }])
  })

  it('puts a bare clock right after an evening time in the evening ("Doors 6:30 PM / Show 7:30"), not across sentences', () => {
    expect(findProseDates('Fri. Dec. 4 | Doors 6:30 PM / Show 7:30', '2026-11-29')).toMatchObject([{ date: '2026-12-04', time: '18:30' }, { time: '19:30' }])
    expect(findProseDates('Dec 4, 7:00 PM. Coffee at 8:30', '2026-11-29')).toMatchObject([{ time: '19:00' }, { time: '08:30' }])
    expect(findProseDates('Dec 4, 9:30 AM / 11:00', '2026-11-29')).toMatchObject([{ time: '09:30' }, { time: '11:00' }])
  })
})

describe('a week written as lines', () => {
  it('gives each item of a day its own event, its place from the parentheses, and no event to "Week of"', () => {
    const body = `<p><strong>Week of November 30, 2026</strong></p>
      <p><strong>Monday, Nov. 30</strong> – 7:00 pm Rosary for Peace (Chapel)<br>
      <strong>Tuesday, Dec. 1</strong> – 9:30 am Bible Study (Parish Center, Room 2); 7:00 pm Knights of Columbus meeting<br>
      <strong>Wednesday, Dec. 2</strong> – 6:30 pm Adult Choir rehearsal<br>
      <strong>Saturday, Dec. 5</strong> – 10 am Advent Fair, Parish Hall</p>`
    expect(events(body, 'en', 'America/Chicago')).toEqual([
      { title: 'Rosary for Peace', start: '2026-11-30T19:00:00-06:00', venue: 'Chapel' },
      { title: 'Bible Study', start: '2026-12-01T09:30:00-06:00', venue: 'Parish Center, Room 2' },
      { title: 'Knights of Columbus meeting', start: '2026-12-01T19:00:00-06:00' },
      { title: 'Adult Choir rehearsal', start: '2026-12-02T18:30:00-06:00' },
      { title: 'Advent Fair', start: '2026-12-05T10:00:00-06:00', venue: 'Parish Hall' },
    ])
  })

  it('reads the same week in German and French', () => {
    const de = `<p><b>Woche vom 30. November 2026</b></p><p><b>Montag, 30. November</b> – 18 Uhr Rosenkranz (Kapelle)<br>
      <b>Dienstag, 1. Dezember</b> – 9.30 Uhr Bibelkreis (Pfarrheim); 20 Uhr Chorprobe<br><b>Samstag, 5. Dezember</b> – 10 Uhr Adventsbasar, Gemeindehaus</p>`
    expect(events(de, 'de', 'Europe/Berlin')).toEqual([
      { title: 'Rosenkranz', start: '2026-11-30T18:00:00+01:00', venue: 'Kapelle' },
      { title: 'Bibelkreis', start: '2026-12-01T09:30:00+01:00', venue: 'Pfarrheim' },
      { title: 'Chorprobe', start: '2026-12-01T20:00:00+01:00' },
      { title: 'Adventsbasar', start: '2026-12-05T10:00:00+01:00', venue: 'Gemeindehaus' },
    ])
    const fr = `<p><strong>Mardi 1er décembre</strong> – 9h30 Groupe biblique (salle paroissiale) ; 20h Répétition de la chorale<br>
      <strong>Samedi 5 décembre</strong> – 10h Marché de l'Avent, salle des fêtes</p>`
    expect(events(fr, 'fr', 'Europe/Paris').map((e) => [e.title, e.venue])).toEqual([
      ['Groupe biblique', 'salle paroissiale'],
      ['Répétition de la chorale', undefined],
      ["Marché de l'Avent", 'salle des fêtes'],
    ])
  })

  it('keeps a sentence with a semicolon one event, and a comma part without a venue word in the title', () => {
    const body = `<ul><li><b>Dec. 3</b> – 7:00 pm Book Club: bring a friend; copies at the desk</li>
      <li><b>Dec. 10</b> – 7:00 pm Friends of the Library, Annual Meeting</li></ul>`
    expect(events(body, 'en', 'America/Chicago').map((e) => e.title)).toEqual(['Book Club: bring a friend; copies at the desk', 'Friends of the Library, Annual Meeting'])
  })
})

describe('the place after a time, within its sentence', () => {
  it('takes the field after the time up to the sentence end, not a later time in the next sentence', () => {
    const body = `<div class="ev"><div class="date"><span>05</span> <span>déc.</span></div><h2><a href="/agenda/marche">Marché de Noël</a></h2><p>Samedi 5 décembre de 10h à 18h, place de l'Église. Une trentaine d'exposants et visite du Père Noël à 15h.</p></div>
      <div class="ev"><div class="date"><span>11</span> <span>déc.</span></div><h2><a href="/agenda/conseil">Conseil municipal</a></h2><p>Vendredi 11 décembre à 20h30, salle du conseil de la mairie. Séance publique.</p></div>`
    expect(events(body, 'fr', 'Europe/Paris')).toEqual([
      { title: 'Marché de Noël', start: '2026-12-05T10:00:00+01:00', venue: "place de l'Église" },
      { title: 'Conseil municipal', start: '2026-12-11T20:30:00+01:00', venue: 'salle du conseil de la mairie' },
    ])
  })
})
