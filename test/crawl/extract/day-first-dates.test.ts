// Pins numeric dates written day first on British, Irish and Australian English pages ("05/12/2026" is
// 5 December there, 12 May in the US), decided by the page's language region, its domain's country or the
// zone the caller gave; and the British clock with a dot before am/pm ("10.30am", which chrono alone reads
// as a year in "3 Dec, 10.30am"); a run of days with its month written once ("Wed 9 – Sat 12 December", "5 t/m 7
// december"), and a dated start and a dated end each with its time ("… - 10:00 até domingo, 6 de dezembro … - 16:00").
import { describe, expect, it } from 'bun:test'
import { extractDocument } from '../../../src/crawl/extract'
import { writesDayFirst } from '../../../src/crawl/extract/english-rewrites'
import { DateReader } from '../../../src/crawl/extract/prose-dates'
import { normalizeCandidates } from '../../../src/crawl/normalize'

function events(body: string, opts: { lang?: string; baseUrl?: string; timezone: string }) {
  const ctx = { baseUrl: opts.baseUrl ?? 'https://www.hall.example/events/', timezone: opts.timezone, window: { start: '2026-11-25', end: '2027-01-31' } }
  const html = `<!DOCTYPE html><html${opts.lang ? ` lang="${opts.lang}"` : ''}><body><main>${body}</main></body></html>`
  return normalizeCandidates(extractDocument(new TextEncoder().encode(html), ctx).candidates, ctx).events.map((e) => [e.startDate, e.title])
}

const LIST = `<ul><li><b>Carol Service</b> 05/12/2026, 7pm</li><li><b>Quiz Night</b> 09/01/2027, 8pm</li></ul>`

