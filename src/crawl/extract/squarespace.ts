/**
 * Squarespace collections read with `?format=json` (DESIGN §6). An events collection lists `upcoming` and
 * `past` (older templates: `items`), each with `startDate`/`endDate` in epoch milliseconds; the site's
 * zone is `website.timeZone`. Items without a start (blog posts) are not events.
 */
import type { Candidate, CandidatePlace, ExtractContext, ExtractResult } from '../candidate-types'
import { absoluteUrl } from '../shared/dom'
import { wallFromEpoch } from '../shared/datetime'
import { asArray, asRecord, num, parseJsonDocument, put, str, type ParsedJson } from './feed-utils'

type Json = Record<string, unknown>
/** Squarespace's default map pin (its New York office) stands for "no location set". */
const DEFAULT_PIN = { lat: 40.7207559, lng: -74.0007613 }

function place(raw: unknown): CandidatePlace | undefined {
  const l = asRecord(raw)
  if (!l) return undefined
  const p: CandidatePlace = {}
  put(p, 'name', str(l.addressTitle))
  put(p, 'street', str(l.addressLine1))
  const line2 = str(l.addressLine2)
  if (line2) {
    // "Springfield, IL, 62701": the city is the first comma-separated part.
    const parts = line2
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    if (parts.length >= 2) {
      p.city = parts[0]
      put(p, 'region', parts[1].replace(/\s*\d[\d-]*$/, '') || undefined)
      const zip = /(\d{5}(?:-\d{4})?|[A-Z]\d[A-Z] ?\d[A-Z]\d)\s*$/.exec(line2)
      if (zip) p.postalCode = zip[1]
    } else p.address = [p.street, line2].filter(Boolean).join(', ')
  }
  put(p, 'country', str(l.addressCountry))
  const lat = num(l.markerLat) ?? num(l.mapLat)
  const lng = num(l.markerLng) ?? num(l.mapLng)
  const isDefault = lat !== undefined && lng !== undefined && Math.abs(lat - DEFAULT_PIN.lat) < 1e-4 && Math.abs(lng - DEFAULT_PIN.lng) < 1e-4
  if (lat !== undefined && lng !== undefined && !(lat === 0 && lng === 0) && !isDefault) Object.assign(p, { latitude: lat, longitude: lng })
  return Object.keys(p).length ? p : undefined
}

function candidate(item: Json, zone: string | undefined, ctx: ExtractContext): Candidate | undefined {
  const startMs = num(item.startDate)
  if (startMs === undefined) return undefined
  const c: Candidate = { source: { url: ctx.baseUrl, format: 'squarespace-json', method: 'squarespace' } }
  const id = str(item.id)
  if (id) c.source.id = `squarespace:${id}`
  put(c, 'title', str(item.title))
  put(c, 'description', str(item.body) ?? str(item.excerpt))
  put(c, 'url', absoluteUrl(str(item.fullUrl), ctx.baseUrl))
  put(c, 'start', wallFromEpoch(startMs, zone))
  const endMs = num(item.endDate)
  if (endMs !== undefined && endMs >= startMs) put(c, 'end', wallFromEpoch(endMs, zone))
  put(c, 'place', place(item.location))
  put(c, 'image', str(item.assetUrl))
  const cats = [...asArray(item.categories), ...asArray(item.tags)].map(str).filter((s): s is string => !!s)
  put(c, 'categories', cats)
  return c
}

/**
 * `extractSquarespace(text, ctx)`: events of a Squarespace collection's JSON (upcoming and past), with the
 * next page when the collection is paginated.
 */
export function extractSquarespace(text: string, ctx: ExtractContext, parsed?: ParsedJson): ExtractResult {
  const warnings: string[] = []
  const root = asRecord(parseJsonDocument(text, 'Squarespace JSON', warnings, parsed))
  const zone = str(asRecord(root?.website)?.timeZone) ?? str(asRecord(root?.collection)?.timeZone)
  const items = [...asArray(root?.upcoming), ...asArray(root?.items), ...asArray(root?.past)]
  const candidates: Candidate[] = []
  let notEvents = 0
  for (const raw of items) {
    const item = asRecord(raw)
    const c = item && candidate(item, zone, ctx)
    if (c) candidates.push(c)
    else notEvents++
  }
  if (notEvents) warnings.push(`Squarespace JSON: ${notEvents} item(s) without a start date skipped (not events)`)
  const pagination = asRecord(root?.pagination)
  const next = pagination && pagination.nextPage ? absoluteUrl(str(pagination.nextPageUrl), ctx.baseUrl) : undefined
  const result: ExtractResult = { format: 'squarespace-json', candidates, warnings }
  if (next) result.links = { calendars: [], events: [], next }
  return result
}
