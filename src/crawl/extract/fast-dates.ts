/**
 * A fast reader for the English date forms calendars use most ("Mon, June 3 · 2:30 PM – 3:15 PM",
 * "February 11, 2020 at 4:15 p.m.", "8/1/2022", "6:00 PM", "2026-06-01"), giving what chrono-node gives
 * for them. chrono runs some forty patterns and refiners over every text; a listing repeats these forms
 * in every row. It answers only when it accounts for every date-like piece of the text: anything else
 * (another language, a range of days written "June 3-5", a relative date) is left to chrono.
 */
import type { Parts, RawWhen } from './prose-dates'

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
}
const WEEKDAYS: Record<string, number> = {
  sun: 0,
  sunday: 0,
  mon: 1,
  monday: 1,
  tue: 2,
  tues: 2,
  tuesday: 2,
  wed: 3,
  wednesday: 3,
  thu: 4,
  thur: 4,
  thurs: 4,
  thursday: 4,
  fri: 5,
  friday: 5,
  sat: 6,
  saturday: 6,
}

const WD = '(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues|tue|wed|thurs|thur|thu|fri|sat|sun)\\.?,?\\s+'
const MON = '(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?'
const DAY = '([0-3]?\\d)(?:st|nd|rd|th)?'
const YEAR = '(?:(?:,\\s*|\\s+)((?:19|20)\\d\\d))?'
const CLOCK = '(\\d{1,2})(?::([0-5]\\d))?\\s*(a\\.?\\s?m\\.?|p\\.?\\s?m\\.?)?'
const JOIN = '\\s*(?:-|–|—|to|until|till)\\s*'
const TIME = `(?:(?:at|from|@)\\s+)?${CLOCK}(?:${JOIN}${CLOCK})?`
/** Between a date and its time: separators and "at". */
const GAP = '(?:\\s*[,·•|@-]\\s*|\\s+)(?:at\\s+|from\\s+|@\\s*)?'

