// Pins two ways school and club calendars write their days: a range of days in one month with an en dash
// or a word ("Nov. 25 – 27", "June 3 to 5", "Dec 28th through 30th"), which chrono reads only with a
// hyphen, and a school or fiscal year in a heading ("2026-27") that gives year-less dates their year:
// August to December in the first year, January to June in the second.
import { describe, expect, it } from 'bun:test'
import { extractDocument } from '../../../src/crawl/extract'
import { findProseDates } from '../../../src/crawl/extract/prose-dates'
import { normalizeCandidates } from '../../../src/crawl/normalize'

const ctx = { baseUrl: 'https://www.lakeviewusd.org/calendar/', timezone: 'America/Chicago', window: { start: '2026-08-01', end: '2027-06-30' } }

function events(body: string) {
  const html = `<!DOCTYPE html><html lang="en"><body><main>${body}</main></body></html>`
  return normalizeCandidates(extractDocument(new TextEncoder().encode(html), ctx).candidates, ctx).events.map((e) => ({ title: e.title, start: e.startDate, end: e.endDate }))
}

describe('ranges of days within a month', () => {
  it('reads an en dash, an em dash, "to" and "through" between two days of one month', () => {
    for (const text of ['Nov. 25 – 27', 'Nov 25—27', 'November 25 to 27', 'Nov. 25th through 27th'])
      expect({ text, found: findProseDates(text, '2026-11-01') }).toMatchObject({ text, found: [{ date: '2026-11-25', endDate: '2026-11-27' }] })
  })

  it('leaves a day and an end time alone ("June 5 – 7 pm" ends at 7 pm; it is no range of days)', () => {
    for (const text of ['June 5 – 7 pm', 'June 5 – 7:30', "June 5 to 7 o'clock"]) expect(findProseDates(text, '2026-05-01').some((w) => w.endDate === '2026-06-07')).toBe(false)
  })
})

describe('a school year in a heading', () => {
  const list = `<h2>2026-27 District Calendar Highlights</h2><ul>
    <li><strong>Aug. 19</strong> First Day of School</li>
    <li><strong>Nov. 25 – 27</strong> Thanksgiving Break – No School</li>
    <li><strong>Dec. 21 – Jan. 1</strong> Winter Break – No School</li>
    <li><strong>Jan. 4</strong> Classes Resume</li>
    <li><strong>June 4</strong> Last Day of School</li></ul>`

  it('puts August to December in its first year and January to June in its second', () => {
    expect(events(list)).toEqual([
      { title: 'First Day of School', start: '2026-08-19', end: undefined },
      { title: 'Thanksgiving Break – No School', start: '2026-11-25', end: '2026-11-27' },
      { title: 'Winter Break – No School', start: '2026-12-21', end: '2027-01-01' },
      { title: 'Classes Resume', start: '2027-01-04', end: undefined },
      { title: 'Last Day of School', start: '2027-06-04', end: undefined },
    ])
  })

  it('takes "2026–2027" and "2026/27" as the same season, and a lone year as that year', () => {
    for (const heading of ['School Year 2026–2027', 'Calendar 2026/27']) expect(events(list.replace('2026-27 District Calendar Highlights', heading)).map((e) => e.start)).toContain('2027-01-04')
    expect(events(list.replace('2026-27 District Calendar Highlights', '2027 Calendar Highlights')).map((e) => e.start)).toContain('2027-06-04')
  })
})
