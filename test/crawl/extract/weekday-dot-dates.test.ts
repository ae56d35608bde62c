// Pins "FRI 12.11", "Sat. 1.9.27" (American venue and club listings: a weekday, then the month and day with
// a dot), which chrono does not read: on a page that writes the month first they are read as "12/11"; a
// dotted clock after a weekday ("Fri 7.30pm", "Fri 7.30 – 9.30pm") stays a clock, and a day-first page
// (British) keeps its own reading.
import { describe, expect, it } from 'bun:test'
import { prepareForChrono } from '../../../src/crawl/extract/date-locale'
import { DateReader } from '../../../src/crawl/extract/prose-dates'

const read = (text: string, dayFirst = false) => new DateReader('en', dayFirst).find(text, '2026-11-29').map((w) => ({ date: w.date, time: w.time, endTime: w.endTime }))

describe('a weekday, then a month and day with a dot', () => {
  it('reads the day on a month-first page', () => {
    expect(read('FRI 12.11 | DOORS 7PM | $15 ADV')).toEqual([{ date: '2026-12-11', time: '19:00', endTime: undefined }])
    expect(read('Wed 12.16 · 7pm')).toEqual([{ date: '2026-12-16', time: '19:00', endTime: undefined }])
    expect(read('Sat. 1.9.27 – 8 PM')).toEqual([{ date: '2027-01-09', time: '20:00', endTime: undefined }])
  })

  it('leaves a dotted clock a clock, and a day-first page to its own reading', () => {
    // Read as dates they would be 30 July: the text goes to the readers as written.
    for (const text of ['Fri 7.30pm, Town Hall', 'Fri 7.30 – 9.30pm', 'Fri 7.30 pm']) expect(prepareForChrono(text, 'en').text.replace('7.30', '7:30')).not.toContain('7/30')
    expect(prepareForChrono('FRI 12.11 | 7PM', 'en').text).toContain('12/11')
    expect(read('FRI 12.11 | DOORS 7PM', true).map((w) => w.date)).not.toContain('2026-12-11')
  })
})
