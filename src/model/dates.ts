const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** True for a real calendar day written YYYY-MM-DD (refuses 2026-02-30 and month 13). */
export function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(y, mo - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
}

/** The calendar day `days` after `date` (both YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

const DAY_MS = 86_400_000
let today = { day: Number.NaN, text: '' }

/** Today's date in UTC as YYYY-MM-DD, for window defaults (formatted once per day: every search asks). */
export function utcToday(nowMs: number): string {
  const day = Math.floor(nowMs / DAY_MS)
  if (day !== today.day) today = { day, text: new Date(nowMs).toISOString().slice(0, 10) }
  return today.text
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
