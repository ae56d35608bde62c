// Pins how single event pages and festival programmes state changes and places (issue 13, detail pages):
// a date struck out (<del>, <s>) beside its replacement is no event's; rows or items that open with a label
// alone ("Datum | …") are fields of one event, not records; a day heading over a block of timed <br> lines
// heads that block; a postponement with its new date is EventRescheduled, and a bold notice on an event page
// gives its status; labelled fields below a notice give the event; Italian "alle ore 21" joins its day, a
// news post's "Il concerto si terrà …" is titled by its heading, "presso la chiesa di San Rocco" is a place;
// online and hybrid places set the attendance mode and never a Zoom room as the venue (online-place.ts); a
// venue as a title's last short sentence or before a price is the place; a paragraph of days, each with its
// semicolon items, gives one event per item; a news post's sentence gives its place after "en la", "na", "in
// de", "en l'" without the preposition, and "from 10 to 2" is 10:00–14:00 that day (clock-context.ts endClock).
import { describe, expect, it } from 'bun:test'
import type { Candidate } from '../../../src/crawl/candidate-types'
import { extractDocument } from '../../../src/crawl/extract'
import { readAttendance } from '../../../src/crawl/extract/html/online-place'
import { venueInTitle } from '../../../src/crawl/extract/html/title-venue'
import { findProseDates } from '../../../src/crawl/extract/prose-dates'
import { normalizeCandidates } from '../../../src/crawl/normalize'

function events(body: string, lang: string, timezone: string, start = '2026-03-01', end = '2026-12-31') {
  const ctx = { baseUrl: 'https://www.org.example/event/', timezone, window: { start, end } }
  const html = `<!DOCTYPE html><html lang="${lang}"><body><main>${body}</main></body></html>`
  return normalizeCandidates(extractDocument(new TextEncoder().encode(html), ctx).candidates, ctx).events.map((e) => ({
    title: e.title,
    start: e.startDate,
    ...(e.endDate ? { end: e.endDate } : {}),
    ...(e.venue?.name || e.venue?.address ? { venue: [e.venue.name, e.venue.address].filter(Boolean).join(' | ') } : {}),
    ...(e.eventStatus ? { status: e.eventStatus } : {}),
    ...(e.is_online !== undefined ? { online: e.is_online } : {}),
  }))
}

describe('struck-out dates', () => {
  it('drops a date struck out beside its replacement', () => {
    const body = '<h1>Sarau de Poesia</h1><p><strong>Data:</strong> <del>sábado, 28 de março de 2026</del> 18 de abril de 2026</p><p><strong>Horário:</strong> 21h30</p>'
    expect(events(body, 'pt-PT', 'Europe/Lisbon')).toMatchObject([{ title: 'Sarau de Poesia', start: '2026-04-18T21:30:00+01:00' }])
    const en = '<h1>Quilt Show</h1><p>Date: <s>March 5, 2026</s> March 12, 2026</p><p>Time: 10:00 AM</p>'
    expect(events(en, 'en', 'America/Chicago')).toMatchObject([{ title: 'Quilt Show', start: '2026-03-12T10:00:00-05:00' }])
  })

  it('keeps an event struck out as a whole (a cancelled listing entry)', () => {
    const body = '<h2>Programs</h2><ul><li><s>March 5, 2026, 7:00 PM – Book Club</s> CANCELLED</li><li>March 12, 2026, 7:00 PM – Chess Night</li></ul>'
    expect(events(body, 'en', 'America/Chicago').map((e) => e.start)).toEqual(['2026-03-05T19:00:00-06:00', '2026-03-12T19:00:00-05:00'])
  })
})

describe('label rows are fields of one event', () => {
  it('reads a two-column table Datum / Tijd / Locatie as one event titled by the h1', () => {
    const body =
      '<h1>Lezing: Het los hoes</h1><table><tr><td><strong>Datum</strong></td><td>donderdag 21 mei 2026</td></tr><tr><td><strong>Tijd</strong></td><td>20.00 uur (zaal open 19.30 uur)</td></tr><tr><td><strong>Locatie</strong></td><td>Dorpshuis De Linde, Kerkstraat 4, Dinkelrode</td></tr></table>'
    expect(events(body, 'nl', 'Europe/Amsterdam')).toMatchObject([{ title: 'Lezing: Het los hoes', start: '2026-05-21T20:00:00+02:00', venue: 'Dorpshuis De Linde | Kerkstraat 4, Dinkelrode' }])
  })
})

