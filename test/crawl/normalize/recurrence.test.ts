// Pins expandRecurrence (DESIGN §6 "Normalize", §9 iCalendar pitfalls): rules run on local wall-clock time
// (DST never moves a local 10:00; BYDAY is the local weekday even far from UTC), EXDATE removes only the
// exact instance, values in UTC or another zone compare as instants, RECURRENCE-ID overrides move
// occurrences into and out of the window, and unbounded rules stop at the window end (skipping the dead time before it, counted in engine steps) or the limit.
import { describe, expect, it } from 'bun:test'
import { wallSeconds, weekdayCodeOf } from '../../../src/crawl/shared/calendar-math'
import { expandRecurrence, type Occurrence } from '../../../src/crawl/shared/rrule/expand'
import { expandRule, MAX_WORK } from '../../../src/crawl/shared/rrule/engine'
import { parseRrule } from '../../../src/crawl/shared/rrule/rule'
import { resolveWallTime } from '../../../src/crawl/shared/time'
import type { Candidate } from '../../../src/crawl/candidate-types'

const iso = (occurrences: Occurrence[]) => occurrences.map((o) => resolveWallTime(o.start).iso)
const ny = (date: string, time: string) => ({ date, time, zone: 'America/New_York' })
const override = (title: string, start: Candidate['start'], end?: Candidate['end']): Candidate => ({ source: { url: 'https://example.org/cal.ics', format: 'ics', method: 'ics' }, title, start, end })

describe('wall-clock expansion across DST', () => {
  it('keeps a weekly 10:00 America/New_York event at 10:00 local across the March and November changes', () => {
    const occ = expandRecurrence({ start: ny('2026-02-23', '10:00'), end: ny('2026-02-23', '11:00'), recurrence: { rrule: 'FREQ=WEEKLY' }, window: { start: '2026-03-01', end: '2026-11-10' } })
    const starts = iso(occ)
    expect(starts).toContain('2026-03-02T10:00:00-05:00')
    expect(starts).toContain('2026-03-09T10:00:00-04:00')
    expect(starts).toContain('2026-10-26T10:00:00-04:00')
    expect(starts).toContain('2026-11-02T10:00:00-05:00')
    expect(starts.every((s) => s.slice(11, 19) === '10:00:00')).toBe(true)
    expect(occ.map((o) => resolveWallTime(o.end!).iso.slice(11, 19)).every((t) => t === '11:00:00')).toBe(true)
  })

  it('puts BYDAY on the local weekday near midnight in zones far from UTC', () => {
    const auckland = expandRecurrence({
      start: { date: '2026-01-05', time: '23:30', zone: 'Pacific/Auckland' },
      recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4' },
      window: { start: '2026-01-01', end: '2026-01-31' },
    })
    expect(iso(auckland)).toEqual(['2026-01-05T23:30:00+13:00', '2026-01-07T23:30:00+13:00', '2026-01-12T23:30:00+13:00', '2026-01-14T23:30:00+13:00'])
    const honolulu = expandRecurrence({
      start: { date: '2026-01-04', time: '00:15', zone: 'Pacific/Honolulu' },
      recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=SU;COUNT=2' },
      window: { start: '2026-01-01', end: '2026-01-31' },
    })
    expect(iso(honolulu)).toEqual(['2026-01-04T00:15:00-10:00', '2026-01-11T00:15:00-10:00'])
  })

  it('keeps a UTC-defined series on UTC, shown in the event zone', () => {
    const occ = expandRecurrence({
      start: { date: '2026-03-02', time: '15:00', offset: 'Z' },
      zone: 'America/New_York',
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3' },
      window: { start: '2026-03-01', end: '2026-03-31' },
    })
    expect(iso(occ)).toEqual(['2026-03-02T10:00:00-05:00', '2026-03-09T11:00:00-04:00', '2026-03-16T11:00:00-04:00'])
  })

  it('moves an instance that falls in the spring gap forward by the gap (RFC 5545 §3.3.5)', () => {
    const occ = expandRecurrence({ start: ny('2026-03-07', '02:30'), recurrence: { rrule: 'FREQ=DAILY;COUNT=2' }, window: { start: '2026-03-01', end: '2026-03-31' } })
    expect(iso(occ)).toEqual(['2026-03-07T02:30:00-05:00', '2026-03-08T03:30:00-04:00'])
  })
})

