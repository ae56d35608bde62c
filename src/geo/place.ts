/**
 * A written place → where it is and its zone: the gazetteer's place of that name in the country and
 * region the address gives (Paris, TX is not Paris, France; London, ON is not London), the most populous
 * one when several remain; else the region's zone, else the country's when one zone holds nearly all its
 * people. A country the caller has other reasons to expect (the site's domain, its phone numbers) is
 * preferred whenever it has a place of that name.
 */
import { parseAddress, type ParsedAddress } from './address'
import { zoneOfCountry, zoneOfPostalCode, zoneOfRegion } from './countries'
import { placesNamedShared, zoneAt, type GazetteerPlace } from './gazetteer'
import { regionsOf, type Region } from './regions'

export type ResolvedPlace = {
  /** The gazetteer's name of the city, or the region or country code when no city was found. */
  name: string
  country: string
  /** GeoNames admin1 code of the region, when known. */
  region?: string
  latitude?: number
  longitude?: number
  population?: number
  zone?: string
  /** How precisely the place is known: a city of the gazetteer, only its region, or only its country. */
  precision: 'city' | 'region' | 'country'
}

export type PlaceHints = {
  /** Countries to prefer among places of one name (ISO alpha-2, most likely first). */
  countries?: string[]
}

function fromGazetteer(p: GazetteerPlace): ResolvedPlace {
  return { name: p.name, country: p.country, region: p.region, latitude: p.latitude, longitude: p.longitude, population: p.population, zone: zoneAt(p.latitude, p.longitude), precision: 'city' }
}

/** The best place called `city` among `allowed` countries and `regions`, preferring hinted countries. */
function bestCity(city: string, allowed: string[] | undefined, regions: Region[], hints: string[]): GazetteerPlace | undefined {
  let found = placesNamedShared(city)
  if (allowed?.length) found = found.filter((p) => allowed.includes(p.country))
  if (regions.length) {
    const inRegion = found.filter((p) => regions.some((r) => r.country === p.country && r.code === p.region))
    if (!inRegion.length) return undefined
    found = inRegion
  }
  if (!found.length) return undefined
  // A country the site points to (its phone numbers, its domain) wins: a US library's "Paris" is in Texas.
  for (const country of hints) {
    const hinted = found.find((p) => p.country === country)
    if (hinted) return hinted
  }
  // The street's language (a "Calle" before "28013 Madrid") prefers its country among places of a similar size.
  const byStreet = allowed && allowed.length > 1 ? found.find((p) => p.country === allowed[0]) : undefined
  if (byStreet && byStreet.population * 50 >= found[0].population) return byStreet
  return found[0]
}

/**
 * Resolves a parsed address. The city must exist in the gazetteer within the address's country and
 * region; when it does not (a village under 1,000 people, a misspelling), the region's or country's zone
 * still answers, with `precision` saying so. Undefined when the address gives nothing to go on.
 */
export function resolveAddress(address: ParsedAddress, hints: PlaceHints = {}): ResolvedPlace | undefined {
  const regions = regionsOf(address.region, address.country)
  const allowed = address.country ? [address.country] : (address.countries ?? (regions.length ? [...new Set(regions.map((r) => r.country))] : undefined))
  if (address.city) {
    const city = bestCity(address.city, allowed, regions, hints.countries ?? [])
    if (city) return fromGazetteer(city)
  }
  if (regions.length === 1) {
    const [r] = regions
    const zone = zoneOfRegion(r.country, r.code)
    if (zone) return { name: r.code, country: r.country, region: r.code, zone, precision: 'region' }
  }
  // The country: written, the only one the address's shape allows, or one the site points to among those.
  const country = address.country ?? (allowed?.length === 1 ? allowed[0] : allowed?.find((c) => hints.countries?.includes(c)))
  if (!country) return undefined
  const byCode = zoneOfPostalCode(country, address.postalCode)
  if (byCode) return { name: address.postalCode!, country, zone: byCode, precision: 'region' }
  return { name: country, country, zone: zoneOfCountry(country), precision: 'country' }
}

/**
 * Resolves a place as a person writes it: "Portland, ME", "London, ON", "Stuttgart", "70173 Stuttgart",
 * "Paris, France" or a full address. A bare name is the most populous place so called (in a hinted
 * country when there is one of a comparable size).
 */
export function resolvePlace(text: string, hints: PlaceHints = {}): ResolvedPlace | undefined {
  const parsed = parseAddress(text)
  if (!parsed.city && !parsed.postalCode && !parsed.region) {
    const name = text.split(',')[0]?.trim()
    if (name && name !== text.trim()) parsed.city ??= name
    else if (!parsed.country && name) parsed.city = name
  }
  return resolveAddress(parsed, hints)
}
