/**
 * The spec's `schedule` object for a recurring series (DESIGN §6: pattern, frequency, weekdays, ordinal,
 * dayOfMonth, resolvedZone, occurrences within the window), built from the series' rule and the
 * occurrences `expandRecurrence` produced.
 */
import type { Recurrence, Schedule } from '../../../model/event'
import type { RecurrenceSpec, WallTime } from '../../candidate-types'
import { DAY_SECONDS, WEEKDAY_CODES } from '../../shared/calendar-math'
import type { Occurrence } from '../../shared/rrule/expand'
import { clockFor, fromClock, occurrenceLength, toClock } from '../../shared/rrule/clock'
import { expandRule } from '../../shared/rrule/engine'
import { type Frequency, parseRrule, type Rule } from '../../shared/rrule/rule'
import { isIanaZone, parseOffset, resolveWallTime } from '../../shared/time'

const PATTERNS: Record<Frequency, string> = {
  YEARLY: 'yearly',
  MONTHLY: 'monthly',
  WEEKLY: 'weekly',
  DAILY: 'daily',
  HOURLY: 'daily',
  MINUTELY: 'daily',
  SECONDLY: 'daily',
}

/**
 * The spec's `schedule.recurrence` for an RRULE. `pattern` is daily/weekly/monthly/yearly (a rule repeating
 * within a day is reported as daily with frequency 1); `weekdays` are the BYDAY codes without ordinals;
 * `ordinal` the BYDAY week-of-month positions, else BYSETPOS; `dayOfMonth` BYMONTHDAY; null when the rule
 * does not say. Throws a RangeError for a rule without a usable FREQ: check with `validateRrule` first.
 */
export function describeRecurrence(rrule: string, zone: string): Recurrence {
  const { rule } = parseRrule(rrule)
  if (!rule) throw new RangeError(`not a usable RRULE: ${rrule}`)
  return recurrenceOf(rule, zone)
}

/** `describeRecurrence` of a rule already parsed. */
function recurrenceOf(rule: Rule, zone: string): Recurrence {
  const subDaily = ['HOURLY', 'MINUTELY', 'SECONDLY'].includes(rule.freq)
  const days = rule.byDay ?? []
  const weekdays = [...new Set(days.map((d) => d.day))].sort((a, b) => a - b).map((d) => WEEKDAY_CODES[d])
  const ordinals = [...new Set(days.filter((d) => d.n !== 0).map((d) => d.n))]
  return {
    pattern: PATTERNS[rule.freq],
    frequency: subDaily ? 1 : rule.interval,
    weekdays: weekdays.length ? weekdays : null,
    ordinal: ordinals.length ? ordinals : (rule.bySetPos ?? null),
    dayOfMonth: rule.byMonthDay ?? null,
    resolvedZone: zone,
  }
}

/** What `buildSchedule` needs: the series as the candidate gave it, and what `expandRecurrence` returned. */
export type ScheduleInput = {
  /** DTSTART: the series' first start (the same value given to `expandRecurrence`). */
  start: WallTime
  /** End of the first occurrence, or its duration, to date the end of a finite series. */
  end?: WallTime
  duration?: string
  /** The series' recurrence; without a usable `rrule` (an RDATE-only series) there is no pattern to describe. */
  recurrence: RecurrenceSpec
  /** The occurrences inside the window, as `expandRecurrence` returned them. */
  occurrences: Occurrence[]
  /** The event's zone, as given to `expandRecurrence` (the organization's or tz-lookup's when the source names none). */
  zone?: string
}

/** The IANA zone the series is expanded in, when it has one (UTC and whole-hour offsets map to Etc zones). */
function seriesZone(start: WallTime, zone?: string): string | undefined {
  if (isIanaZone(start.zone)) return start.zone
  if (start.offset === undefined && isIanaZone(zone)) return zone
  const minutes = start.offset === undefined ? undefined : parseOffset(start.offset)
  if (minutes === 0) return 'Etc/UTC'
  if (minutes !== undefined && minutes % 60 === 0) return `Etc/GMT${minutes > 0 ? '-' : '+'}${Math.abs(minutes / 60)}`
  return isIanaZone(zone) ? zone : undefined
}

/** The last occurrence of a finite series (COUNT or UNTIL), its end when known; undefined when unbounded or too long to enumerate. */
function lastOccurrence(input: ScheduleInput, parsed: Rule): WallTime | undefined {
  if (parsed.count === undefined && !parsed.until) return undefined
  const clock = clockFor(input.start, input.zone)
  const startT = toClock(input.start, clock)
  if (startT === undefined) return undefined
  let until: number | undefined
  if (parsed.until) {
    const u = toClock(parsed.until, clock)
    if (u !== undefined) until = parsed.until.time ? u : u + DAY_SECONDS - 1
  }
  const limit = 20000
  const { times, truncated } = expandRule({ rule: parsed, start: startT, isDate: clock.dateOnly, until, limit, startIsInstance: true })
  const excluded = new Set((input.recurrence.exdates ?? []).map((x) => toClock(x, clock)))
  const rdates = (input.recurrence.rdates ?? []).map((r) => toClock(r, clock)).filter((t): t is number => t !== undefined)
  const kept = [...times, ...rdates].filter((t) => !excluded.has(t))
  if (truncated || times.length >= limit || kept.length === 0) return undefined
  const last = Math.max(...kept)
  const length = occurrenceLength(input, clock, startT)
  return fromClock(length ? last + length : last, clock)
}

/**
 * Builds `schedule` for an Event that is one occurrence of a recurring series. Dates are formatted like the
 * Event's own (`resolveWallTime` with the same fallback zone): `startDate` is the series' first start,
 * `endDate` the end of its last occurrence when the series is finite, `occurrences` every occurrence given
 * (those inside the window). Undefined when there is no rule to describe (RDATE-only or unusable RRULE) or
 * when no zone is known, since `resolvedZone` must then be invented.
 */
export function buildSchedule(input: ScheduleInput): Schedule | undefined {
  const rrule = input.recurrence.rrule
  // Parsed once for the three readings below (parseRrule is pure, and none of them changes the rule).
  const rule = rrule ? parseRrule(rrule).rule : undefined
  if (!rule) return undefined
  const zone = seriesZone(input.start, input.zone)
  if (!zone) return undefined
  const fallback = isIanaZone(input.zone) ? input.zone : zone
  const format = (w: WallTime) => resolveWallTime(w, fallback).iso
  const last = lastOccurrence(input, rule)
  return {
    type: 'recurring',
    startDate: format(input.start),
    ...(last ? { endDate: format(last) } : {}),
    occurrences: input.occurrences.map((o) => (o.end ? { startDate: format(o.start), endDate: format(o.end) } : { startDate: format(o.start) })),
    recurrence: recurrenceOf(rule, zone),
  }
}
