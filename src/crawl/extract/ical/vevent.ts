/**
 * One VEVENT block → a candidate in source terms plus its recurrence parts. Each property line is parsed
 * on its own by ical.js (a bad line costs that line, never the event); RRULE text is kept raw for the
 * lenient rule parser. Times keep the zone the TZID names (IANA), the fixed offset a custom VTIMEZONE gives
 * them, or the calendar's default zone when floating; DATE values stay date-only.
 */
import ICAL from 'ical.js'
import { isCalendarDate, addDays } from '../../../model/dates'
import { isoDurationSeconds } from '../../shared/calendar-math'
import { parseRrule } from '../../shared/rrule/rule'
import { resolveWallTime } from '../../shared/time'
import type { Candidate, CandidatePlace, WallTime } from '../../candidate-types'
import { type IcsBlock, propertyName, rawValue } from './content-lines'
import { customOffset, type ZoneTable } from './vtimezone'
import { splitLocation } from './location'
import { lookupTable } from '../../../lookup-table'

export type RawEvent = {
  uid?: string
  sequence: number
  recurrenceId?: WallTime
  private: boolean
  candidate: Candidate
  rrule?: string
  rdates: WallTime[]
  /** RDATE;VALUE=PERIOD: an extra occurrence with its own end. */
  periods: { start: WallTime; end: WallTime }[]
  exdates: WallTime[]
  /** Set when DTSTART is in a custom VTIMEZONE, whose rules must place every occurrence. */
  customZone?: ICAL.Timezone
  line: number
}

/** A parsed property; `raw` is the value as written, for warnings (ical.js reshapes values it cannot read). */
type Prop = { name: string; params: Record<string, unknown>; type: string; values: unknown[]; raw: string }

