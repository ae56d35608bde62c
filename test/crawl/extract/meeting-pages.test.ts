// Pins the reading rules that government and board meeting pages needed (issue 13, civic stream):
// - a posting note beside a meeting's day ("Dec 8, 2026 — Posted Dec 3, 2026 3:00 PM", "Amended …") is neither
//   the title, nor the place, nor the time (record-title.ts POSTED, record-place.ts datedTail, not-event-dates.ts);
// - a status alone under a room ("--CANCELLED--") is no part of the place (record-place.ts placeText), and an
//   icon ("icon_ical.gif", alt "Export to iCalendar"), a static map or a spacer is no event image (page-lines.ts);
// - a header row of bold cells leaves the time said above the table in force (list-lead.ts headerCell);
// - list items "February 9 – CANCELLED", "February 23 – RESCHEDULED to Thursday, February 25" are listed days
//   (listing-support.ts bareDay), the old day gives way to the new one (not-event-dates.ts replacedBefore,
//   records.ts replacedNear), a rule in a paragraph of its own that names no body gives them its time
//   and place (list-lead.ts sameBody, listing.ts foldRules after loose events, recurring-records.ts proseVenue),
//   "2027 Regular Meeting Dates" is generic; a lead's sentence gives its place too ("… at 6:30 p.m. in the District
//   Office boardroom"); "200 W. 4th Street" is a street (record-place.ts STREET, PROSE_VENUE);
// - "200 W. 4th Street" is no day of the month and "as needed" makes no rule (shared/prose-rule.ts);
// - "by 12:00 noon on January 13", "Dated: …", "term expires …" are no events (not-event-dates.ts);
// - "Vervallen" cancels a Dutch meeting (labels.ts statusFromText); "Séance reportée au …" is no title (labels.ts);
// - a date with a note that names nothing ("(holiday)", "– Tuesday") is a listed day, and a weekday is no place
//   (listing-support.ts bareDay, record-place.ts tailPlace); "2027 Meeting Calendar" is generic;
// - a line that only says where ("– Salle polyvalente, rue des Écoles") is titled by its section (record-place.ts placeOnly);
// - rows titled by their section are days of its meetings, and a rule two of them fall on goes (list-lead.ts
//   foldRules); "Aplazada al 4 de marzo" in another cell gives the row its new day (not-event-dates.ts RENEWED_BEFORE);
// - a time said after the list ("Meetings begin at 7:00 PM …" under the table, "… June 15 (all at 7:00 PM)") times
//   its days (list-lead.ts leadAfter, trailingLead); "2026 Agendas & Minutes", "Calendário de reuniões – dezembro a
//   fevereiro" are generic headings (listing-support.ts genericHeading);
// - "presso la Sala consiliare del Palazzo municipale" names a place (record-place.ts PROSE_VENUE);
// - "Online: Join via Zoom" beside a place makes the meeting hybrid (online-place.ts JOIN_ONLINE);
// - the address lines under a venue's classed name are its address, not the description (address-shape.ts
//   addressAfter, record-details.ts);
// - a lead's place reaches days with their own time, a year heading ("2027") leaves the lead in force, a list
//   after the colon of the rule's paragraph takes its place too, "Room 302" is one name (list-lead.ts, listing.ts,
//   record-place.ts PROSE_VENUE); "… set for" is no title's end (record-title.ts CONNECTOR_END);
// - a meeting detail page's "Meeting Name:" label names the meeting in the cell after it, and labels alone
//   ("Published agenda:") are no description (detail-page.ts titleFor, record-details.ts), nor is the place's
//   own line ("Public Safety Headquarters, 1301 Third Street" in a Location column);
// - an ALLRIS-like calendar row "<td>Di</td><td>01</td><td>15:00</td>…" under a month row reads its weekday and day
//   cells together (page-reader.ts cellDay); "Sitzungsraum 1.12" is a room's number, not a day (not-event-dates.ts
//   ROOM_BEFORE); "Kreishaus", "Sitzungsraum", "Pfarrhaus" are venue words (labels.ts VENUE_WORD).
import { describe, expect, it } from 'bun:test'
import { proseToRecurrence } from '../../../src/crawl/shared/prose-rule'
import { pageEvents } from '../../helpers/extract'

