/**
 * Calendar platforms common at universities, cities and library systems: Localist's API
 * (`{events:[{event:{…, event_instances}}]}`, one Candidate per instance, tied by `seriesKey`) and
 * Trumba's JSON feed (an array of `{eventID, startDateTime, startTimeZoneOffset, …}`).
 */
import type { Candidate, CandidatePlace, ExtractContext, ExtractResult, WallTime } from '../candidate-types'
import { parseIsoDateTime } from '../shared/datetime'
import { asArray, asRecord, num, parseJsonDocument, put, str, truthy, type ParsedJson } from './feed-utils'
import { lookupTable } from '../../lookup-table'
import { placeFromText } from './json-events/record'
import { allDayLastDay } from './json-events/values'

type Json = Record<string, unknown>
const EXPERIENCE: Record<string, string> = lookupTable({ inperson: 'OfflineEventAttendanceMode', virtual: 'OnlineEventAttendanceMode', hybrid: 'MixedEventAttendanceMode' })

function localistPlace(e: Json): CandidatePlace | undefined {
  const geo = asRecord(e.geo)
  const p: CandidatePlace = {}
  put(p, 'name', [str(e.location_name), str(e.room_number)].filter(Boolean).join(', ') || undefined)
  put(p, 'street', str(geo?.street))
  put(p, 'city', str(geo?.city))
  put(p, 'region', str(geo?.state))
  put(p, 'postalCode', str(geo?.zip))
  put(p, 'country', str(geo?.country))
  if (!p.street) put(p, 'address', str(e.address))
  const lat = num(geo?.latitude)
  const lon = num(geo?.longitude)
  if (lat !== undefined && lon !== undefined) Object.assign(p, { latitude: lat, longitude: lon })
  put(p, 'url', str(e.venue_url))
  return Object.keys(p).length ? p : undefined
}

function names(list: unknown): string[] {
  return asArray(list)
    .map((x) => str(x) ?? str(asRecord(x)?.name))
    .filter((s): s is string => !!s)
}

function instanceTimes(instance: Json): { start?: WallTime; end?: WallTime } {
  const allDay = truthy(instance.all_day) === true
  const start = parseIsoDateTime(str(instance.start) ?? '')
  const end = parseIsoDateTime(str(instance.end) ?? '')
  if (allDay) return { start: start && { date: start.date }, end: end && { date: allDayLastDay(end, start?.date) } }
  return { start, end }
}

function localistEvent(e: Json, ctx: ExtractContext): Candidate[] {
  const base: Candidate = { source: { url: ctx.baseUrl, format: 'localist-json', method: 'localist' } }
  const id = str(e.id)
  if (id) base.source.id = `localist:${id}`
  put(base, 'title', str(e.title))
  put(base, 'description', str(e.description) ?? str(e.description_text))
  const page = str(e.localist_url) ?? str(e.url)
  put(base, 'url', page)
  if (str(e.url) && str(e.url) !== page) base.moreInfoUrl = str(e.url)
  put(base, 'place', localistPlace(e))
  put(base, 'image', str(e.photo_url))
  put(base, 'ticketUrl', str(e.ticket_url))
  put(base, 'cost', str(e.ticket_cost))
  const free = truthy(e.free)
  if (free !== undefined) base.isAccessibleForFree = free
  const filters = asRecord(e.filters)
  put(base, 'categories', [...names(filters?.event_types), ...names(e.tags), ...names(e.keywords)])
  const audience = names(filters?.event_target_audience)
  put(base, 'audience', audience.join('; ') || undefined)
  if (truthy(e.private) === true) base.openToPublic = false
  else if (audience.some((a) => /^(general )?public$/i.test(a))) base.openToPublic = true
  put(base, 'attendanceMode', EXPERIENCE[str(e.experience)?.toLowerCase() ?? ''])
  put(base, 'onlineUrl', str(e.stream_url))
  if (/^cancel+ed$/i.test(str(e.status) ?? '')) base.status = 'EventCancelled'
  const instances = asArray(e.event_instances)
    .map((x) => asRecord(asRecord(x)?.event_instance) ?? asRecord(x))
    .filter((x): x is Json => !!x)
  if (!instances.length) {
    const start = parseIsoDateTime(str(e.first_date) ?? '')
    return start ? [{ ...base, start }] : [base]
  }
  return instances.map((instance) => {
    const c: Candidate = { ...base, source: { ...base.source } }
    const { start, end } = instanceTimes(instance)
    put(c, 'start', start)
    put(c, 'end', end)
    if (instances.length > 1 && id) c.seriesKey = `localist:${id}`
    return c
  })
}