describe('a day heading over a block of timed lines', () => {
  it('heads the <br> lines after it, not the paragraph before it', () => {
    const body =
      '<h1>Programme 2026</h1><p>Three days of music from Friday 5 to Sunday 7 June.</p><h2>Friday 5 June</h2><p>18:00 Opening<br>19:30 Poetry Evening</p><h2>Saturday 6 June</h2><p>10:00 Craft Market<br>14:00 Lantern Workshop, School Room</p>'
    expect(events(body, 'en-GB', 'Europe/London')).toEqual([
      { title: 'Opening', start: '2026-06-05T18:00:00+01:00' },
      { title: 'Poetry Evening', start: '2026-06-05T19:30:00+01:00' },
      { title: 'Craft Market', start: '2026-06-06T10:00:00+01:00' },
      { title: 'Lantern Workshop', start: '2026-06-06T14:00:00+01:00', venue: 'School Room' },
    ])
  })

  it('moves a struck item to its new date, rescheduled', () => {
    const body = '<h2>Sunday 7 June 2026</h2><p>11:00 Festival Service<br><s>14:00 Guided Walk</s> <strong>POSTPONED</strong> – new date Sunday 28 June, 14:00<br>16:00 Tea Dance</p>'
    const walk = events(body, 'en-GB', 'Europe/London').find((e) => e.title?.startsWith('Guided Walk'))
    expect(walk).toMatchObject({ start: '2026-06-28T14:00:00+01:00', status: 'EventRescheduled' })
  })
})

describe('postponed, rescheduled and notices', () => {
  it('says EventRescheduled for a postponement with its new date, EventPostponed without one', () => {
    const moved = '<ul><li>March 20, 2026, 7:00 PM – Book Club – POSTPONED, new date below</li><li>March 27, 2026, 7:00 PM – Chess Night</li></ul>'
    expect(events(moved, 'en', 'America/Chicago')[0]).toMatchObject({ status: 'EventRescheduled' })
    const postponed = '<ul><li>March 20, 2026, 7:00 PM – Book Club – POSTPONED</li><li>March 27, 2026, 7:00 PM – Chess Night</li></ul>'
    expect(events(postponed, 'en', 'America/Chicago')[0]).toMatchObject({ status: 'EventPostponed' })
  })

  it('gives an event page the status of a bold notice by its title, in several languages', () => {
    for (const [lang, zone, notice, fields, start] of [
      [
        'nl',
        'Europe/Amsterdam',
        '<strong>UITGESTELD</strong> – De lezing is verplaatst naar donderdag 21 mei 2026.',
        '<p>Datum: donderdag 21 mei 2026</p><p>Tijd: 20.00 uur</p>',
        '2026-05-21T20:00:00+02:00',
      ],
      ['es', 'Europe/Madrid', '<strong>APLAZADA.</strong> Nueva fecha: miércoles 20 de mayo de 2026.', '<p>Fecha: miércoles 20 de mayo de 2026</p><p>Hora: 18:30 h</p>', '2026-05-20T18:30:00+02:00'],
      ['it', 'Europe/Rome', '<strong>RINVIATO</strong> – nuova data sabato 16 maggio 2026.', '<p>Data: sabato 16 maggio 2026</p><p>Orario: ore 21</p>', '2026-05-16T21:00:00+02:00'],
    ])
      expect(events(`<h1>Evento</h1><p>${notice}</p>${fields}`, lang, zone)).toMatchObject([{ title: 'Evento', start, status: 'EventRescheduled' }])
  })

  it('reads the labelled fields below a notice that repeats their day (the end time is kept)', () => {
    const body =
      '<h1>Charla</h1><p><strong>APLAZADA.</strong> La charla del 6 de mayo se traslada. <strong>Nueva fecha:</strong> miércoles 20 de mayo de 2026, 18:30 h.</p><dl><dt>Fecha</dt><dd>Miércoles 20 de mayo de 2026</dd><dt>Hora</dt><dd>18:30 a 20:00 h</dd></dl>'
    expect(events(body, 'es', 'Europe/Madrid')).toMatchObject([{ start: '2026-05-20T18:30:00+02:00', end: '2026-05-20T20:00:00+02:00' }])
  })
})