const US = { lang: 'en', timezone: 'America/Chicago', window: { start: '2026-11-25', end: '2027-03-31' }, baseUrl: 'https://county.example.gov/board/' }
const brief =
  (o = US) =>
  (body: string) =>
    pageEvents(body, o).map((e) => [e.startDate, e.title, e.eventStatus ?? '', [e.venue?.name, e.venue?.address].filter(Boolean).join(' / ')].join(' | '))

describe('a posting note beside the meeting day', () => {
  it('is no title, place or time (CivicPlus Agenda Center rows)', () => {
    const row = (day: string, note: string, title: string) =>
      `<tr class="catAgendaRow"><td><h3><strong>${day}</strong> — <em>${note}</em></h3><p><a href="/AgendaCenter/ViewFile/Agenda/_1">${title}</a></p></td><td class="minutes"></td></tr>`
    const body = `<h2>Board of Trustees</h2><table class="listing"><tbody>${row('Dec 8, 2026', 'Posted Dec 3, 2026 3:00 PM', 'Board of Trustees Regular Meeting')}${row('Dec 1, 2026', 'Amended Nov 30, 2026 11:42 AM', 'Work Session - Budget')}</tbody></table>`
    expect(brief()(body)).toEqual(['2026-12-01 | Work Session - Budget |  | ', '2026-12-08 | Board of Trustees Regular Meeting |  | '])
  })
})

describe('meeting tables', () => {
  it('take no icon, static map or spacer as the meeting’s image', () => {
    const img = (src: string, alt = '') => `<img src="${src}" alt="${alt}">`
    const row = (name: string, pic: string) => `<tr><td>${name}</td><td>12/3/2026</td><td>4:00 PM</td><td>${pic}</td></tr>`
    const body = `<table><thead><tr><th>Name</th><th>Meeting Date</th><th>Meeting Time</th><th>iCal</th></tr></thead><tbody>${row('Plan Commission', img('Images/icon_ical.gif', 'Export to iCalendar'))}${row('Park Board', img('/commonspot/images/clear.gif'))}${row('Library Board', img('https://maps.googleapis.com/maps/api/staticmap?size=223x150'))}${row('Arts Commission', img('/uploads/arts-poster.jpg', 'Poster'))}</tbody></table>`
    expect(pageEvents(body, US).map((e) => `${e.title} ${e.image_url ?? '-'}`)).toEqual([
      'Plan Commission -',
      'Park Board -',
      'Library Board -',
      'Arts Commission https://county.example.gov/uploads/arts-poster.jpg',
    ])
  })

  it('leave a status alone under the room out of the place', () => {
    const row = (name: string, day: string, place: string) => `<tr><td><a href="/d?${name.length}">${name}</a></td><td>${day}</td><td>4:00 PM</td><td>${place}</td></tr>`
    const body = `<table><thead><tr><th>Name</th><th>Meeting Date</th><th>Meeting Time</th><th>Meeting Location</th></tr></thead><tbody>${row('Plan Commission', '12/3/2026', 'Room 201<br>City Hall, 100 N. Main St.')}${row('Zoning Board of Appeals', '12/10/2026', 'Room 201<br>City Hall, 100 N. Main St.<br><em>--CANCELLED--</em>')}</tbody></table>`
    expect(brief()(body)).toEqual([
      '2026-12-03T16:00:00-06:00 | Plan Commission |  | Room 201 / City Hall, 100 N. Main St.',
      '2026-12-10T16:00:00-06:00 | Zoning Board of Appeals | EventCancelled | Room 201 / City Hall, 100 N. Main St.',
    ])
  })

  it('give the time and place said above them to the rows without one, past a header row of bold cells', () => {
    const body =
      '<h1>Board of Education Meeting Schedule</h1><p><strong>All meetings begin at 6:30 p.m. in the District Office boardroom unless otherwise noted.</strong></p>' +
      '<table><tbody><tr><td><strong>Date</strong></td><td><strong>Meeting</strong></td><td><strong>Notes</strong></td></tr>' +
      '<tr><td>Tuesday, December 8, 2026</td><td>Regular Meeting</td><td>&nbsp;</td></tr><tr><td>Saturday, January 23, 2027</td><td>Budget Workshop</td><td>9:00 a.m. – 12:00 p.m.</td></tr></tbody></table>'
    expect(brief({ ...US, timezone: 'America/New_York' })(body)).toEqual([
      '2026-12-08T18:30:00-05:00 | Regular Meeting |  | District Office',
      '2027-01-23T09:00:00-05:00 | Budget Workshop |  | District Office',
    ])
  })
})