describe('EXDATE and RDATE', () => {
  it('removes only the instance that starts exactly at the EXDATE', () => {
    const occ = expandRecurrence({
      start: ny('2026-06-01', '10:00'),
      recurrence: { rrule: 'FREQ=DAILY;COUNT=5', exdates: [ny('2026-06-02', '10:00'), ny('2026-06-03', '10:30'), { date: '2026-06-04', time: '14:00', offset: 'Z' }] },
      window: { start: '2026-06-01', end: '2026-06-30' },
    })
    // 06-03 10:30 matches nothing; 06-04 14:00Z is 10:00 in New York, the same instant.
    expect(iso(occ)).toEqual(['2026-06-01T10:00:00-04:00', '2026-06-03T10:00:00-04:00', '2026-06-05T10:00:00-04:00'])
  })

  it('matches DATE EXDATEs against an all-day rule, and a DATE EXDATE removes that day of a timed rule', () => {
    const allDay = expandRecurrence({
      start: { date: '2026-06-01' },
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=4', exdates: [{ date: '2026-06-08' }] },
      window: { start: '2026-06-01', end: '2026-06-30' },
    })
    expect(allDay.map((o) => o.start)).toEqual([{ date: '2026-06-01' }, { date: '2026-06-15' }, { date: '2026-06-22' }])
    const timed = expandRecurrence({
      start: ny('2026-06-01', '09:00'),
      recurrence: { rrule: 'FREQ=DAILY;COUNT=3', exdates: [{ date: '2026-06-02' }] },
      window: { start: '2026-06-01', end: '2026-06-30' },
    })
    expect(iso(timed)).toEqual(['2026-06-01T09:00:00-04:00', '2026-06-03T09:00:00-04:00'])
  })

  it('adds RDATEs, written in any zone, once each', () => {
    const occ = expandRecurrence({
      start: ny('2026-06-01', '10:00'),
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=2', rdates: [ny('2026-06-01', '10:00'), { date: '2026-06-03', time: '18:00', offset: 'Z' }] },
      window: { start: '2026-06-01', end: '2026-06-30' },
    })
    expect(iso(occ)).toEqual(['2026-06-01T10:00:00-04:00', '2026-06-03T14:00:00-04:00', '2026-06-08T10:00:00-04:00'])
  })

  it('degrades an unusable rule to DTSTART plus RDATEs', () => {
    const occ = expandRecurrence({
      start: ny('2026-06-01', '10:00'),
      recurrence: { rrule: 'FREQ=FORTNIGHTLY', rdates: [ny('2026-06-05', '10:00')] },
      window: { start: '2026-06-01', end: '2026-06-30' },
    })
    expect(iso(occ)).toEqual(['2026-06-01T10:00:00-04:00', '2026-06-05T10:00:00-04:00'])
  })
})

describe('RECURRENCE-ID overrides', () => {
  const base = { start: ny('2026-06-01', '10:00'), end: ny('2026-06-01', '11:00') }

  it('replaces the instance it names, even when the RECURRENCE-ID is written in UTC', () => {
    const moved = override('moved', ny('2026-06-09', '15:00'), ny('2026-06-09', '16:30'))
    const occ = expandRecurrence({
      ...base,
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3', overrides: [{ recurrenceId: { date: '2026-06-08', time: '14:00', offset: 'Z' }, candidate: moved }] },
      window: { start: '2026-06-01', end: '2026-06-30' },
    })
    expect(iso(occ)).toEqual(['2026-06-01T10:00:00-04:00', '2026-06-09T15:00:00-04:00', '2026-06-15T10:00:00-04:00'])
    expect(occ[1].override?.title).toBe('moved')
    expect(resolveWallTime(occ[1].end!).iso).toBe('2026-06-09T16:30:00-04:00')
  })

  it('moves an occurrence into the window from outside it, and out of it', () => {
    const intoWindow = override('into', ny('2026-07-02', '10:00'))
    const outOfWindow = override('out', ny('2026-08-20', '10:00'))
    const occ = expandRecurrence({
      ...base,
      recurrence: {
        rrule: 'FREQ=WEEKLY',
        overrides: [
          { recurrenceId: ny('2026-06-22', '10:00'), candidate: intoWindow },
          { recurrenceId: ny('2026-07-06', '10:00'), candidate: outOfWindow },
        ],
      },
      window: { start: '2026-07-01', end: '2026-07-14' },
    })
    expect(iso(occ)).toEqual(['2026-07-02T10:00:00-04:00', '2026-07-13T10:00:00-04:00'])
    // An override without its own end keeps the series' length.
    expect(resolveWallTime(occ[0].end!).iso).toBe('2026-07-02T11:00:00-04:00')
  })

  it('matches a timed RECURRENCE-ID against an all-day series by its local date', () => {
    const occ = expandRecurrence({
      start: { date: '2026-02-19' },
      recurrence: {
        rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=4',
        overrides: [{ recurrenceId: { date: '2026-02-26', time: '00:00:00', zone: 'Europe/Berlin' }, candidate: override('moved', { date: '2026-02-27' }) }],
      },
      zone: 'Europe/Berlin',
      window: { start: '2026-02-01', end: '2026-03-31' },
    })
    expect(occ.map((o) => o.start.date)).toEqual(['2026-02-19', '2026-02-24', '2026-02-27', '2026-03-03'])
  })
})

