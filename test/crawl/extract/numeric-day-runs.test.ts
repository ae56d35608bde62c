// Pins German teasers of research institutes (numeric-runs.ts, record-place.ts): a run of days written with its
// month once ("09.–11.12.2026", "1.-5.3.2027", "28.–30.11.") starts on its first day and ends on its last
// (chrono read only the last day, so the event fell on it), and not a time range ("19 - 21.30 Uhr"); a
// labelled place among a line's fields ("Beginn: 9 Uhr · Ort: IKF, Hörsaal, Schleusenstraße 1") is the
// field's value, not the whole line.
import { describe, expect, it } from 'bun:test'
import { DateReader } from '../../../src/crawl/extract/prose-dates'
import { pageEvents } from '../../helpers/extract'

const read = (text: string) => new DateReader('de').find(text, '2026-11-25')

describe('a numeric run of days', () => {
  it('reads the first and the last day', () => {
    expect(read('09.–11.12.2026')).toMatchObject([{ date: '2026-12-09', endDate: '2026-12-11' }])
    expect(read('1.-5.3.2027')).toMatchObject([{ date: '2027-03-01', endDate: '2027-03-05' }])
    expect(read('28.–30.11.')).toMatchObject([{ date: '2026-11-28', endDate: '2026-11-30' }])
  })

  it('reads two whole dates after a dash as a span, not a day and a clock', () => {
    expect(read('09.12.2026 - 11.12.2026')).toMatchObject([{ date: '2026-12-09', endDate: '2026-12-11' }])
    expect(read('Di 8.12.2026 – 18.30 Uhr')).toMatchObject([{ date: '2026-12-08', time: '18:30' }])
  })

  it('leaves a time range alone', () => {
    expect(read('19 - 21.30 Uhr')).toMatchObject([{ time: '19:00', endTime: '21:30' }])
  })
})

describe('institute teasers', () => {
  it('gives a run its first day and a labelled field its place', () => {
    const teaser = (date: string, title: string, meta: string) =>
      `<div class="event-teaser"><div class="date">${date}</div><div class="body"><h3><a href="/v/${title.length}">${title}</a></h3><p>${meta}</p></div></div>`
    const body = `<h1>Veranstaltungen</h1>${teaser('09.–11.12.2026', 'Norddeutsche Küstentagung', 'Beginn: 9 Uhr · Ort: IKF, Hörsaal, Schleusenstraße 1, 26382 Wilhelmshaven')}${teaser('15.12.2026', 'Institutsseminar', '14:00–15:30 Uhr · Ort: Seminarraum 2.12')}${teaser('01.–05.03.2027', 'Winter School', 'Bewerbungsschluss: 15.01.2027 · Ort: Forschungsschiff')}`
    const events = pageEvents(body, { lang: 'de', timezone: 'Europe/Berlin', window: { start: '2026-11-25', end: '2027-03-31' }, baseUrl: 'https://www.institut.example.de/veranstaltungen' })
    expect(events.map((e) => [e.title, e.startDate, e.endDate, e.venue?.name])).toEqual([
      ['Norddeutsche Küstentagung', '2026-12-09T09:00:00+01:00', undefined, 'IKF'],
      ['Institutsseminar', '2026-12-15T14:00:00+01:00', '2026-12-15T15:30:00+01:00', 'Seminarraum 2.12'],
      ['Winter School', '2027-03-01', '2027-03-05', 'Forschungsschiff'],
    ])
  })
})