describe('a list of meeting days under a rule', () => {
  const body =
    '<h1>Board of County Commissioners</h1><h2>Meeting Schedule</h2><p>Regular meetings are held the second and fourth Tuesday of each month at 9:00 a.m. in the Board Chambers, 200 W. 4th Street. Anyone wishing to be placed on the agenda must contact the Clerk by noon on the Wednesday before the meeting.</p>' +
    '<h3>2027 Regular Meeting Dates</h3><ul><li>January 12, 2027</li><li>January 26, 2027</li><li>February 9, 2027 – <strong>CANCELLED</strong></li><li>February 23, 2027 – <strong>RESCHEDULED to Thursday, February 25, 2027</strong></li><li>March 9, 2027</li></ul>'

  it('takes the rule’s time and place, a cancelled day its status, a rescheduled day its new day', () => {
    expect(brief()(body)).toEqual([
      '2027-01-12T09:00:00-06:00 | Board of County Commissioners |  | Board Chambers / 200 W. 4th Street',
      '2027-01-26T09:00:00-06:00 | Board of County Commissioners |  | Board Chambers / 200 W. 4th Street',
      '2027-02-09T09:00:00-06:00 | Board of County Commissioners | EventCancelled | Board Chambers / 200 W. 4th Street',
      '2027-02-25T09:00:00-06:00 | Board of County Commissioners | EventRescheduled | Board Chambers / 200 W. 4th Street',
      '2027-03-09T09:00:00-06:00 | Board of County Commissioners |  | Board Chambers / 200 W. 4th Street',
    ])
  })

  it('reads the rule past a street numbered like a day, and none in a rule kept "as needed"', () => {
    expect(proseToRecurrence('held the second and fourth Tuesday of each month at 9:00 a.m. in the Board Chambers, 200 W. 4th Street')?.rrule).toBe('FREQ=MONTHLY;BYDAY=2TU,4TU')
    expect(proseToRecurrence('meets on the 2nd floor on the first Monday of the month')?.rrule).toBe('FREQ=MONTHLY;BYDAY=1MO')
    expect(proseToRecurrence('The Commission meets on the third Wednesday of the month as needed, at 5:00 p.m.')).toBeUndefined()
    expect(
      brief()(
        '<h1>Historic Preservation Commission</h1><p>The Commission meets on the third Wednesday of the month as needed, at 5:00 p.m. in the Council Chambers.</p><h2>Upcoming Meetings</h2><p>No meetings scheduled at this time.</p>',
      ),
    ).toEqual([])
  })
})

describe('a meeting notice', () => {
  it('states one meeting, not its comment deadline, its date of signing or a term’s end', () => {
    const body =
      '<h1>Notice of Special Meeting – January 14, 2027</h1><p>PLEASE TAKE NOTICE that the Board of Trustees will hold a special meeting on Thursday, January 14, 2027 at 5:30 PM at the Village Hall, 85 Main Street.</p>' +
      '<p>Written comments may be submitted to the Village Clerk by 12:00 noon on January 13, 2027.</p><p>By Order of the Board of Trustees<br>Dated: December 1, 2026</p><ul><li>Rosa Delgado, Chair – term expires January 31, 2027</li></ul>'
    expect(brief({ ...US, timezone: 'America/New_York' })(body)).toEqual(['2027-01-14T17:30:00-05:00 | Notice of Special Meeting |  | Village Hall / 85 Main Street'])
  })
})

