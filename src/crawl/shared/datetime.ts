import { digitsAt, isCalendarDate, twoDigits } from '../../model/dates'
import type { WallTime } from '../candidate-types'
import { lookupTable } from '../../lookup-table'

// Offsets with a one-digit hour (`-4:00`) are what EventON writes in its JSON-LD.
const ISO = /^(\d{4})-?(\d{1,2})-?(\d{1,2})(?:[Tt ]+(\d{1,2}):?(\d{2})(?::?(\d{2})(?:[.,]\d+)?)?)?\s*(Z|z|UTC|GMT|[+-]\d{2}(?::?\d{2})?|[+-]\d:\d{2})?$/
const ORDINAL = /^(\d{4})-(\d{3})$/
const pad = twoDigits

/** `+HH:MM` for the offset forms sources write (`-0800`, `-08`, `+05:30`); `Z` for UTC. */
export function canonicalOffset(text: string): string | undefined {
  if (/^(z|utc|gmt)$/i.test(text)) return 'Z'
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(text) ?? /^([+-])(\d):(\d{2})$/.exec(text)
  if (!m || Number(m[2]) > 18 || Number(m[3] ?? 0) > 59) return undefined
  return `${m[1]}${m[2].padStart(2, '0')}:${m[3] ?? '00'}`
}

/** What ISO captures: year, month, day, then hour, minute, second and offset when written. */
type IsoParts = readonly [string, string, string, string, string | undefined, string | undefined, string | undefined, string | undefined]

const isDigits = (text: string, from: number, count: number) => digitsAt(text, from, count) >= 0

/**
 * The parts of the two forms nearly every value takes, `2026-06-01` and `2026-06-01T10:30:00` with an
 * optional `Z` or `±HH:MM`, read by character code: exactly what ISO captures from them (it reads them
 * the same way), without running it (or ORDINAL, which neither can match). Anything else is undefined.
 */
function plainIso(text: string): IsoParts | undefined {
  if (text.length < 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || !isDigits(text, 0, 4) || !isDigits(text, 5, 2) || !isDigits(text, 8, 2)) return undefined
  const [y, mo, d] = [text.slice(0, 4), text.slice(5, 7), text.slice(8, 10)]
  if (text.length === 10) return [text, y, mo, d, undefined, undefined, undefined, undefined]
  if (text.length < 19 || text.charCodeAt(10) !== 84 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58 || !isDigits(text, 11, 2) || !isDigits(text, 14, 2) || !isDigits(text, 17, 2))
    return undefined
  const zone = text.length === 19 ? undefined : text.length === 20 && text.charCodeAt(19) === 90 ? 'Z' : text.length === 25 && PLAIN_OFFSET.test(text.slice(19)) ? text.slice(19) : null
  return zone === null ? undefined : [text, y, mo, d, text.slice(11, 13), text.slice(14, 16), text.slice(17, 19), zone]
}

const PLAIN_OFFSET = /^[+-]\d{2}:\d{2}$/

/** The parts ISO captures (or ORDINAL's date), for every other form. */
function isoParts(text: string): IsoParts | { ordinal: string | undefined } | undefined {
  const ordinal = ORDINAL.exec(text)
  if (ordinal) return { ordinal: ordinalToDate(Number(ordinal[1]), Number(ordinal[2])) }
  return (ISO.exec(text) as IsoParts | null) ?? undefined
}

/** `YYYY-DDD` (ISO ordinal date, as microformats allow) to `YYYY-MM-DD`. */
function ordinalToDate(year: number, day: number): string | undefined {
  if (day < 1 || day > 366) return undefined
  const d = new Date(Date.UTC(year, 0, day))
  return d.getUTCFullYear() === year ? d.toISOString().slice(0, 10) : undefined
}

/**
 * Reads the ISO 8601 forms that structured data writes in practice (`2026-06-01`, `2026-06-01T10:00`,
 * `2026-06-01 10:00:00-0400`, `20260601T100000Z`, `2013-034`) into a wall time, keeping the written
 * offset. Returns undefined for anything else, including impossible dates (2026-02-30), so that a bad
 * value is reported instead of guessed.
 */
