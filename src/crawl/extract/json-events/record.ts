/**
 * One JSON record → one Candidate, by key names (keys.ts): title, start and end (a date field joined to a
 * separate clock-time field when the date carries none, or only a placeholder midnight), place, link,
 * description, status, online flag. Placeholder rows ("No Meetings"), drafts and templates are refused.
 */
import { offsetAt } from '../../shared/time'
import { resolveZoneName } from '../../shared/zones'
import { asLocal, isFalseUtc } from '../../platforms/zone-rules'
import type { Candidate, CandidatePlace, ExtractContext, WallTime } from '../../candidate-types'
import { asArray, asRecord, put, str, truthy } from '../feed-utils'
import { coordinatesOf } from './coordinates'
import * as K from './keys'
import { allDayLastDay, parseClock, parseDateValue, toWall, type DatePart, type ValueOptions } from './values'

type Json = Record<string, unknown>

export type RecordOptions = ValueOptions & { platform?: string; zone?: string }

/** Titles of rows that stand for no event. */
const PLACEHOLDER =
  /^\s*(no (meetings?|events?|sessions?)( (are |is )?(scheduled|planned|this (week|month)))?|nothing (is )?scheduled|(test )?template\b.*|.*\btemplate to copy\b.*|placeholder|tbd|tba)\s*[.!]?\s*$/i
const DRAFT = /^(draft|unpublished|private|deleted|trash|pending|hidden)$/i
const CANCELLED = /cancel+ed|canceled/i
/** A location that only says the event is online. */
const ONLINE_PLACE = /^(?:online|virtual|zoom|webinar|online (?:event|only|program)|virtual (?:event|program))$/i
/** A status name or short note that says the meeting itself is off ("Cancelled", "Meeting cancelled"). */
const CANCEL_NOTE = /^\W*(?:(?:this\s+)?(?:meeting|event|session)\s+(?:(?:has\s+been|is|was)\s+)?)?cancel+ed\b(?!\s+(?:meetings?|events?|sessions?)\b)/i

/** True when the record has something that reads as a title and something that reads as a start. */
export function looksLikeEvent(record: Json): boolean {
  const index = K.keyIndex(record)
  if (!K.firstText(record, index, K.TITLE_KEYS)) return false
  return K.valuesOf(record, index, K.START_KEYS).some(({ value }) => !!parseDateValue(value, { dayFirst: false, ref: '2000-01-01' })?.date)
}

function parts(record: Json, index: ReadonlyMap<string, string>, names: string[], opts: ValueOptions): DatePart[] {
  return K.valuesOf(record, index, names)
    .map(({ value }) => parseDateValue(value, opts))
    .filter((p): p is DatePart => !!p)
}

/** A date with a time beats a date alone; the list's order breaks ties. */
function best(list: DatePart[]): DatePart | undefined {
  return list.find((p) => p.date && p.time) ?? list.find((p) => p.date)
}

/** Joins a separate clock time to a date that has none, or only a local midnight standing for "no time". */
function joinClock(p: DatePart | undefined, clock: string | undefined): DatePart | undefined {
  if (!p?.date) return p
  const placeholder = p.time && /^00:00(:00)?$/.test(p.time) && !p.offset
  if (clock && (!p.time || placeholder)) return { ...p, time: clock }
  if (placeholder && !clock) return { date: p.date, ...(p.zone ? { zone: p.zone } : {}) }
  return p
}

const SPAN = /^\s*(\d{1,2}(?::\d{2})?)\s*([ap]\.?\s*m\.?)?\s*(?:[-–—]|to)\s*(\d{1,2}(?::\d{2})?\s*(?:[ap]\.?\s*m\.?)?)\s*$/i

/**
 * A time field holding a span ('5:00 PM - 7:00 PM', '9 AM - 12 PM', '9-11am'), as sites that write their
 * events by hand do: its start and end clocks. A start without its own am/pm takes the end's.
 */
function clockSpan(record: Json, index: ReadonlyMap<string, string>): { start: string; end: string } | undefined {
  for (const { value } of K.valuesOf(record, index, K.START_TIME_KEYS)) {
    const m = SPAN.exec(str(value) ?? '')
    if (!m) continue
    const end = parseClock(m[3])
    const meridiem = m[2] ?? /[ap]\.?\s*m\.?$/i.exec(m[3])?.[0]
    const start = parseClock(meridiem ? `${m[1]} ${meridiem}` : m[1])
    if (start && end) return { start, end }
  }
  return undefined
}

