/*
 * Zone arithmetic on wall-clock times (IANA zones through the runtime's ICU): shared by the crawl's
 * normalizer and the storage layer's derived columns, so neither imports the other.
 */
import { digitsAt } from './dates'

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
    formatters.set(zone, f)
  }
  return f
}

/** True when the runtime's ICU knows the IANA zone (old aliases such as Europe/Kiev included). */
export function isIanaZone(zone: string | undefined): zone is string {
  if (!zone || zone.length > 64) return false
  try {
    formatter(zone)
    return true
  } catch {
    return false
  }
}

const offsets = new Map<string, Map<number, number>>()
let memoized = 0
const QUARTER_HOUR = 900_000

/**
 * Offset of `zone` from UTC at the instant `ms`, in minutes east of Greenwich. Memoized per quarter hour
 * since 1970: every transition since then falls on a quarter-hour instant, so the value is exact, and
 * normalizing a calendar asks for the same few instants many times (ICU formatting is the cost).
 */
export function offsetAt(ms: number, zone: string): number {
  if (ms < 0) return computeOffset(ms, zone)
  const quarter = Math.floor(ms / QUARTER_HOUR)
  // A document's times are nearly all in one zone: its table is kept at hand rather than looked up each time.
  let byZone = zone === lastZone ? lastTable : offsets.get(zone)
  if (!byZone) offsets.set(zone, (byZone = new Map()))
  lastZone = zone
  lastTable = byZone
  let offset = byZone.get(quarter)
  if (offset === undefined) {
    if (++memoized > 100_000) {
      offsets.clear()
      memoized = 0
      offsets.set(zone, (byZone = new Map()))
      lastTable = byZone
    }
    offset = computeOffset(quarter * QUARTER_HOUR, zone)
    byZone.set(quarter, offset)
  }
  return offset
}

/** The zone offsetAt was last asked about, and its table (one of `offsets`'s values). */
let lastZone: string | undefined
let lastTable: Map<number, number> | undefined

function computeOffset(ms: number, zone: string): number {
  const parts = formatter(zone).formatToParts(new Date(ms))
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60000)
}

/** The UTC instant of a calendar date and wall time read as if it were UTC (no zone applied). */
export function wallMs(date: string, time = '00:00:00'): number {
  // `2026-06-01` at `10:30` or `10:30:00` (nearly every value) is read without splitting.
  if (date.length === 10 && date.charCodeAt(4) === 45 && date.charCodeAt(7) === 45 && (time.length === 5 || (time.length === 8 && time.charCodeAt(5) === 58)) && time.charCodeAt(2) === 58) {
    const y = digitsAt(date, 0, 4)
    const mo = digitsAt(date, 5, 2)
    const d = digitsAt(date, 8, 2)
    const h = digitsAt(time, 0, 2)
    const mi = digitsAt(time, 3, 2)
    const s = time.length === 8 ? digitsAt(time, 6, 2) : 0
    if (y >= 0 && mo >= 0 && d >= 0 && h >= 0 && mi >= 0 && s >= 0) return Date.UTC(y, mo - 1, d, h, mi, s)
  }
  const [y, mo, d] = date.split('-').map(Number)
  const [h, mi, s] = time.split(':').map(Number)
  return Date.UTC(y, mo - 1, d, h || 0, mi || 0, s || 0)
}

/**
 * The instant of a wall-clock time in a zone, with the offset in force then. Follows RFC 5545 §3.3.5:
 * a time inside a DST gap is moved forward by the gap; an ambiguous time in the overlap takes the first
 * (daylight) occurrence.
 */
export function wallToInstant(date: string, time: string | undefined, zone: string): { ms: number; offsetMinutes: number } {
  const local = wallMs(date, time)
  const before = offsetAt(local - 36 * 3600_000, zone)
  const ms = local - before * 60_000
  const atBefore = offsetAt(ms, zone)
  if (atBefore === before) return { ms, offsetMinutes: before }
  const after = offsetAt(local + 36 * 3600_000, zone)
  if (after !== before) {
    const later = local - after * 60_000
    if (offsetAt(later, zone) === after) return { ms: later, offsetMinutes: after }
  }
  // In a gap: neither offset maps back; keep the wall time's distance from the earlier offset.
  return { ms, offsetMinutes: atBefore }
}
