import { dayText, digitsAt } from '../../model/dates'
import type { WallTime } from '../candidate-types'

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
  // `2026-06-01` at `10:30` or `10:30:00` (nearly every value) is read without splitting.
  if (date.length === 10 && date.charCodeAt(4) === 45 && date.charCodeAt(7) === 45 && (time.length === 5 || (time.length === 8 && time.charCodeAt(5) === 58)) && time.charCodeAt(2) === 58) {
    const [y, mo, d, h, mi] = [digitsAt(date, 0, 4), digitsAt(date, 5, 2), digitsAt(date, 8, 2), digitsAt(time, 0, 2), digitsAt(time, 3, 2)]
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
  let text = offsetTexts.get(minutes)
  if (text === undefined) {
    text = offsetText(minutes)
    if (offsetTexts.size >= 1_000) offsetTexts.clear()
    offsetTexts.set(minutes, text)
  }
  return text
}

const offsetTexts = new Map<number, string>()

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

/** ISO 8601 local time with offset, seconds included: `2026-06-01T10:00:00-04:00`. */
export function formatInstant(ms: number, offsetMinutes: number): string {
  const local = ms + offsetMinutes * 60_000
  // Whole milliseconds from 1970 to 9999 (every real event) are written from the day and the clock.
  if (!(local >= 0 && local <= MAX_INSTANT && Number.isInteger(local))) return `${new Date(local).toISOString().slice(0, 19)}${formatOffset(offsetMinutes)}`
  const day = Math.floor(local / 86_400_000)
  const seconds = Math.floor((local - day * 86_400_000) / 1000)
  return `${dayText(day)}T${TWO[Math.floor(seconds / 3600)]}:${TWO[Math.floor(seconds / 60) % 60]}:${TWO[seconds % 60]}${formatOffset(offsetMinutes)}`
}

/** The last millisecond written with four year digits (9999-12-31T23:59:59.999Z). */
const MAX_INSTANT = 253_402_300_799_999
const TWO = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'))

/** A wall time resolved to the Event record's form. */
export type ResolvedTime = {
  /** `YYYY-MM-DD` for a date-only value, else ISO 8601 with offset (always: UTC when no zone is known). */
  iso: string
  /** Sort key: the instant, or local midnight for a date-only value. */
  ms: number
  allDay: boolean
  /** The zone the offset came from (`Etc/UTC` when none was known). */
  zone?: string
  /** False when neither the source nor the fallback said which zone the time is in (UTC was used). */
  zoned: boolean
}

/** The zone of last resort: a time whose zone nobody states is written in UTC, and the caller warns. */
export const LAST_RESORT_ZONE = 'Etc/UTC'

/**
 * True when `offset` is one `zone` uses at another time of the year than `ms` (its standard offset in
 * summer, its daylight offset in winter): the mistake of a CMS that writes one offset all year round.
 */
function offsetOfOtherSeason(ms: number, zone: string, offset: number): boolean {
  const year = new Date(ms).getUTCFullYear()
  return offset !== offsetAt(ms, zone) && (offsetAt(Date.UTC(year, 0, 15), zone) === offset || offsetAt(Date.UTC(year, 6, 15), zone) === offset)
}

/**
 * Turns a source's wall time into the record's form, always with an offset. Zone priority (DESIGN §6):
 * the zone the source named, then `fallbackZone` (the organization's, or tz-lookup on the venue), then
 * UTC as the last resort (`zoned: false`, for the caller's warning). A fixed offset the source wrote:
 * the zone's own offset of the other season keeps the wall time with the offset in force (the source
 * wrote one offset all year: `+01:00` in Amsterdam's summer, `+00:00` in London's); other UTC (`Z`, or
 * `+00:00` where that is no offset of the zone) is shown in the event's zone; any other offset is kept
 * as written (an event elsewhere, in its own local time). The stale-offset reading needs a zone named by
 * the source or the caller (`fallbackInferred` false): a guessed zone must not move a written offset. A
 * date-only value stays date-only: no time is invented.
 */
export function resolveWallTime(value: WallTime, fallbackZone?: string, options: { fallbackInferred?: boolean } = {}): ResolvedTime {
  const known = isIanaZone(value.zone) ? value.zone : isIanaZone(fallbackZone) ? fallbackZone : undefined
  const zone = known ?? LAST_RESORT_ZONE
  if (!value.time) return { iso: value.date, ms: wallToInstant(value.date, undefined, zone).ms, allDay: true, zone, zoned: !!known }
  const time = value.time.length === 5 ? `${value.time}:00` : value.time
  const fixed = value.offset === undefined ? undefined : parseOffset(value.offset)
  if (fixed !== undefined) {
    const ms = wallMs(value.date, time) - fixed * 60_000
    if (!known) return { iso: formatInstant(ms, fixed), ms, allDay: false, zoned: true }
    const trusted = isIanaZone(value.zone) || !options.fallbackInferred
    if (trusted && !/^z$/i.test(value.offset ?? '') && offsetOfOtherSeason(ms, known, fixed)) {
      const wall = wallToInstant(value.date, time, known)
      return { iso: formatInstant(wall.ms, wall.offsetMinutes), ms: wall.ms, allDay: false, zone: known, zoned: true }
    }
    if (fixed === 0) return { iso: formatInstant(ms, offsetAt(ms, known)), ms, allDay: false, zone: known, zoned: true }
    return { iso: formatInstant(ms, fixed), ms, allDay: false, zone: isIanaZone(value.zone) ? value.zone : undefined, zoned: true }
  }
  const { ms, offsetMinutes } = wallToInstant(value.date, time, zone)
  return { iso: formatInstant(ms, offsetMinutes), ms, allDay: false, zone, zoned: !!known }
}