describe('Dutch meeting items', () => {
  it('are cancelled by "Vervallen"', () => {
    const item = (day: string, title: string, status = '') =>
      `<div class="meeting-item"><a href="/Agenda/${day}"><div class="meeting-date">${day} december 2026</div><div class="meeting-title">${title}</div><div class="meeting-time">19:30 - 22:30</div>${status}</a></div>`
    const body = `${item('1', 'Commissie Ruimte')}${item('2', 'Commissie Bestuur', '<div class="meeting-status">Vervallen</div>')}`
    const nl = { ...US, lang: 'nl', timezone: 'Europe/Amsterdam' }
    expect(pageEvents(body, nl).map((e) => `${e.title} ${e.eventStatus ?? ''}`.trim())).toEqual(['Commissie Ruimte', 'Commissie Bestuur EventCancelled'])
  })
})

describe('a table of meeting days under a rule, with notes', () => {
  it('gives each listed day the rule’s time, a weekday or a holiday note no title or place', () => {
    const body =
      '<h1>City Council</h1><p>The City Council holds regular meetings on the first and third Monday of each month at 7:00 p.m. in the Council Chambers. When a meeting falls on a holiday it is held the following Tuesday.</p>' +
      '<h2>2027 Meeting Calendar</h2><table><thead><tr><th>Meeting Date</th><th>Agenda</th></tr></thead><tbody><tr><td>January 4, 2027</td><td><a href="/a.pdf">Agenda</a></td></tr>' +
      '<tr><td>Tuesday, January 19, 2027 (holiday)</td><td></td></tr><tr><td>February 1, 2027</td><td></td></tr><tr><td>February 16, 2027 – Tuesday</td><td></td></tr><tr><td>March 1, 2027 – Canceled</td><td></td></tr></tbody></table>'
    expect(brief()(body)).toEqual([
      '2027-01-04T19:00:00-06:00 | City Council |  | Council Chambers',
      '2027-01-19T19:00:00-06:00 | City Council |  | Council Chambers',
      '2027-02-01T19:00:00-06:00 | City Council |  | Council Chambers',
      '2027-02-16T19:00:00-06:00 | City Council |  | Council Chambers',
      '2027-03-01T19:00:00-06:00 | City Council | EventCancelled | Council Chambers',
    ])
  })
})

describe('French council sessions', () => {
  it('are rescheduled by "Séance reportée au …", and a line that only says where is titled by its section', () => {
    const body =
      '<h1>Séances du conseil municipal</h1><h2>Prochaines séances</h2><ul><li><strong>Jeudi 21 janvier 2027 à 20h30</strong> – <em>Séance reportée au jeudi 28 janvier 2027 à 20h30</em></li>' +
      '<li><strong>Jeudi 18 mars 2027 à 20h30</strong> – Salle polyvalente, rue des Écoles</li></ul>'
    expect(brief({ ...US, lang: 'fr', timezone: 'Europe/Paris' })(body)).toEqual([
      '2027-01-28T20:30:00+01:00 | Séances du conseil municipal | EventRescheduled | ',
      '2027-03-18T20:30:00+01:00 | Séances du conseil municipal |  | Salle polyvalente / rue des Écoles',
    ])
  })
})

