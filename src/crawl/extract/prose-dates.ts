/**
 * Dates and times written in prose ("Sat, June 7 · 10:30 AM – 11:15 AM", "vrijdag 14 maart 2025 20.00
 * uur", "le 3 mars à 19h30") read with chrono-node in the page's language, as wall times with no zone (the
 * organization's zone applies later). The year, when the text omits it, comes from a hint (a section
 * heading's "2023") or from the reference day: the first one on or after it whose weekday agrees with the
 * text, so that "Sat, June 7" read in November means the coming June unless June 7 is not a Saturday then.
 * chrono is the expensive part of reading a page, so a `DateReader` keeps what chrono found for each
 * distinct text (a listing repeats "6:00 PM" in every row) and skips text that cannot hold a date.
 */
import type * as chrono from 'chrono-node'
import { addDays, twoDigits } from '../../model/dates'
import { documentCache } from '../document-memo'
import { type DateLocale, originalIndex, parserFor, prepareForChrono } from './date-locale'
import { fastEnglish } from './fast-dates'
import { MAY_OPEN_WITH_DAY, type MonthContext } from './month-context'
import { joinDaySpans, joinTimeRanges } from './prose-joins'
import { afternoonAfter, endClock } from './clock-context'
import { hintedYear, type YearHint } from './year-hint'
import { academicQuarter, withoutForeignNumbers } from './clock-labels'

export type ProseWhen = {
  /** Character range of the match in the text. */
  index: number
  endIndex: number
  /** YYYY-MM-DD when the text names a day. */
  date?: string
  /** HH:MM when the text names a time. */
  time?: string
  endDate?: string
  endTime?: string
}

/**
 * The day a year-less date is read against: the window's start, and the page's publication date, which
 * decides for dates without a weekday ("June 13" in a post published 28 May 2026 is 13 June 2026).
 */
export type YearRef = string | { ref: string; published?: string }

function refFor(p: Parts, ref: YearRef): string {
  if (typeof ref === 'string') return ref
  return p.weekday === undefined && ref.published ? ref.published : ref.ref
}

/** What chrono found, without a year decided: the same text reads the same on every page. */
export type Parts = { year?: number; month?: number; day?: number; weekday?: number; hour?: number; minute?: number; meridiem?: boolean }
export type RawWhen = { index: number; endIndex: number; start: Parts; end?: Parts }

const pad = twoDigits
const MAX_TEXT = 20_000
const MAX_CACHE = 20_000
/** A text with none of these holds no date chrono would read: no digit and no spelled-out clock. */
const MAYBE = /\d|noon|midnight|midi|minuit|mediod|medianoche/i
const MONTH = '(jan|feb|f[eé]v|mar|m[aä]r|maa|mrt|apr|avr|abr|may|mai|mei|mag|jun|juin|giu|jul|juil|lug|aug|ao[uû]t|ago|sep|set|oct|okt|ott|out|nov|dec|dez|d[eé]c|dic|ene|gen)'
/**
 * Cheap test before chrono, in every language read here: a month name next to a number, a numeric date, or
 * a clock ("7:30", "7 pm", "19 Uhr", "19h", "20.00 uur", "ore 21", "Noon"). Most lines of a page with digits are
 * prices, addresses and counts, and chrono is the costly part of reading a page.
 */
const DATEISH = new RegExp(
  [
    `${MONTH}[a-zà-ÿ]*\\.?,?\\s*\\d`,
    `\\d(st|nd|rd|th|er|e|º|°)?\\.?\\s*(de\\s+|of\\s+)?${MONTH}`,
    '\\d{1,2}[/.-]\\d{1,2}[/.-]\\d{2,4}',
    '\\d{1,2}/\\d{1,2}',
    '\\d{1,2}\\.\\d{1,2}\\.',
    '\\d{4}-\\d{2}-\\d{2}',
    '\\d{1,2}[:.]\\d{2}',
    '\\d\\s*[ap]\\.?\\s?m\\b|\\b\\d{1,2}[ap]\\b',
    '\\d\\s*(uhr|uur|hs?\\b|h\\d|u\\b|u\\d)|\\b(ore|alle|dalle)\\s*\\d',
    'noon|midnight|midi|minuit|mediod|medianoche',
  ].join('|'),
  'i',
)
/** Relative expressions ("one hour later", "next week") depend on when the page was read, not on the event. */
const RELATIVE = /\b(ago|later|earlier|from now|next|last|this|tomorrow|today|tonight|yesterday|now|within|in \d+)\b/i

function partsOf(c: chrono.ParsedComponents): Parts {
  const p: Parts = {}
  if (c.isCertain('day') && c.isCertain('month')) {
    p.day = c.get('day')!
    p.month = c.get('month')!
    if (c.isCertain('year')) p.year = c.get('year')!
    if (c.isCertain('weekday')) p.weekday = c.get('weekday')!
  }
  if (c.isCertain('hour')) {
    p.hour = c.get('hour')!
    p.minute = c.get('minute') ?? 0
    p.meridiem = c.isCertain('meridiem')
  }
  return p
}

