// Pins the card rules of research-support agendas (line-dates.ts, record-place.ts): a zone's abbreviation
// after a time ("09:30 – 16:30 CET") is no title; a place line right after the time that is an address
// ("Royal Netherlands Academy, Kloveniersburgwal 29, Amsterdam": Dutch streets in -wal, -steeg, -markt…)
// gives the venue and its address; a place line "Online" makes an online event; in a card wrapped in one
// link the place line still counts; "Aanmelden kan tot en met 7 januari 2027" is a deadline, no event; a
// 24-hour clock with a dot and "hrs" ("11.15 hrs", "13.00 - 14.00 hrs") is a time; a place after the time
// whose name has Dutch particles or ends in -gebouw ("Muziekgebouw aan 't IJ, Piet Heinkade 1") is the venue;
// a zone after the time ("09:30 – 12:30 CET | Online") leaves the field after it the place. Event pages
// (record-when.ts, detail-page.ts): an end label ("End: 13 January 2027, 17:00", "<dt>End time</dt>", "Ende:")
// ends the event; an item of an "Upcoming events" box is titled by its own link, not the page's h1. A place
// that closes a parenthesis ("(14.30 uur, Aula)") is "Aula"; a trailing ", online" makes an online event.
import { describe, expect, it } from 'bun:test'
import { pageEvents } from '../../helpers/extract'

const window = { start: '2026-11-25', end: '2027-02-28' }
const events = (body: string, lang = 'en') => pageEvents(body, { lang, timezone: 'Europe/Amsterdam', window, baseUrl: 'https://www.archive.example.nl/events/' })
const card = (title: string, ...lines: string[]) =>
  `<article class="event"><h2><a href="/events/${title.length}">${title}</a></h2><div class="details">${lines.map((l) => `<p>${l}</p>`).join('')}</div><a href="/more">Read more</a></article>`

describe('research agenda cards', () => {
  it('reads the title, not a zone abbreviation, and the venue after the time', () => {
    const body = `<h1>Events</h1>${card('Essentials 4 Data Stewardship', '30 November 2026 – 2 December 2026', '09:30 – 16:30 CET', 'Utrecht Science Park, Utrecht')}${card('Webinar: Persistent identifiers', '10 December 2026', '15:00 – 16:00 CET', 'Online')}${card('User Day 2027', '28 January 2027', '10:00 – 16:00 CET', 'Royal Netherlands Academy, Kloveniersburgwal 29, Amsterdam')}`
    expect(events(body).map((e) => [e.title, e.startDate, e.endDate, e.venue?.name, e.venue?.address ?? undefined, e.is_online])).toEqual([
      ['Essentials 4 Data Stewardship', '2026-11-30T09:30:00+01:00', '2026-12-02T16:30:00+01:00', 'Utrecht Science Park, Utrecht', undefined, undefined],
      ['Webinar: Persistent identifiers', '2026-12-10T15:00:00+01:00', '2026-12-10T16:00:00+01:00', undefined, undefined, true],
      ['User Day 2027', '2027-01-28T10:00:00+01:00', '2027-01-28T16:00:00+01:00', 'Royal Netherlands Academy', 'Kloveniersburgwal 29, Amsterdam', undefined],
    ])
  })

  it('reads the place line of a card wrapped in one link, and no event from a registration deadline', () => {
    const item = (day: string, title: string, meta: string, summary: string) =>
      `<li class="agenda-item"><a href="/agenda/${title.length}"><div class="date">${day}</div><div><h2>${title}</h2><p class="meta">${meta}</p><p>${summary}</p></div></a></li>`
    const body = `<h1>Agenda</h1><ul>${item('8 dec 2026 - 9 dec 2026', 'Conferentie Wetenschap &amp; Samenleving', 'Beatrix Theater, Utrecht', 'Twee dagen over onderzoek.')}${item('14 jan 2027', 'Matchmakingbijeenkomst', '13.00 - 17.00 uur · Jaarbeurs, Utrecht', 'Aanmelden kan tot en met 7 januari 2027.')}</ul>`
    expect(events(body, 'nl').map((e) => [e.title, e.startDate, e.venue?.name])).toEqual([
      ['Conferentie Wetenschap & Samenleving', '2026-12-08', 'Beatrix Theater, Utrecht'],
      ['Matchmakingbijeenkomst', '2027-01-14T13:00:00+01:00', 'Jaarbeurs, Utrecht'],
    ])
  })
})

