/**
 * Events a page states outside any repeated structure (DESIGN §6: "A page that is one event uses
 * label–value pairs"): an event page's date under its title, a labelled field ("Date:", "When:", "Wann:",
 * "Quand :", a `<dl>`), or one dated paragraph under a section heading ("Finance Committee" / "Thursday,
 * April 23, 2026 at 5 p.m."). A dated line counts when it has a time, a label or stands alone as a
 * heading; its title is the nearest heading above it that is not a label (the `h1` on an event page), else
 * the first line of its block, else `og:title`; its place comes from a label or an address near it.
 */
import type { YearRef } from '../prose-dates'
import { type YearHint } from '../year-hint'
import type { Candidate } from '../../candidate-types'
import { isBoilerplate, labelValue, NEW_DATE, roleOfLabel, SAVE_THE_DATE, statusFromText } from './labels'
import { labelOnly, type LineDates } from './line-dates'
import { genericHeading } from './listing-support'
import { dayProgramme } from './day-records'
import { dayItemEvents, proseEvents } from './prose-records'
import type { Line, PageFacts } from './page-lines'
import { readRecord, withoutDates } from './record-fields'
import { clean, usableTitle } from './record-title'

export type DetailContext = {
  lines: Line[]
  dates: (line: Line) => LineDates | undefined
  /** Lines that belong to records or head them: never a loose event. */
  taken: Set<number>
  facts: PageFacts
  sourceUrl: string
  ref: YearRef
  yearAt: (index: number) => YearHint | undefined
}

const HEADING_REACH = 25
const PLACE_REACH = 40
const MAX_LOOSE = 20
const FIELD_REACH = 8

function isWhenLabel(line: Line): boolean {
  const m = /^([^:：]{2,30})[:：]/.exec(line.text)
  const role = m ? roleOfLabel(m[1]) : labelOnly(line.text)
  return role === 'when' || role === 'date' || role === 'time'
}

/** A dated line that can stand for an event on its own: labelled, timed, or a date set alone as a heading. */
function qualifies(ctx: DetailContext, i: number): boolean {
  const { lines, dates } = ctx
  const l = lines[i]
  const d = dates(l)
  if (l.chrome || l.virtual || ctx.taken.has(i) || !d?.day) return false
  if (isWhenLabel(l) || (lines[i - 1] && isWhenLabel(lines[i - 1]))) return true
  if (d.time || dates(lines[i + 1] ?? l)?.time || dates(lines[i + 2] ?? l)?.time) return true
  // "<h3>Save the date: Open Science Conference 2027</h3><p>22–23 April 2027, Utrecht</p>": announced by the heading above.
  const above = lines[i - 1]
  return (d.whenOnly && (l.heading > 0 || l.strong) && !listingSpan(ctx, i)) || SAVE_THE_DATE.test(l.text) || (!!above?.heading && SAVE_THE_DATE.test(above.text))
}

/**
 * "December 1, 2026 – January 30, 2027" heading the records of a listing (a calendar view's date picker, its
 * two days in elements of their own): the span the list shows, not an event.
 */
function listingSpan(ctx: DetailContext, i: number): boolean {
  const shown = (from: number, to: number) => ctx.lines.slice(Math.max(0, from), to).filter((x) => !x.virtual && x.text)
  const l = ctx.lines[i]
  // The line is the span's start, or its end ("- January 30, 2027") after the start.
  const [start, end] = SPAN_END.test(l.text) ? [shown(i - 3, i).pop(), l] : [l, shown(i + 1, i + 4)[0]]
  if (!start || !end || start.heading !== end.heading || !SPAN_END.test(end.text) || !ctx.dates(start)?.day || !ctx.dates(end)?.day) return false
  let after = 0
  for (const t of ctx.taken) if (t > end.index) after++
  return after >= 2
}

const SPAN_END = /^\s*(?:[-–—]|to\s|bis\s|t\/m\s|au\s|al\s|até\s)/i