/** Parts with every field present in one order (absent ones undefined): every reading has one shape for its many readers. */
function shapedParts(p: Parts): Parts {
  return { year: p.year, month: p.month, day: p.day, weekday: p.weekday, hour: p.hour, minute: p.minute, meridiem: p.meridiem }
}

/** A reading in its one shape (see shapedParts; `end` present, undefined without one). */
function shaped(index: number, endIndex: number, start: Parts, end: Parts | undefined): RawWhen {
  // "10:30 - 12:30pm": the end's "pm" is noon's; a start that took it (22:30) is the morning's.
  // chrono also moved such an end to the next day: it is on the start's day.
  const morning = end?.hour === 12 && start.hour !== undefined && start.hour > 12 && !start.meridiem
  if (morning && end) [start, end] = [{ ...start, hour: start.hour! - 12 }, end.day === undefined ? end : { ...end, year: start.year, month: start.month, day: start.day }]
  const s = shapedParts(start)
  // "6:00 – 8:00 am": a start without its half of the day is in the end's morning, not the evening.
  if (!s.meridiem && s.hour !== undefined && end?.meridiem && end.hour !== undefined && end.hour < 12 && s.hour <= end.hour) s.meridiem = true
  return { index, endIndex, start: s, end: end && shapedParts(end) }
}

/** Reads dates in one language, remembering each distinct text's result. */
export class DateReader {
  private readonly cache = new Map<string, RawWhen[]>()
  /** `dayFirst`: an English page writes "05/12/2026" for 5 December (see writesDayFirst). */
  constructor(
    readonly locale: DateLocale = 'en',
    readonly dayFirst = false,
    /** The site's zone, when known: of one time written in several zones, its clock is read (see clock-labels.ts). */
    readonly zone?: string,
  ) {}

  /** chrono's matches in `text` (indices into `text`), before any year is inferred. */
  raw(text: string, month?: MonthContext): RawWhen[] {
    const input = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text
    const inMonth = month && MAY_OPEN_WITH_DAY.test(input) ? month : undefined
    if (!MAYBE.test(input) || (!inMonth && !DATEISH.test(input))) return []
    const key = inMonth ? `${inMonth.month}/${inMonth.years[0]}|${input}` : input
    const hit = this.cache.get(key)
    if (hit) return hit
    const found = academicQuarter(input, this.parse(input, inMonth))
    if (this.cache.size >= MAX_CACHE) this.cache.clear()
    this.cache.set(key, found)
    return found
  }

  private parse(input: string, month?: MonthContext): RawWhen[] {
    const prepared = prepareForChrono(withoutForeignNumbers(input, this.zone), this.locale, month, this.dayFirst)
    // The common English forms are read without chrono; anything else goes to chrono.
    const fast = this.locale === 'en' ? fastEnglish(prepared.text) : undefined
    if (fast)
      return fast
        .filter((r) => r.start.day !== undefined || CLOCK_MARK.test(prepared.text.slice(r.index, r.endIndex)))
        .map((r) => shaped(originalIndex(prepared, r.index), originalIndex(prepared, r.endIndex, true), r.start, r.end))
    let results: chrono.ParsedResult[]
    try {
      // The reference only fills values chrono leaves uncertain, which are never read here.
      results = parserFor(this.locale).parse(prepared.text, REFERENCE)
    } catch {
      return []
    }
    const out: RawWhen[] = []
    for (const r of results) {
      if (!/\d/.test(r.text) || RELATIVE.test(r.text)) continue
      const start = partsOf(r.start)
      if (start.day === undefined && start.hour === undefined) continue
      // "ages 11–15", "Room 12": bare numbers are not a clock unless the text marks one (":", "pm", "Uhr", "h").
      if (start.day === undefined && !CLOCK_MARK.test(r.text)) continue
      const raw: RawWhen = { index: originalIndex(prepared, r.index), endIndex: originalIndex(prepared, r.index + r.text.length, true), start }
      if (r.end) raw.end = endClock(r.text, raw.start, partsOf(r.end))
      // Outside English a clock is written on 24 hours: "6 Uhr" is six in the morning.
      if (this.locale !== 'en') for (const p of [raw.start, raw.end]) if (p?.hour !== undefined) p.meridiem = true
      out.push(shaped(raw.index, raw.endIndex, raw.start, raw.end))
    }
    return out
  }

  /**
   * Every date or time in `text`, a date followed closely by a time (or a time range) joined into one.
   * `ref` (YYYY-MM-DD) is the day the page is read against; `yearHint` a year the page's context gives.
   */
  find(text: string, ref: YearRef, yearHint?: YearHint): ProseWhen[] {
    return resolveAll(this.raw(text), text, ref, yearHint)
  }
}

const CLOCK_MARK = /\d[:.]\d|[ap]\.?\s?m\b|\d\s*h\b|uhr|uur|heures?|o'?clock|noon|midnight|ore\b|alle\b|\d\s*u\b/i

