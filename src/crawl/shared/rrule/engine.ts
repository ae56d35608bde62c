/**
 * RFC 5545 RRULE expansion on wall-clock seconds, bounded. Why not ical.js's RecurIterator: ical.js 2.2.1
 * gets 63 of libical's 146 reference vectors wrong (BYWEEKNO is not implemented, BYSETPOS is ignored below
 * MONTHLY, unordered BY lists, INTERVAL with BYHOUR) and loops forever on `FREQ=DAILY;BYMONTHDAY=-1,-2`,
 * a synchronous hang that no caller could interrupt. This expander builds each period's candidate set
 * (RFC 5545 §3.3.10 "expand"/"limit" table), applies BYSETPOS, and stops at COUNT, UNTIL, the caller's `to`,
 * `limit`, year 9999 or a work budget, whichever comes first, so no input can make it spin.
 */
import { DAY_SECONDS, type CivilDate, civilFromDay, dayNumber, daysInMonth, daysInYear, firstWeekStart, weekday, weekInfo, weekStart } from '../calendar-math'
import type { ByDay, Frequency, Rule } from './rule'

export type EngineInput = {
  rule: Rule
  /** DTSTART in wall seconds (calendar-math). */
  start: number
  /** Date-only series: time parts of the rule are ignored and every instance is a whole day. */
  isDate: boolean
  /** UNTIL already put on the rule's clock, in wall seconds, inclusive. */
  until?: number
  /** Instances before `from` are skipped (they still count towards COUNT). */
  from?: number
  /** Iteration stops after `to` (inclusive). */
  to?: number
  /** At most this many instances are returned. */
  limit: number
  /**
   * RFC 5545: DTSTART is the first instance and counts towards COUNT even when the rule would not produce
   * it. libical (and schema.org schedules, whose startDate is only an anchor) treat it as a mere anchor.
   */
  startIsInstance: boolean
}

export type EngineResult = {
  /** Instance starts in wall seconds, ascending. */
  times: number[]
  /** True when `limit`, year 9999 or the work budget cut the series short (not COUNT, UNTIL or `to`). */
  truncated: boolean
  /**
   * The steps the expansion took (days or time periods examined): at most {@link MAX_WORK} plus one
   * period (366 days), whatever the rule, and about the window's length when `from` skips dead time.
   * What makes "always returns promptly" checkable without a clock.
   */
  work: number
}

/** The engine's step budget: a rule that never matches ends here instead of running to year 9999. */
export const MAX_WORK = 1_500_000
const MAX_DAY = dayNumber(9999, 12, 31)
const UNIT: Partial<Record<Frequency, number>> = { HOURLY: 3600, MINUTELY: 60, SECONDLY: 1 }

type Plan = {
  freq: Frequency
  interval: number
  wkst: number
  startDay: number
  startCivil: CivilDate
  byMonth?: number[]
  byWeekNo?: number[]
  byYearDay?: number[]
  byMonthDay?: number[]
  byDay?: ByDay[]
  byHour?: number[]
  byMinute?: number[]
  bySecond?: number[]
  bySetPos?: number[]
  /** Seconds of the day of each instance, for DAILY and longer frequencies. */
  clock: number[]
  ordinalScope: 'month' | 'year' | 'none'
}

const sortNumbers = (values: number[]) => [...new Set(values)].sort((a, b) => a - b)

/** Fills in what the rule leaves to DTSTART (RFC 5545: "derived from DTSTART"), as libical does. */
function makePlan(rule: Rule, start: number, isDate: boolean): Plan {
  const startDay = Math.floor(start / DAY_SECONDS)
  const secs = start - startDay * DAY_SECONDS
  const c = civilFromDay(startDay)
  const freq: Frequency = isDate && UNIT[rule.freq] ? 'DAILY' : rule.freq
  const p: Plan = {
    freq,
    interval: isDate && UNIT[rule.freq] ? 1 : rule.interval,
    wkst: rule.wkst,
    startDay,
    startCivil: c,
    byMonth: rule.byMonth,
    byWeekNo: rule.byWeekNo,
    byYearDay: rule.byYearDay,
    byMonthDay: rule.byMonthDay,
    byDay: rule.byDay,
    bySetPos: rule.bySetPos,
    byHour: isDate ? undefined : rule.byHour,
    byMinute: isDate ? undefined : rule.byMinute,
    bySecond: isDate ? undefined : rule.bySecond && sortNumbers(rule.bySecond.map((s) => Math.min(s, 59))),
    clock: [],
    ordinalScope: 'none',
  }
  const none = (...parts: (unknown[] | undefined)[]) => parts.every((x) => !x)
  if (freq === 'YEARLY') {
    if (none(p.byMonth, p.byWeekNo, p.byYearDay, p.byMonthDay, p.byDay)) {
      p.byMonth = [c.month]
      p.byMonthDay = [c.day]
    } else if (p.byMonth && none(p.byWeekNo, p.byYearDay, p.byMonthDay, p.byDay)) p.byMonthDay = [c.day]
    else if (p.byMonthDay && none(p.byMonth, p.byWeekNo, p.byYearDay, p.byDay)) p.byMonth = [c.month]
    else if (p.byWeekNo && none(p.byYearDay, p.byMonthDay, p.byDay)) p.byDay = [{ n: 0, day: weekday(startDay) }]
    p.ordinalScope = p.byWeekNo ? 'none' : p.byMonth ? 'month' : 'year'
  } else if (freq === 'MONTHLY') {
    if (none(p.byMonthDay, p.byDay, p.byYearDay, p.byWeekNo)) p.byMonthDay = [c.day]
    p.ordinalScope = 'month'
  } else if (freq === 'WEEKLY' && none(p.byDay, p.byMonthDay, p.byYearDay)) {
    p.byDay = [{ n: 0, day: weekday(startDay) }]
  }
  const hours = p.byHour ?? [Math.floor(secs / 3600)]
  const minutes = p.byMinute ?? [Math.floor((secs % 3600) / 60)]
  const seconds = p.bySecond ?? [secs % 60]
  p.clock = isDate ? [0] : sortNumbers(hours.flatMap((h) => minutes.flatMap((m) => seconds.map((s) => h * 3600 + m * 60 + s))))
  return p
}

