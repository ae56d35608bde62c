/**
 * Which occurrences a candidate stands for, and in which zone. The zone is the source's (TZID,
 * scheduleTimezone, TEC timezone), then the organization's, then the one at the venue's coordinates.
 * Recurring events (an RRULE, a schema.org eventSchedule, or recurrence written in prose) are expanded by
 * the recurrence module into one occurrence per date inside the window, each carrying `schedule`.
 */
import type { Schedule } from '../../model/event'
import { documentMemo } from '../document-memo'
import type { Candidate, ExtractContext, RecurrenceSpec, WallTime } from '../candidate-types'
import { expandRecurrence } from '../shared/rrule/expand'
import { buildSchedule, proseToRecurrence, scheduleToRecurrence } from './recurrence'
import type { BaseRecord } from './record'
import { isIanaZone } from '../shared/time'
import { zoneFromCoordinates } from '../shared/zones'

/**
 * `describe`: the series a single occurrence's description tells of, worked out only when asked (expanding a
 * rule over the window is the costly part of normalizing, and an occurrence outside the window never asks).
 */
export type PlannedOccurrence = { start: WallTime; end?: WallTime; override?: Candidate; schedule?: Schedule; describe?: () => Schedule | undefined; zone?: string }
export type PlanOptions = { zone?: string; window: { start: string; end: string }; description?: string; allowDescriptionProse?: boolean }

/** At most this many occurrences per recurring candidate (a daily rule over a long window stays bounded). */
export const MAX_OCCURRENCES = 500

/** The zone an event's wall times are read in when they carry none of their own. */
export function zoneFor(c: Candidate, ctx: ExtractContext, base: BaseRecord): string | undefined {
  if (isIanaZone(c.start?.zone)) return c.start!.zone
  if (isIanaZone(ctx.timezone)) return ctx.timezone
  if (base.latitude !== undefined && base.longitude !== undefined) return zoneFromCoordinates(base.latitude, base.longitude)
  return undefined
}

type Series = { start: WallTime; end?: WallTime; duration?: string; recurrence: RecurrenceSpec; zone?: string }

/** Expands one series into planned occurrences, each with the series' `schedule`. */
function expand(series: Series, window: PlanOptions['window']): PlannedOccurrence[] {
  const occurrences = expandRecurrence({ ...series, window, limit: MAX_OCCURRENCES })
  const schedule = buildSchedule({ ...series, occurrences })
  return occurrences.map((o) => {
    const planned: PlannedOccurrence = { start: o.start }
    if (o.end) planned.end = o.end
    if (o.override) planned.override = o.override
    if (schedule) planned.schedule = schedule
    if (series.zone) planned.zone = series.zone
    return planned
  })
}

function fromSchedules(c: Candidate, opts: PlanOptions, warnings: string[]): PlannedOccurrence[] {
  const out: PlannedOccurrence[] = []
  for (const s of c.schedule ?? []) {
    const r = scheduleToRecurrence(s, opts.zone, opts.window.start)
    const start = r?.start ?? (r && c.start)
    if (!r || !start) {
      warnings.push(`"${c.title ?? 'untitled'}": an eventSchedule could not be read without guessing; skipped`)
      continue
    }
    out.push(...expand({ start, end: r.end, duration: r.duration ?? c.duration, recurrence: r.recurrence, zone: r.zone ?? opts.zone }, opts.window))
  }
  return out
}

/**
 * The occurrences of a candidate: each occurrence of its recurrence inside the window (RRULE/RDATE/EXDATE
 * with overrides, else eventSchedule, else recurrence stated as the event's date text), or its own
 * start. Prose in the description only gives the single occurrence its `schedule` (when
 * `allowDescriptionProse`: an event listed once, on a web page).
 */
export function planOccurrences(c: Candidate, opts: PlanOptions, warnings: string[]): PlannedOccurrence[] {
  if (c.recurrence && c.start && (c.recurrence.rrule || c.recurrence.rdates?.length || c.recurrence.overrides?.length)) {
    return expand({ start: c.start, end: c.end, duration: c.duration, recurrence: c.recurrence, zone: opts.zone }, opts.window)
  }
  if (c.schedule?.length) {
    const planned = fromSchedules(c, opts, warnings)
    if (planned.length || !c.start) return planned
  }
  if (c.start) {
    const stated = c.recurrenceText && proseToRecurrence(c.recurrenceText)
    if (stated) return expand({ start: c.start, end: c.end, duration: c.duration, recurrence: { rrule: stated.rrule }, zone: opts.zone }, opts.window)
    const single: PlannedOccurrence = { start: c.start }
    if (c.end) single.end = c.end
    // Recurrence mentioned in a description ("the board meets monthly") describes the series in
    // `schedule`, but only the dates the source lists become records: no occurrence is invented.
    const description = opts.allowDescriptionProse ? opts.description : undefined
    if (description) {
      const start = c.start
      single.describe = () => {
        const mentioned = proseFromDescription(description)
        return mentioned ? expand({ start, end: c.end, duration: c.duration, recurrence: { rrule: mentioned.rrule }, zone: opts.zone }, opts.window)[0]?.schedule : undefined
      }
    }
    return [single]
  }
  return []
}

/**
 * A recurrence stated in one sentence of a description ("Meets every Tuesday at 10 am."). The events of a
 * listing share their descriptions: each is read once per document.
 */
const proseFromDescription = documentMemo((description: string): { rrule: string } | null => {
  if (!RECURRENCE_WORD.test(description)) return null
  for (const sentence of description.split(/(?<=[.!?])\s+|\n/).slice(0, 40)) {
    if (!RECURRENCE_WORD.test(sentence)) continue
    const r = proseToRecurrence(sentence)
    if (r) return r
  }
  return null
})

const RECURRENCE_WORD = /\b(every|each|weekly|monthly|daily|first|second|third|fourth|last)\b/i
