/**
 * When structured data and the page disagree, the page wins (DESIGN §9). This is the one place that rule
 * lives. For each structured event the page also shows (its title, then its day and time within a few
 * lines), the visible wall time replaces the structured value when:
 *  - the structured value is a date only and the page shows a time (start or end);
 *  - the structured value carries an offset and the site's zone is known: the page's wall time in the
 *    site's zone is the answer, whether the offset was right (`11:00Z` shown as 12:00 in Amsterdam, kept
 *    as the same instant written in the zone) or wrong (`15:15+01:00` shown as 15:15 on a summer day in
 *    Amsterdam, where it is +02:00);
 *  - the structured value has no offset and the page shows another time for that day.
 * It never moves an event to another day, and without a zone it never drops an offset it cannot check.
 */
import { decodeEntities } from '../../shared/text'
import { formatInstant, isIanaZone, offsetAt, parseOffset } from '../../shared/time'
import type { ProseWhen } from '../prose-dates'
import { resolveAll, type YearRef } from '../prose-dates'
import type { Candidate, WallTime } from '../../candidate-types'
import { collapse } from '../../shared/dom'
import type { LineDates } from './line-dates'
import type { Line } from './page-lines'
import { endAfter } from './record-when'

const AFTER = 12
const BEFORE = 3
const MAX_TARGETS = 300

export type VisibleContext = { lines: Line[]; dates: (line: Line) => LineDates | undefined; ref: YearRef; zone?: string }
type Shown = { date: string; time?: string; endTime?: string; endDate?: string }

const norm = (t: string) => collapse(t).toLowerCase()

/** The wall date and time of a structured value in the site's zone (its instant moved there), or as written. */
export function wallInZone(w: WallTime, zone: string | undefined): { date: string; time?: string; moved: boolean } {
  const offset = w.offset === undefined ? undefined : parseOffset(w.offset)
  if (!w.time || offset === undefined || !isIanaZone(zone)) return { date: w.date, time: w.time?.slice(0, 5), moved: false }
  const ms = Date.parse(`${w.date}T${w.time.length === 5 ? `${w.time}:00` : w.time}Z`) - offset * 60_000
  const iso = formatInstant(ms, offsetAt(ms, zone))
  return { date: iso.slice(0, 10), time: iso.slice(11, 16), moved: true }
}

/** The context of one page's refinement, with each line's dates resolved once (by line index). */
type Context = VisibleContext & { whens: (ProseWhen[] | undefined)[] }

/** A line's dates, resolved once per line. */
function whensOf(ctx: Context, i: number): ProseWhen[] {
  let hit = ctx.whens[i]
  if (!hit) {
    const line = ctx.lines[i]
    const d = ctx.dates(line)
    hit = d?.mentions.length ? resolveAll(d.mentions, line.text, ctx.ref) : []
    ctx.whens[i] = hit
  }
  return hit
}

/** Every time the page shows on each day, found in one pass (for events whose title the page does not repeat). */
function timesByDay(ctx: Context): Map<string, Map<string, Shown>> {
  const out = new Map<string, Map<string, Shown>>()
  for (let i = 0; i < ctx.lines.length; i++) {
    if (!ctx.lines[i].text || !/\d/.test(ctx.lines[i].text)) continue
    for (const w of whensOf(ctx, i)) {
      if (!w.date) continue
      const t = shownNear(ctx, w.date, i, i)
      if (!t?.time) continue
      let times = out.get(w.date)
      if (!times) out.set(w.date, (times = new Map()))
      times.set(t.time, t)
    }
  }
  return out
}

/** The time shown for `date` within lines `from..to` (a time on the line after the day counts). */
function shownNear(ctx: Context, date: string, from: number, to: number): Shown | undefined {
  const last = Math.min(ctx.lines.length - 1, to)
  for (let i = Math.max(0, from); i <= last; i++) {
    for (const w of whensOf(ctx, i)) {
      if (w.date !== date) continue
      if (w.time) return { date, time: w.time, endTime: w.endTime, endDate: w.endDate }
      for (let j = i + 1; j <= Math.min(i + 2, ctx.lines.length - 1); j++) {
        const t = whensOf(ctx, j).find((x) => !x.date && x.time)
        if (t) return { date, time: t.time, endTime: t.endTime, endDate: t.endDate }
      }
      return { date, endDate: w.endDate }
    }
  }
  return undefined
}

/** `titles`: the lines of each title looked up so far (see titleLines). */
type PageView = { lower: string[]; joined: string; starts: number[]; byDay?: Map<string, Map<string, Shown>>; indexed: boolean; byPrefix?: Map<number, number[]>; titles: Map<string, number[]> }

function pageView(lines: Line[], targets: number): PageView {
  const lower = lines.map((l) => norm(l.text))
  const starts: number[] = []
  let at = 0
  for (const t of lower) {
    starts.push(at)
    at += t.length + 1
  }
  return { lower, joined: lower.join('\n'), starts, indexed: targets > 16, titles: new Map() }
}

/**
 * The lines holding `key` (no line and no key holds a newline), found with one search of the page's text,
 * in document order.
 */
function linesHolding(view: PageView, key: string): number[] {
  const found: number[] = []
  for (let at = view.joined.indexOf(key); at >= 0; at = view.joined.indexOf(key, at + 1)) {
    let lo = 0
    let hi = view.starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (view.starts[mid] <= at) lo = mid
      else hi = mid - 1
    }
    if (found[found.length - 1] !== lo) found.push(lo)
  }
  return found
}