const matchesPosition = (values: number[], value: number, size: number) => values.some((v) => (v > 0 ? v === value : size + v + 1 === value))

function ordinalMatches(p: Plan, b: ByDay, n: number, c: CivilDate): boolean {
  if (b.n === 0 || p.ordinalScope === 'none') return true
  if (p.ordinalScope === 'month') {
    const dim = daysInMonth(c.year, c.month)
    return b.n > 0 ? Math.floor((c.day - 1) / 7) + 1 === b.n : -(Math.floor((dim - c.day) / 7) + 1) === b.n
  }
  const yd = n - dayNumber(c.year, 1, 1) + 1
  const diy = daysInYear(c.year)
  return b.n > 0 ? Math.floor((yd - 1) / 7) + 1 === b.n : -(Math.floor((diy - yd) / 7) + 1) === b.n
}

/** True when day `n` passes every day-level BY part (as "expand" inside a period or "limit" below it). */
function dayMatches(p: Plan, n: number): boolean {
  const c = civilFromDay(n)
  if (p.byMonth && !p.byMonth.includes(c.month)) return false
  if (p.byWeekNo) {
    const w = weekInfo(n, p.wkst)
    if (!matchesPosition(p.byWeekNo, w.week, w.weeksInYear)) return false
  }
  if (p.byYearDay && !matchesPosition(p.byYearDay, n - dayNumber(c.year, 1, 1) + 1, daysInYear(c.year))) return false
  if (p.byMonthDay && !matchesPosition(p.byMonthDay, c.day, daysInMonth(c.year, c.month))) return false
  if (p.byDay) {
    const wd = weekday(n)
    if (!p.byDay.some((b) => b.day === wd && ordinalMatches(p, b, n, c))) return false
  }
  return true
}

function applySetPos(p: Plan, set: number[]): number[] {
  if (!p.bySetPos || set.length === 0) return set
  const picked = p.bySetPos.map((pos) => (pos > 0 ? set[pos - 1] : set[set.length + pos])).filter((t) => t !== undefined)
  return sortNumbers(picked)
}

/** A period of a DAILY-or-longer rule: its first day and how many days it spans. */
type DayPeriod = { first: number; length: number }

/**
 * YEARLY periods are calendar years, except with BYWEEKNO where they are week-numbering years. The first
 * such period is DTSTART's week-year when DTSTART itself is selected by the rule, else its calendar year:
 * RFC 5545 does not say how INTERVAL counts week-years, and this is libical's reading (its vectors pin it).
 */
function dayPeriods(p: Plan): { index: (k: number) => DayPeriod; periodOfDay: (n: number) => number } {
  const { startDay: d0, startCivil: c0, interval: i, wkst } = p
  switch (p.freq) {
    case 'YEARLY': {
      if (p.byWeekNo) {
        const y0 = dayMatches(p, d0) ? weekInfo(d0, wkst).weekYear : c0.year
        const span = (y: number) => ({ first: firstWeekStart(y, wkst), length: firstWeekStart(y + 1, wkst) - firstWeekStart(y, wkst) })
        return { index: (k) => span(y0 + k * i), periodOfDay: (n) => Math.floor((civilFromDay(n).year - 1 - y0) / i) }
      }
      return {
        index: (k) => ({ first: dayNumber(c0.year + k * i, 1, 1), length: daysInYear(c0.year + k * i) }),
        periodOfDay: (n) => Math.floor((civilFromDay(n).year - c0.year) / i),
      }
    }
    case 'MONTHLY': {
      const m0 = c0.year * 12 + c0.month - 1
      const at = (k: number) => {
        const m = m0 + k * i
        const year = Math.floor(m / 12)
        return { first: dayNumber(year, (m % 12) + 1, 1), length: daysInMonth(year, (m % 12) + 1) }
      }
      return {
        index: at,
        periodOfDay: (n) => {
          const c = civilFromDay(n)
          return Math.floor((c.year * 12 + c.month - 1 - m0) / i)
        },
      }
    }
    case 'WEEKLY': {
      const w0 = weekStart(d0, wkst)
      return { index: (k) => ({ first: w0 + 7 * k * i, length: 7 }), periodOfDay: (n) => Math.floor((weekStart(n, wkst) - w0) / (7 * i)) }
    }
    default:
      return { index: (k) => ({ first: d0 + k * i, length: 1 }), periodOfDay: (n) => Math.floor((n - d0) / i) }
  }
}