describe('a table of sessions with their own times beside a monthly rule', () => {
  it('keeps the table’s days, the new day of a postponed row, and drops the rule', () => {
    const body =
      '<h1>Sesiones del Pleno</h1><p>Las sesiones ordinarias del Pleno se celebran el último jueves de cada mes a las 19:00 horas en el Salón de Plenos de la Casa Consistorial, Plaza Mayor, 1.</p>' +
      '<table><thead><tr><th>Fecha</th><th>Hora</th><th>Tipo de sesión</th></tr></thead><tbody><tr><td>28/01/2027</td><td>19:00</td><td>Ordinaria</td></tr>' +
      '<tr><td>18/02/2027</td><td>12:00</td><td>Extraordinaria</td></tr><tr><td>25/02/2027</td><td>–</td><td>Ordinaria – <strong>Aplazada al 4 de marzo</strong></td></tr><tr><td>25/03/2027</td><td>19:00</td><td>Ordinaria</td></tr></tbody></table>'
    expect(brief({ ...US, lang: 'es', timezone: 'Europe/Madrid' })(body)).toEqual([
      '2027-01-28T19:00:00+01:00 | Sesiones del Pleno |  | Salón de Plenos de la Casa Consistorial / Plaza Mayor',
      '2027-02-18T12:00:00+01:00 | Sesiones del Pleno |  | Salón de Plenos de la Casa Consistorial / Plaza Mayor',
      '2027-03-04T19:00:00+01:00 | Sesiones del Pleno | EventRescheduled | Salón de Plenos de la Casa Consistorial / Plaza Mayor',
      '2027-03-25T19:00:00+01:00 | Sesiones del Pleno |  | Salón de Plenos de la Casa Consistorial / Plaza Mayor',
    ])
  })
})

describe('a time said after the days it times', () => {
  it('reaches the rows of the table above it, titled past a documents heading', () => {
    const body =
      '<h1>Conservation Commission</h1><h2>2026 Agendas &amp; Minutes</h2><table><thead><tr><th>Meeting Date</th><th>Agenda</th><th>Minutes</th></tr></thead><tbody>' +
      '<tr><td>December 9, 2026</td><td><a href="/a.pdf">Agenda (draft)</a></td><td></td></tr><tr><td>November 18, 2026</td><td><a href="/b.pdf">Agenda</a></td><td>Pending approval</td></tr></tbody></table>' +
      '<p>Meetings begin at 7:00 PM at Town Hall, 6 Central Street, Room 2, unless the agenda states otherwise.</p>'
    expect(brief({ ...US, timezone: 'America/New_York' })(body)).toEqual(['2026-12-09T19:00:00-05:00 | Conservation Commission |  | Town Hall / 6 Central Street'])
  })

  it('reaches every day of its own line ("(all at 7:00 PM)")', () => {
    const body = '<h1>Library Board of Trustees</h1><h2>2027 Schedule</h2><p>January 19 · February 16 · March 16 (all at 7:00 PM)</p>'
    expect(brief()(body)).toEqual([
      '2027-01-19T19:00:00-06:00 | Library Board of Trustees |  | ',
      '2027-02-16T19:00:00-06:00 | Library Board of Trustees |  | ',
      '2027-03-16T19:00:00-05:00 | Library Board of Trustees |  | ',
    ])
  })
})

