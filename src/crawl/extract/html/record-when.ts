/**
 * When a record happens, from all of its lines: the date may sit in one element and the time in another
 * ("May 6" … "Doors: 7:00 PM"), a day badge may be split over elements, markup may carry the day
 * (`<time datetime>`, a calendar cell's `aria-label`) while the text carries the time, and a record under
 * a day heading takes that day. A date in a line of its own beats a date inside the title; visible text
 * beats markup; a missing year comes from the section's year or the page's reference day.
 */
import { addDays } from '../../../model/dates'
import { clockOf, dayOf, type ProseWhen, resolveAll, type YearRef } from '../prose-dates'
import { hintKey, readingDay, type YearHint } from '../year-hint'
import type { WallTime } from '../../candidate-types'
import type { LineDates, Mention } from './line-dates'
import type { Line } from './page-lines'
import { zoneAfter } from './zone-words'

/** `also`: further start times of the same day ("at 5:00 p.m. … and 10:30 p.m."), each another event. */
export type RecordWhen = { start: WallTime; end?: WallTime; from: 'text' | 'markup' | 'heading'; also?: string[] }

export type WhenContext = {
  ref: YearRef
  yearHint?: YearHint
  /** The day of the day heading the record sits under. */
  day?: string
  /** Lines whose dates to prefer (a table's date and time columns). */
  preferred?: Set<number>
}

type Found = { line: Line; mention: Mention; when: ProseWhen; rank: number }

function rankOf(line: Line, d: LineDates, m: Mention, preferred?: Set<number>): number {
  let rank = d.whenOnly || m.dedicated ? 0 : 2
  if (line.virtual) rank = 1
  if (preferred?.has(line.index)) rank -= 3
  return rank
}

const resolvedCache = new WeakMap<LineDates, Map<string, ProseWhen[]>>()

/** A line's mentions resolved, once per line and reading (the same line is read as a record and as a loose date). */
function resolvedOnce(d: LineDates, text: string, ref: YearRef, yearHint: YearHint | undefined, key: string): ProseWhen[] {
  let byKey = resolvedCache.get(d)
  if (!byKey) resolvedCache.set(d, (byKey = new Map()))
  let hit = byKey.get(key)
  if (!hit) byKey.set(key, (hit = resolveAll(d.mentions, text, ref, yearHint)))
  return hit
}

/** What a line's resolved dates depend on besides the line: the reference day and the year hint. */
function readingKey(ref: YearRef, yearHint: YearHint | undefined): string {
  return `${typeof ref === 'string' ? ref : `${ref.ref}|${ref.published}`}|${hintKey(yearHint)}`
}

/** Every eligible mention of the record's lines, resolved, best first (then in document order). */
function mentionsOf(lines: Line[], dates: (line: Line) => LineDates | undefined, ctx: WhenContext): Found[] {
  const out: Found[] = []
  const key = readingKey(ctx.ref, ctx.yearHint)
  for (const line of lines) {
    const d = dates(line)
    if (!d || !d.mentions.some((m) => m.eligible)) continue
    const eligible = d.mentions.filter((m) => m.eligible)
    // Resolved together, so that "Tuesday, December 29 and Wednesday, December 30, 10 a.m. to 4 p.m." stays one
    // span; a resolved date counts when it holds an eligible mention.
    const resolved = resolvedOnce(d, line.text, ctx.ref, ctx.yearHint, key)
    for (const when of resolved) {
      const mention = eligible.find((m) => m.index >= when.index && m.endIndex <= when.endIndex)
      if (mention) out.push({ line, mention, when, rank: rankOf(line, d, mention, ctx.preferred) })
    }
  }
  return out.sort((a, b) => a.rank - b.rank || a.line.index - b.line.index || a.when.index - b.when.index)
}

function machineOf(lines: Line[]): WallTime[] {
  return lines.filter((l) => l.machine && !l.published).map((l) => l.machine!)
}

/** A visible day without a year takes the year of a machine date on the same month and day. */
function withMachineYear(date: string, found: Found, machine: WallTime[]): string {
  if (found.mention.start.year !== undefined) return date
  const same = machine.find((m) => m.date.slice(5) === date.slice(5))
  return same ? same.date : date
}

function timeFrom(found: Found[], date: string | undefined): { time: string; endTime?: string } | undefined {
  const timed = found.filter((f) => f.when.time && (!f.when.date || f.when.date === date))
  const own = timed[0]
  if (!own) return undefined
  // The same start written again with its end ("9:00 AM" in a badge, "9:00 AM – 10:00 AM" below) gives the end.
  const endTime = own.when.endTime ?? timed.find((f) => f.when.time === own.when.time && f.when.endTime)?.when.endTime
  return endTime ? { time: own.when.time!, endTime } : { time: own.when.time! }
}