/** The lines around the date that describe the event: its block, widened up to a few lines. */
function blockAround(ctx: DetailContext, at: number): Line[] {
  const { lines, taken } = ctx
  const line = lines[at]
  let lo = at
  let hi = at
  for (let depth = line.path.length - 1; depth >= 0; depth--) {
    const el = line.path[depth]
    while (lo > 0 && lines[lo - 1].path[depth] === el && !taken.has(lo - 1) && !lines[lo - 1].heading) lo--
    while (hi + 1 < lines.length && lines[hi + 1].path[depth] === el && !taken.has(hi + 1) && hi - lo < 30) hi++
    if (hi - lo >= 6) break
  }
  return lines.slice(lo, hi + 1).filter((l) => !l.chrome)
}

/** `og:title`, else `<title>`, without the site's name ("Owl Prowl Night Hike | Hollow Creek Nature Center"). */
export function pageTitle(facts: PageFacts): string | undefined {
  const raw = facts.ogTitle ?? facts.title
  if (!raw) return undefined
  const parts = raw
    .split(/\s+[|–—-]\s+|\s+::\s+|\s+·\s+/)
    .map((p) => p.trim())
    .filter(Boolean)
  const site = facts.siteName?.trim().toLowerCase()
  const kept = parts.filter((p) => p.toLowerCase() !== site)
  return (kept.length > 1 && !site ? kept[0] : kept.join(' – ')) || undefined
}

/** The nearest heading above `at` that names something (not "Date & Time", not "Details", not a date). */
function headingAbove(ctx: DetailContext, at: number): string | undefined {
  let found: string | undefined
  for (let i = at - 1; i >= 0; i--) {
    const l = ctx.lines[i]
    // Records between the date and a heading: that heading is the page's, the nearer one is the event's.
    if (ctx.taken.has(i) && found) return found
    if (!l.heading || l.chrome || l.heading > 6) continue
    const text = withoutDates(l, ctx.dates(l))
    if (!text || labelOnly(l.text) || isBoilerplate(text) || ctx.dates(l)?.whenOnly) continue
    // On an event page the h1 names the event; "Kursdaten" or "Details" below it name a part of the page.
    // An h1 that only says events follow ("Events", "Agenda") leaves the nearer heading the event's.
    if (l.heading === 1) return found && genericHeading(text) ? found : text
    if (!found && at - i > HEADING_REACH) return undefined
    found ??= text
  }
  return found
}

/** The dated line's own heading text, the heading above it, or the first line of its block above it. */
function titleFor(ctx: DetailContext, at: number, block: Line[]): string | undefined {
  const line = ctx.lines[at]
  const own = line.heading && line.heading <= 6 ? withoutDates(line, ctx.dates(line)) : ''
  if (own && !isBoilerplate(own)) return own
  // "SAVE THE DATE: Spring Gala, Saturday, April 10 …": the announcement names its event.
  const announced = SAVE_THE_DATE.test(line.text) ? clean(withoutDates(line, ctx.dates(line)).replace(SAVE_THE_DATE, '')) : ''
  if (announced && usableTitle(announced)) return announced
  // "<li><a href="/events/carpentries">Carpentries Instructor Training</a><br>12 January 2027, 09:00</li>" in an
  // "Upcoming events" box: the item's own link, just above its date, names its event (not the page's h1).
  const item = block.length <= 4 ? ctx.lines[at - 1] : undefined
  if (item?.link && block.includes(item) && !item.virtual && !ctx.dates(item)?.day && usableTitle(item.text)) return item.text
  const heading = headingAbove(ctx, at)
  if (heading) return SAVE_THE_DATE.test(heading) ? clean(heading.replace(SAVE_THE_DATE, '')) || heading : heading
  // "Meeting Name: | City Council": a title label names the event in the field after it; a label is no title.
  const label = block.findIndex((l) => l.index < at && /[:：]\s*$/.test(l.text) && labelValue(l.text)?.role === 'title')
  const named = label >= 0 ? block[label + 1] : undefined
  if (named && !named.virtual && named.index < at && usableTitle(named.text)) return named.text
  const first = block.find(
    (l) => l.index < at && !l.virtual && l.text.length <= 120 && !labelOnly(l.text) && !labelValue(l.text) && !ctx.dates(l)?.day && /\p{L}{3}/u.test(l.text) && !isBoilerplate(l.text),
  )
  return first ? withoutDates(first, ctx.dates(first)) : pageTitle(ctx.facts)
}