function times(record: Json, index: ReadonlyMap<string, string>, opts: RecordOptions): { start?: WallTime; end?: WallTime } {
  const clockOf = (names: string[]) => parts(record, index, names, opts).find((p) => !p.date && p.time)?.time
  const span = clockSpan(record, index)
  let start = joinClock(best(parts(record, index, K.START_KEYS, opts)), clockOf(K.START_TIME_KEYS) ?? span?.start)
  const endParts = parts(record, index, K.END_KEYS, opts)
  let end = best(endParts)
  const written = end
  const endClock = clockOf(K.END_TIME_KEYS) ?? span?.end
  if (!end && endClock && start?.date) end = { date: start.date, time: endClock, ...(start.zone ? { zone: start.zone } : {}) }
  else end = joinClock(end, endClock)
  const zoneName = K.firstText(record, index, K.ZONE_KEYS)
  const zone = zoneName ? resolveZoneName(zoneName) : undefined
  if (zone) {
    if (start && !start.zone && (!start.offset || start.offset === 'Z')) start = { ...start, zone }
    if (end && !end.zone && (!end.offset || end.offset === 'Z')) end = { ...end, zone }
  }
  const allDay = K.valuesOf(record, index, K.ALL_DAY_KEYS).some(({ value }) => truthy(value) === true)
  let s = toWall(start)
  let e = toWall(end)
  if (allDay) return dayRange(s && { date: localDay(s) }, e && { date: written?.time && written.offset !== 'Z' ? allDayLastDay({ date: localDay(e), time: written.time }, s?.date) : localDay(e) })
  const visible = K.valuesOf(record, index, K.VISIBLE_TIME_KEYS)
    .map(({ value }) => str(value))
    .filter((t): t is string => !!t)
  const ctx = { platform: opts.platform, visible, zone: opts.zone }
  if (isFalseUtc(s, ctx)) {
    // The record's end follows the same convention as its start.
    s = asLocal(s!)
    if (e?.offset && /^(Z|[+-]00:00)$/.test(e.offset)) e = asLocal(e)
  }
  return dayRange(s, e)
}

/** The calendar day of a wall time where it happens (an all-day instant written in UTC falls on its local day). */
function localDay(w: WallTime): string {
  if (!w.time || w.offset !== 'Z' || !w.zone) return w.date
  const ms = Date.parse(`${w.date}T${w.time.length === 5 ? `${w.time}:00` : w.time}Z`)
  return new Date(ms + offsetAt(ms, w.zone) * 60_000).toISOString().slice(0, 10)
}

/** A one-day event written with an end on the same day as its date-only start has no end to state. */
function dayRange(start: WallTime | undefined, end: WallTime | undefined): { start?: WallTime; end?: WallTime } {
  if (start && end && !start.time && !end.time && end.date <= start.date) return { start }
  return { start, end }
}

/** `location_address`, `venue_city`: a place object's keys prefixed with the object's own kind, unprefixed. */
function unprefixed(o: Json): Json {
  let out: Json | undefined
  for (const [k, v] of Object.entries(o)) {
    const m = /^(?:location|venue|place)[_-]?([a-z].{2,})$/i.exec(k)
    if (m && !(m[1] in o)) (out ??= { ...o })[m[1]] = v
  }
  return out ?? o
}

function addressFrom(record: Json): Partial<CandidatePlace> {
  const o = unprefixed(record)
  const index = K.keyIndex(o)
  const get = (...names: string[]) => K.firstText(o, index, names)
  const p: CandidatePlace = {}
  const nested = asRecord(o.address)
  if (nested) Object.assign(p, addressFrom(nested))
  const street = [get('address1', 'street', 'streetaddress', 'line1', 'addressline1', 'address'), get('address2', 'line2', 'addressline2')].filter(Boolean).join(', ')
  put(p, 'street', street || undefined)
  put(p, 'city', get('city', 'locality', 'town', 'addresslocality'))
  put(p, 'region', get('state', 'region', 'province', 'stateprovince', 'addressregion'))
  put(p, 'postalCode', get('zip', 'zipcode', 'postalcode', 'postcode', 'zip5'))
  put(p, 'country', get('country', 'countrycode', 'addresscountry'))
  const at = coordinatesOf(o)
  if (at) Object.assign(p, at)
  return p
}

/** A place string: "Name<br/>Street, City" or "Name\nStreet" splits into a name and an address. */
export function placeFromText(text: string): CandidatePlace {
  const lines = text
    .split(/<br\s*\/?>|\r?\n/i)
    .map((l) =>
      l
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean)
  if (lines.length > 1) return { name: lines[0], address: lines.slice(1).join(', ') }
  const line = lines[0] ?? text
  if (/^\d+\s+\S/.test(line)) return { address: line }
  // "Main Library, 100 Main St, Springfield": the name ends where the street number begins.
  const commas = line.split(/\s*,\s*/)
  const street = commas.findIndex((part, i) => i > 0 && /^\d+[a-z]?\s+\S/i.test(part))
  return street > 0 ? { name: commas.slice(0, street).join(', '), address: commas.slice(street).join(', ') } : { name: line }
}