/** Words before a day that make it the last one of something already running ("On view through March 8", "Now on view – February 14"). */
const UNTIL_BEFORE =
  /(?:through|thru|until|till|ends|closes|closing|(?:now )?(?:on view|showing|te zien|zu sehen|à voir|patente)\s*[–—-]|bis(?: zum| einschließlich)?|jusqu'au|jusqu’au|hasta el|hasta|fino al|t\/m|tot en met|tot|até)\s*$/i

/**
 * An exhibition "On view through January 17, 2027" (a day with no start before it): running from the
 * day the page is read until that day, not an event on its closing day.
 */
function closingDay(found: Found, date: string, ref: YearRef): RecordWhen | undefined {
  const { when, line } = found
  if (when.time || when.endDate || !UNTIL_BEFORE.test(line.text.slice(Math.max(0, when.index - 24), when.index))) return undefined
  const today = readingDay(ref)
  return today < date ? { start: { date: today }, end: { date }, from: 'text' } : undefined
}

/** What joins two start times of one day: "and", a comma, "et à", "und um" (a note in parentheses between them aside). */
const AND_JOIN = /^\s*(?:,|;|and|&|et|und|y|e|en|or|ou|oder|o)\s*(?:again\s+)?(?:at|à|um|a las|alle|às|om|ore)?\s*$/i

/** The times written after the start's on its line, joined to it by "and" ("at 5:00 p.m. (…) and 10:30 p.m."). */
function furtherTimes(found: Found[], start: Found): string[] {
  const text = start.line.text
  const later = found.filter((f) => f.line === start.line && f.when.index >= start.when.endIndex && f.when.time && !f.when.date && !f.when.endTime).sort((a, b) => a.when.index - b.when.index)
  const out: string[] = []
  let at = start.when.endIndex
  for (const f of later) {
    if (!AND_JOIN.test(text.slice(at, f.when.index).replace(/\([^()]*\)/g, ' ')) || f.when.time === start.when.time || out.includes(f.when.time!)) break
    out.push(f.when.time!)
    at = f.when.endIndex
  }
  return out
}

/** A line that only joins a range's two ends ("-", "–", "to", "bis", "t/m", "à", "até"). */
const RANGE_JOIN = /^\s*(?:[-–—~]|to|until|till|through|bis|t\/m|tot|au|à|al|a|até)\s*$/i

/**
 * A second clock time in its own element after the first ("9:00 AM" … "10:00 AM") is the end; so is one after
 * a dated start and a line that only joins them ("December 5 @ 8:00 am" / "-" / "10:00 am").
 */
function separateEnd(found: Found[], start: string, date: string, lines: Line[]): string | undefined {
  const times = found
    .filter((f) => f.when.time && (!f.when.date || f.when.date === date) && !f.when.endTime && f.mention.dedicated)
    .sort((a, b) => a.line.index - b.line.index || a.when.index - b.when.index)
  for (let i = 0; i < times.length - 1; i++) {
    const [cur, next] = [times[i], times[i + 1]]
    if (cur.when.time !== start || next.when.date || next.when.time! <= start || next.line.index - cur.line.index > 2) continue
    if (!cur.when.date || joinedBetween(lines, cur.line, next.line)) return next.when.time
  }
  return undefined
}

/** Whether the lines between two (at most one with text) only join a range. */
function joinedBetween(lines: Line[], a: Line, b: Line): boolean {
  const between = lines.filter((l) => l.index > a.index && l.index < b.index && l.text)
  return between.length === 1 && RANGE_JOIN.test(between[0].text)
}

/**
 * The start and end of a record, or undefined when it names no day (and no day heading gives one).
 */
export function recordWhen(lines: Line[], dates: (line: Line) => LineDates | undefined, ctx: WhenContext): RecordWhen | undefined {
  const all = mentionsOf(lines, dates, ctx)
  // A range whose end sits in an element of its own (`date-display-end`, `event-time-localized-end`) or under an
  // end label ("End: 13 January 2027, 17:00", `<dt>End time</dt><dd>12:00</dd>`) ends the start's event.
  const endLines = endLabelledLines(lines)
  const isEnd = (f: Found) => f.line.rangeEnd || !!endLines?.has(f.line)
  const ends = all.some(isEnd) ? all.filter(isEnd) : undefined
  const found = ends ? all.filter((f) => !isEnd(f)) : all
  const machine = machineOf(lines.filter((l) => !l.rangeEnd))
  const dayFound = found.find((f) => f.when.date)
  let date = dayFound?.when.date
  let from: RecordWhen['from'] = 'text'
  if (dayFound && date) date = withMachineYear(date, dayFound, machine)
  if (!date && machine.length) {
    date = machine[0].date
    from = 'markup'
  }
  if (!date && ctx.day) {
    date = ctx.day
    from = 'heading'
  }
  if (!date) return undefined
  const running = dayFound && closingDay(dayFound, date, ctx.ref)
  if (running) return running
  const own = dayFound?.when.date && dayFound.when.time ? { time: dayFound.when.time, endTime: dayFound.when.endTime } : timeFrom(found, date)
  const start: WallTime = { date }
  let end: WallTime | undefined
  if (own?.time) start.time = own.time
  else {
    const timed = machine.find((m) => m.date === date && m.time)
    if (timed) Object.assign(start, { time: timed.time, ...(timed.offset ? { offset: timed.offset } : {}) })
  }
  const marked = ends && markedEnd(ends, date)
  // A badge ("05 Dec") may come before the line that gives the span ("05/12/2026 - 06/12/2026").
  const endDate = marked?.date ?? dayFound?.when.endDate ?? found.find((f) => f.when.date === dayFound?.when.date && f.when.endDate)?.when.endDate
  const endTime = marked?.time ?? own?.endTime ?? (own?.time ? separateEnd(found, own.time, date, lines) : undefined)
  if (endTime) end = endAfter(start, endTime, endDate)
  else if (endDate) end = { date: endDate }
  const startFound = own?.time ? found.find((f) => f.when.time === own.time && (!f.when.date || f.when.date === date)) : undefined
  // "7 p.m. ET", "1:00 PM – 2:00 PM EST": the time is in the zone written after it.
  const written = startFound && !start.offset ? zoneAfter(startFound.line.text, startFound.when.index, startFound.when.endIndex) : undefined
  if (written) for (const w of end?.time ? [start, end] : [start]) Object.assign(w, written)
  const also = startFound && !end ? furtherTimes(found, startFound) : []
  const when: RecordWhen = end ? { start, end, from } : { start, from }
  if (also.length) when.also = also
  return when
}

const END_LABEL =
  /^(?:ends?|end date|end time|until|ende|endet|enddatum|endzeit|bis|einde|eind|einddatum|eindtijd|fin|date de fin|heure de fin|fecha de fin|hora de fin|fine|data fine|ora fine|término|data de término)\s*[:：]/i
const END_LABEL_ALONE =
  /^(?:ends?|end date|end time|until|ende|enddatum|endzeit|einde|einddatum|eindtijd|date de fin|heure de fin|fecha de fin|hora de fin|data fine|ora fine|data de término)\s*[:：]?$/i

/**
 * The lines under an end label: the label opens the line ("End: …", "Ende:") or is the line before it, alone
 * (`<dt>End date</dt>`). Undefined when no line has an end word (most records: one cheap test each).
 */
function endLabelledLines(lines: Line[]): Set<Line> | undefined {
  let out: Set<Line> | undefined
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].text
    if (!t || !END_WORD.test(t)) continue
    if (END_LABEL.test(t)) (out ??= new Set()).add(lines[i])
    else if (t.length <= 20 && lines[i + 1] && END_LABEL_ALONE.test(t.trim())) (out ??= new Set()).add(lines[i + 1])
  }
  return out
}
const END_WORD = /^\s*(?:end|until|bis|einde?|eind|fin|data|date|heure|hora|ora|fecha|t[ée]rmino)/i

