// Pins the general reader for pages without structured data (DESIGN §6), one rule per test: records from
// repeated structure anchored on dates (cards, list items, table rows, <dl>, paragraphs, <br> lines, a
// heading beside its date), no title element or link required; day headings over the records after them
// across wrappers; section headings titling records that have none; a list of bare dates; a year in a
// heading; titles that are neither the date nor boilerplate; tables by their header in any order and
// language; what is not an event (comments, <template>, hidden markup, navigation and footers unless a
// menu link is a dated meeting, "No meetings scheduled", publication dates); an ASP.NET <form> around
// the page; closures and cancellations kept with their status; several events told in one paragraph.
import { describe, expect, it } from 'bun:test'
import type { ExtractContext } from '../../../src/crawl/candidate-types'
import { runBytes } from '../../helpers/extract'

const ctx: ExtractContext = { baseUrl: 'https://town.example.org/calendar', timezone: 'America/Chicago', window: { start: '2026-03-01', end: '2026-12-31' } }
const page = (body: string, head = '') => `<!DOCTYPE html><html lang="en"><head>${head}</head><body>${body}</body></html>`
const read = (html: string, c: ExtractContext = ctx) => runBytes(html, c).events.map((e) => [e.title, e.startDate, ...(e.endDate ? [e.endDate] : [])])

describe('records from repeated structure', () => {
  it('reads cards whose date and time sit in different elements', () => {
    const card = (t: string, d: string, h: string) => `<div class="card"><h3>${t}</h3><div class="when"><span>${d}</span></div><p>Doors: ${h}</p></div>`
    expect(read(page(`<main>${card('Jazz Night', 'May 6', '7:00 PM')}${card('Poetry Slam', 'May 13', '8 PM')}</main>`))).toEqual([
      ['Jazz Night', '2026-05-06T19:00:00-05:00'],
      ['Poetry Slam', '2026-05-13T20:00:00-05:00'],
    ])
  })

  it('reads <br>-separated lines without a title element or link, the title after the date', () => {
    const html = page(
      '<p>Palm Sunday, March 29 &ndash; Palm procession, 9:30 AM<br>Good Friday, April 3 &ndash; Stations of the Cross, Noon<br>Easter Sunday, April 5 &ndash; Festival service at 10 a.m.</p>',
    )
    expect(read(html)).toEqual([
      ['Palm procession', '2026-03-29T09:30:00-05:00'],
      ['Stations of the Cross', '2026-04-03T12:00:00-05:00'],
      ['Festival service', '2026-04-05T10:00:00-05:00'],
    ])
  })

  it('groups a heading with the date below it, and a <dt> date with its <dd>', () => {
    expect(read(page('<h3>Seed Swap</h3><p>April 8, 6:30 - 8:00 pm</p><h3>Plant Sale</h3><p>May 16, 9 - 11am</p>'))).toEqual([
      ['Seed Swap', '2026-04-08T18:30:00-05:00', '2026-04-08T20:00:00-05:00'],
      ['Plant Sale', '2026-05-16T09:00:00-05:00', '2026-05-16T11:00:00-05:00'],
    ])
    expect(read(page('<dl><dt>Wednesday, April 8</dt><dd><b>Spring Bulbs</b> – a talk. 7:00 PM.</dd><dt>Saturday, May 16</dt><dd><b>Plant Sale</b> – 9 AM to 1 PM.</dd></dl>'))).toEqual([
      ['Spring Bulbs', '2026-04-08T19:00:00-05:00'],
      ['Plant Sale', '2026-05-16T09:00:00-05:00', '2026-05-16T13:00:00-05:00'],
    ])
  })

  it('applies a day heading to every record after it, across sibling sections, until the next one', () => {
    const ev = (h: string, t: string) => `<div class="w"><div class="ev"><div class="t">${h}</div><h4>${t}</h4></div></div>`
    const html = page(
      `<section><div class="w"><h3>Monday, March 23</h3></div>${ev('10:30 AM', 'Lapsit')}</section><section>${ev('4:00 PM', 'LEGO Club')}</section><section><div class="w"><h3>Tuesday, March 24</h3></div></section><section>${ev('7:00 PM', 'Book Club')}${ev('All Day', 'Puzzle Swap')}</section>`,
    )
    expect(read(html)).toEqual([
      ['Lapsit', '2026-03-23T10:30:00-05:00'],
      ['LEGO Club', '2026-03-23T16:00:00-05:00'],
      ['Puzzle Swap', '2026-03-24'],
      ['Book Club', '2026-03-24T19:00:00-05:00'],
    ])
  })

  it('titles records that have none with their section heading, and gives a list of bare dates one event each', () => {
    const html = page(
      '<h1>Parks Board</h1><h2>Upcoming Board Meetings</h2><ul><li>Tuesday, April 14, 2026 – 6:00 PM</li><li>Tuesday, May 12, 2026 – 6:00 PM</li></ul><h2>Finance Committee</h2><p>January 26, March 23, May 25, July 27</p>',
    )
    expect(read(html)).toEqual([
      ['Finance Committee', '2026-03-23'],
      ['Upcoming Board Meetings', '2026-04-14T18:00:00-05:00'],
      ['Upcoming Board Meetings', '2026-05-12T18:00:00-05:00'],
      ['Finance Committee', '2026-05-25'],
      ['Finance Committee', '2026-07-27'],
    ])
  })

  it('takes a missing year from the heading above, so an archive stays in its year', () => {
    const html = page(
      '<h2>2026 Meeting Schedule</h2><ul><li>March 9 - Regular Meeting</li><li>April 13 - Regular Meeting</li></ul><h2>2025 Archive</h2><ul><li>March 10 - Regular Meeting</li><li>April 14 - Regular Meeting</li></ul>',
    )
    expect(runBytes(html, { ...ctx, window: { start: '2025-01-01', end: '2026-12-31' } }).events.map((e) => e.startDate)).toEqual(['2025-03-10', '2025-04-14', '2026-03-09', '2026-04-13'])
  })
})