describe('university agenda lines of fields', () => {
  it('reads "11.15 hrs" as a time and a venue named with Dutch particles', () => {
    const item = (title: string, meta: string) => `<div class="result"><h3><a href="/agenda/${title.length}">${title}</a></h3><p class="info">${meta}</p></div>`
    const body = `<h1>Agenda</h1>${item('PhD defence: Reading Machines', 'Wednesday 27 January 2027 · 11.15 hrs · Academy Building')}${item('Lunch Lecture', 'Thursday 10 December 2026 · 12.15 - 13.15 hrs · Lipsius Building, room 011')}${item('Prize ceremony', 'Tuesday 9 February 2027 | 19.30 hrs | Muziekgebouw aan ’t IJ, Piet Heinkade 1, Amsterdam')}`
    expect(events(body).map((e) => [e.title, e.startDate, e.endDate, e.venue?.name])).toEqual([
      ['Lunch Lecture', '2026-12-10T12:15:00+01:00', '2026-12-10T13:15:00+01:00', 'Lipsius Building, room 011'],
      ['PhD defence: Reading Machines', '2027-01-27T11:15:00+01:00', undefined, 'Academy Building'],
      ['Prize ceremony', '2027-02-09T19:30:00+01:00', undefined, 'Muziekgebouw aan ’t IJ'],
    ])
  })
})

describe('event pages with start and end fields', () => {
  it('ends the event at the labelled end', () => {
    const dl =
      '<h1>Software Management Plans workshop</h1><dl><dt>Start date</dt><dd>12 January 2027</dd><dt>Start time</dt><dd>10:00</dd><dt>End date</dt><dd>12 January 2027</dd><dt>End time</dt><dd>12:00</dd><dt>Location</dt><dd>Online</dd></dl>'
    expect(events(dl).map((e) => [e.startDate, e.endDate, e.is_online])).toEqual([['2027-01-12T10:00:00+01:00', '2027-01-12T12:00:00+01:00', true]])
    const lines =
      '<h1>Carpentries Instructor Training</h1><p><strong>Start:</strong> 12 January 2027, 09:00<br><strong>End:</strong> 13 January 2027, 17:00<br><strong>Venue:</strong> TU Delft Library, Prometheusplein 1, Delft</p>'
    expect(events(lines).map((e) => [e.startDate, e.endDate, e.venue?.name])).toEqual([['2027-01-12T09:00:00+01:00', '2027-01-13T17:00:00+01:00', 'TU Delft Library']])
  })

  it('titles an item of an upcoming-events box with its link', () => {
    const body =
      '<h1>Software Management Plans workshop</h1><p>Date: 12 January 2027, 10:00 - 12:00</p><p>Research software deserves a plan.</p><p>Bring your own project.</p><aside><h2>Upcoming events</h2><ul><li><a href="/events/carpentries">Carpentries Instructor Training</a><br><span>12 January 2027, 09:00 – 13 January 2027, 17:00</span></li></ul></aside>'
    expect(events(body).map((e) => [e.title, e.startDate])).toContainEqual(['Carpentries Instructor Training', '2027-01-12T09:00:00+01:00'])
    expect(
      events(body)
        .filter((e) => e.title === 'Software Management Plans workshop')
        .map((e) => e.startDate),
    ).toEqual(['2027-01-12T10:00:00+01:00'])
  })

  it('reads the place after a time and its zone', () => {
    const body =
      '<h1>Events</h1><div class="ev"><h2><a href="/a">FAIR data webinar</a></h2><p>2 December 2026 | 09:30 – 12:30 CET | Online</p></div><div class="ev"><h2><a href="/b">Research Data Day</a></h2><p>14 January 2027 | 09:00 – 17:00 CET | TivoliVredenburg, Utrecht</p></div>'
    expect(events(body).map((e) => [e.title, e.is_online, e.venue?.name])).toEqual([
      ['FAIR data webinar', true, undefined],
      ['Research Data Day', undefined, 'TivoliVredenburg, Utrecht'],
    ])
  })
})

describe('places after the time in a list item', () => {
  it('reads the place that closes a parenthesis, and a trailing "online"', () => {
    const body =
      '<h1>Kalender</h1><h2>December 2026</h2><ul><li>di 8 dec. – <a href="/p">Promotie J. Bakker</a> (14.30 uur, Aula)</li><li>do 17 dec. – <a href="/k">Kerstlezing</a> (20.00 uur, online)</li></ul>'
    expect(events(body, 'nl').map((e) => [e.title, e.startDate, e.venue?.name, e.is_online])).toEqual([
      ['Promotie J. Bakker', '2026-12-08T14:30:00+01:00', 'Aula', undefined],
      ['Kerstlezing', '2026-12-17T20:00:00+01:00', undefined, true],
    ])
  })
})
