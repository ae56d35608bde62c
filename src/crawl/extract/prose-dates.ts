/**
 * Dates and times written in prose ("Sat, June 7 · 10:30 AM – 11:15 AM") read with chrono-node, as wall
 * times with no zone (the organization's zone applies later). The year, when the text omits it, is the
 * first one on or after the reference day whose weekday agrees with the text, so that "Sat, June 7" on a
 * page read in November means the coming June unless June 7 is not a Saturday then.
 */
import * as chrono from 'chrono-node'
import { addDays } from '../../model/dates'

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

const pad = (n: number) => String(n).padStart(2, '0')
const MAX_TEXT = 20_000
/** Cheap test before chrono: a month name next to a number, a numeric date, or a clock time. */
const DATEISH = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?,?\s*\d|\d(st|nd|rd|th)?\s+(of\s+)?(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{4}-\d{2}-\d{2}|\d{1,2}(:\d{2})?\s*([ap]\.?m\b|o'?clock|noon)|\d{1,2}:\d{2}/i

/** Relative expressions ("one hour later", "next week") depend on when the page was read, not on the event. */
const RELATIVE = /\b(ago|later|earlier|from now|next|last|this|tomorrow|today|tonight|yesterday|now|within|in \d+)\b/i

type Components = chrono.ParsedComponents

function clock(c: Components): string | undefined {
  if (!c.isCertain('hour')) return undefined
  let hour = c.get('hour') ?? 0
  // A bare "2:30" on an events page means the afternoon: nobody schedules a library event at 2:30 am.
  if (!c.isCertain('meridiem') && hour >= 1 && hour <= 6) hour += 12
  return `${pad(hour)}:${pad(c.get('minute') ?? 0)}`
}

function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay()
}

/** The date a component names, inferring a missing year from `ref` (and the weekday, when written). */
function dayOf(c: Components, ref: string, yearHint?: number): string | undefined {
  if (!c.isCertain('day') || !c.isCertain('month')) return undefined
  const month = c.get('month')!
  const day = c.get('day')!
  const make = (y: number) => {
    const d = `${y}-${pad(month)}-${pad(day)}`
    return new Date(`${d}T00:00:00Z`).getUTCDate() === day ? d : undefined
  }
  if (c.isCertain('year')) return make(c.get('year')!)
  const refYear = Number(ref.slice(0, 4))
  const base = yearHint ?? (make(refYear) !== undefined && make(refYear)! >= addDays(ref, -31) ? refYear : refYear + 1)
  const weekday = c.isCertain('weekday') ? c.get('weekday') : undefined
  if (weekday === undefined) return make(base)
  for (const y of [base, base + 1, base - 1]) {
    const d = make(y)
    if (d && weekdayOf(d) === weekday) return d
  }
  return make(base)
}

/**
 * Every date or time chrono finds in `text`, with a date followed closely by a time (or a time range)
 * joined into one. `ref` (YYYY-MM-DD) is the day the page is read against, normally the window start.
 */
export function findProseDates(text: string, ref: string): ProseWhen[] {
  const input = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text
  if (!DATEISH.test(input)) return []
  let results: chrono.ParsedResult[]
  try {
    results = chrono.strict.parse(input, new Date(`${ref}T12:00:00Z`), { forwardDate: true })
  } catch {
    return []
  }
  const out: ProseWhen[] = []
  results = results.filter((r) => /\d/.test(r.text) && !RELATIVE.test(r.text))
  for (let i = 0; i < results.length; i++) {
    const r = results[i]
    const endYear = r.end?.isCertain('year') ? r.end.get('year')! : undefined
    const startYearHint = endYear !== undefined && !r.start.isCertain('year') && r.end!.get('month')! >= r.start.get('month')! ? endYear : undefined
    const when: ProseWhen = { index: r.index, endIndex: r.index + r.text.length }
    const date = dayOf(r.start, ref, startYearHint)
    if (date) when.date = date
    const time = clock(r.start)
    if (time) when.time = time
    if (r.end) {
      const endDate = r.end.isCertain('day') ? dayOf(r.end, date ?? ref) : undefined
      if (endDate && endDate !== date) when.endDate = endDate
      const endTime = clock(r.end)
      if (endTime) when.endTime = endTime
    }
    const next = results[i + 1]
    if (when.date && !when.time && next && !next.start.isCertain('day') && next.start.isCertain('hour') && next.index - when.endIndex <= 30) {
      when.time = clock(next.start)
      const endTime = next.end ? clock(next.end) : undefined
      if (endTime) when.endTime = endTime
      when.endIndex = next.index + next.text.length
      i++
    }
    if (when.date || when.time) out.push(when)
  }
  return joinDaySpans(out, input)
}

const SPAN_JOINER = /^\s*(–|—|-|to|through|thru|until)\s*$/i

/**
 * chrono reads "December 29 – December 30, 10 am – 4 pm" as two dates; written like that it is one
 * event over two days, from the first day at the first time to the last day at the last time.
 */
function joinDaySpans(found: ProseWhen[], text: string): ProseWhen[] {
  const out: ProseWhen[] = []
  for (let i = 0; i < found.length; i++) {
    const a = found[i]
    const b = found[i + 1]
    if (b && a.date && !a.time && !a.endDate && b.date && b.date > a.date && SPAN_JOINER.test(text.slice(a.endIndex, b.index))) {
      const joined: ProseWhen = { index: a.index, endIndex: b.endIndex, date: a.date, endDate: b.endDate ?? b.date }
      if (b.time) joined.time = b.time
      if (b.endTime) joined.endTime = b.endTime
      out.push(joined)
      i++
    } else out.push(a)
  }
  return out
}