describe('titles', () => {
  it('is never the date, a date link or boilerplate, and takes the bold lead of a line', () => {
    const html = page(
      '<table><tr><td><a href="/a/1">Mar 10, 2026</a></td><td>Planning Board</td><td><a href="/a/1.pdf">Agenda</a></td><td><a href="/m/1.pdf">Minutes</a></td></tr><tr><td><a href="/a/2">Apr 14, 2026</a></td><td>Planning Board</td><td><a href="/a/2.pdf">Agenda</a></td><td>Read more</td></tr></table>',
    )
    expect(read(html)).toEqual([
      ['Planning Board', '2026-03-10'],
      ['Planning Board', '2026-04-14'],
    ])
    expect(
      read(page('<ul><li><b>Quilt Guild</b>, meets in the annex. March 3, 2026, 1:00pm to 2:00pm</li><li><b>Knitting Circle</b>, all welcome. March 4, 2026, 10 a.m.</li></ul>')).map((e) => e[0]),
    ).toEqual(['Quilt Guild', 'Knitting Circle'])
  })
})

describe('tables', () => {
  it('reads rows by the meaning of the header, in any column order and language', () => {
    const html = page(
      '<h2>Gemeinderat und Ausschüsse</h2><table><thead><tr><th>Ort</th><th>Zeit</th><th>Gremium</th><th>Datum</th></tr></thead><tbody><tr><td>Rathaus, Saal 1</td><td>19:00 Uhr</td><td>Gemeinderat</td><td>Donnerstag, 26. März 2026</td></tr><tr><td>Rathaus, Saal 2</td><td>18.30 Uhr</td><td>Bauausschuss</td><td>Montag, 30. März 2026</td></tr></tbody></table>',
      '<meta charset="utf-8">',
    ).replace('lang="en"', 'lang="de"')
    const events = runBytes(html, { ...ctx, timezone: 'Europe/Berlin' }).events
    expect(events.map((e) => [e.title, e.startDate, e.venue?.name])).toEqual([
      ['Gemeinderat', '2026-03-26T19:00:00+01:00', 'Rathaus, Saal 1'],
      ['Bauausschuss', '2026-03-30T18:30:00+02:00', 'Rathaus, Saal 2'],
    ])
  })

  it('gives a table without a title column the heading above it', () => {
    const html = page(
      '<h2>Commissie Ruimte</h2><table><thead><tr><th>Datum</th><th>Tijd</th><th>Stukken</th></tr></thead><tr><td>dinsdag 6 oktober 2026</td><td>19.30 uur</td><td><a href="/s/1">Agenda en stukken</a></td></tr><tr><td>dinsdag 27 oktober 2026</td><td>19.30 uur</td><td><a href="/s/2">Agenda en stukken</a></td></tr></table>',
    ).replace('lang="en"', 'lang="nl"')
    expect(read(html, { ...ctx, timezone: 'Europe/Amsterdam' })).toEqual([
      ['Commissie Ruimte', '2026-10-06T19:30:00+02:00'],
      ['Commissie Ruimte', '2026-10-27T19:30:00+01:00'],
    ])
  })
})

