// Pins English day-first runs of days on research networks' pages (english-rewrites.ts, line-dates.ts,
// detail-page.ts, record-title.ts): "7-9 December 2026" with an unspaced hyphen starts on the 7th (chrono read
// only the 9th); the day that ends a span ("22–23 April 2027, Utrecht") belongs to the span, so the place after it
// is "Utrecht", not "23 April 2027, Utrecht"; "Call for abstracts closes 15 January 2027" is no event; a heading
// "Save the date: …" announces the dated line under it and names the event without its announcement words, even
// under a generic h1 ("Events").
import { describe, expect, it } from 'bun:test'
import { DateReader } from '../../../src/crawl/extract/prose-dates'
import { pageEvents } from '../../helpers/extract'

const read = (text: string) => new DateReader('en', true).find(text, '2026-11-25')
const events = (body: string) =>
  pageEvents(body, { lang: 'en', timezone: 'Europe/Amsterdam', window: { start: '2026-11-25', end: '2027-06-30' }, baseUrl: 'https://www.network.example.nl/events' }).map((e) => [
    e.title,
    e.startDate,
    e.endDate,
    e.venue?.name,
  ])

describe('day-first runs of days', () => {
  it('reads a run with an unspaced hyphen from its first day', () => {
    expect(read('7-9 December 2026')).toMatchObject([{ date: '2026-12-07', endDate: '2026-12-09' }])
    expect(read('22-23 April 2027')).toMatchObject([{ date: '2027-04-22', endDate: '2027-04-23' }])
  })

  it('leaves the place after a span its own', () => {
    const card = (title: string, when: string) => `<div class="event"><h3>${title}</h3><p>${when}</p><p>More soon.</p></div>`
    expect(events(`<h1>Events</h1>${card('Research Software Day', '18-19 February 2027, Eindhoven')}${card('Open Science Conference', '22–23 April 2027, Utrecht')}`)).toEqual([
      ['Research Software Day', '2027-02-18', '2027-02-19', 'Eindhoven'],
      ['Open Science Conference', '2027-04-22', '2027-04-23', 'Utrecht'],
    ])
  })
})

describe('announcements and deadlines', () => {
  it('reads an event announced by a save-the-date heading, and no event from a call for abstracts', () => {
    const body = '<h1>Events</h1><div class="event"><h3>Save the date: Open Science Conference 2027</h3><p>22–23 April 2027, Utrecht</p><p>Call for abstracts closes 15 January 2027.</p></div>'
    expect(events(body)).toEqual([['Open Science Conference 2027', '2027-04-22', '2027-04-23', 'Utrecht']])
  })
})