describe('day-first numeric dates', () => {
  it('knows a day-first English page by its region, its domain or the given zone; en-US and the Americas stay month first', () => {
    expect(writesDayFirst('en-GB', undefined, 'www.hall.example', undefined)).toBe(true)
    expect(writesDayFirst(undefined, 'en_AU', undefined, undefined)).toBe(true)
    expect(writesDayFirst('en', undefined, 'www.arts.ie', undefined)).toBe(true)
    expect(writesDayFirst('en', undefined, 'www.hall.example', 'Europe/London')).toBe(true)
    expect(writesDayFirst('en-US', undefined, 'www.hall.org.uk', 'Europe/London')).toBe(false)
    expect(writesDayFirst('en', undefined, 'www.hall.example', 'America/Chicago')).toBe(false)
    expect(writesDayFirst(undefined, undefined, undefined, undefined)).toBe(false)
  })

  it('reads "05/12/2026" as 5 December on such a page, and as 12 May elsewhere', () => {
    const uk = new DateReader('en', true)
    expect(uk.find('05/12/2026, 7pm', '2026-11-25')).toMatchObject([{ date: '2026-12-05', time: '19:00' }])
    expect(uk.find('16/01/2027 - 17/01/2027', '2026-11-25')).toMatchObject([{ date: '2027-01-16', endDate: '2027-01-17' }])
    expect(new DateReader('en').find('05/12/2026', '2026-11-25')).toMatchObject([{ date: '2026-05-12' }])
    // A weekday that fits only the month-first reading keeps it (Drupal's default 'D, m/d/Y - H:i' on a British site).
    expect(uk.find('Sat, 12/05/2026 - 19:00', '2026-11-25')).toMatchObject([{ date: '2026-12-05', time: '19:00' }])
    expect(uk.find('Sat, 05/12/2026 - 19:00', '2026-11-25')).toMatchObject([{ date: '2026-12-05', time: '19:00' }])
  })

  it('extracts day-first dates from a British page and month-first ones from an American page', () => {
    expect(events(LIST, { lang: 'en-GB', timezone: 'Europe/London' })).toEqual([
      ['2026-12-05T19:00:00+00:00', 'Carol Service'],
      ['2027-01-09T20:00:00+00:00', 'Quiz Night'],
    ])
    expect(events(LIST, { baseUrl: 'https://www.hall.org.au/events/', timezone: 'Australia/Melbourne' })[0]).toEqual(['2026-12-05T19:00:00+11:00', 'Carol Service'])
    // On an American page 05/12/2026 is 12 May, outside the window; 09/01/2027 is 1 September.
    expect(events(LIST, { lang: 'en-US', timezone: 'America/Chicago' })).toEqual([])
  })

  it('reads "10.30am" as a clock, keeping the day before it', () => {
    const r = new DateReader('en')
    expect(r.find('Thurs 3 Dec, 10.30am–12.30pm', '2026-11-25')).toMatchObject([{ date: '2026-12-03', time: '10:30', endTime: '12:30' }])
    expect(r.find('Saturday 5th December, 7.30pm', '2026-11-25')).toMatchObject([{ date: '2026-12-05', time: '19:30' }])
    expect(r.find('Tickets £8.50', '2026-11-25')).toEqual([])
  })

  it('reads a run of days whose month is written once, after its last day', () => {
    const r = new DateReader('en')
    expect(r.find('Wed 9 – Sat 12 December, 7.30pm', '2026-11-25')).toMatchObject([{ date: '2026-12-09', time: '19:30', endDate: '2026-12-12' }])
    expect(r.find('9th – 12th December', '2026-11-25')).toMatchObject([{ date: '2026-12-09', endDate: '2026-12-12' }])
    expect(r.find('Thurs 3 – Sat 5 Dec', '2026-11-25')).toMatchObject([{ date: '2026-12-03', endDate: '2026-12-05' }])
    // "7 - 9 pm December 5" is a range of hours, not of days.
    expect(r.find('7 - 9 pm December 5', '2026-11-25')).toMatchObject([{ date: '2026-12-05', time: '19:00', endTime: '21:00' }])
    expect(new DateReader('nl').find('5 t/m 7 december', '2026-11-25')).toMatchObject([{ date: '2026-12-05', endDate: '2026-12-07' }])
    expect(new DateReader('nl').find('van 5 tot en met 7 december', '2026-11-25')).toMatchObject([{ date: '2026-12-05', endDate: '2026-12-07' }])
  })

  it('joins a dated start and a dated end, each with its time, into one range', () => {
    expect(new DateReader('en').find('11 December @ 5:00 pm - 13 December @ 2:00 pm', '2026-11-25')).toMatchObject([{ date: '2026-12-11', time: '17:00', endDate: '2026-12-13', endTime: '14:00' }])
    const pt = new DateReader('pt').find('sábado, 5 de dezembro de 2026 - 10:00 até domingo, 6 de dezembro de 2026 - 16:00', '2026-11-25')
    expect(pt).toMatchObject([{ date: '2026-12-05', time: '10:00', endDate: '2026-12-06', endTime: '16:00' }])
    // Two performances joined by "and" stay two.
    expect(new DateReader('en').find('Dec 5 at 7 PM and Dec 12 at 7 PM', '2026-11-25')).toHaveLength(2)
  })

  it('reads a British pipe list: a venue field is the place, a price or a ticket status is not', () => {
    const list = `<ul><li>Sat 19 Dec | 8pm | Christmas Ceilidh | Methodist Church Hall | £10 / £8 concs</li><li>Thu 07/01/2027 | 8pm | Open Stage | Free</li><li>Fri 22/01/2027 | 8pm | Winter Gig | SOLD OUT</li></ul>`
    const ctx = { baseUrl: 'https://www.club.co.uk/gigs', timezone: 'Europe/London', window: { start: '2026-11-25', end: '2027-01-31' } }
    const html = `<!DOCTYPE html><html lang="en-GB"><body><main>${list}</main></body></html>`
    const out = normalizeCandidates(extractDocument(new TextEncoder().encode(html), ctx).candidates, ctx).events
    expect(out.map((e) => [e.title, e.startDate, e.venue?.name ?? null])).toEqual([
      ['Christmas Ceilidh', '2026-12-19T20:00:00+00:00', 'Methodist Church Hall'],
      ['Open Stage', '2027-01-07T20:00:00+00:00', null],
      ['Winter Gig', '2027-01-22T20:00:00+00:00', null],
    ])
  })
})