describe('an Italian news post', () => {
  it('joins "alle ore 21" to its day, titles "Il concerto …" by the heading and reads "presso la chiesa di …"', () => {
    const body =
      '<article><h1>Concerto di primavera</h1><p>Il concerto si terrà sabato 14 marzo 2026 alle ore 21 presso la chiesa di San Rocco, in via Roma 12. Ingresso libero.</p><p>Per chi non potesse partecipare, il concerto sarà replicato domenica 15 marzo 2026 alle ore 17 nella chiesa di Sant’Andrea.</p></article>'
    expect(events(body, 'it', 'Europe/Rome')).toEqual([
      { title: 'Concerto di primavera', start: '2026-03-14T21:00:00+01:00', venue: 'chiesa di San Rocco | via Roma 12' },
      { title: 'Concerto di primavera', start: '2026-03-15T17:00:00+01:00', venue: 'chiesa di Sant’Andrea' },
    ])
  })

  it('keeps a sentence that names its event ("Fondue au chalet …", "Advent Lessons and Carols will be held …")', () => {
    const body =
      '<h1>Advent</h1><p>Advent Lessons and Carols will be held Sunday, December 6, 2026 at 4:00 p.m. in the nave, followed by a reception in the hall.</p><p>The Blue Christmas service, for all who find the season hard, is on Monday, December 21, 2026 at 7 p.m. in the chapel.</p>'
    expect(events(body, 'en', 'America/Denver').map((e) => e.title)).toEqual(['Advent Lessons and Carols', 'The Blue Christmas service'])
  })
})

describe('online and hybrid places', () => {
  const place = (text: string) => {
    const c: Candidate = { source: { url: 'u', format: 'html', method: 'listing' }, title: 'T', place: { name: text } }
    readAttendance(c)
    return { mode: c.attendanceMode, place: c.place }
  }

  it('drops a place that names only a screen and says online', () => {
    for (const text of ['Remote (Zoom)', 'Online vía Microsoft Teams (el enlace se envía al inscribirse)', 'Webinar', 'online (link na inscrição)', 'Virtual', 'En ligne'])
      expect({ text, ...place(text) }).toEqual({ text, mode: 'OnlineEventAttendanceMode', place: undefined })
  })

  it('keeps the in-person part of a hybrid place and says mixed', () => {
    expect(place('Hybrid: in person at the Community Room, Fairview Public Library, 210 Elm Street, and on Zoom')).toEqual({
      mode: 'MixedEventAttendanceMode',
      place: { name: 'Community Room', address: 'Fairview Public Library, 210 Elm Street' },
    })
    expect(place('Library Meeting Room (streaming available)')).toEqual({ mode: 'MixedEventAttendanceMode', place: { name: 'Library Meeting Room' } })
    expect(place('Town Hall or Zoom')).toEqual({ mode: 'MixedEventAttendanceMode', place: { name: 'Town Hall' } })
  })

  it('leaves a place that names no screen alone', () => {
    expect(place('Dorpshuis De Linde')).toEqual({ mode: undefined, place: { name: 'Dorpshuis De Linde' } })
  })

  it('marks the event online, with no venue, on an event page', () => {
    const body = '<h1>Webinar: Well Care</h1><p>When: Tue, May 12 2026, 7 - 8:30pm</p><p>Where: Remote (Zoom)</p>'
    expect(events(body, 'en', 'America/New_York')).toEqual([{ title: 'Webinar: Well Care', start: '2026-05-12T19:00:00-04:00', end: '2026-05-12T20:30:00-04:00', online: true }])
  })
})

describe('a venue at the end of a title', () => {
  it('reads a last short sentence and a place before a price', () => {
    expect(venueInTitle('Concierto: Trío Albéniz. Claustro de Santo Domingo')).toEqual({ title: 'Concierto: Trío Albéniz', place: { name: 'Claustro de Santo Domingo' } })
    expect(venueInTitle('Festival Concert: Bath Chamber Players, St Mary’s Church (£15)')).toEqual({ title: 'Festival Concert: Bath Chamber Players', place: { name: 'St Mary’s Church' } })
  })

  it('does not cut after an abbreviation or take a sentence that is no venue', () => {
    expect(venueInTitle('Meeting with Dr. Smith')).toBeUndefined()
    expect(venueInTitle('Inauguración y pasacalles. Salida desde la Plaza Mayor')).toBeUndefined()
  })
})