describe('what is not an event', () => {
  it('skips comments, templates, hidden markup, footers, "No meetings scheduled" and publication dates', () => {
    const rows = '<li>March 3, 2026, 7 PM – Council</li><li>March 17, 2026, 7 PM – Council</li>'
    const html = page(`<!-- <ul><li>March 10, 2026, 7 PM – Draft meeting</li><li>March 11, 2026, 7 PM – Draft</li></ul> -->
      <template><ul><li>March 12, 2026, 7 PM – Template</li><li>March 13, 2026, 7 PM – Template</li></ul></template>
      <ul hidden><li>March 14, 2026, 7 PM – Hidden</li><li>March 15, 2026, 7 PM – Hidden</li></ul>
      <main><ul>${rows}</ul><table><tr><th>Date</th><th>Meeting</th></tr><tr><td colspan="2">No meetings scheduled</td></tr></table>
      <ul class="news"><li><a href="/n/1">New hours</a> <span class="post-date">Posted March 2, 2026</span></li><li><a href="/n/2">Closed March 20 for inventory</a></li></ul></main>
      <footer><ul><li>Closed April 3, 2026</li><li>Closed May 25, 2026</li></ul></footer>`)
    expect(read(html).map((e) => e[0])).toEqual(['Council', 'Council'])
  })

  it('reads a navigation menu only where its links are dated meetings with a time', () => {
    const html = page(
      '<nav><ul><li><a href="/about">About</a></li><li><a href="/jan">January</a><ul><li><a href="/a.pdf">Closed Session – January 7, 2026, 4:00 PM</a></li><li><a href="/b.pdf">Regular Meeting Agenda 01/20/2026 – 5:30 PM</a></li></ul></li><li><a href="/n">June 5 Newsletter</a></li></ul></nav><main><p>Welcome</p></main>',
    )
    expect(read(html, { ...ctx, timezone: 'America/Denver', window: { start: '2026-01-01', end: '2026-12-31' } })).toEqual([
      ['Closed Session', '2026-01-07T16:00:00-07:00'],
      ['Regular Meeting Agenda', '2026-01-20T17:30:00-07:00'],
    ])
  })

  it('reads a page wrapped in one ASP.NET <form>', () => {
    const html = page(
      '<form method="post" action="./Calendar.aspx" id="aspnetForm"><div class="list"><div class="item"><a class="cal-title" href="E.aspx?id=1">Work Session</a><span class="cal-when">Tuesday, February 3, 2026</span><span class="cal-time">5:30 PM - 7:00 PM</span><span class="cal-loc">District Office, Room 104</span></div><div class="item"><a class="cal-title" href="E.aspx?id=2">Science Fair</a><span class="cal-when">Tuesday, February 10, 2026</span><span class="cal-time">6:00 PM</span><span class="cal-loc">Gym</span></div></div></form>',
    )
    expect(runBytes(html, { ...ctx, window: { start: '2026-02-01', end: '2026-02-28' } }).events.map((e) => [e.title, e.startDate, e.venue?.name])).toEqual([
      ['Work Session', '2026-02-03T17:30:00-06:00', 'District Office, Room 104'],
      ['Science Fair', '2026-02-10T18:00:00-06:00', 'Gym'],
    ])
  })

  it('keeps listed closures and cancellations as events, with the status the page gives', () => {
    const html = page('<ul><li>March 5, 2026, 7 PM – Book Club <span class="badge">CANCELLED</span></li><li>March 6, 2026 – Library CLOSED</li><li>March 7, 2026, 10 AM – Storytime</li></ul>')
    expect(runBytes(html, ctx).events.map((e) => [e.title, e.startDate, e.eventStatus])).toEqual([
      ['Book Club', '2026-03-05T19:00:00-06:00', 'EventCancelled'],
      ['Library CLOSED', '2026-03-06', undefined],
      ['Storytime', '2026-03-07T10:00:00-06:00', undefined],
    ])
  })
})

describe('prose', () => {
  it('gives one event per timed sentence of a paragraph about one day', () => {
    const html = page(
      '<p>El <strong>viernes 3 de abril</strong> haremos el Vía Crucis por las calles del barrio a las 15 hs, saliendo desde la plaza. A las 20 hs, Celebración de la Pasión del Señor en el templo.</p><p>El <strong>sábado 4 de abril</strong> a las 21 hs, Solemne Vigilia Pascual.</p>',
    ).replace('lang="en"', 'lang="es"')
    expect(read(html, { ...ctx, timezone: 'America/Argentina/Buenos_Aires' })).toEqual([
      ['haremos el Vía Crucis por las calles del barrio', '2026-04-03T15:00:00-03:00'],
      ['Celebración de la Pasión del Señor en el templo.', '2026-04-03T20:00:00-03:00'],
      ['Solemne Vigilia Pascual.', '2026-04-04T21:00:00-03:00'],
    ])
  })
})
