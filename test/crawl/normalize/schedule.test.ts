// Pins the spec's `schedule` object (spec "schedule object", DESIGN §6): describeRecurrence reports
// pattern, frequency, weekdays, ordinal, dayOfMonth and resolvedZone from the rule alone (null when the
// rule does not say), and buildSchedule formats dates exactly like the Event's own (resolveWallTime) and
// validates against the TypeBox ScheduleSchema.
import { describe, expect, it } from 'bun:test'
import { Value } from '@sinclair/typebox/value'
import { ScheduleSchema } from '../../../src/model/event'
import { buildSchedule, describeRecurrence } from '../../../src/crawl/normalize/recurrence'
import { expandRecurrence } from '../../../src/crawl/shared/rrule/expand'

describe('describeRecurrence', () => {
  it.each([
    ['FREQ=WEEKLY;BYDAY=WE', { pattern: 'weekly', frequency: 1, weekdays: ['WE'], ordinal: null, dayOfMonth: null }],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TH,MO', { pattern: 'weekly', frequency: 2, weekdays: ['MO', 'TH'], ordinal: null, dayOfMonth: null }],
    ['FREQ=MONTHLY;BYDAY=1TU,3TU', { pattern: 'monthly', frequency: 1, weekdays: ['TU'], ordinal: [1, 3], dayOfMonth: null }],
    ['FREQ=MONTHLY;BYDAY=-1FR', { pattern: 'monthly', frequency: 1, weekdays: ['FR'], ordinal: [-1], dayOfMonth: null }],
    ['FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', { pattern: 'monthly', frequency: 1, weekdays: ['MO', 'TU', 'WE', 'TH', 'FR'], ordinal: [-1], dayOfMonth: null }],
    ['FREQ=MONTHLY;BYMONTHDAY=1,15', { pattern: 'monthly', frequency: 1, weekdays: null, ordinal: null, dayOfMonth: [1, 15] }],
    ['FREQ=DAILY;INTERVAL=3', { pattern: 'daily', frequency: 3, weekdays: null, ordinal: null, dayOfMonth: null }],
    ['FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=4', { pattern: 'yearly', frequency: 1, weekdays: null, ordinal: null, dayOfMonth: [4] }],
    ['FREQ=HOURLY;INTERVAL=6', { pattern: 'daily', frequency: 1, weekdays: null, ordinal: null, dayOfMonth: null }],
  ])('%s', (rrule, expected) => {
    expect(describeRecurrence(rrule, 'Europe/Paris')).toEqual({ ...expected, resolvedZone: 'Europe/Paris' })
  })

  it('throws on a rule with no usable FREQ (callers check validateRrule first)', () => {
    expect(() => describeRecurrence('BYDAY=MO', 'UTC')).toThrow(RangeError)
  })
})

describe('buildSchedule', () => {
  const start = { date: '2026-01-06', time: '18:00', zone: 'America/Chicago' }
  const end = { date: '2026-01-06', time: '19:30', zone: 'America/Chicago' }

  it('formats the series and its window occurrences like the Event dates, ending at the last occurrence of a finite rule', () => {
    const recurrence = { rrule: 'FREQ=MONTHLY;BYDAY=1TU;COUNT=6', exdates: [{ date: '2026-06-02', time: '18:00', zone: 'America/Chicago' }] }
    const occurrences = expandRecurrence({ start, end, recurrence, window: { start: '2026-03-01', end: '2026-04-30' } })
    const schedule = buildSchedule({ start, end, recurrence, occurrences })!
    expect(Value.Check(ScheduleSchema, schedule)).toBe(true)
    expect(schedule).toEqual({
      type: 'recurring',
      startDate: '2026-01-06T18:00:00-06:00',
      endDate: '2026-05-05T19:30:00-05:00',
      occurrences: [
        { startDate: '2026-03-03T18:00:00-06:00', endDate: '2026-03-03T19:30:00-06:00' },
        { startDate: '2026-04-07T18:00:00-05:00', endDate: '2026-04-07T19:30:00-05:00' },
      ],
      recurrence: { pattern: 'monthly', frequency: 1, weekdays: ['TU'], ordinal: [1], dayOfMonth: null, resolvedZone: 'America/Chicago' },
    })
  })

  it('has no endDate for an unbounded rule, and takes the fallback zone for a floating series', () => {
    const floating = { date: '2026-01-07', time: '10:00' }
    const schedule = buildSchedule({ start: floating, recurrence: { rrule: 'FREQ=WEEKLY' }, occurrences: [], zone: 'Europe/Berlin' })!
    expect(schedule.endDate).toBeUndefined()
    expect(schedule.startDate).toBe('2026-01-07T10:00:00+01:00')
    expect(schedule.recurrence.resolvedZone).toBe('Europe/Berlin')
  })

  it('keeps all-day dates date-only', () => {
    const schedule = buildSchedule({ start: { date: '2026-07-04' }, recurrence: { rrule: 'FREQ=YEARLY;COUNT=2' }, occurrences: [{ start: { date: '2026-07-04' } }], zone: 'America/New_York' })!
    expect([schedule.startDate, schedule.endDate, schedule.occurrences[0].startDate]).toEqual(['2026-07-04', '2027-07-04', '2026-07-04'])
  })

  it('is undefined without a rule to describe or without any zone', () => {
    expect(buildSchedule({ start, recurrence: { rdates: [start] }, occurrences: [] })).toBeUndefined()
    expect(buildSchedule({ start: { date: '2026-01-07', time: '10:00' }, recurrence: { rrule: 'FREQ=WEEKLY' }, occurrences: [] })).toBeUndefined()
  })
})