describe('publication dates and programme items in other languages', () => {
  it('reads "Publicado em", "Pubblicato il", "Posted on" as a post date, and drops the final stop of a day’s last item', () => {
    const body =
      '<h1>Festas de São Pedro 2026</h1><p>Publicado em 2 de junho de 2026</p><p><b>Sábado, 27 de junho:</b> 10h00 Torneio de sueca; 22h00 Concerto de Os Marafados.</p><p><b>Domingo, 28 de junho:</b> 11h00 Missa solene; 23h30 Fogo de artifício.</p>'
    expect(events(body, 'pt-PT', 'Europe/Lisbon', '2026-06-01').map((e) => [e.title, e.start])).toEqual([
      ['Torneio de sueca', '2026-06-27T10:00:00+01:00'],
      ['Concerto de Os Marafados', '2026-06-27T22:00:00+01:00'],
      ['Missa solene', '2026-06-28T11:00:00+01:00'],
      ['Fogo de artifício', '2026-06-28T23:30:00+01:00'],
    ])
    for (const [lang, line] of [
      ['it', 'Pubblicato il 2 giugno 2026'],
      ['en', 'Posted on June 2, 2026'],
      ['nl', 'Gepubliceerd op 2 juni 2026'],
    ])
      expect(events(`<h1>News</h1><p>${line}</p><p>Some words about the post.</p>`, lang, 'Europe/Rome', '2026-06-01')).toEqual([])
  })
})

describe('days and their items in one paragraph', () => {
  it('gives one event per semicolon item on its day', () => {
    const body =
      '<h1>Summer Fete 2026</h1><p><strong>Programme:</strong> Friday 5 June: 18:00 Opening; 19:30 Quiz Night in the Village Hall. Saturday 6 June: 10:00 Dog Show; 14:00 Tug of War. Sunday 7 June: 11:00 Songs of Praise.</p>'
    expect(events(body, 'en-GB', 'Europe/London', '2026-05-01').map((e) => [e.title, e.start])).toEqual([
      ['Opening', '2026-06-05T18:00:00+01:00'],
      ['Quiz Night in the Village Hall', '2026-06-05T19:30:00+01:00'],
      ['Dog Show', '2026-06-06T10:00:00+01:00'],
      ['Tug of War', '2026-06-06T14:00:00+01:00'],
      ['Songs of Praise', '2026-06-07T11:00:00+01:00'],
    ])
  })

  it('leaves a paragraph whose times are one item’s hours (no semicolons between them) alone', () => {
    const body = '<h1>Open Days</h1><p>Friday 5 June 2026: 10:00 until 14:00 open garden. Saturday 6 June 2026: 10:00 until 16:00 open garden and teas.</p>'
    expect(events(body, 'en-GB', 'Europe/London', '2026-05-01').length).toBeLessThan(3)
  })
})

describe('a listing item with its old date struck out and a new one', () => {
  it('keeps one event on the new date, rescheduled, and none on the old one', () => {
    const item = (title: string, date: string) => `<li><h3>${title}</h3><p>${date}</p><p>Zaal De Linde</p></li>`
    const body = `<ul>${item('Voorjaarsconcert', 'zaterdag 18 april 2026, 20.00 uur')}<li><h3>Koffieconcert</h3><p><del>zondag 3 mei 2026, 14.30 uur</del></p><p><strong>UITGESTELD</strong> – nieuwe datum: zondag 31 mei 2026, 14.30 uur</p><p>Zorgcentrum De Linde</p></li>${item('Serenade', 'vrijdag 12 juni 2026, 19.30 uur')}</ul>`
    expect(events(body, 'nl', 'Europe/Amsterdam', '2026-04-01').map((e) => [e.title, e.start, e.status])).toEqual([
      ['Voorjaarsconcert', '2026-04-18T20:00:00+02:00', undefined],
      ['Koffieconcert', '2026-05-31T14:30:00+02:00', 'EventRescheduled'],
      ['Serenade', '2026-06-12T19:30:00+02:00', undefined],
    ])
  })
})

