/**
 * schema.org `Schedule` (an Event's `eventSchedule`) → an RFC 5545 RRULE plus the series' first start, so a
 * schedule is expanded by the same code as an iCalendar series. Field forms seen in the wild are accepted:
 * `repeatFrequency` as ISO 8601 duration or word, `byDay` as DayOfWeek URL, name, or iCal `2MO`.
 */
import type { RecurrenceSpec, WallTime } from '../../candidate-types'
import { DAY_SECONDS, WEEKDAY_CODES, formatClock, formatDay, wallSeconds } from '../../shared/calendar-math'
import { clockFor, toClock } from '../../shared/rrule/clock'
import { expandRule } from '../../shared/rrule/engine'
import { type ByDay, type Frequency, formatRrule, type Rule } from '../../shared/rrule/rule'
import { isIanaZone } from '../../shared/time'
import { resolveZoneName } from '../../shared/zones'
import { lookupTable } from '../../../lookup-table'

export type ScheduleRecurrence = {
  /** The first occurrence (synchronized with the rule); absent when the schedule has no startDate and no anchor was given. */
  start?: WallTime
  /** End of the first occurrence, from endTime (next day when endTime is not after startTime). */
  end?: WallTime
  duration?: string
  recurrence: RecurrenceSpec
  /** The zone the schedule is in: scheduleTimezone, else the fallback. */
  zone?: string
}

const DAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']
const WORD_FREQUENCIES: Record<string, [Frequency, number]> = lookupTable({
  daily: ['DAILY', 1],
  weekly: ['WEEKLY', 1],
  fortnightly: ['WEEKLY', 2],
  monthly: ['MONTHLY', 1],
  yearly: ['YEARLY', 1],
  annually: ['YEARLY', 1],
  hourly: ['HOURLY', 1],
})

const list = (value: unknown): unknown[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value])
const text = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value.trim()
  if (typeof value === 'number') return String(value)
  if (value && typeof value === 'object' && typeof (value as Record<string, unknown>)['@id'] === 'string') return ((value as Record<string, unknown>)['@id'] as string).trim()
  return undefined
}