/** `extractLocalist(text, ctx)`: Localist or Trumba JSON, whichever shape the document has. */
export function extractLocalist(text: string, ctx: ExtractContext, parsed?: ParsedJson): ExtractResult {
  const warnings: string[] = []
  const data = parseJsonDocument(text, 'calendar JSON', warnings, parsed)
  if (Array.isArray(data) && data.some((x) => asRecord(x)?.eventID !== undefined)) return { format: 'trumba-json', candidates: trumbaCandidates(data, ctx), warnings }
  const root = asRecord(data)
  const list = root ? (Array.isArray(root.events) ? root.events : root.event ? [root] : undefined) : undefined
  if (data !== undefined && !list) warnings.push('calendar JSON: neither a Localist `events` list nor a Trumba event array')
  const candidates: Candidate[] = []
  for (const raw of list ?? []) {
    const e = asRecord(asRecord(raw)?.event) ?? asRecord(raw)
    if (e) candidates.push(...localistEvent(e, ctx))
  }
  const result: ExtractResult = { format: 'localist-json', candidates, warnings }
  const page = asRecord(root?.page)
  const current = num(page?.current)
  const total = num(page?.total)
  if (current !== undefined && total !== undefined && current < total) {
    try {
      const next = new URL(ctx.baseUrl)
      next.searchParams.set('page', String(current + 1))
      result.links = { calendars: [], events: [], next: next.href }
    } catch {}
  }
  return result
}

function trumbaTime(local: unknown, offset: unknown, allDay: boolean, startDate?: string): WallTime | undefined {
  const wall = parseIsoDateTime(str(local) ?? '')
  if (!wall) return undefined
  if (allDay) return { date: allDayLastDay(wall, startDate) }
  const o = str(offset)
  const m = o ? /^([+-])(\d{2}):?(\d{2})$/.exec(o) : null
  return m && !wall.offset ? { ...wall, offset: `${m[1]}${m[2]}:${m[3]}` } : wall
}

function trumbaCandidates(list: unknown[], ctx: ExtractContext): Candidate[] {
  const out: Candidate[] = []
  for (const raw of list) {
    const e = asRecord(raw)
    if (!e) continue
    const allDay = truthy(e.allDay) === true
    const c: Candidate = { source: { url: ctx.baseUrl, format: 'trumba-json', method: 'trumba' } }
    if (str(e.eventID)) c.source.id = `trumba:${str(e.eventID)}`
    put(c, 'title', str(e.title))
    put(c, 'description', str(e.description))
    put(c, 'url', str(e.permaLinkUrl) ?? str(e.eventActionUrl))
    put(c, 'start', trumbaTime(e.startDateTime, e.startTimeZoneOffset, allDay))
    put(c, 'end', trumbaTime(e.endDateTime, e.endTimeZoneOffset ?? e.startTimeZoneOffset, allDay, c.start?.date))
    const location = str(e.location)
    if (location) c.place = placeFromText(location)
    put(c, 'image', str(asRecord(e.eventImage)?.url))
    put(c, 'moreInfoUrl', str(e.webLink))
    if (truthy(e.canceled) === true || truthy(e.cancelled) === true) c.status = 'EventCancelled'
    const fields = asArray(e.customFields)
      .map(asRecord)
      .filter((f): f is Json => !!f)
    const field = (re: RegExp) => str(fields.find((f) => re.test(str(f.label) ?? ''))?.value)
    put(c, 'cost', field(/^(cost|price|fee|admission)/i))
    put(c, 'audience', field(/audience|ages?/i))
    put(c, 'ticketUrl', field(/registration|ticket|rsvp/i)?.match(/https?:\/\/\S+/)?.[0])
    const categories = [...(str(e.categoryCalendar)?.split('|') ?? []), ...(field(/event type|category/i)?.split(',') ?? [])]
    put(c, 'categories', categories.map((s) => s.trim()).filter(Boolean))
    out.push(c)
  }
  return out
}
