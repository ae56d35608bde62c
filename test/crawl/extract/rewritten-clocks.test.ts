// Pins where a date or time read from a rewritten text sits in the original (prepareForChrono rewrites
// "15.00 uur", "18h30", "et à" before chrono reads them): a rewrite of the same length maps character by
// character, so a mention ends where its clock ends, and what follows the clock (a place after "·",
// another time after "et") stays outside it.
import { describe, expect, it } from 'bun:test'
import { findProseDates } from '../../../src/crawl/extract/prose-dates'

const spans = (text: string, locale: 'nl' | 'fr' | 'de') => findProseDates(text, '2026-11-25', { locale }).map((w) => text.slice(w.index, w.endIndex))

describe('mentions read from rewritten clocks', () => {
  it('end a Dutch time range at its last clock, not inside it', () => {
    expect(spans('14.00 - 15.00 uur · Bibliotheek Naaldwijk', 'nl')[0]).toMatch(/^14\.00 - 15\.00/)
  })

  it('keep two French times joined by "et à" apart, each on its own clock', () => {
    expect(spans('jeudi 24 décembre à 18h30 et à 23h, église Saint-Martin', 'fr')).toEqual(['jeudi 24 décembre à 18h30', '23h'])
  })

  it('read "um 10 und um 18 Uhr" as two times', () => {
    expect(findProseDates('Sonntag, 27. Dezember, um 10 und um 18 Uhr', '2026-11-25', { locale: 'de' }).map((w) => w.time)).toEqual(['10:00', '18:00'])
  })

  it('read the time after a weekday in parentheses, in any language', () => {
    expect(findProseDates('09/12 (quarta-feira), 19h30', '2026-11-25', { locale: 'pt' })).toMatchObject([{ date: '2026-12-09', time: '19:30' }])
    expect(findProseDates('Dec 5 (Sat) 7 pm', '2026-11-25')).toMatchObject([{ date: '2026-12-05', time: '19:00' }])
    expect(findProseDates('12.12. (Sa) 19 Uhr', '2026-11-25', { locale: 'de' })).toMatchObject([{ date: '2026-12-12', time: '19:00' }])
  })
})