/**
 * "Samstag, 21. März 2026 · 19:30 Uhr<br>Kirche St. Matthäi am Ring": a short name on the line after the
 * date, in the same block, is where the event happens.
 */
function venueAfter(ctx: DetailContext, at: number): string | undefined {
  const line = ctx.lines[at]
  for (let i = at + 1; i <= at + 2 && i < ctx.lines.length; i++) {
    const l = ctx.lines[i]
    const d = ctx.dates(l)
    if (l.virtual) continue
    if (l.path[line.path.length - 1] !== line.path[line.path.length - 1] && l.el !== line.el) return undefined
    if (d?.day || d?.time) continue
    const ok = l.text.length <= 60 && /^\p{Lu}/u.test(l.text) && !/[.!?:]$/.test(l.text) && !labelOnly(l.text) && !isBoilerplate(l.text) && !l.heading && !l.link
    return ok ? l.text : undefined
  }
  return undefined
}

/** `notices`: lines that only repeat the event's day above its fields (see `fieldsBelow`): never its date. */
function looseEvent(ctx: DetailContext, at: number, notices: Set<number>): Candidate[] {
  const { lines, dates } = ctx
  const block = blockAround(ctx, at)
  const near = lines.slice(at + 1, at + PLACE_REACH).filter((l) => !l.chrome && !ctx.taken.has(l.index) && !block.includes(l))
  const title = titleFor(ctx, at, block)
  const read = readRecord([...block, ...near], {
    sourceUrl: ctx.sourceUrl,
    ref: ctx.ref,
    // Only this date and the times right after it: later dates on the page are other things.
    dates: (l) => (l.index === at || !dates(l)?.day || (l.index < at + 3 && l.index >= block[0].index && !notices.has(l.index)) ? dates(l) : undefined),
    yearHint: ctx.yearAt(at),
    section: title ?? pageTitle(ctx.facts),
    forceTitle: title,
  })
  if (!read.candidate) return []
  const venue = read.candidate.place || read.candidate.attendanceMode ? undefined : venueAfter(ctx, at)
  const status = read.candidate.status ? undefined : noticeStatus(ctx, at)
  const out = [read.candidate, ...(read.also ?? [])]
  for (const c of out) {
    if (venue) c.place = { name: venue }
    if (status) c.status = status
    c.source.method = 'page'
    // A document link near the date (an agenda item, a map) is not the event's page; the page is.
    delete c.url
  }
  return out
}

/**
 * "<strong>ADIADO</strong> – … Nova data: 18 de abril", "<b>UITGESTELD</b> – De lezing … is verplaatst naar …":
 * a notice in bold above the event's date, by its title, says the event's status.
 */
function noticeStatus(ctx: DetailContext, at: number): string | undefined {
  let headings = 0
  for (let i = at - 1; i >= 0 && at - i <= HEADING_REACH; i--) {
    const l = ctx.lines[i]
    if (l.chrome || ctx.taken.has(i)) break
    // Up to the event's own heading and the notice set just above it, no further.
    if (l.heading && ++headings > 1) break
    const lead = l.strong ? l.text : l.lead ? l.text.slice(0, l.lead) : ''
    const status = lead.length && lead.length <= 40 ? statusFromText(lead) : undefined
    if (status) return status === 'EventPostponed' && NEW_DATE.test(l.text) ? 'EventRescheduled' : status
  }
  return undefined
}

/** A dated line that is a labelled field ("Fecha" / "Miércoles 20 de mayo de 2026", "Date: …"). */
function labelled(ctx: DetailContext, i: number): boolean {
  return isWhenLabel(ctx.lines[i]) || (i > 0 && isWhenLabel(ctx.lines[i - 1]))
}

