/**
 * A production's run: a range of days heading lines of weekly rules ("<b>November 12 – 22, 2026</b><br>
 * Thursdays, Fridays & Saturdays at 7:30 PM<br>Sundays at 2:00 PM"), as a theatre, a choir or a festival
 * writes its performances. Each rule line is a weekly program bounded by the run, from its first day in
 * the run to the run's last day, titled by the production's heading when the line only names days; the
 * normalizer gives one occurrence per performance, as for an iCalendar RRULE with UNTIL.
 */
import type { Candidate } from '../../candidate-types'
import { addDays } from '../../../model/dates'
import { dayOf, type YearRef } from '../prose-dates'
import { ruleStart, withoutWeekdays } from '../rule-words'
import type { YearHint } from '../year-hint'
import type { LineDates } from './line-dates'
import type { Line } from './page-lines'
import { type RecordContext, readRecord } from './record-fields'
import { addressLine } from './record-place'
import { defaultPlace } from './default-place'
import { usableTitle } from './record-title'
import { endAfter } from './record-when'
import { onRule } from './recurring-records'

/** The longest run read so: a season of weeks is a weekly program's, not a production's (see week-table.ts). */
const MAX_RUN_DAYS = 62

/** What joins a run's first and last day when they are read as two dates ("28. November – 20. Dezember 2026"). */
const SPAN = /^\s*(?:–|—|-|to|through|thru|until|bis|au|al|tot|t\/m|até|fino al)\s*$/i

/**
 * The last day of a day heading that is a range ("November 12 – 22, 2026", "28. November – 20. Dezember
 * 2026"), when it spans 2 to 62 days. `text`: the heading's text.
 */
export function runUntil(text: string, d: LineDates | undefined, from: string, ref: YearRef, yearHint?: YearHint): string | undefined {
  const days = d?.mentions.filter((x) => x.eligible && x.start.day !== undefined) ?? []
  const [m, next] = days
  const end = m?.end?.day !== undefined ? m.end : next && SPAN.test(text.slice(m.endIndex, next.index)) ? next.start : undefined
  const until = end ? dayOf(end, from ?? ref, yearHint) : undefined
  return until && until > from && until <= addDays(from, MAX_RUN_DAYS) ? until : undefined
}

/** The record's weekly rule bounded by the run `[from, until]`, or undefined when it states none. */
export function runRecord(lines: Line[], ctx: RecordContext, from: string, until: string): Candidate | undefined {
  for (const line of lines) {
    const rule = line.virtual ? undefined : ctx.dates(line)?.rule
    if (!rule || !/^FREQ=WEEKLY;BYDAY=[A-Z,]+$/.test(rule.rrule)) continue
    let first: string | undefined
    for (let date = from; date <= until && !first; date = addDays(date, 1)) if (onRule(rule.rrule, date)) first = date
    const c = first ? readRecord(lines, { ...ctx, day: first }).candidate : undefined
    if (!c || !first) return undefined
    c.start = { date: first, time: rule.time }
    c.end = rule.endTime ? endAfter(c.start, rule.endTime) : undefined
    if (!c.end) delete c.end
    c.recurrence = { rrule: `${rule.rrule};UNTIL=${until.replaceAll('-', '')}T235959` }
    // "Thursdays, Fridays & Saturdays": a line that only names days names no show; the heading does.
    const named = c.title && ruleStart(c.title) !== 0 && usableTitle(withoutWeekdays(c.title, 'en').trim())
    if (!named && ctx.section) c.title = ctx.section
    return c.title ? c : undefined
  }
  return undefined
}

/**
 * Where a page's events happen when they name no place: the place its note says meetings are held in
 * "unless otherwise noted" (default-place.ts), for every event; else, on a page about one production or
 * series ("Sweeney Todd", its run, and "Harbor Playhouse, 45 Water Street, Port Townsend, WA" in a
 * paragraph of its own), when every event the page lists has that one title, the one address line of the
 * page's own text (not its navigation or footer).
 */
export function sharedPlace(candidates: Candidate[], lines: Line[]): void {
  if (!candidates.length) return
  // "Meetings are held in the City Commission Chambers unless otherwise noted.": the place of those that name none.
  const fallback = candidates.some((c) => !c.place) ? defaultPlace(lines) : undefined
  if (fallback) for (const c of candidates) c.place ??= { ...fallback }
  if (candidates.some((c) => c.place || c.title !== candidates[0].title)) return
  let place: Candidate['place']
  for (const line of lines) {
    const found = line.chrome || line.footerAt !== undefined ? undefined : addressLine(line)
    if (found && place) return
    place ??= found
  }
  if (place) for (const c of candidates) c.place = { ...place }
}
