/**
 * Recurring series → the occurrences inside the crawl window (DESIGN §6 "Normalize", §9 iCalendar
 * pitfalls): RRULE + RDATE − EXDATE expanded in the series' local wall-clock time, RECURRENCE-ID overrides
 * applied, each occurrence carrying the zone so that `resolveWallTime` gives it the offset in force on its
 * own date. Shared: the normalizer expands every series with it, and the iCalendar extractor expands a series
 * in a custom VTIMEZONE (which only it can read) before handing it on.
 */
import type { Candidate, RecurrenceSpec, WallTime } from '../../candidate-types'
import { DAY_SECONDS, wallSeconds } from '../calendar-math'
import { type Clock, clockFor, fromClock, localDate, occurrenceLength, ownOffset, toClock } from './clock'
import { expandRule } from './engine'
import { parseRrule } from './rule'

/** One occurrence of a series; `override` is the RECURRENCE-ID candidate that replaced it, if any. */
export type Occurrence = { start: WallTime; end?: WallTime; override?: Candidate }

export type ExpandInput = {
  /** DTSTART of the series. */
  start: WallTime
  /** DTEND of the first occurrence; every occurrence keeps the same wall-clock length. */
  end?: WallTime
  /** ISO 8601 duration, used when `end` is absent. */
  duration?: string
  recurrence: RecurrenceSpec
  /** The event's zone: used for a floating or UTC start, for values written in UTC, and for window dates. */
  zone?: string
  /** Inclusive `YYYY-MM-DD` dates in the event's zone. */
  window: { start: string; end: string }
  /** At most this many occurrences (default 500). */
  limit?: number
  /**
   * RFC 5545 counts DTSTART as the first occurrence even when the rule would not produce it (default true).
   * False when the start is only an anchor (a schedule's startDate, a page's "starting June 1").
   */
  startIsOccurrence?: boolean
}

const DEFAULT_LIMIT = 500

type Instance = { t: number; occurrence: Occurrence; endT?: number }

function instanceAt(t: number, clock: Clock, length: number | undefined, display?: number): Instance {
  const endT = length ? t + length : undefined
  return { t, endT, occurrence: { start: fromClock(t, clock, display), ...(endT !== undefined ? { end: fromClock(endT, clock, display) } : {}) } }
}

/** The occurrence an override stands for: its own start and end, else the replaced instance's start and the series' length. */
function overrideInstance(candidate: Candidate, original: number, clock: Clock, length: number | undefined): Instance | undefined {
  const t = candidate.start ? toClock(candidate.start, clock) : original
  if (t === undefined) return undefined
  const own = occurrenceLength(candidate, clock, t)
  const len = own ?? length
  const endT = len ? t + len : undefined
  const end = own && candidate.end && toClock(candidate.end, clock) === endT ? candidate.end : endT !== undefined ? fromClock(endT, clock) : undefined
  return { t, endT, occurrence: { start: candidate.start ?? fromClock(t, clock), ...(end ? { end } : {}), override: candidate } }
}

function ruleInstances(input: ExpandInput, clock: Clock, startT: number, range: { from: number; to: number }, limit: number): number[] {
  const { recurrence } = input
  const parsed = recurrence.rrule && !recurrence.expanded ? parseRrule(recurrence.rrule).rule : undefined
  const startIsOccurrence = input.startIsOccurrence !== false && !recurrence.expanded
  if (!parsed) return startIsOccurrence && startT >= range.from && startT <= range.to ? [startT] : []
  let until: number | undefined
  if (parsed.until) {
    const u = toClock(parsed.until, clock)
    if (u !== undefined) until = parsed.until.time ? u : u + DAY_SECONDS - 1
  }
  return expandRule({ rule: parsed, start: startT, isDate: clock.dateOnly, until, from: range.from, to: range.to, limit, startIsInstance: startIsOccurrence }).times
}

function overlapsWindow(instance: Instance, clock: Clock, window: { start: string; end: string }): boolean {
  return localDate(instance.t, clock) <= window.end && localDate(instance.endT ?? instance.t, clock) >= window.start
}

/**
 * Expands a series into its occurrences overlapping `window` (inclusive dates in the event's zone),
 * sorted by start, at most `limit` of them.
 *
 * What must hold: the rule runs on the series' local wall clock (a weekly 10:00 stays 10:00 across DST;
 * BYDAY is the local weekday); EXDATE removes only the instance starting exactly then (a DATE EXDATE removes
 * that day's instances); values written in UTC or another zone are compared as instants; a RECURRENCE-ID
 * override replaces the instance it names wherever either lies, so it can move an occurrence into or out
 * of the window; an override naming no instance is kept as an occurrence of its own; a rule without
 * COUNT or UNTIL stops at the window end. Invalid rules degrade to DTSTART plus RDATEs.
 */
export function expandRecurrence(input: ExpandInput): Occurrence[] {
  const limit = Math.max(0, Math.floor(input.limit ?? DEFAULT_LIMIT))
  const clock = clockFor(input.start, input.zone)
  const startT = toClock(input.start, clock)
  const winStart = wallSeconds({ date: input.window.start })
  const winEnd = wallSeconds({ date: input.window.end })
  if (startT === undefined || winStart === undefined || winEnd === undefined || limit === 0) return []
  const length = occurrenceLength(input, clock, startT)
  // A day of margin on both sides covers a fixed-offset clock whose dates differ from the event zone's.
  const range = { from: winStart - (length ?? 0) - DAY_SECONDS, to: winEnd + 2 * DAY_SECONDS - 1 }
  const spec = input.recurrence
  const exdates = (spec.exdates ?? []).map((x) => ({ t: toClock(x, clock), wholeDay: !x.time && !clock.dateOnly })).filter((x) => x.t !== undefined)
  const overrides = spec.overrides ?? []
  const times = new Set(ruleInstances(input, clock, startT, range, limit + exdates.length + overrides.length + 1))
  const display = new Map<number, number>()
  for (const r of spec.rdates ?? []) {
    const onDate = !r.time && !clock.dateOnly ? wallSeconds({ date: r.date }) : undefined
    const t = onDate !== undefined ? onDate + (((startT % DAY_SECONDS) + DAY_SECONDS) % DAY_SECONDS) : toClock(r, clock)
    if (t === undefined || t < range.from || t > range.to) continue
    times.add(t)
    const own = ownOffset(r, clock)
    if (own !== undefined) display.set(t, own)
  }
  const excluded = (t: number) => exdates.some((x) => (x.wholeDay ? Math.floor(t / DAY_SECONDS) === Math.floor(x.t! / DAY_SECONDS) : x.t === t))
  const instances = new Map<number, Instance>()
  for (const t of times) if (!excluded(t)) instances.set(t, instanceAt(t, clock, length, display.get(t)))
  const extra: Instance[] = []
  for (const { recurrenceId, candidate } of overrides) {
    const rid = toClock(recurrenceId, clock)
    if (rid === undefined) continue
    const replaced = [...instances.keys()].filter((t) => (!recurrenceId.time && !clock.dateOnly ? Math.floor(t / DAY_SECONDS) * DAY_SECONDS === rid : t === rid))
    for (const t of replaced.slice(0, 1)) instances.delete(t)
    const moved = overrideInstance(candidate, rid, clock, length)
    if (moved) extra.push(moved)
  }
  return [...instances.values(), ...extra]
    .filter((i) => overlapsWindow(i, clock, input.window))
    .sort((a, b) => a.t - b.t)
    .slice(0, limit)
    .map((i) => i.occurrence)
}
