import { dayText, digitsAt } from '../../model/dates'
import type { WallTime } from '../candidate-types'
import { isIanaZone, offsetAt, wallMs, wallToInstant } from '../../model/zone-time'

/** Zone arithmetic lives in model/ (the storage layer derives its columns with it too); re-exported for the crawl. */
export { isIanaZone, offsetAt, wallToInstant } from '../../model/zone-time'

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
