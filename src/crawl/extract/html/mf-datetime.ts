/**
 * Microformats date-time values: the value-class pattern's separate date, time and zone parts joined into
 * one value, written as ISO 8601 (`2009-06-26T19:00:00-08:00`, `2009-06-26`), so that what the page
 * says in `07:00p.m.` or `2013-034` reaches the mapper in the form every other extractor gives.
 */
import { canonicalOffset, parseIsoDateTime } from '../../shared/datetime'
import type { WallTime } from '../../candidate-types'

const DATE = /^(\d{4}-\d{2}-\d{2}|\d{4}-\d{3})$/
const TIME = /^(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?\s*([ap])?\.?\s*(m\.?)?\s*(z|[+-]\d{2}(?::?\d{2})?)?$/i
const ZONE = /^(z|[+-]\d{2}(?::?\d{2})?)$/i

/** ISO text of a wall time: date-only, or `THH:MM:SS` with the offset when known. */
export function wallToIso(w: WallTime): string {
  if (!w.time) return w.date
  const time = w.time.length === 5 ? `${w.time}:00` : w.time
  return `${w.date}T${time}${w.offset ?? ''}`
}

/** `7pm`, `07:00:00pm`, `19:00-08:00`, `7:00 a.m.` → `{ time: 'HH:MM:SS', offset? }`. */
export function parseClock(text: string): { time: string; offset?: string } | undefined {
  const m = TIME.exec(text.trim())
  if (!m) return undefined
  let hour = Number(m[1])
  const minute = Number(m[2] ?? 0)
  const second = Number(m[3] ?? 0)
  if (m[4] && !m[5] && !/^[ap]$/i.test(m[4])) return undefined
  if (m[4]) {
    if (hour < 1 || hour > 12) return undefined
    hour = (hour % 12) + (m[4].toLowerCase() === 'p' ? 12 : 0)
  } else if (m[2] === undefined) return undefined
  if (hour > 23 || minute > 59 || second > 59) return undefined
  const pad = (n: number) => String(n).padStart(2, '0')
  const result: { time: string; offset?: string } = { time: `${pad(hour)}:${pad(minute)}:${pad(second)}` }
  if (m[6]) {
    const offset = canonicalOffset(m[6].toUpperCase() === 'Z' ? 'Z' : m[6])
    if (offset) result.offset = offset
  }
  return result
}

/**
 * Joins the parts of a value-class date-time (each a date, a time, a zone or a full date-time) into ISO
 * text; undefined when no part is a date or time.
 */
export function assembleDateTime(parts: string[]): string | undefined {
  let date: string | undefined
  let time: string | undefined
  let offset: string | undefined
  for (const raw of parts) {
    const part = raw.trim()
    if (!part) continue
    if (!date && DATE.test(part)) {
      date = parseIsoDateTime(part)?.date
      continue
    }
    const full = parseIsoDateTime(part)
    if (full?.time && !date && !time) {
      date = full.date
      time = full.time.length === 5 ? `${full.time}:00` : full.time
      offset ??= full.offset
      continue
    }
    if (!time) {
      const clock = parseClock(part)
      if (clock) {
        time = clock.time
        offset ??= clock.offset
        continue
      }
    }
    if (!offset && ZONE.test(part)) offset = canonicalOffset(part.toUpperCase() === 'Z' ? 'Z' : part)
  }
  if (!date && !time) return undefined
  if (!date) return `${time}${offset ?? ''}`
  return time ? `${date}T${time}${offset ?? ''}` : date
}

/** A whole dt-* value as written (`2009-06-26 19:00:00-08:00`, `2013-034`) to ISO text, else the text itself. */
export function normalizeDateTimeText(text: string): string {
  const trimmed = text.trim()
  const wall = parseIsoDateTime(trimmed)
  if (wall) return wallToIso(wall)
  return assembleDateTime([trimmed]) ?? trimmed
}
