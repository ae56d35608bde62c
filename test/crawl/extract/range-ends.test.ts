// Pins a range whose ends the markup sets in elements of their own: Drupal's date-display-start /
// date-display-end, Squarespace's event-time-localized-start / -end (each with its own day and time) and
// date tags, The Events Calendar's "December 5 @ 8:00 am" - "10:00 am" spans: one event from the start to
// the end, never a second event on the last day. And a calendar view's date-picker heading ("December 1,
// 2026 - January 30, 2027") over its records is the span it shows, not an event. A Localist card's place is the
// link to its place page on the line after the time.
import { describe, expect, it } from 'bun:test'
import { extractDocument } from '../../../src/crawl/extract'
import { normalizeCandidates } from '../../../src/crawl/normalize'

function events(body: string) {
  const ctx = { baseUrl: 'https://www.library.example/events/', timezone: 'America/Chicago', window: { start: '2026-11-25', end: '2027-01-31' } }
  const html = `<!DOCTYPE html><html lang="en-US"><body><main>${body}</main></body></html>`
  return normalizeCandidates(extractDocument(new TextEncoder().encode(html), ctx).candidates, ctx).events.map((e) => [e.title, e.startDate, e.endDate ?? null])
}

describe('range ends in elements of their own', () => {
  it('reads a Drupal date-display-range across days as one event', () => {
    const row = (title: string, date: string) => `<div class="views-row"><div class="views-field-title"><a href="/e">${title}</a></div><div class="views-field-date">${date}</div></div>`
    const body = `<div class="view-content">${row('Book Sale', '<span class="date-display-range"><span class="date-display-start">Friday, December 11, 2026 - 5:00pm</span> to <span class="date-display-end">Sunday, December 13, 2026 - 2:00pm</span></span>')}${row('Gaming', '<span class="date-display-single">Saturday, December 5, 2026 - <span class="date-display-start">1:00pm</span> to <span class="date-display-end">4:00pm</span></span>')}</div>`
    expect(events(body)).toEqual([
      ['Gaming', '2026-12-05T13:00:00-06:00', '2026-12-05T16:00:00-06:00'],
      ['Book Sale', '2026-12-11T17:00:00-06:00', '2026-12-13T14:00:00-06:00'],
    ])
  })

  it('reads a Squarespace multi-day event (start and end day and time, start and end date tags) as one event', () => {
    const card = (title: string, tags: string, meta: string) =>
      `<article class="eventlist-event"><div class="eventlist-datetag">${tags}</div><h1 class="eventlist-title"><a href="/e">${title}</a></h1><ul class="eventlist-meta">${meta}</ul></article>`
    const tag = (kind: string, m: string, d: string) =>
      `<div class="eventlist-datetag-${kind}date eventlist-datetag-${kind}date--month">${m}</div><div class="eventlist-datetag-${kind}date eventlist-datetag-${kind}date--day">${d}</div>`
    const multi = `<li class="eventlist-meta-time"><span class="event-time-localized-start"><time class="event-date" datetime="2026-12-05">Saturday, December 5, 2026</time> <time class="event-time-12hr-start" datetime="2026-12-05">10:00 AM</time></span><span class="event-datetime-divider"></span><span class="event-time-localized-end"><time class="event-date" datetime="2026-12-06">Sunday, December 6, 2026</time> <time class="event-time-12hr-end" datetime="2026-12-06">4:00 PM</time></span></li>`
    const single = `<li class="eventlist-meta-date"><time class="event-date" datetime="2026-12-10">Thursday, December 10, 2026</time></li><li class="eventlist-meta-time"><span class="event-time-12hr"><time class="event-time-12hr-start" datetime="2026-12-10">6:00 PM</time><span class="event-datetime-divider"></span><time class="event-time-12hr-end" datetime="2026-12-10">8:30 PM</time></span></li>`
    const body = `<div class="eventlist">${card('Makers Market', tag('start', 'Dec', '5') + tag('end', 'Dec', '6'), multi)}${card('Open Studio', tag('start', 'Dec', '10'), single)}</div>`
    expect(events(body)).toEqual([
      ['Makers Market', '2026-12-05T10:00:00-06:00', '2026-12-06T16:00:00-06:00'],
      ['Open Studio', '2026-12-10T18:00:00-06:00', '2026-12-10T20:30:00-06:00'],
    ])
  })

  it("ends The Events Calendar's spans at the end time after ' - ', and takes no event from its date picker", () => {
    const row = (title: string, time: string) =>
      `<div class="tribe-events-calendar-list__event-row"><article class="tribe-events-calendar-list__event"><time class="tribe-events-calendar-list__event-datetime">${time}</time><h3 class="tribe-events-calendar-list__event-title"><a href="/e">${title}</a></h3></article></div>`
    const picker = `<button>Today</button><h1 class="tribe-events-c-top-bar__datepicker"><time class="tribe-events-c-top-bar__datepicker-time">December 1, 2026</time> - <time>January 30, 2027</time></h1>`
    const body = `${picker}<div class="tribe-events-calendar-list">${row('Bird Walk', '<span class="tribe-event-date-start">December 5 @ 8:00 am</span> - <span class="tribe-event-time">10:00 am</span>')}${row('Trail Nights', '<span class="tribe-event-date-start">December 18 @ 5:00 pm</span> - <span class="tribe-event-date-end">December 20 @ 9:00 pm</span>')}</div>`
    expect(events(body)).toEqual([
      ['Bird Walk', '2026-12-05T08:00:00-06:00', '2026-12-05T10:00:00-06:00'],
      ['Trail Nights', '2026-12-18T17:00:00-06:00', '2026-12-20T21:00:00-06:00'],
    ])
  })

  it('takes the place from a link to a place page after the time (Localist cards)', () => {
    const card = (title: string, when: string, place: string) =>
      `<div class="em-card"><h3 class="em-card_title"><a href="/event/x">${title}</a></h3><p class="em-card_event-text">${when}</p><p class="em-card_event-text"><a href="/place/${place.toLowerCase().replace(/ /g, '_')}">${place}</a></p></div>`
    const body = `<div class="em-results">${card('Choral Concert', 'Fri, Dec 4, 2026 7:30pm to 9:00pm EST', 'Harmon Chapel')}${card('Film Series', 'Wed, Dec 9, 2026 6:00pm', 'Science Center Auditorium')}</div>`
    const ctx = { baseUrl: 'https://events.college.example/', timezone: 'America/New_York', window: { start: '2026-11-25', end: '2027-01-31' } }
    const html = `<!DOCTYPE html><html lang="en"><body><main>${body}</main></body></html>`
    const out = normalizeCandidates(extractDocument(new TextEncoder().encode(html), ctx).candidates, ctx).events
    expect(out.map((e) => [e.title, e.venue?.name])).toEqual([
      ['Choral Concert', 'Harmon Chapel'],
      ['Film Series', 'Science Center Auditorium'],
    ])
  })

  it("reads Modern Events Calendar's start and end badges and EventON's evo_start / evo_end badges as one span", () => {
    const mec = (title: string, badge: string, times: string) =>
      `<article class="mec-event-article"><div class="mec-event-date">${badge}</div><h4 class="mec-event-title"><a href="/e">${title}</a></h4><div class="mec-time-details">${times}</div></article>`
    const mecBody = `<div class="mec-event-list-classic">${mec('Winter Fair', '<span class="mec-start-date-label">05 Dec</span><span class="mec-end-date-label"> - 06 Dec</span>', '<span class="mec-start-time">10:00 am</span> - <span class="mec-end-time">4:00 pm</span>')}${mec('Choir', '<span class="mec-start-date-label">12 Dec</span>', '<span class="mec-start-time">7:00 pm</span> - <span class="mec-end-time">9:00 pm</span>')}</div>`
    expect(events(mecBody)).toEqual([
      ['Winter Fair', '2026-12-05T10:00:00-06:00', '2026-12-06T16:00:00-06:00'],
      ['Choir', '2026-12-12T19:00:00-06:00', '2026-12-12T21:00:00-06:00'],
    ])
    const evo = (title: string, badges: string, time: string) =>
      `<div class="eventon_list_event"><p><a class="evcal_list_a" href="/e"><span class="evcal_cblock">${badges}</span><span class="evcal_desc"><span class="evo_above_title"><span class="evo_event_type_tag">Workshop</span></span><span class="evcal_event_title">${title}</span><em class="evcal_time">${time}</em></span></a></p></div>`
    const badge = (kind: string, d: string) => `<span class="evo_${kind}"><em class="date">${d}</em><em class="month">dec</em></span>`
    const evoBody = `<div class="eventon_events_list">${evo('Seed Swap', badge('start', '19') + badge('end', '20'), '9:00 am - 1:00 pm')}${evo('Compost Class', badge('start', '12'), '10:00 am - 12:00 pm')}</div>`
    expect(events(evoBody)).toEqual([
      ['Compost Class', '2026-12-12T10:00:00-06:00', '2026-12-12T12:00:00-06:00'],
      ['Seed Swap', '2026-12-19T09:00:00-06:00', '2026-12-20T13:00:00-06:00'],
    ])
  })
})