const MIDDLE = new RegExp(`(?<![A-Za-z\\d])(?:${WD})?${MON}\\s+${DAY}(?!\\d)${YEAR}(?:(${GAP})${TIME})?(?![A-Za-z\\d:])`, 'gi')
const LITTLE = new RegExp(`(?<![A-Za-z\\d])(?:${WD})?${DAY}\\s+(?:of\\s+)?${MON}${YEAR}(?:(${GAP})${TIME})?(?![A-Za-z\\d:])`, 'gi')
const SLASH = new RegExp(`(?<![A-Za-z\\d/.])(?:${WD})?(\\d{1,2})/(\\d{1,2})/(\\d{4}|\\d{2})(?:(${GAP})${TIME})?(?![A-Za-z\\d/:])`, 'gi')
const ISO = /(?<![A-Za-z\d-])(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?(?![\d:])/gi
const LONE_TIME = new RegExp(`(?<![A-Za-z\\d:.,/])(?:(?:at|from|@)\\s+)?${CLOCK}(?:${JOIN}${CLOCK})?(?![A-Za-z\\d:/])`, 'gi')
/** What is left after the forms above must hold nothing date-like, or chrono decides. */
const LEFTOVER =
  /\b(mon|tues?|wed|thu|thurs?|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\d\s*[ap]\.?\s?m\b|\d:\d\d|\d\/\d|\d{1,2}[.-]\d{1,2}[.-]\d{2,4}|(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s*\d|\d(st|nd|rd|th)?\s+(of\s+)?(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\d{4}-\d\d|noon|midnight|today|tomorrow|tonight|yesterday/i

const MONTH_WORD = /(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i
/** What MIDDLE and LITTLE need at least (a month name's stem, then a day; a day, then the stem): cheap tests that spare the full patterns. */
const MONTH_THEN_DAY = /(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d/i
const DAY_THEN_MONTH = /\d(?:st|nd|rd|th)?\s+(?:of\s+)?(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i
const CLOCKISH = /\d:\d|\d\s*[ap]\.?\s?m/i

type Clock = { hour: number; minute: number; meridiem: boolean }

function clock(h: string | undefined, m: string | undefined, ap: string | undefined): Clock | undefined {
  if (h === undefined) return undefined
  let hour = Number(h)
  const minute = m === undefined ? 0 : Number(m)
  if (!ap && m === undefined) return undefined
  if (hour > 23 || (ap && (hour === 0 || hour > 12))) return undefined
  if (ap) {
    const pm = /^p/i.test(ap)
    if (pm && hour < 12) hour += 12
    if (!pm && hour === 12) hour = 0
  }
  return { hour, minute, meridiem: !!ap || hour >= 12 || hour === 0 }
}

/** "6:30 - 8:00 pm": a start without am/pm takes the end's when it is not after the end. */
function range(start: Clock, end: Clock | undefined, startAp: string | undefined, endAp: string | undefined): [Clock, Clock | undefined] {
  if (!end || startAp || !endAp || start.hour >= 13) return [start, end]
  const pm = /^p/i.test(endAp)
  const h12 = (h: number) => (h % 12 === 0 ? 12 : h % 12)
  if (pm && start.hour < 12 && (h12(start.hour) <= h12(end.hour) || h12(start.hour) === 12) && h12(start.hour) !== 12) return [{ ...start, hour: start.hour + 12, meridiem: false }, end]
  return [{ ...start, meridiem: false }, end]
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

function validDate(y: number | undefined, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || d > 31) return false
  const year = y ?? 2000
  const leap = m === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  return d <= DAYS_IN_MONTH[m - 1] + (leap ? 1 : 0)
}

type Span = { index: number; end: number; raw: RawWhen }

function withTime(parts: Parts, g: (string | undefined)[], at: number): { start: Parts; end?: Parts } | null {
  // g[at]: gap, then start h, m, ap, end h, m, ap
  if (g[at + 1] === undefined) return { start: parts }
  let e = clock(g[at + 4], g[at + 5], g[at + 6])
  let s = clock(g[at + 1], g[at + 2], g[at + 3]) ?? (e && g[at + 6] ? clock(g[at + 1], '00', undefined) : undefined)
  if (!s || (g[at + 4] !== undefined && !e)) return null
  ;[s, e] = range(s, e, g[at + 3], g[at + 6])
  const start: Parts = { ...parts, hour: s.hour, minute: s.minute, meridiem: s.meridiem }
  return e ? { start, end: { ...parts, hour: e.hour, minute: e.minute, meridiem: e.meridiem } } : { start }
}

function monthDay(m: RegExpExecArray, monthAt: number, dayAt: number, yearAt: number, timeAt: number): RawWhen | null {
  const month = MONTHS[m[monthAt].toLowerCase().replace('.', '')]
  const day = Number(m[dayAt])
  const year = m[yearAt] === undefined ? undefined : Number(m[yearAt])
  if (!month || !validDate(year, month, day)) return null
  const parts: Parts = { day, month }
  if (year !== undefined) parts.year = year
  if (m[1]) parts.weekday = WEEKDAYS[m[1].toLowerCase()]
  const timed = withTime(parts, m as unknown as (string | undefined)[], timeAt)
  if (!timed) return null
  return { index: m.index, endIndex: m.index + m[0].length, ...timed }
}

/** `read` gives the match's value, `undefined` when the match is no date after all, `null` to leave the text to chrono. */
function collect(text: string, pattern: RegExp, read: (m: RegExpExecArray) => RawWhen | null | undefined, taken: Span[]): boolean {
  pattern.lastIndex = 0
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (taken.some((t) => m!.index < t.end && m!.index + m![0].length > t.index)) continue
    const raw = read(m)
    if (raw === null) return false
    if (raw) taken.push({ index: m.index, end: m.index + m[0].length, raw })
  }
  return true
}

/** The dates and times of an English text, or undefined when chrono should read it. */
export function fastEnglish(text: string): RawWhen[] | undefined {
  if (/\d:\d\d[+-]\d\d:?\d\d/.test(text)) return undefined
  const taken: Span[] = []
  // Each form is looked for only when the text has what it needs: a month name, a slash, an ISO date, a clock.
  const months = MONTH_WORD.test(text)
  const ok =
    (!months || !MONTH_THEN_DAY.test(text) || collect(text, MIDDLE, (m) => monthDay(m, 2, 3, 4, 5), taken)) &&
    (!months || !DAY_THEN_MONTH.test(text) || collect(text, LITTLE, (m) => monthDay(m, 3, 2, 4, 5), taken)) &&
    (!text.includes('/') ||
      collect(
        text,
        SLASH,
        (m) => {
          const year = m[4].length === 2 ? 2000 + Number(m[4]) : Number(m[4])
          const [month, day] = [Number(m[2]), Number(m[3])]
          if (!validDate(year, month, day)) return null
          const parts: Parts = { day, month, year }
          if (m[1]) parts.weekday = WEEKDAYS[m[1].toLowerCase()]
          const timed = withTime(parts, m as unknown as (string | undefined)[], 5)
          return timed ? { index: m.index, endIndex: m.index + m[0].length, ...timed } : null
        },
        taken,
      )) &&
    (!/\d{4}-\d\d/.test(text) ||
      collect(
        text,
        ISO,
        (m) => {
          const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
          if (!validDate(year, month, day)) return null
          const start: Parts = { day, month, year }
          if (m[4] !== undefined) Object.assign(start, { hour: Number(m[4]), minute: Number(m[5]), meridiem: true })
          return { index: m.index, endIndex: m.index + m[0].length, start }
        },
        taken,
      )) &&
    (!CLOCKISH.test(text) ||
      collect(
        text,
        LONE_TIME,
        (m) => {
          const e = clock(m[4], m[5], m[6])
          // "9 - 11am": a bare start hour is a clock when its end is one.
          const s = clock(m[1], m[2], m[3]) ?? (e && m[6] ? clock(m[1], '00', undefined) : undefined)
          if (!s || (m[4] !== undefined && !e)) return undefined
          const [start, end] = range(s, e, m[3], m[6])
          const raw: RawWhen = { index: m.index, endIndex: m.index + m[0].length, start: { hour: start.hour, minute: start.minute, meridiem: start.meridiem } }
          if (end) raw.end = { hour: end.hour, minute: end.minute, meridiem: end.meridiem }
          return raw
        },
        taken,
      ))
  if (!ok) return undefined
  taken.sort((a, b) => a.index - b.index)
  for (let i = 0; i < taken.length; i++) {
    const t = taken[i]
    // "19:00-08:00" is a time with an offset, and "12/13 10 AM - 12/20 1 PM" one range: chrono reads those.
    if (/^[+-]\d\d:?\d\d/.test(text.slice(t.end))) return undefined
    const next = taken[i + 1]
    if (next && t.raw.start.day !== undefined && next.raw.start.day !== undefined && /^\s*(-|–|—|to|through|until)\s*$/i.test(text.slice(t.end, next.index)) && t.raw.start.hour !== undefined)
      return undefined
  }
  let rest = text
  for (const t of taken) rest = rest.slice(0, t.index) + ' '.repeat(t.end - t.index) + rest.slice(t.end)
  if (LEFTOVER.test(rest)) return undefined
  return taken.map((t) => t.raw)
}
