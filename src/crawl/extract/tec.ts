/**
 * The Events Calendar (WordPress) REST API, `/wp-json/tribe/events/v1/events`. DESIGN §9: `start_date` has
 * no offset, so the zone comes from `timezone` (an IANA name) or, for sites set to a fixed "UTC+2", from
 * the difference between `start_date` and `utc_start_date`. Every occurrence of a recurring series is
 * its own event: occurrences are tied together by `seriesKey` so the normalizer can describe the series.
 */
import { isIanaZone } from '../shared/time'
import type { Candidate, CandidateOffer, CandidatePlace, ExtractContext, ExtractResult, WallTime } from '../candidate-types'
import { formatOffset } from '../shared/time'
import { parseIsoDateTime } from '../shared/datetime'
import { asArray, asRecord, num, parseJsonDocument, put, str, truthy, type ParsedJson } from './feed-utils'

type Json = Record<string, unknown>
const TICKETING =
  /(eventbrite|ticketmaster|ticketleap|brownpapertickets|universe\.com|etix|showclix|ticketweb|axs\.com|seetickets|tickettailor|humanitix|simpletix|ticketspice|eventzilla|tix\.com|zeffy|givebutter|jotform|signupgenius)/i

function localAndOffset(local: string | undefined, utc: string | undefined, zone: string | undefined, allDay: boolean): WallTime | undefined {
  const wall = local ? parseIsoDateTime(local) : undefined
  if (!wall) return undefined
  if (allDay) return { date: wall.date }
  if (isIanaZone(zone)) return { ...wall, zone }
  const u = utc ? parseIsoDateTime(utc) : undefined
  if (u?.time && wall.time) {
    const minutes = Math.round((Date.parse(`${wall.date}T${wall.time}Z`) - Date.parse(`${u.date}T${u.time}Z`)) / 60000)
    if (Number.isFinite(minutes) && Math.abs(minutes) <= 14 * 60) return { ...wall, offset: formatOffset(minutes) }
  }
  return wall
}

function venue(raw: unknown): CandidatePlace | undefined {
  const v = asRecord(raw)
  if (!v) return undefined
  const p: CandidatePlace = {}
  put(p, 'name', str(v.venue))
  put(p, 'street', str(v.address))
  put(p, 'city', str(v.city))
  put(p, 'region', str(v.state) ?? str(v.province) ?? str(v.stateprovince))
  put(p, 'postalCode', str(v.zip))
  put(p, 'country', str(v.country))
  const lat = num(v.geo_lat)
  const lon = num(v.geo_lng)
  if (lat !== undefined && lon !== undefined && !(lat === 0 && lon === 0)) Object.assign(p, { latitude: lat, longitude: lon })
  put(p, 'url', str(v.website) ?? str(v.url))
  return Object.keys(p).length ? p : undefined
}

function offers(e: Json, url: string | undefined): CandidateOffer[] {
  const details = asRecord(e.cost_details)
  const currency = str(details?.currency_code)
  const values = [
    ...new Set(
      asArray(details?.values)
        .map(num)
        .filter((n): n is number => n !== undefined),
    ),
  ].sort((a, b) => a - b)
  return values.map((price) => {
    const o: CandidateOffer = { price }
    put(o, 'priceCurrency', currency)
    put(o, 'url', url)
    return o
  })
}

/** Occurrence URLs of a recurring event end with their date (`/event/storytime/2026-06-03/`). */
function seriesFromUrl(url: string | undefined): string | undefined {
  if (!url) return undefined
  const m = /^(.*?\/)\d{4}-\d{2}-\d{2}\/?(?:[?#].*)?$/.exec(url)
  return m ? m[1] : undefined
}

function candidate(e: Json, ctx: ExtractContext): Candidate | undefined {
  const allDay = truthy(e.all_day) === true
  const zone = str(e.timezone)
  const start = localAndOffset(str(e.start_date), str(e.utc_start_date), zone, allDay)
  const c: Candidate = { source: { url: ctx.baseUrl, format: 'tec-json', method: 'tec' } }
  const id = str(e.global_id) ?? (str(e.id) ? `tec:${str(e.id)}` : undefined)
  if (id) c.source.id = id
  put(c, 'title', str(e.title))
  put(c, 'description', str(e.description) ?? str(e.excerpt))
  put(c, 'url', str(e.url))
  put(c, 'start', start)
  put(c, 'end', localAndOffset(str(e.end_date), str(e.utc_end_date), zone, allDay))
  put(c, 'place', venue(e.venue))
  const organizer = asRecord(asArray(e.organizer)[0])
  const organizerName = str(organizer?.organizer)
  if (organizerName) c.organizer = { name: organizerName, ...((str(organizer?.website) ?? str(organizer?.url)) ? { url: str(organizer?.website) ?? str(organizer?.url) } : {}) }
  const website = str(e.website)
  put(c, 'moreInfoUrl', website)
  if (website && TICKETING.test(website)) c.ticketUrl = website
  put(c, 'cost', str(e.cost))
  put(c, 'offers', offers(e, website && TICKETING.test(website) ? website : undefined))
  const image = asRecord(e.image)
  put(c, 'image', str(image?.url))
  const names = (list: unknown) =>
    asArray(list)
      .map((x) => str(asRecord(x)?.name))
      .filter((n): n is string => !!n)
  put(c, 'categories', [...names(e.categories), ...names(e.tags)])
  put(c, 'status', str(e.event_status))
  put(c, 'seriesKey', seriesFromUrl(str(e.url)))
  return c
}

/**
 * `extractTec(text, ctx)`: the events of one page of The Events Calendar's REST answer, plus the next page
 * (`next_rest_url`). Invalid JSON or an unexpected shape is a warning, never a throw.
 */
export function extractTec(text: string, ctx: ExtractContext, parsed?: ParsedJson): ExtractResult {
  const warnings: string[] = []
  const data = parseJsonDocument(text, 'The Events Calendar JSON', warnings, parsed)
  const root = asRecord(data)
  const list = Array.isArray(data) ? data : root && Array.isArray(root.events) ? root.events : root && root.start_date ? [root] : undefined
  if (data !== undefined && !list) warnings.push('The Events Calendar JSON: no `events` array')
  const candidates: Candidate[] = []
  let skipped = 0
  for (const raw of list ?? []) {
    const e = asRecord(raw)
    const c = e && candidate(e, ctx)
    if (c) candidates.push(c)
    else skipped++
  }
  if (skipped) warnings.push(`The Events Calendar JSON: ${skipped} entr${skipped === 1 ? 'y is' : 'ies are'} not event objects`)
  const next = str(root?.next_rest_url)
  const result: ExtractResult = { format: 'tec-json', candidates, warnings }
  if (next) result.links = { calendars: [], events: [], next }
  return result
}
