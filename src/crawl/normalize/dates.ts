/**
 * One occurrence's dates in the record's form: ISO 8601 with the offset of the event's zone (date-only
 * stays date-only), the end from the duration when the source gives no end, and the window test done on
 * local calendar days (inclusive), so an event late on the window's last evening still counts.
 */
import { addDays } from '../../model/dates'
import { documentMemo } from '../document-memo'
import { formatDuration, parseIsoDuration } from '../shared/datetime'
import type { CrawlWindow, WallTime } from '../candidate-types'
import { formatInstant, offsetAt, resolveWallTime, type ResolvedTime } from '../shared/time'

export type ResolvedOccurrence = {
  start: ResolvedTime
  end?: ResolvedTime
  /** ISO 8601 duration of a timed occurrence, from the source or from start and end. */
  duration?: string
  notes: string[]
}

/** A document's events repeat their durations: each is read once per document (the answer is shared, never changed). */
const durationOf = documentMemo(parseIsoDuration)

/** The few lengths events last (an hour, ninety minutes) written once each, not once per occurrence. */
const lengthTexts = new Map<number, string>()

function lengthText(ms: number): string {
  let text = lengthTexts.get(ms)
  if (text === undefined) {
    text = formatDuration(ms)
    if (lengthTexts.size >= 1_000) lengthTexts.clear()
    lengthTexts.set(ms, text)
  }
  return text
}

function endFromDuration(start: ResolvedTime, duration: string): ResolvedTime | undefined {
  const d = durationOf(duration)
  if (!d) return undefined
  if (start.allDay) {
    const days = Math.round(d.ms / 86_400_000)
    if (days <= 1) return undefined
    const date = addDays(start.iso, days - 1)
    return { iso: date, ms: start.ms + (days - 1) * 86_400_000, allDay: true, zone: start.zone, zoned: start.zoned }
  }
  const ms = start.ms + d.ms
  if (start.zone) return { iso: formatInstant(ms, offsetAt(ms, start.zone)), ms, allDay: false, zone: start.zone, zoned: start.zoned }
  const offset = /([+-]\d{2}:\d{2})$/.exec(start.iso)?.[1]
  if (offset) {
    const minutes = (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)))
    return { iso: formatInstant(ms, minutes), ms, allDay: false, zoned: true }
  }
  return { iso: formatInstant(ms, 0), ms, allDay: false, zoned: false }
}

/** resolveWallTime's options, one object each (every occurrence passes one of them). */
const INFERRED = { fallbackInferred: true }
const NOT_INFERRED = { fallbackInferred: false }
const UNSAID = {}
/** The notes of an occurrence without any (most): shared, never added to. */
const NO_NOTES: string[] = Object.freeze([]) as unknown as string[]

/**
 * Resolves an occurrence's start and end in `zone` (the fallback when the source names none). An end
 * before the start, or an end that mixes a date-only value with a timed start, is dropped with a note.
 */
export function resolveOccurrence(start: WallTime, end: WallTime | undefined, duration: string | undefined, zone: string | undefined, options: { zoneInferred?: boolean } = {}): ResolvedOccurrence {
  let notes: string[] | undefined
  if (spansWholeDays(start, end)) {
    // "00:00 to 23:59:59" is how The Events Calendar and others write an all-day event: keep it date-only.
    start = { date: start.date, zone: start.zone }
    end = end!.date === start.date ? undefined : { date: end!.date, zone: end!.zone }
    duration = undefined
  }
  const inferred = options.zoneInferred ? INFERRED : options.zoneInferred === false ? NOT_INFERRED : UNSAID
  const s = resolveWallTime(start, zone, inferred)
  let e = end ? resolveWallTime(end, s.zone ?? zone, s.zone && s.zone !== zone ? UNSAID : inferred) : undefined
  if (e && e.allDay !== s.allDay) {
    // A timed start with a date-only end (or the reverse) on the same day says nothing more than the start.
    if (!(e.allDay && e.iso === s.iso.slice(0, 10))) (notes ??= []).push('end dropped: it mixes a date-only value with a timed one')
    e = undefined
  }
  if (e && e.ms < s.ms) {
    ;(notes ??= []).push(`end ${e.iso} dropped: it is before the start ${s.iso}`)
    e = undefined
  }
  if (!e && duration) e = endFromDuration(s, duration)
  let iso: string | undefined
  if (duration && !s.allDay) iso = durationOf(duration)?.text
  else if (e && !s.allDay && e.ms > s.ms) iso = lengthText(e.ms - s.ms)
  const out: ResolvedOccurrence = { start: s, notes: notes ?? NO_NOTES }
  if (e) out.end = e
  if (iso) out.duration = iso
  return out
}

/** A start at midnight and an end at 23:59 (or later) of the same or a later day: an all-day event. */
function spansWholeDays(start: WallTime, end: WallTime | undefined): boolean {
  return !!end && (start.time === '00:00' || start.time === '00:00:00') && !!end.time?.startsWith('23:59') && end.date >= start.date && start.offset === end.offset
}

/** The local calendar day of a resolved time (`YYYY-MM-DD`). */
export function localDay(t: ResolvedTime): string {
  return t.iso.slice(0, 10)
}

/**
 * True when the occurrence overlaps the window [start, end] of local days, both inclusive; of a window opened
 * a day early, an occurrence on that first day alone counts only when it was not over at `openedEarlyAt`.
 */
export function overlapsWindow(o: ResolvedOccurrence, window: CrawlWindow): boolean {
  const first = localDay(o.start)
  const last = o.end ? localDay(o.end) : first
  if (window.openedEarlyAt !== undefined && last === window.start && overAt(o) < window.openedEarlyAt) return false
  return first <= window.end && last >= window.start
}

/** The instant an occurrence is over: its end, else its start; a date-only one at the end of its day (as stored: db/queries/event-columns.ts). */
function overAt(o: ResolvedOccurrence): number {
  const t = o.end ?? o.start
  return t.allDay ? t.ms + 86_400_000 : t.ms
}
