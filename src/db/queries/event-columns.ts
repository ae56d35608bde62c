import { wallToInstant } from '../../model/zone-time'
import type { NormalizedEvent } from '../../model/event'
import { geoCell, spanClass } from './search-keys'

const DAY_MS = 86_400_000

export type EventColumns = {
  startsAt: number
  endsAt: number | null
  startDay: string
  endDay: string
  allDay: boolean
  city: string | null
  cityKey: string | null
  /** Which source gave the city, and its region and country (from the record's internal `_locality` note). */
  citySource: string | null
  cityRegion: string | null
  cityCountry: string | null
  category: string | null
  categories: string[]
  /** Where search places the event: its venue as the source gave it, else its city's centroid (never served). */
  latitude: number | null
  longitude: number | null
  isExternal: boolean
  isFree: boolean
  spanClass: number
  geoCell: number | null
}

function instant(iso: string, zone: string | undefined): { ms: number; day: string; allDay: boolean } {
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return { ms: wallToInstant(iso, undefined, zone ?? 'UTC').ms, day: iso, allDay: true }
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/i.test(iso)
  return { ms: Date.parse(hasOffset ? iso : `${iso}Z`), day: iso.slice(0, 10), allDay: false }
}

/**
 * The columns the read side filters and sorts on, derived once at write time from a normalized Event:
 * instants for ordering and "upcoming", local calendar days for date filters (an event at 20:00 in
 * Los Angeles on June 1 is found by a search for June 1), and the lower-cased city and categories.
 * A date-only event lasts to the end of its last day. An event whose source gave no venue coordinates is
 * placed for search at its city's centroid, as the crawl noted it in `_locality` (issue 18; columns only,
 * the record keeps what the source said).
 * Returns undefined when the start cannot be read.
 */
export function eventColumns(event: NormalizedEvent, zone: string | undefined): EventColumns | undefined {
  if (!event.startDate) return undefined
  const start = instant(event.startDate, zone)
  if (!Number.isFinite(start.ms)) return undefined
  let endsAt: number | null = null
  let endDay = start.day
  if (event.endDate) {
    const end = instant(event.endDate, zone)
    if (Number.isFinite(end.ms) && end.ms >= start.ms) {
      endsAt = end.allDay ? end.ms + DAY_MS : end.ms
      endDay = end.day
    }
  }
  if (endsAt === null && start.allDay) endsAt = start.ms + DAY_MS
  const categories = [...new Set((event.categories ?? []).map((c) => c.trim().toLowerCase()).filter(Boolean))]
  const city = event.city?.trim() || null
  const cityRegion = (city && event._locality?.region) || null
  const cityCountry = (city && event._locality?.country) || null
  const venue = event.venue?.latitude != null && event.venue?.longitude != null ? { latitude: event.venue.latitude, longitude: event.venue.longitude } : undefined
  const note = event._locality
  const at = venue ?? (city && note?.latitude != null && note.longitude != null ? { latitude: note.latitude, longitude: note.longitude } : undefined)
  const latitude = at?.latitude ?? null
  const longitude = at?.longitude ?? null
  const located = latitude !== null && longitude !== null && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180
  return {
    startsAt: start.ms,
    endsAt,
    startDay: start.day,
    endDay,
    allDay: start.allDay,
    city,
    cityKey: city ? city.toLowerCase() : null,
    citySource: (city && event._locality?.citySource) || null,
    cityRegion,
    cityCountry,
    category: event.category?.trim().toLowerCase() || categories[0] || null,
    categories,
    latitude,
    longitude,
    isExternal: event._external === true,
    isFree: event.isAccessibleForFree === true,
    spanClass: spanClass(start.day, endDay),
    geoCell: located ? geoCell(latitude, longitude) : null,
  }
}