type Sink = (t: number) => boolean // false = stop

function runDayFrequencies(p: Plan, input: EngineInput, sink: Sink, budget: { work: number }): void {
  const periods = dayPeriods(p)
  const stopAt = Math.min(input.to ?? Infinity, input.until ?? Infinity)
  let k = input.from !== undefined && input.rule.count === undefined && input.from > input.start ? Math.max(0, periods.periodOfDay(Math.floor(input.from / DAY_SECONDS)) - 1) : 0
  for (; ; k++) {
    const { first, length } = periods.index(k)
    if (first * DAY_SECONDS > stopAt || first > MAX_DAY || budget.work > MAX_WORK) return
    const set: number[] = []
    for (let n = first; n < first + length; n++) {
      budget.work++
      if (dayMatches(p, n)) for (const s of p.clock) set.push(n * DAY_SECONDS + s)
    }
    for (const t of applySetPos(p, set)) if (!sink(t)) return
  }
}

/** The first period index at or after `k` whose period starts after `boundary` (skipping dead time fast). */
const periodAfter = (t0: number, step: number, k: number, boundary: number) => Math.max(k + 1, Math.ceil((boundary - t0) / step))

function runTimeFrequencies(p: Plan, input: EngineInput, sink: Sink, budget: { work: number }): void {
  const unit = UNIT[p.freq]!
  const step = unit * p.interval
  const t0 = Math.floor(input.start / unit) * unit
  const stopAt = Math.min(input.to ?? Infinity, input.until ?? Infinity)
  const startSecs = input.start % DAY_SECONDS
  const minutes = p.byMinute ?? [Math.floor((startSecs % 3600) / 60)]
  const seconds = p.bySecond ?? [startSecs % 60]
  let k = input.from !== undefined && input.rule.count === undefined && input.from > input.start ? Math.max(0, Math.floor((input.from - t0) / step) - 1) : 0
  while (true) {
    const t = t0 + k * step
    if (t > stopAt || t > (MAX_DAY + 1) * DAY_SECONDS || ++budget.work > MAX_WORK) return
    const day = Math.floor(t / DAY_SECONDS)
    const secs = t - day * DAY_SECONDS
    const hour = Math.floor(secs / 3600)
    const minute = Math.floor((secs % 3600) / 60)
    if (!dayMatches(p, day)) k = periodAfter(t0, step, k, (day + 1) * DAY_SECONDS)
    else if (p.byHour && !p.byHour.includes(hour)) k = periodAfter(t0, step, k, t - (secs % 3600) + 3600)
    else if (p.freq !== 'HOURLY' && p.byMinute && !p.byMinute.includes(minute)) k = periodAfter(t0, step, k, t - (secs % 60) + 60)
    else {
      let set: number[]
      if (p.freq === 'HOURLY') set = sortNumbers(minutes.flatMap((m) => seconds.map((s) => t + m * 60 + s)))
      else if (p.freq === 'MINUTELY') set = sortNumbers(seconds.map((s) => t + s))
      else set = !p.bySecond || p.bySecond.includes(secs % 60) ? [t] : []
      for (const x of applySetPos(p, set)) if (!sink(x)) return
      k++
    }
  }
}

/**
 * Expands `input.rule` from DTSTART. Instances come back ascending, each at most once, never before DTSTART,
 * never after UNTIL or `to`, at most `limit` of them; COUNT counts from DTSTART even when `from` skips the
 * first ones. Always returns, whatever the rule: rules that can never match end at `to`, year 9999 or the
 * work budget.
 */
export function expandRule(input: EngineInput): EngineResult {
  const p = makePlan(input.rule, input.start, input.isDate)
  const times: number[] = []
  let produced = 0
  let truncated = false
  const count = input.rule.count ?? Infinity
  const emit = (t: number): boolean => {
    if (input.until !== undefined && t > input.until && produced > 0) return false
    produced++
    if (produced > count) return false
    if (input.to !== undefined && t > input.to) return false
    if (input.from === undefined || t >= input.from) {
      times.push(t)
      if (times.length >= input.limit) {
        truncated = produced < count
        return false
      }
    }
    return true
  }
  if (input.startIsInstance && !emit(input.start)) return { times, truncated, work: 0 }
  const sink: Sink = (t) => {
    if (t < input.start || (input.startIsInstance && t === input.start)) return true
    if (input.until !== undefined && t > input.until) return false
    return emit(t)
  }
  const budget = { work: 0 }
  if (UNIT[p.freq]) runTimeFrequencies(p, input, sink, budget)
  else runDayFrequencies(p, input, sink, budget)
  if (budget.work > MAX_WORK) truncated = true
  return { times, truncated, work: budget.work }
}