/** The end fields' day (after the start's) and time: "Sunday, December 6, 2026" and "4:00 PM" in `…-end` elements. */
function markedEnd(ends: Found[], date: string): { date?: string; time?: string } | undefined {
  const day = ends.find((f) => f.when.date)?.when.date
  const timed = ends.find((f) => f.when.time)
  const time = timed?.when.endTime ?? timed?.when.time
  const out = { date: day && day > date ? day : undefined, time }
  return out.date || out.time ? out : undefined
}

/** An end time after a start: on the start's day, or the next one when it is earlier ("9 PM – Midnight"). */
export function endAfter(start: WallTime, endTime: string, endDate?: string): WallTime {
  if (endDate) return { date: endDate, time: endTime }
  return { date: start.time && endTime < start.time ? addDays(start.date, 1) : start.date, time: endTime }
}

/** The day a heading line names, when it is a day and nothing more ("Saturday, June 7"). */
export function headingDay(line: Line, d: LineDates | undefined, ref: YearRef, yearHint?: YearHint): string | undefined {
  if (!d || !d.whenOnly || !d.day || d.time || d.list) return undefined
  const m = d.mentions.find((x) => x.eligible && x.start.day !== undefined)
  return m ? dayOf(m.start, ref, yearHint) : undefined
}

/** A clock written alone ("7:00 PM"), for reading a row's time column. */
export function clockText(d: LineDates | undefined): string | undefined {
  const m = d?.mentions.find((x) => x.start.hour !== undefined)
  return m ? clockOf(m.start) : undefined
}
