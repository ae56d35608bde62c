import { placesNamedShared, zoneAt } from './gazetteer'

const memo = new Map<string, { latitude: number; longitude: number } | null>()

/**
 * Where a city lies, for searching near a point an event whose source gave no venue coordinates (issue
 * 18): the gazetteer's place of that name within the region and country the address gave, the one in
 * the organization's zone when several remain, else the most populous. Undefined when the gazetteer has
 * no such place, or when neither country nor zone narrows a name the world repeats (a "Springfield" with
 * nothing else known is not put in Illinois). Only the search uses it (the crawl notes it in `_locality`, see event-city.ts): it is never written into a record.
 */
export function cityCentroid(city: string, hints: { region?: string | null; country?: string | null; zone?: string | null }): { latitude: number; longitude: number } | undefined {
  const key = `${city.toLowerCase()}|${hints.region ?? ''}|${hints.country ?? ''}|${hints.zone ?? ''}`
  let found = memo.get(key)
  if (found === undefined) {
    found = pick(city, hints) ?? null
    if (memo.size >= 4096) memo.clear()
    memo.set(key, found)
  }
  return found ?? undefined
}

function pick(city: string, hints: { region?: string | null; country?: string | null; zone?: string | null }) {
  const places = placesNamedShared(city, { country: hints.country ?? undefined, region: (hints.country && hints.region) || undefined })
  if (!places.length) return undefined
  const inZone = hints.zone ? places.find((p) => zoneAt(p.latitude, p.longitude) === hints.zone) : undefined
  const place = inZone ?? (hints.country || places.length === 1 ? places[0] : undefined)
  return place && { latitude: place.latitude, longitude: place.longitude }
}