/** A line this long or longer that is part of a title counts as the title's line. */
const PART = 8

/** A number for the PART characters of `text` at `at` (equal texts, equal numbers; a match is checked after). */
function partHash(text: string, at: number): number {
  let h = 0
  for (let i = at; i < at + PART; i++) h = (h * 65_599 + text.charCodeAt(i)) >>> 0
  return h
}

/** The page's lines of at least PART characters, by their first PART characters. */
function linesByPrefix(lower: string[]): Map<number, number[]> {
  const out = new Map<number, number[]>()
  for (let i = 0; i < lower.length; i++) {
    if (lower[i].length < PART) continue
    const prefix = partHash(lower[i], 0)
    const list = out.get(prefix)
    if (list) list.push(i)
    else out.set(prefix, [i])
  }
  return out
}

/**
 * The lines of at least PART characters that are part of `key`. With many events to reconcile they are looked
 * up by each PART characters of the key (an index built once) rather than by reading every line for each.
 */
function linesWithin(view: PageView, key: string): number[] {
  const found: number[] = []
  const { lower } = view
  if (!view.indexed) {
    for (let i = 0; i < lower.length; i++) if (lower[i].length >= PART && lower[i].length <= key.length && key.includes(lower[i])) found.push(i)
    return found
  }
  view.byPrefix ??= linesByPrefix(lower)
  for (let at = 0; at + PART <= key.length; at++) {
    const list = view.byPrefix.get(partHash(key, at))
    if (list) for (const i of list) if (key.startsWith(lower[i], at)) found.push(i)
  }
  return found
}

/**
 * The lines that hold `title` or are part of it, in document order. A function of the page and the title
 * alone, so it is worked out once per title: a series repeats its title in every occurrence, and each
 * search reads the whole page.
 */
function titleLines(view: PageView, title: string): number[] {
  let lines = view.titles.get(title)
  if (lines) return lines
  const key = norm(decodeEntities(title))
  lines = key.length < 3 ? [] : [...new Set([...linesHolding(view, key), ...linesWithin(view, key)])].sort((a, b) => a - b)
  view.titles.set(title, lines)
  return lines
}

/** What the page shows for a structured event: near its title first, else the page's only time that day. */
function shownFor(ctx: Context, title: string, date: string, view: PageView): Shown | undefined {
  for (const i of titleLines(view, title)) {
    const found = shownNear(ctx, date, i - BEFORE, i + AFTER)
    if (found?.time) return found
  }
  view.byDay ??= timesByDay(ctx)
  const times = view.byDay.get(date)
  return times?.size === 1 ? [...times.values()][0] : undefined
}

type Verdict = 'date-only' | 'instant-right' | 'offset-wrong' | 'naive-differs'

/** The end after the start was corrected: the page's end time, else the structured end judged like the start. */
function applyEnd(c: Candidate, shown: Shown, date: string, zone: string | undefined, verdict: Verdict) {
  const end = c.end
  if (shown.endTime) {
    c.end = endAfter(c.start!, shown.endTime, shown.endDate)
    return
  }
  if (!end) return
  if (!end.time) {
    if (end.date === date) delete c.end
    return
  }
  if (verdict === 'instant-right') {
    const w = wallInZone(end, zone)
    c.end = { date: w.date, time: w.time }
  } else if (verdict === 'offset-wrong') c.end = { date: end.date, time: end.time.slice(0, 5) }
}

function verdictOf(start: WallTime, local: { time?: string }, shown: Shown, zone: string | undefined): Verdict | undefined {
  if (!start.time) return 'date-only'
  const written = start.time.slice(0, 5)
  if (start.offset !== undefined) {
    if (!isIanaZone(zone)) return undefined
    if (local.time === shown.time) return 'instant-right'
    return written === shown.time ? 'offset-wrong' : undefined
  }
  return written !== shown.time ? 'naive-differs' : undefined
}

/** Reconciles one candidate with what the page shows; true when a value changed. */
function reconcile(c: Candidate, ctx: Context, view: PageView): boolean {
  const start = c.start!
  const local = wallInZone(start, ctx.zone)
  let shown = shownFor(ctx, c.title!, local.date, view)
  if (!shown?.time && local.date !== start.date) shown = shownFor(ctx, c.title!, start.date, view)
  if (!shown?.time) return false
  const verdict = verdictOf(start, local, shown, ctx.zone)
  if (!verdict) return false
  const before = JSON.stringify([c.start, c.end])
  const date = shown.date
  c.start = { date, time: shown.time }
  applyEnd(c, shown, date, ctx.zone, verdict)
  return JSON.stringify([c.start, c.end]) !== before
}

/**
 * Gives structured candidates the wall times their page shows (see the module comment). Returns how many
 * changed.
 */
export function refineWithPage(candidates: Candidate[], ctx: VisibleContext): number {
  const targets = candidates.filter((c) => c.start && c.title && !c.recurrence && !c.schedule).slice(0, MAX_TARGETS)
  if (!targets.length) return 0
  const view = pageView(ctx.lines, targets.length)
  const context: Context = { ...ctx, whens: new Array(ctx.lines.length) }
  let changed = 0
  for (const c of targets) if (reconcile(c, context, view)) changed++
  return changed
}