export function parseIsoDateTime(input: string): WallTime | undefined {
  const text = input.trim()
  const m = plainIso(text) ?? isoParts(text)
  if (!m) return undefined
  if ('ordinal' in m) return m.ordinal ? { date: m.ordinal } : undefined
  let date = `${m[1]}-${pad(m[2])}-${pad(m[3])}`
  if (!isCalendarDate(date)) return undefined
  if (m[4] === undefined) return { date }
  let hour = Number(m[4])
  const minute = Number(m[5])
  const second = m[6] === undefined ? undefined : Number(m[6])
  if (minute > 59 || (second ?? 0) > 60) return undefined
  if (hour === 24 && minute === 0 && !second) {
    date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1)).toISOString().slice(0, 10)
    hour = 0
  } else if (hour > 23) return undefined
  const time = `${pad(hour)}:${pad(minute)}${second === undefined ? '' : `:${pad(Math.min(second, 59))}`}`
  const wall: WallTime = { date, time }
  if (m[7]) {
    const offset = canonicalOffset(m[7])
    if (!offset) return undefined
    wall.offset = offset
  }
  return wall
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const ZONE_ABBR: Record<string, string> = lookupTable({
  EST: '-05:00',
  EDT: '-04:00',
  CST: '-06:00',
  CDT: '-05:00',
  MST: '-07:00',
  MDT: '-06:00',
  PST: '-08:00',
  PDT: '-07:00',
  UT: 'Z',
  UTC: 'Z',
  GMT: 'Z',
  Z: 'Z',
  BST: '+01:00',
  CET: '+01:00',
  CEST: '+02:00',
})

/**
 * RFC 822/2822 dates as RSS writes them (`Sat, 07 Jun 2026 10:00:00 -0400`, `7 Jun 2026 10:00 EST`).
 * Zone abbreviations are mapped only for the few that RFC 822 and common feeds use.
 */
export function parseRfc822(input: string): WallTime | undefined {
  const m = /^(?:[a-z]{3,9},?\s+)?(\d{1,2})\s+([a-z]{3,9})\.?\s+(\d{2,4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*([+-]\d{4}|[a-z]{1,5})?\s*$/i.exec(input.trim())
  if (!m) return undefined
  const month = MONTHS.indexOf(m[2].slice(0, 3).toLowerCase())
  if (month < 0) return undefined
  const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3])
  const date = `${year}-${pad(month + 1)}-${pad(m[1])}`
  if (!isCalendarDate(date)) return undefined
  if (m[4] === undefined) return { date }
  if (Number(m[4]) > 23 || Number(m[5]) > 59) return undefined
  const wall: WallTime = { date, time: `${pad(m[4])}:${m[5]}${m[6] ? `:${m[6]}` : ''}` }
  const zone = m[7]
  if (zone) {
    const offset = /^[+-]/.test(zone) ? canonicalOffset(zone) : ZONE_ABBR[zone.toUpperCase()]
    if (offset) wall.offset = offset
  }
  return wall
}

/** A wall time from epoch milliseconds, written in UTC with a `Z` offset and the zone to show it in. */
export function wallFromEpoch(ms: number, zone?: string): WallTime | undefined {
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return undefined
  const iso = new Date(ms).toISOString()
  const wall: WallTime = { date: iso.slice(0, 10), time: iso.slice(11, 19), offset: 'Z' }
  if (zone) wall.zone = zone
  return wall
}

/**
 * Normalizes an ISO 8601 duration (`PT1H30M`, `P1D`, `PT90M`) to its canonical form, or undefined when it
 * is not one. Also returns its length in milliseconds (days count as 24 hours; months/years refused).
 */
export function parseIsoDuration(input: string): { text: string; ms: number } | undefined {
  const m = /^P(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(input.trim())
  if (!m || (m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5]) === undefined) return undefined
  const [w, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5]].map((v) => Number(v ?? 0))
  const ms = ((((w * 7 + d) * 24 + h) * 60 + mi) * 60 + s) * 1000
  if (!Number.isFinite(ms) || ms <= 0 || ms > 366 * 86_400_000) return undefined
  return { text: formatDuration(ms), ms }
}

/** Canonical ISO 8601 duration for a positive length: `P1DT2H`, `PT1H30M`, `PT45S`. */
export function formatDuration(ms: number): string {
  let seconds = Math.round(ms / 1000)
  const days = Math.floor(seconds / 86400)
  seconds -= days * 86400
  const hours = Math.floor(seconds / 3600)
  seconds -= hours * 3600
  const minutes = Math.floor(seconds / 60)
  seconds -= minutes * 60
  const time = `${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds ? `${seconds}S` : ''}`
  return `P${days ? `${days}D` : ''}${time ? `T${time}` : ''}` || 'PT0S'
}