describe('bounds', () => {
  it('stops a rule without COUNT or UNTIL at the window end', () => {
    const occ = expandRecurrence({ start: ny('1990-01-01', '08:00'), recurrence: { rrule: 'FREQ=DAILY' }, window: { start: '2026-06-01', end: '2026-06-30' } })
    expect(occ.length).toBe(30)
    expect(iso(occ)[0]).toBe('2026-06-01T08:00:00-04:00')
    // …and gets there by skipping the 36 years before the window, not by walking their 13,000 days: the
    // engine examines about one day per day of the window.
    const { rule } = parseRrule('FREQ=DAILY')
    const engine = expandRule({
      rule: rule!,
      start: wallSeconds({ date: '1990-01-01', time: '08:00' })!,
      isDate: false,
      from: wallSeconds({ date: '2026-06-01' })!,
      to: wallSeconds({ date: '2026-06-30', time: '23:59:59' })!,
      limit: 500,
      startIsInstance: true,
    })
    expect(engine.times).toHaveLength(30)
    expect(engine.work).toBeLessThanOrEqual(32)
  })

  it('ends a rule that can never match at the step budget, with nothing, even without a window', () => {
    for (const text of ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', 'FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30']) {
      const { rule } = parseRrule(text)
      const engine = expandRule({ rule: rule!, start: wallSeconds({ date: '2026-01-01', time: '10:00' })!, isDate: false, limit: 10, startIsInstance: false })
      expect(engine, text).toMatchObject({ times: [], truncated: true })
      expect(engine.work, text).toBeGreaterThan(MAX_WORK)
      expect(engine.work, text).toBeLessThanOrEqual(MAX_WORK + 366)
    }
  })

  it('caps at the limit, 500 by default', () => {
    const minutely = expandRecurrence({ start: ny('2026-06-01', '00:00'), recurrence: { rrule: 'FREQ=MINUTELY' }, window: { start: '2026-06-01', end: '2026-06-30' } })
    expect(minutely.length).toBe(500)
    expect(expandRecurrence({ start: ny('2026-06-01', '00:00'), recurrence: { rrule: 'FREQ=DAILY' }, window: { start: '2026-06-01', end: '2026-06-30' }, limit: 7 }).length).toBe(7)
  })

  it('keeps a long occurrence that began before the window and still overlaps it', () => {
    const occ = expandRecurrence({ start: { date: '2026-05-25' }, end: { date: '2026-06-03' }, recurrence: { rrule: 'FREQ=MONTHLY;COUNT=2' }, window: { start: '2026-06-01', end: '2026-06-10' } })
    expect(occ.map((o) => [o.start.date, o.end?.date])).toEqual([['2026-05-25', '2026-06-03']])
  })

  it('returns nothing for a rule that can never match, without hanging', () => {
    const occ = expandRecurrence({ start: ny('2026-01-31', '10:00'), recurrence: { rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' }, window: { start: '2026-02-01', end: '2099-12-31' } })
    expect(occ).toEqual([])
  })

  it('treats the start as an anchor only when told to', () => {
    const input = { start: ny('2026-06-02', '19:00'), recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=WE;COUNT=2' }, window: { start: '2026-06-01', end: '2026-06-30' } }
    expect(iso(expandRecurrence(input))).toEqual(['2026-06-02T19:00:00-04:00', '2026-06-03T19:00:00-04:00'])
    expect(iso(expandRecurrence({ ...input, startIsOccurrence: false }))).toEqual(['2026-06-03T19:00:00-04:00', '2026-06-10T19:00:00-04:00'])
  })
})

describe('weekdayCodeOf', () => {
  it('gives the RRULE code of a day, across months, leap days and centuries', () => {
    expect(['2026-12-12', '2026-12-13', '2027-01-04', '2024-02-29', '2000-03-01', '1999-12-31'].map(weekdayCodeOf)).toEqual(['SA', 'SU', 'MO', 'TH', 'WE', 'FR'])
  })
})
