/**
 * Date and time values as JSON event APIs write them: ISO 8601 (with or without `T`, offset, seconds),
 * `YYYY/MM/DD HH:mm:ss` (eSCRIBE), `M/D/YYYY h:mm:ss AM` (ASP.NET, OpenCities), `D/M/YYYY` or `D.M.YYYY`
 * where days come first, epoch seconds or milliseconds, ASP.NET `/Date(ms±hhmm)/`, RFC 822, objects
 * (`{local, timezone}`, `{dateTime, timeZone}`, `{millis, tzid}`), a clock time alone (`13:00`, `05:30 PM`)
 * and, last, prose (`Wednesday, December 17, 2025 @ 5:15 PM`).
 */
import { addDays, isCalendarDate, twoDigits } from '../../../model/dates'
import { resolveZoneName } from '../../shared/zones'
import type { WallTime } from '../../candidate-types'
import { canonicalOffset, parseIsoDateTime, parseRfc822, wallFromEpoch } from '../../shared/datetime'
import { offsetAt } from '../../shared/time'
import { asRecord, str } from '../feed-utils'
import { findProseDates } from '../prose-dates'

/** A date, a date and time, or a clock time alone (to be joined to a date from another field). */
export type DatePart = { date?: string; time?: string; offset?: string; zone?: string }

export type ValueOptions = {
  /** `3/4/2026` is 3 April (true) or 4 March (false); a first number above 12 decides by itself. */
  dayFirst: boolean
  /** Reference day for prose without a year. */
  ref: string
}

const pad = twoDigits
const CLOCK = /^(\d{1,2})(?::(\d{2}))?(?::(\d{2})(?:\.\d+)?)?\s*([ap])\.?\s*m\.?$|^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/i
const SLASHED = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T,]+(.+))?$/
const YEAR_FIRST = /^(\d{4})\/(\d{1,2})\/(\d{1,2})(?:[ T]+(.+))?$/
const ASPNET = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/

/** `5:15 PM`, `17:15`, `5 pm`, `05:30:00` → `HH:MM[:SS]`; undefined for anything else. */
export function parseClock(text: string): string | undefined {
  const m = CLOCK.exec(text.trim())
  if (!m) return undefined
  if (m[4]) {
    let h = Number(m[1])
    if (h < 1 || h > 12 || Number(m[2] ?? 0) > 59) return undefined
    if (/p/i.test(m[4]) && h !== 12) h += 12
    if (/a/i.test(m[4]) && h === 12) h = 0
    return `${pad(h)}:${m[2] ?? '00'}${m[3] ? `:${m[3]}` : ''}`
  }
  const h = Number(m[5])
  if (h > 23 || Number(m[6]) > 59) return undefined
  return `${pad(h)}:${m[6]}${m[7] ? `:${m[7]}` : ''}`
}

function fromEpoch(n: number): DatePart | undefined {
  // Seconds since 1973 up to 5138, or milliseconds: a calendar API writes nothing else as a bare number.
  const ms = n >= 1e11 ? n : n >= 1e8 ? n * 1000 : NaN
  return Number.isFinite(ms) ? wallFromEpoch(ms) : undefined
}

function withClock(date: string, rest: string | undefined): DatePart | undefined {
  if (!isCalendarDate(date)) return undefined
  if (!rest) return { date }
  const zone = /\s*(Z|[+-]\d{2}:?\d{2})$/i.exec(rest)
  const time = parseClock(zone ? rest.slice(0, zone.index) : rest)
  if (!time) return undefined
  const offset = zone ? canonicalOffset(zone[1]) : undefined
  return offset ? { date, time, offset } : { date, time }
}

function slashed(text: string, opts: ValueOptions): DatePart | undefined {
  const y = YEAR_FIRST.exec(text)
  if (y) return withClock(`${y[1]}-${pad(y[2])}-${pad(y[3])}`, y[4])
  const m = SLASHED.exec(text)
  if (!m) return undefined
  const [a, b] = [Number(m[1]), Number(m[2])]
  const dayFirst = a > 12 || (opts.dayFirst && b <= 12) || text.includes('.')
  const [day, month] = dayFirst ? [a, b] : [b, a]
  if (month > 12) return undefined
  return withClock(`${m[3]}-${pad(month)}-${pad(day)}`, m[4])
}

