const DAY_MS = 86_400_000

/** True for a real calendar day written YYYY-MM-DD (refuses 2026-02-30 and month 13). */
export function isCalendarDate(text: string): boolean {
  // `YYYY-MM-DD` (every value that can pass) read by character code; the month's length from a table.
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return false
  const [y, mo, d] = [digitsAt(text, 0, 4), digitsAt(text, 5, 2), digitsAt(text, 8, 2)]
  // Years before 100 were refused (Date.UTC reads them as 1900 + y): they still are.
  if (y < 100 || mo < 1 || mo > 12 || d < 1) return false
  const leap = mo === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)
  return d <= MONTH_DAYS[mo - 1] + (leap ? 1 : 0)
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/** The calendar day `days` after `date` (both YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const y = digitsAt(date, 0, 4)
  const m = digitsAt(date, 5, 2)
  const d = digitsAt(date, 8, 2)
  // The common shape (`2026-06-01`) is read without splitting; anything else as before.
  if (date.length === 10 && y >= 0 && m >= 0 && d >= 0 && date.charCodeAt(4) === 45 && date.charCodeAt(7) === 45 && Number.isInteger(days)) {
    const ms = Date.UTC(y, m - 1, d + days)
    if (ms >= 0 && ms <= MAX_DAY_MS) return dayText(ms / DAY_MS)
  }
  const [yy, mm, dd] = date.split('-').map(Number)
  return new Date(Date.UTC(yy, mm - 1, dd + days)).toISOString().slice(0, 10)
}

let today = { day: Number.NaN, text: '' }

/** Today's date in UTC as YYYY-MM-DD, for window defaults (formatted once per day: every search asks). */
export function utcToday(nowMs: number): string {
  const day = Math.floor(nowMs / DAY_MS)
  if (day !== today.day) today = { day, text: new Date(nowMs).toISOString().slice(0, 10) }
  return today.text
}

/**
 * The first local day a window starting on `startDate` holds at `nowMs`. Windows are read in each event's
 * own local days, and "today" is the UTC date; but west of UTC the date is still yesterday's for up to 12
 * hours of every day, and a window starting today would lose the evening's events of the Americas (at 01:00
 * UTC a 19:00 event in Los Angeles is on the 24th, UTC's today the 25th). So a window that starts on the UTC
 * today starts on the earliest date anywhere on Earth (UTC−12), and readers keep only what is not over.
 * A start the caller chose on another day is kept as given.
 */
export function firstLocalDay(startDate: string, nowMs: number): string {
  return startDate === utcToday(nowMs) ? dayText(Math.floor((nowMs - 12 * 3_600_000) / DAY_MS)) : startDate
}

/**
 * A window of local days (YYYY-MM-DD, inclusive), read in each event's own zone. `openedEarlyAt` is set when
 * the window was opened a day before the day asked for (`crawlWindow`): of that first day, only occurrences
 * not yet over at that instant are kept.
 */
export type DayWindow = { start: string; end: string; openedEarlyAt?: number }

/**
 * The window a stored crawl reads for a job asking for [startDate, endDate] at `askedAtMs`: from
 * `firstLocalDay`, and of a day before the one asked for only what was not over when the job was asked for
 * (`openedEarlyAt`), since reads show nothing that has ended.
 */
export function crawlWindow(startDate: string, endDate: string, askedAtMs: number): DayWindow {
  const start = firstLocalDay(startDate, askedAtMs)
  return start === startDate ? { start, end: endDate } : { start, end: endDate, openedEarlyAt: askedAtMs }
}

/** The last midnight written with four year digits (9999-12-31). */
const MAX_DAY_MS = 253_402_214_400_000

/** The number written by `count` digits of `text` at `from`, or -1 when one of them is no digit. */
export function digitsAt(text: string, from: number, count: number): number {
  let n = 0
  for (let i = from; i < from + count; i++) {
    const c = text.charCodeAt(i) - 48
    if (!(c >= 0 && c <= 9)) return -1
    n = n * 10 + c
  }
  return n
}

const days = new Map<number, string>()

/**
 * `YYYY-MM-DD` of a day counted from 1970-01-01 (0 to 9999-12-31): dates are written for every occurrence
 * and every record, and one calendar holds few distinct days.
 */
export function dayText(day: number): string {
  let text = days.get(day)
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10)
    if (days.size >= 20_000) days.clear()
    days.set(day, text)
  }
  return text
}

const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : String(i)))

/** `String(n).padStart(2, '0')`, without building a string for the common values (0–99, one or two digits). */
export function twoDigits(n: number | string): string {
  if (typeof n === 'number') {
    if (n >= 0 && n < 100 && Number.isInteger(n)) return TWO_DIGITS[n]
  } else if (n.length === 2) return n
  else if (n.length === 1) return `0${n}`
  return String(n).padStart(2, '0')
}

/** The index and search window defaults to today through today + 90 days (spec Limits); the one home of that rule. */
export const DEFAULT_WINDOW_DAYS = 90

/** The default last day of a window starting on `start`: `start` + {@link DEFAULT_WINDOW_DAYS}. */
export function defaultWindowEnd(start: string): string {
  return addDays(start, DEFAULT_WINDOW_DAYS)
}

/** A window with its defaults filled in: from today (UTC at `nowMs`) unless given, to start + 90 days unless given. */
export function windowWithDefaults(nowMs: number, window: { startDate?: string; endDate?: string }): { start: string; end: string } {
  const start = window.startDate ?? utcToday(nowMs)
  return { start, end: window.endDate ?? defaultWindowEnd(start) }
}
