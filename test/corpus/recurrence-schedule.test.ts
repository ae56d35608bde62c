// Pins schema.org eventSchedule → recurrence (DESIGN §6): the five eventSchedule examples of schema.org
// issue 1457 (../shared/corpus/schemaorg/issue-1457-eventSchedule-examples.txt) expand, through
// scheduleToRecurrence + expandRecurrence, to the occurrences their own prose describes; the
// expectations below are written from that prose, not computed. Also the field forms seen in the wild.
import { describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { scheduleToRecurrence } from '../../src/crawl/normalize/recurrence'
import { expandRecurrence } from '../../src/crawl/shared/rrule/expand'
import { resolveWallTime } from '../../src/crawl/shared/time'
import { CORPUS as CORPUS_DIR } from '../helpers/corpus'

/** Example id (`eg-0240`) → its eventSchedule objects, read from the JSON-LD in the corpus file. */
function examples(): Map<string, Record<string, unknown>[]> {
  const text = readFileSync(join(CORPUS_DIR, 'schemaorg', 'issue-1457-eventSchedule-examples.txt'), 'utf8')
  const found = new Map<string, Record<string, unknown>[]>()
  for (const part of text.split(/^TYPES: #/m).slice(1)) {
    const id = part.slice(0, part.indexOf(' '))
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(part)![1]
    const schedule = JSON.parse(json).eventSchedule
    found.set(id, Array.isArray(schedule) ? schedule : [schedule])
  }
  return found
}

function occurrences(schedule: Record<string, unknown>, window: { start: string; end: string }) {
  const series = scheduleToRecurrence(schedule, undefined, window.start)
  expect(series?.start).toBeDefined()
  return expandRecurrence({ ...series!, start: series!.start!, window }).map((o) => [resolveWallTime(o.start).iso, o.end && resolveWallTime(o.end).iso])
}

describe('schema.org issue 1457 eventSchedule examples', () => {
  const all = examples()

  it('has the five examples', () => {
    expect([...all.keys()]).toEqual(['eg-0240', 'eg-0241', 'eg-0242', 'eg-0243', 'eg-0244'])
  })

  it('eg-0240: a Tai-Chi class every Wednesday at 7pm throughout 2017, Europe/London', () => {
    const occ = occurrences(all.get('eg-0240')![0], { start: '2016-06-01', end: '2018-06-30' })
    expect(occ.length).toBe(52)
    expect(occ[0]).toEqual(['2017-01-04T19:00:00+00:00', '2017-01-04T20:00:00+00:00'])
    expect(occ).toContainEqual(['2017-07-05T19:00:00+01:00', '2017-07-05T20:00:00+01:00'])
    expect(occ[51]).toEqual(['2017-12-27T19:00:00+00:00', '2017-12-27T20:00:00+00:00'])
    expect(occ.every(([s]) => new Date(s!).getUTCDay() === 3)).toBe(true)
  })

  it('eg-0241: a meetup on the 1st and 15th of every month, 9-10am America/Glace_Bay', () => {
    expect(occurrences(all.get('eg-0241')![0], { start: '2026-01-02', end: '2026-03-31' })).toEqual([
      ['2026-01-15T09:00:00-04:00', '2026-01-15T10:00:00-04:00'],
      ['2026-02-01T09:00:00-04:00', '2026-02-01T10:00:00-04:00'],
      ['2026-02-15T09:00:00-04:00', '2026-02-15T10:00:00-04:00'],
      ['2026-03-01T09:00:00-04:00', '2026-03-01T10:00:00-04:00'],
      ['2026-03-15T09:00:00-03:00', '2026-03-15T10:00:00-03:00'],
    ])
  })

  it('eg-0242: daily 9-10am for 10 occurrences from 2016-12-24, Europe/London', () => {
    const occ = occurrences(all.get('eg-0242')![0], { start: '2016-01-01', end: '2017-12-31' })
    expect(occ.map(([s]) => s)).toEqual([
      '2016-12-24T09:00:00+00:00',
      '2016-12-25T09:00:00+00:00',
      '2016-12-26T09:00:00+00:00',
      '2016-12-27T09:00:00+00:00',
      '2016-12-28T09:00:00+00:00',
      '2016-12-29T09:00:00+00:00',
      '2016-12-30T09:00:00+00:00',
      '2016-12-31T09:00:00+00:00',
      '2017-01-01T09:00:00+00:00',
      '2017-01-02T09:00:00+00:00',
    ])
  })

  it('eg-0243: twice a day, 9-10am and 2-3pm, Monday to Friday only', () => {
    const [morning, afternoon] = all.get('eg-0243')!
    const week = { start: '2026-06-01', end: '2026-06-07' }
    expect(occurrences(morning, week).map(([s]) => s)).toEqual(['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04', '2026-06-05'].map((d) => `${d}T09:00:00-03:00`))
    expect(occurrences(afternoon, week).map(([, e]) => e)).toEqual(['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04', '2026-06-05'].map((d) => `${d}T15:00:00-03:00`))
  })

  it('eg-0244: the second Monday of every month, 6pm-7:30pm (byDay "2MO"), Asia/Shanghai', () => {
    expect(occurrences(all.get('eg-0244')![0], { start: '2026-01-01', end: '2026-03-31' })).toEqual([
      ['2026-01-12T18:00:00+08:00', '2026-01-12T19:30:00+08:00'],
      ['2026-02-09T18:00:00+08:00', '2026-02-09T19:30:00+08:00'],
      ['2026-03-09T18:00:00+08:00', '2026-03-09T19:30:00+08:00'],
    ])
  })
})

describe('scheduleToRecurrence field forms', () => {
  it('reads words, names, iCal ordinals, byMonthWeek, repeatCount and exceptDate', () => {
    expect(scheduleToRecurrence({ repeatFrequency: 'weekly', byDay: ['Monday', 'schema:Thursday'] })?.recurrence.rrule).toBe('FREQ=WEEKLY;BYDAY=MO,TH')
    expect(scheduleToRecurrence({ repeatFrequency: 'P1M', byDay: ['-1FR'] })?.recurrence.rrule).toBe('FREQ=MONTHLY;BYDAY=-1FR')
    expect(scheduleToRecurrence({ repeatFrequency: 'P1M', byDay: 'https://schema.org/Monday', byMonthWeek: [1, 3] })?.recurrence.rrule).toBe('FREQ=MONTHLY;BYDAY=1MO,3MO')
    expect(scheduleToRecurrence({ repeatFrequency: 'P2W', byDay: { '@id': 'http://schema.org/Tuesday' } })?.recurrence.rrule).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU')
    expect(scheduleToRecurrence({ repeatFrequency: 'P1Y', byMonth: 7, byMonthDay: 4, repeatCount: 3 })?.recurrence.rrule).toBe('FREQ=YEARLY;COUNT=3;BYMONTH=7;BYMONTHDAY=4')
    const except = scheduleToRecurrence({ repeatFrequency: 'P1W', startDate: '2026-06-03', startTime: '19:00', exceptDate: ['2026-06-10'], scheduleTimezone: 'Europe/London' })
    const occ = expandRecurrence({ ...except!, start: except!.start!, window: { start: '2026-06-01', end: '2026-06-20' } })
    expect(occ.map((o) => o.start.date)).toEqual(['2026-06-03', '2026-06-17'])
  })

  it('uses the fallback zone when the schedule names none, and an end time past midnight ends the next day', () => {
    const late = scheduleToRecurrence({ repeatFrequency: 'P1W', byDay: 'Friday', startDate: '2026-06-05', startTime: '22:00', endTime: '01:00' }, 'America/Chicago')
    expect(late?.zone).toBe('America/Chicago')
    expect(late?.end).toEqual({ date: '2026-06-06', time: '01:00:00', zone: 'America/Chicago' })
  })

  it('keeps a fixed offset written in startDate and exceptDate when no scheduleTimezone is named', () => {
    const series = scheduleToRecurrence({ repeatFrequency: 'P1W', startDate: '2026-06-03T19:00:00-05:00', exceptDate: '2026-06-10T19:00:00-05:00' })!
    expect(series.start).toEqual({ date: '2026-06-03', time: '19:00:00', offset: '-05:00' })
    const occ = expandRecurrence({ ...series, start: series.start!, window: { start: '2026-06-01', end: '2026-06-20' } })
    expect(occ.map((o) => resolveWallTime(o.start).iso)).toEqual(['2026-06-03T19:00:00-05:00', '2026-06-17T19:00:00-05:00'])
  })

  it('refuses what it cannot read without guessing', () => {
    expect(scheduleToRecurrence({ byDay: 'Someday' })).toBeUndefined()
    expect(scheduleToRecurrence({ repeatFrequency: 'sometimes' })).toBeUndefined()
    expect(scheduleToRecurrence({ startDate: '2026-06-01' })).toBeUndefined()
    expect(scheduleToRecurrence({ repeatFrequency: 'P1W', byDay: 'Monday', startDate: '2026-06-01', endDate: '2026-05-01' })).toBeUndefined()
  })
})