function parseFrequency(value: unknown): [Frequency, number] | undefined {
  const t = text(value)?.toLowerCase()
  if (!t) return undefined
  const word = WORD_FREQUENCIES[t.replace(/^https?:\/\/schema\.org\//, '')]
  if (word) return word
  const m = /^p(?:(\d+)y)?(?:(\d+)m)?(?:(\d+)w)?(?:(\d+)d)?(?:t(?:(\d+)h)?(?:(\d+)m)?)?$/.exec(t)
  if (!m) return undefined
  const parts = m.slice(1).map((x) => (x === undefined ? 0 : Number(x)))
  const set = parts.map((n, i) => [n, i] as const).filter(([n]) => n > 0)
  if (set.length !== 1) return undefined
  const [n, i] = set[0]
  return (
    [
      ['YEARLY', n],
      ['MONTHLY', n],
      ['WEEKLY', n],
      ['DAILY', n],
      ['HOURLY', n],
      ['MINUTELY', n],
    ] as [Frequency, number][]
  )[i]
}

/** `https://schema.org/Wednesday`, `Wednesday`, `WE`, `2MO`, `-1FR` → BYDAY entries. */
function parseByDay(value: unknown): ByDay[] | undefined {
  const days: ByDay[] = []
  for (const item of list(value)) {
    const t = text(item)?.replace(/^(https?:\/\/schema\.org\/|schema:)/i, '')
    if (!t) return undefined
    const ical = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/i.exec(t)
    const name = DAY_NAMES.indexOf(t.toLowerCase())
    if (ical) days.push({ n: Number(ical[1] ?? 0), day: WEEKDAY_CODES.indexOf(ical[2].toUpperCase() as (typeof WEEKDAY_CODES)[number]) })
    else if (name >= 0) days.push({ n: 0, day: name })
    else return undefined
  }
  return days.length ? days : undefined
}

function parseIntegers(value: unknown, min: number, max: number): number[] | undefined {
  const values = list(value).map((v) => Number(text(v)))
  if (values.length === 0) return undefined
  if (values.some((n) => !Number.isInteger(n) || n < min || n > max || n === 0)) return undefined
  return [...new Set(values)]
}

/** `2017-01-01`, `2017-01-01T19:00:00`, `2017-01-01T19:00:00+01:00`, `19:00`, `19:00:00Z` → parts. */
function parseDateTime(value: unknown): { date?: string; time?: string; offset?: string } | undefined {
  const t = text(value)
  const m = t && /^(?:(\d{4}-\d{2}-\d{2}))?(?:[T ]?(\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(t)
  if (!m || (!m[1] && !m[2])) return undefined
  if (m[1] && wallSeconds({ date: m[1] }) === undefined) return undefined
  return { ...(m[1] ? { date: m[1] } : {}), ...(m[2] ? { time: m[2] } : {}), ...(m[3] ? { offset: m[3].toUpperCase() } : {}) }
}

function buildRule(schedule: Record<string, unknown>): Rule | undefined {
  const byDay = parseByDay(schedule.byDay)
  const byMonthDay = parseIntegers(schedule.byMonthDay, -31, 31)
  const byMonth = parseIntegers(schedule.byMonth, 1, 12)
  const byMonthWeek = parseIntegers(schedule.byMonthWeek, -5, 5)
  if ((schedule.byDay !== undefined && !byDay) || (schedule.byMonthDay !== undefined && !byMonthDay)) return undefined
  if ((schedule.byMonth !== undefined && !byMonth) || (schedule.byMonthWeek !== undefined && !byMonthWeek)) return undefined
  if (byMonthWeek && !byDay) return undefined
  let freq = parseFrequency(schedule.repeatFrequency) ?? (byMonthWeek || byMonthDay ? ['MONTHLY', 1] : byDay ? ['WEEKLY', 1] : undefined)
  if (!freq) return undefined
  // Week-of-month positions only mean something month by month.
  if (byMonthWeek && freq[0] !== 'MONTHLY' && freq[0] !== 'YEARLY') freq = ['MONTHLY', 1]
  // byMonthWeek + byDay ("first and third Mondays") is iCal's 1MO,3MO.
  const days = byMonthWeek && byDay ? byDay.flatMap((d) => (d.n ? [d] : byMonthWeek.map((n) => ({ n, day: d.day })))) : byDay
  const rule: Rule = { freq: freq[0], interval: freq[1], wkst: 0, byDay: days, byMonthDay, byMonth }
  const count = Number(text(schedule.repeatCount))
  if (schedule.repeatCount !== undefined) {
    if (!Number.isInteger(count) || count < 1) return undefined
    rule.count = count
  }
  return rule
}

/**
 * Converts one schema.org Schedule to a recurrence. `fallbackZone` applies when the schedule has no
 * `scheduleTimezone`; `anchorDate` (the window start) stands in for a missing `startDate`. The returned
 * `start` is the first real occurrence on or after startDate (a startDate that is not itself a scheduled
 * day is only an anchor). Undefined when the schedule cannot be read without guessing (no frequency,
 * unreadable byDay, …) or has no occurrence at all.
 */
export function scheduleToRecurrence(schedule: Record<string, unknown>, fallbackZone?: string, anchorDate?: string): ScheduleRecurrence | undefined {
  if (!schedule || typeof schedule !== 'object') return undefined
  const rule = buildRule(schedule)
  if (!rule) return undefined
  const named = text(schedule.scheduleTimezone)
  const zone = (named && resolveZoneName(named)) || (isIanaZone(fallbackZone) ? fallbackZone : undefined)
  const startDate = parseDateTime(schedule.startDate)
  const endDate = parseDateTime(schedule.endDate)
  const startTime = parseDateTime(schedule.startTime)
  const endTime = parseDateTime(schedule.endTime)
  const time = startTime?.time ?? startDate?.time
  const offset = zone ? undefined : (startTime?.offset ?? startDate?.offset)
  if (endDate?.date) rule.until = { date: endDate.date }
  const exdates = list(schedule.exceptDate)
    .map(parseDateTime)
    .filter((d): d is { date: string; time?: string; offset?: string } => !!d?.date)
    .map((d) => ({ date: d.date, ...(d.time ? { time: d.time } : {}), ...(zone ? { zone } : d.time && d.offset ? { offset: d.offset } : {}) }))
  const recurrence: RecurrenceSpec = { rrule: formatRrule(rule), ...(exdates.length ? { exdates } : {}) }
  const duration = text(schedule.duration)
  const base = { recurrence, ...(duration ? { duration } : {}), ...(zone ? { zone } : {}) }
  const anchor = startDate?.date ?? anchorDate
  if (!anchor || wallSeconds({ date: anchor }) === undefined) return base
  const anchorWall: WallTime = { date: anchor, ...(time ? { time } : {}), ...(offset ? { offset } : {}), ...(zone ? { zone } : {}) }
  const clock = clockFor(anchorWall, zone)
  const anchorT = toClock(anchorWall, clock)
  if (anchorT === undefined) return undefined
  const untilT = rule.until ? wallSeconds(rule.until)! + DAY_SECONDS - 1 : undefined
  const first = expandRule({ rule, start: anchorT, isDate: clock.dateOnly, until: untilT, limit: 1, startIsInstance: false }).times[0]
  if (first === undefined) return undefined
  const start: WallTime = { ...anchorWall, date: formatDay(first), ...(time ? { time: formatClock(first) } : {}) }
  let end: WallTime | undefined
  if (time && endTime?.time) {
    const endT = wallSeconds({ date: start.date, time: endTime.time })!
    const next = endT <= first ? endT + DAY_SECONDS : endT
    end = { ...start, date: formatDay(next), time: formatClock(next) }
  }
  return { ...base, start, ...(end ? { end } : {}) }
}