describe('headings, places and online meetings of council pages', () => {
  it('read a heading whose words before a dash are generic as generic', () => {
    const body =
      '<h1>Reuniões de Câmara</h1><h2>Calendário de reuniões – dezembro 2026 a fevereiro 2027</h2><table><thead><tr><th>Data</th><th>Hora</th><th>Local</th></tr></thead><tbody>' +
      '<tr><td>02/12/2026</td><td>10h00</td><td>Salão Nobre</td></tr><tr><td>16/12/2026</td><td>10h00</td><td>Salão Nobre</td></tr></tbody></table>'
    expect(brief({ ...US, lang: 'pt', timezone: 'Europe/Lisbon' })(body)).toEqual([
      '2026-12-02T10:00:00+00:00 | Reuniões de Câmara |  | Salão Nobre',
      '2026-12-16T10:00:00+00:00 | Reuniões de Câmara |  | Salão Nobre',
    ])
  })

  it('take "presso la Sala consiliare del Palazzo" as the place of a convocation', () => {
    const body =
      '<h1>Convocazione del Consiglio comunale</h1><p>Il Consiglio comunale è convocato in seduta ordinaria per <strong>giovedì 17 dicembre 2026 alle ore 20:30</strong> presso la Sala consiliare del Palazzo municipale, per discutere il seguente ordine del giorno:</p>'
    const [e] = pageEvents(body, { ...US, lang: 'it', timezone: 'Europe/Rome' })
    expect([e.startDate, e.venue?.name?.startsWith('Sala consiliare')]).toEqual(['2026-12-17T20:30:00+01:00', true])
  })

  it('make a meeting with a place and an "Online: Join via Zoom" line hybrid', () => {
    const body =
      '<h1>Library Board of Trustees</h1><h3>Tuesday, December 15, 2026 – 7:00 PM</h3><p><strong>Location:</strong> Community Room, 400 Lake Street</p><p><strong>Online:</strong> <a href="https://us02web.zoom.us/j/8123">Join via Zoom</a></p>'
    const [e] = pageEvents(body, US)
    expect([e.startDate, e.venue?.name, e.is_online]).toEqual(['2026-12-15T19:00:00-06:00', 'Community Room', true])
  })
})

describe('a calendar item with its venue in a class and the address under it', () => {
  it('takes the address lines after the name, and leaves them out of the description', () => {
    const item = (id: number, title: string, day: string) =>
      `<li><h3><a href="/Calendar.aspx?EID=${id}"><span>${title}</span></a></h3><div class="date">${day}, 6:00 PM - 8:00 PM</div><p><span class="eventLocation">City Hall Council Chambers</span><br><span>123 Main St.</span><br><span>Greenfield, OH 45123</span></p></li>`
    const body = `<h2>Government Meetings</h2><ol>${item(1, 'Planning Commission', 'December 8, 2026')}${item(2, 'Village Council', 'December 14, 2026')}</ol>`
    const events = pageEvents(body, { ...US, timezone: 'America/New_York' })
    expect(events.map((e) => [e.title, e.venue?.name, e.venue?.address, e.description ?? ''])).toEqual([
      ['Planning Commission', 'City Hall Council Chambers', '123 Main St., Greenfield, OH 45123', ''],
      ['Village Council', 'City Hall Council Chambers', '123 Main St., Greenfield, OH 45123', ''],
    ])
  })
})

describe('a lead over year headings and bold days', () => {
  it('gives its time and place past "2027", its place also to days with their own time', () => {
    const body =
      '<h1>Board of Ethics</h1><p>The Board of Ethics meets at 4:00 p.m. on the second Wednesday of the month in Room 302, City-County Building, unless otherwise noted.</p>' +
      '<h2>2026</h2><p><strong>December 9, 2026 at 4:00 p.m.</strong><br><a href="/a.pdf">Agenda</a></p><h2>2027</h2><p><strong>January 13, 2027</strong></p><p><strong>February 10, 2027 at 3:00 p.m.</strong></p>'
    expect(brief({ ...US, timezone: 'America/New_York' })(body)).toEqual([
      '2026-12-09T16:00:00-05:00 | Board of Ethics |  | Room 302',
      '2027-01-13T16:00:00-05:00 | Board of Ethics |  | Room 302',
      '2027-02-10T15:00:00-05:00 | Board of Ethics |  | Room 302',
    ])
  })

  it('gives the days after the colon of its own paragraph its place, and a news link ending "set for" its words', () => {
    const body =
      '<h1>Board Meetings</h1><p>The Board holds its regular meetings on the second Thursday of each month at 6:00 p.m. at the District Office, 4410 Ridge Road. 2027 regular meeting dates: January 14, February 11 and March 11.</p>' +
      '<h2>Latest News</h2><p><a href="/news/rate-hearing">Public hearing on water rates set for December 10, 2026</a></p>'
    expect(brief({ ...US, timezone: 'America/Los_Angeles' })(body)).toEqual([
      '2026-12-10 | Public hearing on water rates |  | ',
      '2027-01-14T18:00:00-08:00 | Board Meetings |  | District Office / 4410 Ridge Road',
      '2027-02-11T18:00:00-08:00 | Board Meetings |  | District Office / 4410 Ridge Road',
      '2027-03-11T18:00:00-08:00 | Board Meetings |  | District Office / 4410 Ridge Road',
    ])
  })
})

