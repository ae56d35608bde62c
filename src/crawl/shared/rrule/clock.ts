/**
 * The clock a recurring series is expanded on (RFC 5545 §3.3.10: rules apply to local wall-clock time) and
 * the conversions of the series' other values (UNTIL, RDATE, EXDATE, RECURRENCE-ID, DTEND) onto it, so that
 * a value written in UTC or another zone is compared with the instances as the same instant.
 */
import type { WallTime } from '../../candidate-types'
import { DAY_SECONDS, formatClock, formatDay, isoDurationSeconds, wallSeconds } from '../calendar-math'
import { formatOffset, isIanaZone, offsetAt, parseOffset, wallToInstant } from '../time'

export type Clock =
  /** Wall time of an IANA zone: the series' own zone, or the fallback for a floating series. */
  | { kind: 'zone'; zone: string; dateOnly: boolean }
  /** A fixed offset the source wrote (UTC `Z` included); `zone` is the event's zone, for display and window dates. */
  | { kind: 'fixed'; offset: string; minutes: number; zone?: string; dateOnly: boolean }
  /** No zone known at all: values are compared as written. */
  | { kind: 'floating'; dateOnly: boolean }

/** Picks the clock for a series starting at `start`; `fallbackZone` applies to floating and UTC starts. */
export function clockFor(start: WallTime, fallbackZone?: string): Clock {
  const dateOnly = !start.time
  const fallback = isIanaZone(fallbackZone) ? fallbackZone : undefined
  if (!dateOnly && start.offset !== undefined) {
    const minutes = parseOffset(start.offset)
    if (minutes !== undefined) return { kind: 'fixed', offset: start.offset, minutes, zone: isIanaZone(start.zone) ? start.zone : fallback, dateOnly }
  }
  const zone = isIanaZone(start.zone) ? start.zone : fallback
  return zone ? { kind: 'zone', zone, dateOnly } : { kind: 'floating', dateOnly }
}

/** The zone whose calendar dates decide window membership, when there is one. */
export function clockZone(clock: Clock): string | undefined {
  return clock.kind === 'floating' ? undefined : clock.zone
}

function instantMs(value: WallTime, wall: number): number | undefined {
  if (!value.time) return undefined
  if (value.offset !== undefined) {
    const minutes = parseOffset(value.offset)
    if (minutes !== undefined) return (wall - minutes * 60) * 1000
  }
  if (isIanaZone(value.zone)) return wallToInstant(value.date, value.time, value.zone).ms
  return undefined
}

/** Wall seconds of an instant on the clock. */
function instantToClock(ms: number, clock: Clock): number | undefined {
  if (clock.kind === 'zone') return Math.floor(ms / 1000) + offsetAt(ms, clock.zone) * 60
  if (clock.kind === 'fixed') return Math.floor(ms / 1000) + clock.minutes * 60
  return undefined
}

/**
 * Puts `value` on the clock, in wall seconds. On a date-only clock the result is the start of the local day
 * the value falls on. Values without any zone are taken as written. Undefined when `value` is not a date.
 */
export function toClock(value: WallTime, clock: Clock): number | undefined {
  const wall = wallSeconds(value)
  if (wall === undefined) return undefined
  let t = wall
  const ms = instantMs(value, wall)
  if (ms !== undefined) {
    const sameZone = clock.kind === 'zone' && value.offset === undefined && value.zone === clock.zone
    if (!sameZone) t = instantToClock(ms, clock) ?? wall
  }
  return clock.dateOnly ? Math.floor(t / DAY_SECONDS) * DAY_SECONDS : t
}

/**
 * A clock's wall second as a WallTime that carries the clock's zone or offset. On a fixed-offset clock,
 * `displayMinutes` writes the same instant at another offset (an RDATE that carries its own offset, as the
 * occurrences of a custom VTIMEZONE do, keeps it).
 */
export function fromClock(t: number, clock: Clock, displayMinutes?: number): WallTime {
  const zone = clockZone(clock)
  if (clock.dateOnly) return zone ? { date: formatDay(t), zone } : { date: formatDay(t) }
  if (clock.kind === 'fixed') {
    const shown = displayMinutes === undefined ? t : t + (displayMinutes - clock.minutes) * 60
    const offset = displayMinutes === undefined ? clock.offset : formatOffset(displayMinutes)
    return { date: formatDay(shown), time: formatClock(shown), offset, ...(clock.zone ? { zone: clock.zone } : {}) }
  }
  const [date, time] = [formatDay(t), formatClock(t)]
  return clock.kind === 'zone' ? { date, time, zone: clock.zone } : { date, time }
}

/** The offset (minutes) an RDATE was written with, when it should be kept for display on a fixed clock. */
export function ownOffset(value: WallTime, clock: Clock): number | undefined {
  if (clock.kind !== 'fixed' || !value.time || value.offset === undefined) return undefined
  const minutes = parseOffset(value.offset)
  return minutes === clock.minutes ? undefined : minutes
}

/** The calendar date (in the clock's display zone) of wall second `t`, for window membership. */
export function localDate(t: number, clock: Clock): string {
  if (clock.kind === 'fixed' && clock.zone && !clock.dateOnly) {
    const ms = (t - clock.minutes * 60) * 1000
    return formatDay(Math.floor(ms / 1000) + offsetAt(ms, clock.zone) * 60)
  }
  return formatDay(t)
}

/**
 * Wall-clock length of a series' first occurrence on the clock, from its end or else its duration; every
 * occurrence keeps it. On a date-only clock the end is the last day (inclusive), so a one-day duration is 0.
 */
export function occurrenceLength(first: { end?: WallTime; duration?: string }, clock: Clock, startT: number): number | undefined {
  if (first.end) {
    const endT = toClock(first.end, clock)
    if (endT !== undefined && endT > startT) return endT - startT
  }
  if (first.duration) {
    const secs = isoDurationSeconds(first.duration)
    if (secs !== undefined && secs > 0) return clock.dateOnly ? (Math.ceil(secs / DAY_SECONDS) - 1) * DAY_SECONDS : secs
  }
  return undefined
}