const REFERENCE = new Date('2000-01-01T12:00:00Z')

/** `HH:MM` of a clock; a bare "2:30" on an events page means the afternoon (nobody meets at 2:30 am). */
export function clockOf(p: Parts | undefined): string | undefined {
  if (!p || p.hour === undefined) return undefined
  let hour = p.hour
  if (!p.meridiem && hour >= 1 && hour <= 6) hour += 12
  return `${pad(hour)}:${pad(p.minute ?? 0)}`
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

function validDay(y: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false
  const leap = month === 2 && ((y % 4 === 0 && y % 100 !== 0) || y % 400 === 0)
  return day <= DAYS_IN_MONTH[month - 1] + (leap ? 1 : 0)
}

/** The date `p` names, inferring a missing year from `yearHint` or `ref` (and the weekday, when written). */
export function dayOf(p: Parts | undefined, yearRef: YearRef, yearHint?: YearHint): string | undefined {
  if (!p || p.day === undefined || p.month === undefined) return undefined
  const { month, day } = p
  const make = (y: number) => (validDay(y, month, day) ? `${y}-${pad(month)}-${pad(day)}` : undefined)
  if (p.year !== undefined) return make(p.year)
  const ref = refFor(p, yearRef)
  const refYear = Number(ref.slice(0, 4))
  let base = hintedYear(yearHint, month)
  if (base === undefined) {
    const inRefYear = make(refYear)
    base = inRefYear !== undefined && inRefYear >= addDays(ref, -31) ? refYear : refYear + 1
  }
  if (p.weekday === undefined) return make(base)
  for (const y of [base, base + 1, base - 1]) {
    if (validDay(y, month, day) && new Date(Date.UTC(y, month - 1, day)).getUTCDay() === p.weekday) return make(y)
  }
  return make(base)
}

/** Resolves raw matches into dates and joins a day with the time written right after it. */
export function resolveAll(found: RawWhen[], text: string, ref: YearRef, yearHint?: YearHint): ProseWhen[] {
  const out: ProseWhen[] = []
  for (let i = 0; i < found.length; i++) {
    const r = found[i]
    const endYear = r.end?.year
    const startHint = endYear !== undefined && r.start.year === undefined && (r.end!.month ?? 0) >= (r.start.month ?? 13) ? endYear : yearHint
    // Every field present from the start (undefined until known): one shape for every reading's many readers.
    const when: ProseWhen = { index: r.index, endIndex: r.endIndex, date: undefined, time: undefined, endDate: undefined, endTime: undefined }
    const date = dayOf(r.start, ref, startHint)
    if (date) when.date = date
    const time = afternoonAfter(clockOf(r.start), r, out[out.length - 1], text)
    if (time) when.time = time
    if (r.end) {
      const endDate = r.end.day !== undefined ? dayOf(r.end, date ?? ref) : undefined
      const endTime = clockOf(r.end)
      // "02/03/2026 – 5:30 PM": chrono reads a range from a day to a time; it is the day at that time.
      if (date && !time && endTime && r.end.day === undefined) when.time = endTime
      else {
        if (endDate && endDate !== date) when.endDate = endDate < (date ?? '') ? undefined : endDate
        if (endTime) when.endTime = endTime
        // "9 PM – Midnight", "22:00 – 2:00": an end before the start is on the next day.
        if (date && time && endTime && endTime < time && !when.endDate) when.endDate = addDays(date, 1)
      }
      if (!when.endDate) when.endDate = undefined
    }
    const next = found[i + 1]
    // "at 18:15, 22nd of May 2010": a time written just before its day.
    if (!when.date && when.time && next && next.start.day !== undefined && next.start.hour === undefined && /^\s*,?\s*(on\s+)?$/i.test(text.slice(when.endIndex, next.index))) {
      const day = dayOf(next.start, ref, yearHint)
      if (day) {
        when.date = day
        when.endIndex = next.endIndex
        i++
      }
    }
    if (when.date && !when.time && next && next.start.day === undefined && next.start.hour !== undefined && next.index - when.endIndex <= 30) {
      when.time = clockOf(next.start)
      const endTime = clockOf(next.end)
      if (endTime) when.endTime = endTime
      when.endIndex = next.endIndex
      i++
    }
    if (when.date || when.time) out.push(when)
  }
  return joinTimeRanges(joinDaySpans(out, text), text)
}

/** One reader per language for the document being read: what it remembers is that document's text. */
const readers = documentCache<DateReader>(16)

/**
 * Every date or time chrono finds in `text` (see `DateReader.find`), read in `options.locale` (English by
 * default) with the document's reader.
 */
export function findProseDates(text: string, ref: string, options: { locale?: DateLocale; yearHint?: YearHint } = {}): ProseWhen[] {
  const locale = options.locale ?? 'en'
  let reader = readers.get(locale)
  if (!reader) readers.set(locale, (reader = new DateReader(locale)))
  return reader.find(text, ref, options.yearHint)
}