describe('a meeting detail page of label and value cells', () => {
  it('is titled by the value of "Meeting Name:", not the label, and labels alone are no description', () => {
    const cell = (label: string, value: string) => `<tr><td class="bold">${label}</td><td>${value}</td></tr>`
    const body = `<table>${cell('Meeting Name:', '<a href="/d">City Council</a>')}${cell('Meeting date/time:', '<span>12/15/2026</span>&nbsp;<span>6:00 PM</span>')}${cell('Meeting location:', '<span>Council Chambers<br>City Hall, 100 N. Main St.</span>')}${cell('Published agenda:', '<a href="/a">Agenda</a>')}${cell('Published minutes:', 'Not available')}</table>`
    const [e, ...rest] = pageEvents(body, US)
    expect([rest.length, e.title, e.startDate, e.venue?.name, e.description ?? '']).toEqual([0, 'City Council', '2026-12-15T18:00:00-06:00', 'Council Chambers', ''])
  })
})

describe('a meeting row whose location cell is its place', () => {
  it('does not repeat the place as the description', () => {
    const row = (day: string) => `<tr><td>${day}</td><td>3:00 PM</td><td>Public Safety Headquarters, 1301 Third Street</td></tr>`
    const body = `<h1>Board of Police Commissioners</h1><table><thead><tr><th>Date</th><th>Time</th><th>Location</th></tr></thead><tbody>${row('Thursday, December 3, 2026')}${row('Thursday, December 17, 2026')}</tbody></table>`
    const events = pageEvents(body, { ...US, timezone: 'America/Detroit' })
    expect(events.map((e) => [e.venue?.name, e.venue?.address, e.description ?? ''])).toEqual([
      ['Public Safety Headquarters', '1301 Third Street', ''],
      ['Public Safety Headquarters', '1301 Third Street', ''],
    ])
  })
})

describe('a session calendar with weekday and day in cells of their own under month rows', () => {
  it('reads each row’s day from the month row, and a room number like 1.12 as no day', () => {
    const row = (wd: string, day: string, time: string, body: string, room: string) => `<tr><td>${wd}</td><td>${day}</td><td>${time}</td><td><a href="/to?${day}">${body}</a></td><td>${room}</td></tr>`
    const body =
      '<h1>Sitzungskalender</h1><table><tr><th colspan="5">Dezember 2026</th></tr>' +
      row('Di', '01', '15:00', 'Kreisausschuss', 'Kreishaus, Sitzungsraum 1.12') +
      row('Mo', '14', '14:00', 'Kreistag', 'Stadthalle Waldhagen, Bürgersaal') +
      '<tr><th colspan="5">Januar 2027</th></tr>' +
      row('Mi', '20', '15:00', 'Jugendhilfeausschuss', 'Kreishaus, Sitzungsraum 1.12') +
      '</table>'
    expect(brief({ ...US, lang: 'de', timezone: 'Europe/Berlin', window: { start: '2026-11-25', end: '2027-01-31' } })(body)).toEqual([
      '2026-12-01T15:00:00+01:00 | Kreisausschuss |  | Kreishaus, Sitzungsraum 1.12',
      '2026-12-14T14:00:00+01:00 | Kreistag |  | Stadthalle Waldhagen, Bürgersaal',
      '2027-01-20T15:00:00+01:00 | Jugendhilfeausschuss |  | Kreishaus, Sitzungsraum 1.12',
    ])
  })
})
