// Pins dates written in prose (DESIGN §6 "Extract"): a day followed by a time range is one event; a span
// of days written "Dec 29 – Dec 30, 10 am – 4 pm" is one event over both days; two days written
// separately stay two; years are inferred forward from the reference day.
import { describe, expect, it } from 'bun:test'
import { findProseDates } from '../../../src/crawl/extract/prose-dates'

describe('findProseDates', () => {
  it('joins a day and its time range', () => {
    expect(findProseDates('Sat, Dec 5 · 10:30 AM – 11:15 AM', '2026-12-02')).toEqual([{ index: 0, endIndex: expect.any(Number), date: '2026-12-05', time: '10:30', endTime: '11:15' }])
  })

  it('reads a span of days with one time range as one event over both days', () => {
    for (const text of ['December 29 – December 30, 10 am – 4 pm', 'December 29 to December 30, 10 am – 4 pm'])
      expect(findProseDates(text, '2026-12-02')).toMatchObject([{ date: '2026-12-29', endDate: '2026-12-30', time: '10:00', endTime: '16:00' }])
  })

  it('keeps two days joined by "and" apart', () => {
    expect(findProseDates('Open December 29 and December 30', '2026-12-02').map((w) => w.date)).toEqual(['2026-12-29', '2026-12-30'])
  })

  it('puts a month already past in the next year', () => {
    expect(findProseDates('June 7, 7 pm', '2026-12-02')[0]).toMatchObject({ date: '2027-06-07', time: '19:00' })
  })
})
