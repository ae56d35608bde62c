import type { WallTime } from '../types'

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
  let byZone = offsets.get(zone)
  if (!byZone) offsets.set(zone, (byZone = new Map()))
  let offset = byZone.get(quarter)
  if (offset === undefined) {
    if (++memoized > 100_000) {
      offsets.clear()
      memoized = 0
      offsets.set(zone, (byZone = new Map()))
    }
    offset = computeOffset(quarter * QUARTER_HOUR, zone)
    byZone.set(quarter, offset)
  }
  return offset
}

function computeOffset(ms: number, zone: string): number {
  const parts = formatter(zone).formatToParts(new Date(ms))
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60000)
}

function wallMs(date: string, time = '00:00:00'): number {
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
  const after = offsetAt(local + 36 * 3600_000, zone)
  for (const offset of [before, after]) {
    const ms = local - offset * 60_000
    if (offsetAt(ms, zone) === offset) return { ms, offsetMinutes: offset }
  }
  // In a gap: neither offset maps back; keep the wall time's distance from the earlier offset.
  const ms = local - before * 60_000
  return { ms, offsetMinutes: offsetAt(ms, zone) }
}

/** Parses `Z`, `+05:30`, `-0800` or `-08` into minutes east of UTC; undefined when it is none of those. */
export function parseOffset(text: string): number | undefined {
  if (text === 'Z' || text === 'z') return 0
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(text)
  if (!m) return undefined
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0)
  if (minutes > 18 * 60) return undefined
  return m[1] === '-' ? -minutes : minutes
}

/** `+HH:MM` / `-HH:MM` for an offset in minutes (UTC is written +00:00, as ISO 8601 with offset). */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

/** ISO 8601 local time with offset, seconds included: `2026-06-01T10:00:00-04:00`. */
export function formatInstant(ms: number, offsetMinutes: number): string {
  return `${new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19)}${formatOffset(offsetMinutes)}`
}

/** A wall time resolved to the Event record's form. */
export type ResolvedTime = {
  /** `YYYY-MM-DD` for a date-only value, else ISO 8601 with offset (or without one when no zone is known). */
  iso: string
  /** Sort key: the instant, or local midnight for a date-only value (UTC midnight when no zone is known). */
  ms: number
  allDay: boolean
  /** The zone the offset came from, when one was used. */
  zone?: string
  /** False when neither the source nor the fallback said which zone the time is in. */
  zoned: boolean
}

/**
 * Turns a source's wall time into the record's form. Zone priority (DESIGN §6): the zone the source
 * named, then `fallbackZone` (the organization's, or tz-lookup on the venue). A fixed offset written by
 * the source is kept, except UTC (`Z`) which is shown in the event's zone when one is known. A date-only
 * value stays date-only: no time is invented.
 */
export function resolveWallTime(value: WallTime, fallbackZone?: string): ResolvedTime {
  const zone = isIanaZone(value.zone) ? value.zone : isIanaZone(fallbackZone) ? fallbackZone : undefined
  if (!value.time) {
    const ms = zone ? wallToInstant(value.date, undefined, zone).ms : wallMs(value.date)
    return { iso: value.date, ms, allDay: true, zone, zoned: !!zone }
  }
  const time = value.time.length === 5 ? `${value.time}:00` : value.time
  const fixed = value.offset === undefined ? undefined : parseOffset(value.offset)
  if (fixed !== undefined) {
    const ms = wallMs(value.date, time) - fixed * 60_000
    if (zone && /^z$/i.test(value.offset ?? '')) return { iso: formatInstant(ms, offsetAt(ms, zone)), ms, allDay: false, zone, zoned: true }
    return { iso: formatInstant(ms, fixed), ms, allDay: false, zone: isIanaZone(value.zone) ? value.zone : undefined, zoned: true }
  }
  if (!zone) return { iso: `${value.date}T${time}`, ms: wallMs(value.date, time), allDay: false, zoned: false }
  const { ms, offsetMinutes } = wallToInstant(value.date, time, zone)
  return { iso: formatInstant(ms, offsetMinutes), ms, allDay: false, zone, zoned: true }
}
