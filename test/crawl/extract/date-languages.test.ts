// Pins dates and times in the languages the reader reads (en, de, fr, es, nl, it, pt) through chrono-node's
// locales and the small rewrites for forms chrono misses ("19 Uhr", "19.30 Uhr", "19h30", "20u30",
// "20.00 uur", "ore 10.30", "20 hs", "Noon", "minuit", "de 17:30 a 18:30"); the page's language from
// <html lang>, og:locale or its text; clocks on 24 hours outside English; rewrites that keep pointing at
// the page's own characters; and the fast English reader, which must read exactly as chrono does
// whenever it answers.
import { describe, expect, it } from 'bun:test'
import { type DateLocale, pickDateLocale, prepareForChrono } from '../../../src/crawl/extract/date-locale'
import { fastEnglish } from '../../../src/crawl/extract/fast-dates'
import { DateReader, findProseDates, resolveAll } from '../../../src/crawl/extract/prose-dates'

const ref = '2026-01-10'
const first = (text: string, locale: DateLocale) => findProseDates(text, ref, { locale })[0]

describe('dates in other languages', () => {
  it.each([
    ['de', '21. März 2022', { date: '2022-03-21' }],
    ['de', 'Montag, 21. März 2022, 19 Uhr', { date: '2022-03-21', time: '19:00' }],
    ['de', 'Freitag, 1. April 2022, 18.30 Uhr', { date: '2022-04-01', time: '18:30' }],
    ['de', 'Sa 21.03., 19:00 – 21:00 Uhr', { date: '2026-03-21', time: '19:00', endTime: '21:00' }],
    ['fr', 'le 3 mars à 19h30', { date: '2026-03-03', time: '19:30' }],
    ['fr', 'samedi 16 mai 2026 de 20h à minuit', { date: '2026-05-16', time: '20:00', endTime: '00:00', endDate: '2026-05-17' }],
    ['es', '3 de marzo de 2026, 19:00', { date: '2026-03-03', time: '19:00' }],
    ['es', 'Jueves, 5 de marzo de 2026, de 17:30 a 18:30', { date: '2026-03-05', time: '17:30', endTime: '18:30' }],
    ['es', 'El jueves 2 de abril a las 20 hs', { date: '2026-04-02', time: '20:00' }],
    ['nl', 'vrijdag 14 maart 2025 20.00 uur', { date: '2025-03-14', time: '20:00' }],
    ['nl', 'wo 01-04-2026 15:15 - 17:00', { date: '2026-04-01', time: '15:15', endTime: '17:00' }],
    ['nl', 'zaterdag 22 maart 2025 om 14u30', { date: '2025-03-22', time: '14:30' }],
    ['it', 'Sabato 14 marzo 2026, ore 10.30', { date: '2026-03-14', time: '10:30' }],
    ['pt', 'Sábado, 28 de março de 2026, às 15h00', { date: '2026-03-28', time: '15:00' }],
    ['pt', '15 de agosto de 2026, 19h às 21h', { date: '2026-08-15', time: '19:00', endTime: '21:00' }],
    ['de', 'Ostersonntag, 17. April 2022, 6 Uhr', { date: '2022-04-17', time: '06:00' }],
  ] as [DateLocale, string, object][])('%s: %s', (locale, text, want) => {
    expect(first(text, locale)).toMatchObject(want)
  })

  it('reads "Noon" and a bare afternoon clock in English, and a morning "6 Uhr" in German', () => {
    expect(first('January 17 - Special Meeting - Noon', 'en')).toMatchObject({ date: '2026-01-17', time: '12:00' })
    expect(first('June 7, 2:30', 'en')).toMatchObject({ time: '14:30' })
    expect(first('7. Juni, 6:30 Uhr', 'de')).toMatchObject({ time: '06:30' })
  })

  it("keeps match positions on the page's own text through a rewrite", () => {
    // "19 Uhr" is rewritten "19:00 Uhr" for chrono: three characters longer than the page's text.
    const text = 'Lesung am 21. März 2022, 19 Uhr im Saal'
    const [w] = findProseDates(text, ref, { locale: 'de' })
    expect(text.slice(w.index, w.endIndex)).toBe('am 21. März 2022, 19 Uhr')
    expect(prepareForChrono('19.30 Uhr', 'de').text).toBe('19:30 Uhr')
  })

  it("takes the language from <html lang>, then og:locale, then the page's own month names", () => {
    expect(pickDateLocale('de-AT', undefined, '')).toBe('de')
    expect(pickDateLocale(undefined, 'pt_BR', '')).toBe('pt')
    expect(pickDateLocale(undefined, undefined, 'Montag, 21. März 2022, 19 Uhr; Mittwoch, 23. März 2022, 15 Uhr; 1. April, 18 Uhr')).toBe('de')
    expect(pickDateLocale('en', undefined, 'Termine: 21. März, 19 Uhr; 23. März, 15 Uhr; 1. April, 18 Uhr; Mai: 3. Mai 19 Uhr')).toBe('de')
    expect(pickDateLocale('en', undefined, 'Storytime, Saturday, March 7 at 10 am; April 1, 7 pm')).toBe('en')
  })
})

describe('the fast English reader', () => {
  const samples = [
    'Sat, Dec 5 · 10:30 AM – 11:15 AM',
    'Tuesday, October 4, 2022',
    '9:00 AM 10:00 AM',
    'February 11, 2020 at 4:15 p.m.',
    'January 10, 2019, at 4:00 p.m.',
    '06/29/20, 4:00 PM - 7:00 PM',
    '8/1/2022',
    '6:00 PM',
    '6:30 - 8:00 pm',
    '9 - 11am',
    '1:00pm to 2:00pm',
    '12:00 p.m. - 1:30 p.m.',
    'Mon, June 22 · 11:30 AM',
    'Closed Session – January 7, 2026, 4:00 PM',
    'Regular Meeting Agenda 02/03/2026 – 5:30 PM',
    '2026-06-01',
    'March 9',
    'Wed 15 March 2023 12:00 to 18:00',
    'April 6,2017',
    'at 18:15, 22nd of May 2010',
    'Doors: 7:00 PM',
    'May 12 - Special Meeting - Library Services Center at 5 p.m.',
    '1/9/2019 4:00 PM',
  ]

  it('reads as chrono reads, whenever it answers', () => {
    const chrono = new DateReader('en') as unknown as { parse: (t: string) => Parameters<typeof resolveAll>[0] }
    let answered = 0
    for (const text of samples) {
      const fast = fastEnglish(text)
      if (!fast) continue
      answered++
      const strip = (w: ReturnType<typeof resolveAll>) => w.map(({ index: _i, endIndex: _e, ...rest }) => rest)
      expect({ text, dates: strip(resolveAll(fast, text, ref)) }).toEqual({ text, dates: strip(resolveAll(chrono.parse(text), text, ref)) })
    }
    expect(answered).toBeGreaterThan(samples.length - 3)
  })

  it('leaves to chrono what it does not fully read', () => {
    for (const text of ['June 3-5', 'next Tuesday at 5pm', 'Mon–Thu 9 AM – 8 PM', '12/13/2022 10:00 AM - 12/20/2022 1:00 PM', '26 July, from 19:00-08:00']) expect(fastEnglish(text)).toBeUndefined()
    expect(fastEnglish('Room 12, ages 6 to 12, $5')).toEqual([])
  })
})