/** The month and day of a line's first eligible day. */
function dayKey(ctx: DetailContext, i: number): string | undefined {
  const m = ctx.dates(ctx.lines[i])?.mentions.find((x) => x.eligible && x.start.day !== undefined)
  return m && `${m.start.month}-${m.start.day}`
}

/**
 * "Nueva fecha: miércoles 20 de mayo, 18:30 h." in a notice above the event's fields ("Fecha", "Hora"): the
 * fields give the event (with its end), the notice only repeats their day.
 */
function fieldsBelow(ctx: DetailContext, i: number): boolean {
  if (labelled(ctx, i)) return false
  const day = dayKey(ctx, i)
  for (let k = i + 1; k <= i + FIELD_REACH && k < ctx.lines.length; k++) if (qualifies(ctx, k) && labelled(ctx, k)) return dayKey(ctx, k) === day
  return false
}

/**
 * "<h2>Sunday 7 June 2026</h2><p>11:00 Festival Service<br>16:00 Tea Dance</p>": a day alone as a heading over
 * two or more timed lines is that day's programme, one event per line (see `dayProgramme`), also where the
 * page has no other day to make it a repeated structure; so is a line of days, each with its items.
 */
function programmeBelow(ctx: DetailContext, at: number): { events: Candidate[]; to: number } | undefined {
  const { lines, dates } = ctx
  const head = lines[at]
  const d = dates(head)
  // "Friday 5 June: 18:00 Opening; 19:30 Quiz Night. Saturday 6 June: …": days and their items in one line.
  const items = d && dayItemEvents(head, d, ctx.ref, ctx.yearAt(at), ctx.sourceUrl)
  if (items) return { events: items.map((c) => ({ ...c, source: { ...c.source, method: 'page' } })), to: at }
  // The day set apart: a heading, bold, or the first of a paragraph's <br> lines ("Woensdag 9 december 2026<br>12.30 uur: …").
  const opensBlock = !!lines[at + 1] && lines[at + 1].path.at(-1) === head.path.at(-1) && lines[at - 1]?.path.at(-1) !== head.path.at(-1)
  if (!d?.whenOnly || !(head.heading || head.strong || opensBlock)) return undefined
  let to = at
  while (to + 1 < lines.length && !lines[to + 1].heading && !lines[to + 1].chrome && !ctx.taken.has(to + 1) && (lines[to + 1].virtual || (dates(lines[to + 1])?.time && dates(lines[to + 1])?.words)))
    to++
  if (to - at < 2) return undefined
  const section = headingAbove(ctx, at) ?? pageTitle(ctx.facts)
  const events = dayProgramme(lines.slice(at, to + 1), { sourceUrl: ctx.sourceUrl, ref: ctx.ref, dates, yearHint: ctx.yearAt(at), section })
  for (const c of events ?? []) c.source.method = 'page'
  return events ? { events, to } : undefined
}

/** The events a page states outside its repeated structures (see the module comment). */
export function looseEvents(ctx: DetailContext): Candidate[] {
  const out: Candidate[] = []
  const notices = new Set<number>()
  let last = -10
  for (let i = 0; i < ctx.lines.length && out.length < MAX_LOOSE; i++) {
    if (!qualifies(ctx, i)) continue
    if (fieldsBelow(ctx, i)) {
      notices.add(i)
      continue
    }
    // Dated lines a few lines apart belong to one event ("Date: …", "Time: …", "Apr 8, 2026", "12:00 p.m.").
    if (i - last <= 3) {
      last = i
      continue
    }
    last = i
    const programme = programmeBelow(ctx, i)
    if (programme) {
      out.push(...programme.events)
      last = i = programme.to
      continue
    }
    // A news post's paragraph announcing several events, sentence by sentence, each with its day and time.
    const prose = proseEvents(ctx.lines[i], ctx.dates(ctx.lines[i])!, ctx.ref, ctx.yearAt(i), ctx.sourceUrl)
    out.push(...(prose ?? looseEvent(ctx, i, notices)))
  }
  return out
}
