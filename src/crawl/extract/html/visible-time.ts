/**
 * DESIGN §9: structured data often gives a date-only `startDate` while the page shows the time. This finds
 * the time the page writes for that event (near its title, on the same day) so that the precise value
 * wins. It only ever refines a day the structured data already states; it never moves it.
 */
import { decodeEntities } from '../../normalize/text'
import { findProseDates, type ProseWhen } from '../prose-dates'
import type { Candidate } from '../../types'
import { collapse } from './dom'

const MAX_LINES = 4000
const AFTER = 12
const BEFORE = 3

function norm(text: string): string {
  return collapse(text).toLowerCase()
}

/** Prose dates of each line, computed once per line on demand. */
class LineDates {
  private cache = new Map<number, ProseWhen[]>()
  constructor(
    readonly lines: string[],
    private readonly ref: string,
  ) {}
  at(i: number): ProseWhen[] {
    let v = this.cache.get(i)
    if (!v) {
      const line = this.lines[i]
      v = /\d/.test(line) ? findProseDates(line, this.ref) : []
      this.cache.set(i, v)
    }
    return v
  }
}

/** The time (and end time) written for `date` within lines `from..to`; a time on the line after the date counts. */
function timeNear(dates: LineDates, date: string, from: number, to: number): { time: string; endTime?: string } | undefined {
  for (let i = Math.max(0, from); i <= Math.min(dates.lines.length - 1, to); i++) {
    for (const w of dates.at(i)) {
      if (w.date !== date) continue
      if (w.time) return { time: w.time, endTime: w.endTime }
      for (let j = i + 1; j <= Math.min(i + 2, dates.lines.length - 1); j++) {
        const t = dates.at(j).find((x) => !x.date && x.time)
        if (t) return { time: t.time!, endTime: t.endTime }
      }
    }
  }
  return undefined
}

/**
 * Gives each date-only candidate the time the page shows for it, when one can be found: first near a line
 * holding its title, else anywhere on the page when the page shows exactly one time on that day.
 */
export function refineDateOnly(candidates: Candidate[], pageText: string, ref: string): number {
  const targets = candidates.filter((c) => c.start && !c.start.time && c.title).slice(0, 300)
  if (!targets.length) return 0
  const lines = pageText.split('\n').slice(0, MAX_LINES)
  const lower = lines.map(norm)
  const dates = new LineDates(lines, ref)
  let refined = 0
  for (const c of targets) {
    const date = c.start!.date
    const title = norm(decodeEntities(c.title!))
    let found: { time: string; endTime?: string } | undefined
    for (let i = 0; i < lower.length && !found; i++) {
      if (title.length >= 3 && (lower[i].includes(title) || (lower[i].length >= 8 && title.includes(lower[i])))) found = timeNear(dates, date, i - BEFORE, i + AFTER)
    }
    if (!found) {
      const times = new Map<string, { time: string; endTime?: string }>()
      for (let i = 0; i < lines.length && times.size < 2; i++) {
        const t = timeNear(dates, date, i, i)
        if (t) times.set(t.time, t)
      }
      if (times.size === 1) found = [...times.values()][0]
    }
    if (!found) continue
    c.start = { ...c.start!, time: found.time }
    if (found.endTime && (!c.end || (c.end.date === date && !c.end.time))) c.end = { ...(c.end ?? {}), date, time: found.endTime }
    else if (c.end && !c.end.time && c.end.date === date) delete c.end
    refined++
  }
  return refined
}
