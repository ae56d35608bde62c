import { invalidRequest } from './errors'
import { countryFromName } from '../geo/countries'
import { placesNamed, zoneAt } from '../geo/gazetteer'
import { resolvePlace } from '../geo/place'
import { regionsOf } from '../geo/regions'
import { addDays } from '../model/dates'

/** A place a search named (`near` or `city`), as the gazetteer resolved it: what `filters` reports. */
export type SearchPlace = {
  name: string
  region: string | null
  country: string
  latitude: number
  longitude: number
  timeZone: string | null
  /** How many other places the name (within its region or country, when given) could have meant. */
  alternatives: number
}

/**
 * A place name as a person writes it ("Shoreline, WA", "Paris, TX", "Stuttgart") → the gazetteer's
 * place, offline (no address ever leaves the service): within the region or country written after the
 * comma, else the most populous of that name. Undefined when the gazetteer knows no such city.
 */
export function placeOf(text: string): SearchPlace | undefined {
  const found = resolvePlace(text)
  if (!found || found.precision !== 'city' || found.latitude === undefined || found.longitude === undefined) return undefined
  const [name, ...rest] = text.split(',').map((s) => s.trim())
  const qualifier = rest.join(', ')
  const same = placesNamed(name).filter(
    (p) => !qualifier || p.country === countryFromName(qualifier) || p.country === qualifier.toUpperCase() || regionsOf(qualifier).some((r) => r.country === p.country && r.code === p.region),
  )
  return {
    name: found.name,
    region: found.region ?? null,
    country: found.country,
    latitude: found.latitude,
    longitude: found.longitude,
    timeZone: found.zone ?? zoneAt(found.latitude, found.longitude) ?? null,
    alternatives: Math.max(0, same.length - 1),
  }
}

const LAT_LON = /^\s*([+-]?\d{1,3}(?:\.\d+)?)\s*,\s*([+-]?\d{1,3}(?:\.\d+)?)\s*$/

/** `near`: "47.75,-122.34" or a place name; a 400 naming `near` for anything else. */
export function nearPoint(text: string): { latitude: number; longitude: number; place?: SearchPlace; timeZone: string | null } {
  const m = LAT_LON.exec(text)
  if (m) {
    const latitude = Number(m[1])
    const longitude = Number(m[2])
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) throw invalidRequest(`near: ${text} is not a latitude,longitude on Earth (latitude -90 to 90, longitude -180 to 180)`)
    return { latitude, longitude, timeZone: zoneAt(latitude, longitude) ?? null }
  }
  const place = placeOf(text)
  if (!place) throw invalidRequest(`near: "${text.slice(0, 100)}" is neither latitude,longitude nor a known city (e.g. "Shoreline, WA")`)
  return { latitude: place.latitude, longitude: place.longitude, place, timeZone: place.timeZone }
}

export const WHEN = ['today', 'tomorrow', 'this-weekend', 'next-weekend'] as const
export type When = (typeof WHEN)[number]

/** The calendar day at `nowMs` in `zone` (YYYY-MM-DD). */
function localToday(nowMs: number, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(nowMs)
}

/**
 * The local days `when` names in `zone` at `nowMs`: today, tomorrow, or a weekend (Saturday and Sunday;
 * on a Sunday "this weekend" is today alone, and "next weekend" is always the one after it).
 */
export function whenDays(when: When, nowMs: number, zone: string): { startDate: string; endDate: string } {
  const today = localToday(nowMs, zone)
  if (when === 'today') return { startDate: today, endDate: today }
  if (when === 'tomorrow') return { startDate: addDays(today, 1), endDate: addDays(today, 1) }
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay()
  const saturday = weekday === 0 ? addDays(today, -1) : addDays(today, 6 - weekday)
  const start = when === 'this-weekend' ? saturday : addDays(saturday, 7)
  return { startDate: when === 'this-weekend' && weekday === 0 ? today : start, endDate: addDays(start, 1) }
}
