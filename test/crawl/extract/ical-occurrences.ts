import { expandRecurrence } from '../../../src/crawl/shared/rrule/expand'
import { resolveWallTime } from '../../../src/crawl/shared/time'
import type { Candidate, ExtractResult, WallTime } from '../../../src/crawl/candidate-types'

export type Flat = { title?: string; start: WallTime; end?: WallTime; candidate: Candidate }

/** What the normalizer will do with extractIcs' output, reduced to occurrences: series expanded, overrides applied. */
export function occurrences(result: ExtractResult, window: { start: string; end: string }, options: { overrides?: boolean } = {}): Flat[] {
  return result.candidates.flatMap((c) => {
    if (!c.recurrence) return [{ title: c.title, start: c.start!, end: c.end, candidate: c }]
    const recurrence = options.overrides === false ? { ...c.recurrence, overrides: undefined } : c.recurrence
    return expandRecurrence({ start: c.start!, end: c.end, duration: c.duration, recurrence, zone: c.start!.zone, window }).map((o) => ({
      title: o.override?.title ?? c.title,
      start: o.start,
      end: o.end,
      candidate: o.override ?? c,
    }))
  })
}

/** `2012-10-02T17:00:00Z` for an occurrence start or end. */
export function utc(w: WallTime): string {
  return new Date(resolveWallTime(w).ms).toISOString().replace('.000Z', 'Z')
}

export const byStart = (a: Flat, b: Flat) => resolveWallTime(a.start).ms - resolveWallTime(b.start).ms
