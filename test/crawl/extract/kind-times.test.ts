// Pins the times a note after a list says per kind of meeting ("Regular meetings begin at 9:00 a.m.; work
// sessions at 1:30 p.m." under "January 12 – Regular Meeting", "January 26 – Work Session"): each listed day
// takes the time of the kind its title names (list-lead.ts kindTimesAfter); before, two times in the note gave
// the days none. A day whose title names no kind, or two, takes none.
import { describe, expect, it } from 'bun:test'
import { pageEvents } from '../../helpers/extract'

const read = (note: string) =>
  pageEvents(
    `<h1>County Commission</h1><h3>2027 Meeting Schedule</h3><ul><li>January 12 – Regular Meeting</li><li>January 26 – Work Session</li><li>February 2 – Budget Hearing</li></ul><p>${note}</p>`,
    {
      lang: 'en-US',
      timezone: 'America/Chicago',
      window: { start: '2027-01-01', end: '2027-03-31' },
      baseUrl: 'https://www.county.example/commission/',
    },
  ).map((e) => [e.title, e.startDate])

describe('times said per kind of meeting after a list', () => {
  it('gives each listed day the time of its kind', () => {
    expect(read('Regular meetings begin at 9:00 a.m.; work sessions at 1:30 p.m.')).toEqual([
      ['Regular Meeting', '2027-01-12T09:00:00-06:00'],
      ['Work Session', '2027-01-26T13:30:00-06:00'],
      ['Budget Hearing', '2027-02-02'],
    ])
  })

  it('gives no time when the kinds are not the titles', () => {
    expect(read('Closed session begins at 5:00 p.m.; open session at 6:00 p.m.').map(([, start]) => start)).toEqual(['2027-01-12', '2027-01-26', '2027-02-02'])
  })
})
