/**
 * The recurrence rule that a list of occurrence days follows, for series that a source publishes as
 * separate events (The Events Calendar, Localist instances). Only rules the days really show are
 * returned: every occurrence on the rule, nothing guessed beyond the pattern (no COUNT, no UNTIL).
 */

const CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA']
const DAY = 86_400_000

const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`)
const weekday = (date: string) => new Date(dayMs(date)).getUTCDay()
const dayOfMonth = (date: string) => Number(date.slice(8, 10))
const daysInMonth = (date: string) => new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0)).getUTCDate()

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b)
}

/** Distinct months between two dates (0 for the same month). */
function monthsBetween(a: string, b: string): number {
  return (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7))
}

/**
 * `inferRrule(dates)`: an RRULE (`FREQ=WEEKLY;INTERVAL=1;BYDAY=WE`) that the sorted, distinct
 * `YYYY-MM-DD` days follow, or undefined when they follow none of daily, weekly (one or several
 * weekdays), monthly by day of month, or monthly by nth/last weekday. Needs at least two days.
 */
export function inferRrule(input: string[]): string | undefined {
  const dates = [...new Set(input)].sort()
  if (dates.length < 2) return undefined
  const gaps = dates.slice(1).map((d, i) => Math.round((dayMs(d) - dayMs(dates[i])) / DAY))
  const step = gaps.reduce(gcd)
  const weekdays = [...new Set(dates.map(weekday))].sort((a, b) => a - b)
  // A rule explains the days only if most of its instances between the first and last day are there.
  const span = Math.round((dayMs(dates[dates.length - 1]) - dayMs(dates[0])) / DAY)
  const covers = (every: number) => dates.length / (span / every + 1) >= 0.6
  if (weekdays.length === 1 && step % 7 === 0 && covers(step)) return `FREQ=WEEKLY;INTERVAL=${step / 7};BYDAY=${CODES[weekdays[0]]}`
  if (step < 7 && gaps.every((g) => g === step) && (step > 1 || weekdays.length === 7 || dates.length <= 7)) return `FREQ=DAILY;INTERVAL=${step}`
  if (weekdays.length > 1 && weekdays.length < 7 && Math.max(...gaps) < 7 && dates.length >= weekdays.length * 2 && covers(7 / weekdays.length))
    return `FREQ=WEEKLY;INTERVAL=1;BYDAY=${weekdays.map((d) => CODES[d]).join(',')}`
  const months = dates.slice(1).map((d, i) => monthsBetween(dates[i], d))
  if (months.some((m) => m === 0)) return undefined
  const monthStep = months.reduce(gcd)
  const dom = dates.map(dayOfMonth)
  if (dom.every((d) => d === dom[0])) return `FREQ=MONTHLY;INTERVAL=${monthStep};BYMONTHDAY=${dom[0]}`
  if (weekdays.length !== 1) return undefined
  const nth = dates.map((d) => Math.ceil(dayOfMonth(d) / 7))
  if (nth.every((n) => n === nth[0])) return `FREQ=MONTHLY;INTERVAL=${monthStep};BYDAY=${nth[0]}${CODES[weekdays[0]]}`
  if (dates.every((d) => dayOfMonth(d) + 7 > daysInMonth(d))) return `FREQ=MONTHLY;INTERVAL=${monthStep};BYDAY=-1${CODES[weekdays[0]]}`
  return undefined
}