describe('online words in names', () => {
  it('leaves a venue whose name holds "virtual" or "teams" alone', () => {
    for (const name of ['Virtual Reality Lab, Main Library', 'Youth Teams Field', 'Remote Sensing Lab']) expect(readAttendanceOf(name)).toEqual({ mode: undefined, place: { name } })
    expect(readAttendanceOf('Virtual')).toEqual({ mode: 'OnlineEventAttendanceMode', place: undefined })
    expect(readAttendanceOf('Via Teams')).toEqual({ mode: 'OnlineEventAttendanceMode', place: undefined })
  })
})

function readAttendanceOf(text: string) {
  const c: Candidate = { source: { url: 'u', format: 'html', method: 'listing' }, title: 'T', place: { name: text } }
  readAttendance(c)
  return { mode: c.attendanceMode, place: c.place }
}

describe('a news post’s one sentence in five languages', () => {
  it('reads the day, the time and the place after "en la", "na", "in de", "at the", "en l’"', () => {
    for (const [lang, zone, sentence, start, venue] of [
      [
        'es',
        'Europe/Madrid',
        'El concierto tendrá lugar el sábado 14 de marzo a las 20:00 en la iglesia de San Pedro, calle Mayor 3.',
        '2026-03-14T20:00:00+01:00',
        'iglesia de San Pedro | calle Mayor 3',
      ],
      ['pt-PT', 'Europe/Lisbon', 'O concerto realiza-se no sábado, 14 de março, às 21h, na Igreja Matriz de Ourém.', '2026-03-14T21:00:00+00:00', 'Igreja Matriz de Ourém'],
      ['nl', 'Europe/Amsterdam', 'Het concert vindt plaats op zaterdag 14 maart om 20.00 uur in de Grote Kerk, Markt 1.', '2026-03-14T20:00:00+01:00', 'Grote Kerk | Markt 1'],
      ['en', 'America/Chicago', 'Join us on Saturday, March 7 from 10 to 2 at the Grange Hall, 12 Mill Rd.', '2026-03-07T10:00:00-06:00', 'Grange Hall | 12 Mill Rd'],
      ['fr', 'Europe/Paris', 'Le concert aura lieu le samedi 14 mars à 20h30 en l’église Saint-Pierre, place de la Mairie.', '2026-03-14T20:30:00+01:00', 'église Saint-Pierre | place de la Mairie'],
    ])
      expect({ lang, found: events(`<article><h1>Spring concert</h1><p>Posted 20/02/2026</p><p>${sentence} Free entry.</p></article>`, lang, zone) }).toMatchObject({
        lang,
        found: [{ title: 'Spring concert', start, venue }],
      })
  })

  it('reads "from 10 to 2" as ten in the morning to two in the afternoon of that day, not an overnight of the year 2000', () => {
    expect(findProseDates('Saturday, March 7 from 10 to 2', '2026-03-01')).toMatchObject([{ date: '2026-03-07', time: '10:00', endTime: '14:00' }])
    expect(findProseDates('Saturday, March 7 from 10 pm to 2 am', '2026-03-01')).toMatchObject([{ date: '2026-03-07', time: '22:00', endTime: '02:00', endDate: '2026-03-08' }])
  })
})

describe('a card whose old date stays beside its new one', () => {
  it('reads the new date only, without striking', () => {
    const card = (title: string, date: string, extra = '') => `<div class="act"><h3>${title}</h3><p>${date}</p>${extra}<p>Salón del Ateneo</p></div>`
    const body = `<h1>Agenda</h1>${card('Teatro', 'Sábado 7 de marzo de 2026, 19:00 h', '<p><strong>APLAZADO.</strong> Nueva fecha: sábado 21 de marzo de 2026, 19:00 h</p>')}${card('Charla', 'Jueves 12 de marzo de 2026, 18:30 h')}${card('Recital', 'Viernes 27 de marzo de 2026, 20:00 h')}`
    expect(events(body, 'es', 'Europe/Madrid').map((e) => [e.title, e.start, e.status])).toEqual([
      ['Charla', '2026-03-12T18:30:00+01:00', undefined],
      ['Teatro', '2026-03-21T19:00:00+01:00', 'EventRescheduled'],
      ['Recital', '2026-03-27T20:00:00+01:00', undefined],
    ])
  })
})
