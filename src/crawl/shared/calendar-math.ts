/**
 * Proleptic Gregorian calendar arithmetic on plain numbers, for recurrence expansion in local wall-clock
 * time. A "day number" counts days since 1970-01-01 (negative before); a "wall second" is
 * `day * 86400 + seconds of the day`. Nothing here knows about zones: wall time is what a clock on the wall
 * shows, which is what RRULEs are defined on (RFC 5545 §3.3.10).
 */
import { twoDigits } from '../../model/dates'
import type { WallTime } from '../candidate-types'

export const DAY_SECONDS = 86400

/** Weekdays are numbered 0 = Monday … 6 = Sunday (ISO order), matching the RRULE codes below. */
export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const
export type WeekdayCode = (typeof WEEKDAY_CODES)[number]

export type CivilDate = { year: number; month: number; day: number }

export function dayNumber(year: number, month: number, day: number): number {
  // Days-from-civil (H. Hinnant): exact for every proleptic Gregorian year, no Date object needed.
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yoe = y - era * 400
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146097 + doe - 719468
}

export function civilFromDay(n: number): CivilDate {
  const z = n + 719468
  const era = Math.floor(z / 146097)
  const doe = z - era * 146097
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365)
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day }
}

export function weekday(n: number): number {
  return (((n + 3) % 7) + 7) % 7
}

/** The RRULE code of a day written YYYY-MM-DD ("2026-12-12" → "SA"): one home for the readers that test a day against a rule's BYDAY. */
export function weekdayCodeOf(date: string): WeekdayCode {
  return WEEKDAY_CODES[weekday(dayNumber(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))))]
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
}

export function daysInYear(year: number): number {
  return isLeapYear(year) ? 366 : 365
}

/** Start (day number) of the week that begins on `wkst` and contains day `n`. */
export function weekStart(n: number, wkst: number): number {
  return n - ((weekday(n) - wkst + 7) % 7)
}

/**
 * Day number of the first day of week 1 of `year` for weeks starting on `wkst`: week 1 is the first week
 * with at least four days in the year, i.e. the week containing January 4th (RFC 5545 BYWEEKNO).
 */
export function firstWeekStart(year: number, wkst: number): number {
  return weekStart(dayNumber(year, 1, 4), wkst)
}

/** The week-numbering year and week number (1-based) of day `n`, with the number of weeks in that year. */
export function weekInfo(n: number, wkst: number): { weekYear: number; week: number; weeksInYear: number } {
  const start = weekStart(n, wkst)
  const weekYear = civilFromDay(start + 3).year
  const first = firstWeekStart(weekYear, wkst)
  return { weekYear, week: (start - first) / 7 + 1, weeksInYear: (firstWeekStart(weekYear + 1, wkst) - first) / 7 }
}

/** Parses `YYYY-MM-DD` plus optional `HH:mm[:ss]` into wall seconds; undefined when not a real date/time. */
export function wallSeconds(value: Pick<WallTime, 'date' | 'time'>): number | undefined {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.date)
  if (!d) return undefined
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])]
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined
  let secs = 0
  if (value.time !== undefined) {
    const t = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.time)
    if (!t) return undefined
    const [h, mi, s] = [Number(t[1]), Number(t[2]), Number(t[3] ?? 0)]
    if (h > 23 || mi > 59 || s > 60) return undefined
    secs = h * 3600 + mi * 60 + Math.min(s, 59)
  }
  return dayNumber(year, month, day) * DAY_SECONDS + secs
}

const pad = (n: number, width = 2) => (width === 2 ? twoDigits(n) : String(n).padStart(width, '0'))

/** `YYYY-MM-DD` of the day holding wall second `t`. */
export function formatDay(t: number): string {
  const c = civilFromDay(Math.floor(t / DAY_SECONDS))
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`
}

/** `HH:mm:ss` of wall second `t`. */
export function formatClock(t: number): string {
  const s = ((t % DAY_SECONDS) + DAY_SECONDS) % DAY_SECONDS
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
}

/** Length of an ISO 8601 duration in seconds (days as 24 h of wall clock; years and months refused). */
export function isoDurationSeconds(duration: string): number | undefined {
  const m = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(duration.trim())
  if (!m || /^[+-]?PT?$/i.test(duration.trim())) return undefined
  const [, sign, w, d, h, mi, s] = m
  const total = Number(w ?? 0) * 7 * DAY_SECONDS + Number(d ?? 0) * DAY_SECONDS + Number(h ?? 0) * 3600 + Number(mi ?? 0) * 60 + Math.floor(Number(s ?? 0))
  return sign === '-' ? -total : total
}