function fromObject(o: Record<string, unknown>, opts: ValueOptions): DatePart | undefined {
  const zoneName = str(o.timezone) ?? str(o.timeZone) ?? str(o.tzid) ?? str(o.tz) ?? str(o.time_zone)
  const zone = zoneName ? resolveZoneName(zoneName) : undefined
  const local = o.local ?? o.dateTime ?? o.datetime ?? o.date_time ?? o.iso ?? o.value ?? o.date ?? o.millis ?? o.timestamp ?? o.epoch ?? o.utc
  const part = local === undefined || typeof local === 'object' ? undefined : parseDateValue(local, opts)
  if (!part?.date || !zone) return part
  if (!part.offset || part.offset === 'Z' || local === o.millis || offsetOfZone(part, zone)) return { ...part, zone }
  return part
}

/**
 * True when a written offset is the named zone's own offset at that moment (Google Calendar's
 * `{dateTime: "…T19:00:00-05:00", timeZone: "America/New_York"}` on a Chicago calendar): the zone is kept
 * with the offset, so the event's own zone, not the organization's, judges the offset.
 */
function offsetOfZone(part: DatePart, zone: string): boolean {
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(part.offset ?? '')
  if (!m || !part.time) return false
  const minutes = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]))
  const ms = Date.parse(`${part.date}T${part.time.slice(0, 5)}:00Z`) - minutes * 60_000
  return Number.isFinite(ms) && offsetAt(ms, zone) === minutes
}

/**
 * Reads one value into a date part, or undefined when it is no date. Offsets written by the source are
 * kept (`Z` included: whether a `Z` is true is decided by `zone-rules.ts`, not here).
 */
export function parseDateValue(value: unknown, opts: ValueOptions): DatePart | undefined {
  if (typeof value === 'number') return fromEpoch(value)
  // A list of session days ("dates": ["2027-01-05", "2027-01-12"]): the record reads as its first day; the
  // reader writes one event per day (json-events/index.ts).
  if (Array.isArray(value)) return value.length && typeof value[0] !== 'object' ? parseDateValue(value[0], opts) : undefined
  const o = asRecord(value)
  if (o) return fromObject(o, opts)
  const text = str(value)
  if (!text || text.length > 200) return undefined
  if (/^\d{10}(\d{3})?$/.test(text)) return fromEpoch(Number(text))
  const asp = ASPNET.exec(text)
  if (asp) return fromEpoch(Number(asp[1]))
  const iso = parseIsoDateTime(text)
  if (iso) return iso
  const clock = parseClock(text)
  if (clock) return { time: clock }
  const numeric = slashed(text, opts) ?? parseRfc822(text)
  if (numeric) return numeric
  if (!/[a-z]{3}/i.test(text) || !/\d/.test(text)) return undefined
  const prose = findProseDates(text, opts.ref).find((w) => w.date)
  return prose?.date ? (prose.time ? { date: prose.date, time: prose.time } : { date: prose.date }) : undefined
}

/** A full wall time from a date part (undefined for a clock time alone). */
export function toWall(part: DatePart | undefined): WallTime | undefined {
  if (!part?.date) return undefined
  const wall: WallTime = { date: part.date }
  if (part.time) wall.time = part.time
  if (part.offset && part.time) wall.offset = part.offset
  if (part.zone) wall.zone = part.zone
  return wall
}

/**
 * The last day of an all-day event whose end is `end`. An end written as midnight of a later day (Trumba's
 * `"endDateTime": "2026-12-14T00:00:00"` for a fair on 12 and 13 December, a Localist instance ending at
 * `T00:00:00-05:00`) is exclusive, as in iCalendar: the event ends as that day begins.
 */
export function allDayLastDay(end: { date: string; time?: string }, startDate: string | undefined): string {
  const midnight = !!end.time && /^00:00(:00)?$/.test(end.time)
  return midnight && startDate && end.date > startDate ? addDays(end.date, -1) : end.date
}
