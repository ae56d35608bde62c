// Pins the lists of days written with one month (src/crawl/extract/day-lists.ts): "Jueves 10 y viernes 11
// de diciembre", "Samedi 5 et dimanche 6 décembre", "Sa. 5. und So. 6. Dezember", "December 5 and 6",
// "Friday 11, Saturday 12 and Sunday 13 December": chrono read only the day the month is written beside
// (the last, or the first in English) or nothing; now the list is one span from its first day to its
// last, with the time written after it, as "December 29 and December 30, 10 am – 4 pm" already was.
import { describe, expect, it } from 'bun:test'
import { DateReader } from '../../../src/crawl/extract/prose-dates'
import type { DateLocale } from '../../../src/crawl/extract/date-locale'
import { pageEvents } from '../../helpers/extract'

const read = (locale: DateLocale, text: string) => new DateReader(locale).find(text, '2026-11-29').map((w) => ({ date: w.date, endDate: w.endDate, time: w.time, endTime: w.endTime }))

describe('days of one month written once', () => {
  it('reads a pair of days with their weekdays as one span in every language', () => {
    for (const [locale, text, start, end] of [
      ['es', 'Jueves 10 y viernes 11 de diciembre de 2026, de 17:00 a 21:00 h', '17:00', '21:00'],
      ['fr', 'Samedi 12 et dimanche 13 décembre 2026, de 10h à 18h', '10:00', '18:00'],
      ['de', 'Sa. 12. und So. 13. Dezember 2026, 11 – 19 Uhr', '11:00', '19:00'],
      ['it', 'Sabato 12 e domenica 13 dicembre 2026, dalle 10 alle 18', '10:00', '18:00'],
      ['pt', 'Sábado 12 e domingo 13 de dezembro de 2026, das 10h às 18h', '10:00', '18:00'],
      ['nl', 'zaterdag 12 en zondag 13 december 2026, 10.00 - 17.00 uur', '10:00', '17:00'],
    ] as const) {
      const [first] = read(locale, text)
      expect({ text, first }).toMatchObject({ text, first: { date: locale === 'es' ? '2026-12-10' : '2026-12-12', time: start, endTime: end } })
      expect(first.endDate).toBe(locale === 'es' ? '2026-12-11' : '2026-12-13')
    }
  })

  it('reads a pair of bare days before the month', () => {
    expect(read('es', '10 y 11 de diciembre, 18:00 h')).toEqual([{ date: '2026-12-10', endDate: '2026-12-11', time: '18:00', endTime: undefined }])
    expect(read('fr', 'Les 12 et 13 décembre 2026, de 10h à 18h')).toEqual([{ date: '2026-12-12', endDate: '2026-12-13', time: '10:00', endTime: '18:00' }])
  })

  it('reads a dash between two days that each have a weekday', () => {
    expect(read('fr', 'Samedi 5 - dimanche 6 décembre 2026, de 10h à 18h')).toEqual([{ date: '2026-12-05', endDate: '2026-12-06', time: '10:00', endTime: '18:00' }])
    expect(read('nl', 'zaterdag 5 - zondag 6 december 2026, 10.00 - 17.00 uur')).toEqual([{ date: '2026-12-05', endDate: '2026-12-06', time: '10:00', endTime: '17:00' }])
  })

  it('reads an English month written once before its days', () => {
    expect(read('en', 'December 5 and 6, 2026, 10am – 4pm')).toEqual([{ date: '2026-12-05', endDate: '2026-12-06', time: '10:00', endTime: '16:00' }])
    expect(read('en', 'Dec. 4, 5 & 6, 7 pm')).toEqual([{ date: '2026-12-04', endDate: '2026-12-06', time: '19:00', endTime: undefined }])
  })

  it('reads a list of three days with the time after the last as one span from the first', () => {
    expect(read('en', 'Friday 11, Saturday 12 and Sunday 13 December 2026, 7.30pm')).toEqual([{ date: '2026-12-11', endDate: '2026-12-13', time: '19:30', endTime: undefined }])
  })

  it('leaves a day and a time, a price, and a date already whole as they were', () => {
    expect(read('en', 'June 5 and 7 pm')).toEqual([{ date: '2027-06-05', endDate: undefined, time: '19:00', endTime: undefined }])
    // "12/12 y 13/12": the second 12 is the month; it was read as the year 2012.
    expect(read('es', '12/12 y 13/12, 18:00')).toEqual([{ date: '2026-12-12', endDate: '2026-12-13', time: '18:00', endTime: undefined }])
    expect(read('fr', 'Samedi 5 décembre 2026 à 20h30')).toEqual([{ date: '2026-12-05', endDate: undefined, time: '20:30', endTime: undefined }])
  })

  it('reads weekdays listed before the days they name ("Friday and Saturday, December 4 and 5")', () => {
    expect(read('en', 'on Friday and Saturday, December 4 and 5, from 9 a.m. to 4 p.m.')).toEqual([{ date: '2026-12-04', endDate: '2026-12-05', time: '09:00', endTime: '16:00' }])
    expect(read('fr', 'samedi et dimanche 5 et 6 décembre, de 10h à 18h')).toEqual([{ date: '2026-12-05', endDate: '2026-12-06', time: '10:00', endTime: '18:00' }])
    expect(read('de', 'Samstag und Sonntag, 5. und 6. Dezember, 11 – 18 Uhr')).toEqual([{ date: '2026-12-05', endDate: '2026-12-06', time: '11:00', endTime: '18:00' }])
  })

  it("ends a sentence's title before 'on' and the weekdays of its days", () => {
    const body = `<article><h1>December at the Library</h1>
      <p>The Friends of the Library will hold their annual book sale on Friday and Saturday, December 4 and 5, from 9 a.m. to 4 p.m. in the lower level meeting room.</p>
      <p>Author Maria Lopez will discuss her new novel on Tuesday, December 15, at 7 p.m.</p></article>`
    const events = pageEvents(body, { lang: 'en-US', timezone: 'America/Chicago', window: { start: '2026-11-25', end: '2026-12-31' }, baseUrl: 'https://www.oakdalelibrary.example/news/' })
    expect(events.map((e) => [e.title, e.startDate, e.endDate])).toContainEqual([
      'The Friends of the Library will hold their annual book sale',
      '2026-12-04T09:00:00-06:00',
      '2026-12-05T16:00:00-06:00',
    ])
  })

  it('reads days a week apart as sessions, each at the shared time; consecutive days stay one span', () => {
    const dayFirst = (text: string) => new DateReader('en', true).find(text, '2026-11-29').map((w) => [w.date, w.endDate, w.time, w.endTime])
    expect(dayFirst('Sessions: 12, 19 and 26 January 2027, 14:00–16:00')).toEqual([
      ['2027-01-12', undefined, '14:00', '16:00'],
      ['2027-01-19', undefined, '14:00', '16:00'],
      ['2027-01-26', undefined, '14:00', '16:00'],
    ])
    expect(read('en', 'Sessions: January 12, 19 and 26, 2027, 2:00–4:00 pm').map((w) => w.date)).toEqual(['2027-01-12', '2027-01-19', '2027-01-26'])
    expect(read('en', 'December 12 and December 19, 7 pm')).toEqual([
      { date: '2026-12-12', endDate: undefined, time: '19:00', endTime: undefined },
      { date: '2026-12-19', endDate: undefined, time: '19:00', endTime: undefined },
    ])
    expect(read('en', 'Tuesday, December 29 and Wednesday, December 30, 10 a.m. to 4 p.m.')).toEqual([{ date: '2026-12-29', endDate: '2026-12-30', time: '10:00', endTime: '16:00' }])
  })
})