function place(record: Json, index: ReadonlyMap<string, string>): CandidatePlace | undefined {
  const p: CandidatePlace = {}
  for (const { key, value } of K.valuesOf(record, index, K.LOCATION_KEYS)) {
    const v = Array.isArray(value) ? value[0] : value
    const o = asRecord(v)
    if (o) {
      const name = K.firstText(o, K.keyIndex(o), ['name', 'title', 'venue', 'locationname', 'venuename', 'building', 'label', 'displayname'])
      if (name && !p.name) p.name = name
      for (const [k, val] of Object.entries(addressFrom(o))) if (p[k as keyof CandidatePlace] === undefined) (p as Record<string, unknown>)[k] = val
      continue
    }
    const text = str(v)
    if (!text) continue
    const fromText = placeFromText(text)
    if (key === 'address' || (fromText.address && !fromText.name)) p.address ??= [fromText.name, fromText.address].filter(Boolean).join(', ')
    else {
      p.name ??= fromText.name
      if (fromText.address) p.address ??= fromText.address
    }
  }
  // Street and town written on the event itself ({"title": …, "street": "210 W. Second St.", "city": …}).
  if (p.address === undefined && p.street === undefined && K.firstText(record, index, ['street', 'streetaddress', 'address1'])) {
    for (const [k, val] of Object.entries(addressFrom(record))) if (p[k as keyof CandidatePlace] === undefined) (p as Record<string, unknown>)[k] = val
  }
  // Coordinates written on the event itself ({"location": "Main Hall", "lat": …, "lng": …}).
  const at = p.latitude === undefined ? coordinatesOf(record) : undefined
  if (at) Object.assign(p, at)
  return Object.keys(p).length ? p : undefined
}

/** False for drafts, unpublished rows and placeholders; the caller counts them. */
export function isPublishedEvent(record: Json, title: string | undefined, index = K.keyIndex(record)): boolean {
  if (!title || PLACEHOLDER.test(title)) return false
  for (const { value } of K.valuesOf(record, index, K.STATUS_KEYS)) if (DRAFT.test(str(value) ?? '')) return false
  for (const { value } of K.valuesOf(record, index, K.PUBLISHED_KEYS)) {
    if (truthy(value) === false || /^(draft|unpublished)$/i.test(str(value) ?? '')) return false
  }
  return true
}

function cancelNote(record: Json, index: ReadonlyMap<string, string>): boolean {
  return K.valuesOf(record, index, K.CANCEL_NOTE_KEYS).some(({ value }) => {
    const text = str(value)?.replace(/<[^>]*>/g, ' ')
    return !!text && text.length <= 120 && CANCEL_NOTE.test(text)
  })
}

function names(value: unknown): string[] {
  return asArray(value)
    .flatMap((x) => (typeof x === 'string' ? x.split(/\s*[|;]\s*/) : [K.textValue(x)]))
    .filter((s): s is string => !!s && s.length <= 80)
}

/** The candidate a record stands for, or undefined when it is no published event with a start. */
export function recordCandidate(record: Json, ctx: ExtractContext, opts: RecordOptions): Candidate | undefined {
  const index = K.keyIndex(record)
  const titleKey = K.TITLE_KEYS.find((k) => index.has(k) && K.textValue(record[index.get(k)!]))
  const title = K.firstText(record, index, K.TITLE_KEYS)
  if (!isPublishedEvent(record, title, index)) return undefined
  const { start, end } = times(record, index, opts)
  if (!start) return undefined
  const c: Candidate = { source: { url: ctx.baseUrl, format: 'json-events', method: opts.platform ?? 'json' }, title, start }
  const id = K.firstText(record, index, K.ID_KEYS)
  if (id) c.source.id = `${opts.platform ?? 'json'}:${id}`
  put(c, 'end', end)
  put(c, 'description', K.firstText(record, index, K.DESCRIPTION_KEYS, titleKey))
  put(
    c,
    'url',
    K.valuesOf(record, index, K.URL_KEYS)
      .map(({ value }) => K.textValue(value) ?? str(asRecord(value)?.href) ?? str(asRecord(value)?.public))
      .find((u) => !!u && !/^(mailto|javascript):/i.test(u)),
  )
  const where = place(record, index)
  // "Online" in the location field (LibCal, Communico) names no place: the event is online.
  if (where?.name && ONLINE_PLACE.test(where.name) && !where.address && !where.street) c.attendanceMode = 'OnlineEventAttendanceMode'
  else put(c, 'place', where)
  const status = K.firstText(record, index, K.STATUS_KEYS)
  if ((status && CANCELLED.test(status)) || K.valuesOf(record, index, K.CANCELLED_KEYS).some(({ value }) => truthy(value) === true) || cancelNote(record, index)) c.status = 'EventCancelled'
  else if (status && /postponed/i.test(status)) c.status = 'EventPostponed'
  if (K.valuesOf(record, index, K.ONLINE_KEYS).some(({ value }) => truthy(value) === true)) c.attendanceMode = 'OnlineEventAttendanceMode'
  put(c, 'onlineUrl', K.firstText(record, index, K.ONLINE_URL_KEYS))
  const image = K.valuesOf(record, index, K.IMAGE_KEYS)
    .map(({ value }) => str(value) ?? str(asRecord(value)?.url) ?? str(asRecord(asRecord(value)?.original)?.url))
    .find(Boolean)
  put(c, 'image', image)
  put(c, 'categories', [...new Set(K.valuesOf(record, index, K.CATEGORY_KEYS).flatMap(({ value }) => names(value)))])
  put(c, 'cost', K.firstText(record, index, K.COST_KEYS))
  return c
}