const STATUS: Record<string, string> = lookupTable({ CONFIRMED: 'EventScheduled', TENTATIVE: 'EventScheduled', CANCELLED: 'EventCancelled' })
const IMAGE_TYPES = /^image\//i
const IMAGE_URL = /\.(?:jpe?g|png|gif|webp|avif|svg)(?:[?#]|$)/i

function parseLine(line: string, block: IcsBlock, warnings: string[]): Prop | undefined {
  try {
    const [name, params, type, ...values] = ICAL.parse.property(line) as [string, Record<string, unknown>, string, ...unknown[]]
    return { name: name.toUpperCase(), params, type, values, raw: rawValue(line) }
  } catch (e) {
    warnings.push(`ics: VEVENT at line ${block.line}: ${propertyName(line) || 'a line'} could not be read (${(e as Error).message})`)
    return undefined
  }
}

type TimeContext = { zones: ZoneTable; warnings: string[]; block: IcsBlock; custom?: ICAL.Timezone }

/** An ical.js DATE or DATE-TIME string with its TZID → WallTime; undefined (and a warning) when not a real date. */
function wallTime(value: unknown, prop: Pick<Prop, 'params' | 'raw'>, ctx: TimeContext): WallTime | undefined {
  const params = prop.params
  const text = typeof value === 'string' ? value : ''
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(([01]\d|2[0-3]):[0-5]\d:[0-5]\d)(Z)?)?$/.exec(text)
  if (!m || !isCalendarDate(m[1])) {
    ctx.warnings.push(`ics: VEVENT at line ${ctx.block.line}: "${prop.raw.slice(0, 60)}" is not a date`)
    return undefined
  }
  const defaultZone = ctx.zones.defaultZone ? { zone: ctx.zones.defaultZone } : {}
  const [, date, time, , utc] = m
  const tzid = typeof params.tzid === 'string' && !utc ? params.tzid : undefined
  const resolved = tzid ? ctx.zones.resolve(tzid) : undefined
  if (!time) return resolved && 'zone' in resolved ? { date, zone: resolved.zone } : { date, ...defaultZone }
  if (utc) return { date, time, offset: 'Z', ...defaultZone }
  if (resolved && 'zone' in resolved) return { date, time, zone: resolved.zone }
  if (resolved && 'offset' in resolved) return { date, time, offset: resolved.offset }
  if (resolved && 'custom' in resolved) {
    ctx.custom = resolved.custom
    return { date, time, offset: customOffset(resolved.custom, date, time) }
  }
  return { date, time, ...defaultZone }
}

const firstText = (props: Prop[], name: string): string | undefined => {
  const v = props.find((p) => p.name === name)?.values[0]
  return typeof v === 'string' && v.trim() ? v.trim() : undefined
}

function organizer(props: Prop[]): Candidate['organizer'] {
  const p = props.find((x) => x.name === 'ORGANIZER')
  if (!p) return undefined
  const address = typeof p.values[0] === 'string' ? p.values[0].trim() : ''
  const cn = typeof p.params.cn === 'string' ? p.params.cn.trim().replace(/^"|"$/g, '') : ''
  const name = cn || address.replace(/^mailto:/i, '')
  if (!name) return undefined
  return { name, ...(address ? { url: /^[a-z][a-z0-9+.-]*:/i.test(address) ? address : `mailto:${address}` } : {}) }
}

function image(props: Prop[]): string | undefined {
  for (const p of props.filter((x) => x.name === 'IMAGE' || x.name === 'ATTACH')) {
    const url = typeof p.values[0] === 'string' ? p.values[0].trim() : ''
    if (!/^(https?:)?\/\//i.test(url)) continue
    const fmt = typeof p.params.fmttype === 'string' ? p.params.fmttype : ''
    if (p.name === 'IMAGE' || IMAGE_TYPES.test(fmt) || (!fmt && IMAGE_URL.test(url))) return url
  }
  return undefined
}

function place(props: Prop[], warn: (message: string) => void): { place?: CandidatePlace; onlineUrl?: string } {
  const location = firstText(props, 'LOCATION')
  const geo = props.find((p) => p.name === 'GEO')?.values[0]
  const [lat, lon] = Array.isArray(geo) ? geo.map(Number) : []
  const valid = Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && !(lat === 0 && lon === 0)
  const coords = valid ? { latitude: lat, longitude: lon } : {}
  const geoProp = props.find((p) => p.name === 'GEO')
  if (geoProp && !valid) warn(`GEO "${geoProp.raw.slice(0, 40)}" is not a latitude;longitude pair`)
  if (location && /^https?:\/\/\S+$/i.test(location)) return { onlineUrl: location, ...(coords.latitude !== undefined ? { place: coords } : {}) }
  const split = location ? splitLocation(location) : {}
  const result = { ...split, ...coords }
  return Object.keys(result).length ? { place: result } : {}
}

/** Inclusive last day of an all-day event from its exclusive DTEND or its DURATION; undefined for one day. */
/**
 * `value` without its undefined fields, in the same key order. Built as a new object rather than by deleting
 * from it: an object that loses keys is read more slowly by everything after (a calendar has many events).
 */
function statedOnly<T extends object>(value: T): T {
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) if (v !== undefined) out[key] = v
  return out as T
}

function allDayEnd(start: WallTime, end: WallTime | undefined, duration: string | undefined): WallTime | undefined {
  let last: string | undefined
  if (end && !end.time && end.date > start.date) last = addDays(end.date, -1)
  else if (!end && duration) {
    const secs = isoDurationSeconds(duration)
    if (secs && secs > 86400) last = addDays(start.date, Math.ceil(secs / 86400) - 1)
  }
  return last && last > start.date ? { ...start, date: last } : undefined
}

function times(props: Prop[], name: string, ctx: TimeContext): { single: WallTime[]; periods: { start: WallTime; end: WallTime }[] } {
  const single: WallTime[] = []
  const periods: { start: WallTime; end: WallTime }[] = []
  for (const p of props.filter((x) => x.name === name)) {
    for (const v of p.values) {
      if (Array.isArray(v)) {
        const [s, e] = v
        const start = wallTime(s, p, ctx)
        const seconds = typeof e === 'string' && /^[+-]?P/i.test(e) ? isoDurationSeconds(e) : undefined
        const end = seconds === undefined ? wallTime(e, p, ctx) : undefined
        if (start && end) periods.push({ start, end })
        else if (start && seconds !== undefined && start.time) periods.push({ start, end: shiftTime(start, seconds) })
        else if (start) single.push(start)
      } else {
        const t = wallTime(v, p, ctx)
        if (t) single.push(t)
      }
    }
  }
  return { single, periods }
}

function shiftTime(w: WallTime, seconds: number): WallTime {
  const ms = Date.parse(`${w.date}T${w.time}Z`) + seconds * 1000
  const iso = new Date(ms).toISOString()
  return { ...w, date: iso.slice(0, 10), time: iso.slice(11, 19) }
}

/** Reads a VEVENT block; undefined (with a warning) when it has no usable DTSTART. */
export function readEvent(block: IcsBlock, zones: ZoneTable, sourceUrl: string, warnings: string[]): RawEvent | undefined {
  const props: Prop[] = []
  const rrules: string[] = []
  for (const line of block.lines) {
    if (propertyName(line) === 'RRULE') rrules.push(rawValue(line).trim())
    else {
      const prop = parseLine(line, block, warnings)
      if (prop) props.push(prop)
    }
  }
  const ctx: TimeContext = { zones, warnings, block }
  const dtstart = props.find((p) => p.name === 'DTSTART')
  const start = dtstart && wallTime(dtstart.values[0], dtstart, ctx)
  if (!start) {
    warnings.push(`ics: VEVENT at line ${block.line} has no usable DTSTART and was skipped`)
    return undefined
  }
  const customZone = ctx.custom
  const dtend = props.find((p) => p.name === 'DTEND')
  let end = dtend ? wallTime(dtend.values[0], dtend, ctx) : undefined
  const durationText = firstText(props, 'DURATION')
  const duration = durationText && (isoDurationSeconds(durationText) ?? 0) > 0 ? durationText.toUpperCase() : undefined
  if (!start.time) end = allDayEnd(start, end, duration)
  else if (end && (!end.time || resolveWallTime(end, zones.defaultZone).ms <= resolveWallTime(start, zones.defaultZone).ms)) {
    warnings.push(`ics: VEVENT at line ${block.line}: DTEND not after DTSTART was ignored`)
    end = undefined
  }
  const rid = props.find((p) => p.name === 'RECURRENCE-ID')
  const recurrenceId = rid ? wallTime(rid.values[0], rid, ctx) : undefined
  const rdates = times(props, 'RDATE', ctx)
  const exdates = times(props, 'EXDATE', ctx).single
  if (rrules.length > 1) warnings.push(`ics: VEVENT at line ${block.line} has ${rrules.length} RRULEs; only the first is used`)
  const parsedRule = rrules.length ? parseRrule(rrules[0]) : undefined
  for (const problem of parsedRule?.errors ?? []) warnings.push(`ics: VEVENT at line ${block.line}: RRULE ${problem}`)
  const uid = firstText(props, 'UID')
  const status = firstText(props, 'STATUS')?.toUpperCase()
  // biome-ignore format: one chain reads best on one line
  const categories = [...new Set(props.filter((p) => p.name === 'CATEGORIES').flatMap((p) => p.values).filter((v): v is string => typeof v === 'string').map((v) => v.trim()).filter(Boolean))]
  const candidate: Candidate = statedOnly({
    source: { url: sourceUrl, format: 'ics', method: 'ics', ...(uid ? { id: uid } : {}) },
    title: firstText(props, 'SUMMARY'),
    description: firstText(props, 'DESCRIPTION'),
    url: firstText(props, 'URL'),
    start,
    ...(end ? { end } : {}),
    ...(start.time && !end && duration ? { duration } : {}),
    ...place(props, (m) => warnings.push(`ics: VEVENT at line ${block.line}: ${m}`)),
    ...(status && STATUS[status] ? { status: STATUS[status] } : {}),
    organizer: organizer(props),
    image: image(props),
    ...(categories.length ? { categories } : {}),
  })
  const cls = firstText(props, 'CLASS')?.toUpperCase()
  return {
    uid,
    sequence: Number(props.find((p) => p.name === 'SEQUENCE')?.values[0]) || 0,
    recurrenceId,
    private: cls === 'PRIVATE' || cls === 'CONFIDENTIAL',
    candidate,
    rrule: parsedRule?.rule ? rrules[0] : undefined,
    rdates: rdates.single,
    periods: rdates.periods,
    exdates,
    customZone,
    line: block.line,
  }
}
