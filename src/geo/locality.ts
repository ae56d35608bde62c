/**
 * The locality of an event's place: the city (with its region and country when known) that its address,
 * its structured locality or the wording of its venue names, confirmed in the offline gazetteer so that
 * street words ("Room Omega, Faculty of Philosophy") are never taken for a city. One reader per document:
 * every answer is memoized by the text asked about, so a listing of a hundred events at five venues
 * costs five lookups.
 *
 * How much the gazetteer must confirm depends on the shape: a city beside a postal code or a region
 * ("Santa Teresa, NM 88008") is believed as written even when the gazetteer (places of 1,000 people or
 * more) lacks it; a city run on from the street ("…Olde Cabin Road Creve Coeur, MO") is the longest run
 * of final words that is a place of that region; a city with nothing beside it ("Broerstraat 5,
 * Groningen") and a place named in a venue ("SURF-kantoor Utrecht") count only when the gazetteer has a
 * place of that name living by the document's clock (the organization's zone, or one with the same
 * offsets), so a Dallas school's "Lincoln Room" is not Lincoln, Nebraska.
 */
import { parseAddress, type ParsedAddress } from './address'
import { countryFromName } from './countries'
import { placesNamedShared, zoneAt, type GazetteerPlace } from './gazetteer'
import { foldName } from './names'
import { resolveAddress } from './place'
import { regionsOf } from './regions'

export type Locality = {
  /** As written, or the gazetteer's spelling when it is the same name ("harrisburg" → "Harrisburg"). */
  city: string
  /** GeoNames admin1 code (`CA`, `08` for Ontario, `ENG`), when known. */
  region?: string
  /** ISO 3166-1 alpha-2, when known. */
  country?: string
  /** True when the gazetteer holds this place. */
  confirmed: boolean
}

export type StructuredPlace = { city?: string; region?: string; postalCode?: string; country?: string }

/** A place named inside a venue's words ("Forum Groningen") must be a town of this size; a whole part ("DANS, Den Haag") may be any. */
const MIN_POPULATION_IN_NAME = 20_000
const MAX_JOINED_WORDS = 4
const SEGMENTS = /\s*(?:[,;()[\]\n|/]|\s[–—-]\s|\.\s+(?=\p{Lu}))\s*/u
const PREPOSITION = /^(?:in|te|at|bij|à|a|en|em|bei|im|locatie|location|lieu|ort)\s+/i
const IN_PLACE = /\b(?:in|te|à|en|em|bei)\s+(\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,2})$/u

const offsetCache = new Map<string, string>()

/** The zone's UTC offsets in January and July: zones that keep the same clock compare equal (New York, Detroit). */
function clockOf(zone: string): string {
  let clock = offsetCache.get(zone)
  if (clock !== undefined) return clock
  try {
    const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    const year = new Date().getUTCFullYear()
    clock = [0, 6].map((m) => format.formatToParts(Date.UTC(year, m, 15)).find((p) => p.type === 'timeZoneName')?.value ?? '').join('|')
  } catch {
    clock = ''
  }
  offsetCache.set(zone, clock)
  return clock
}

function titleCase(name: string): string {
  return name === name.toLowerCase() || name === name.toUpperCase() ? name.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase()) : name
}

function localityFrom(written: string, place: { name: string; country: string; region?: string } | undefined): Locality {
  const city = written.replace(/\s+/g, ' ').trim()
  if (!place) return { city: titleCase(city), confirmed: false }
  return { city: foldName(place.name) === foldName(city) ? place.name : titleCase(city), country: place.country, ...(place.region ? { region: place.region } : {}), confirmed: true }
}

/** The city as parsed, unconfirmed, with the region and country the address states. */
function asWritten(parsed: ParsedAddress): Locality {
  const region = regionsOf(parsed.region, parsed.country)
  const country = parsed.country ?? (region.length === 1 ? region[0].country : undefined)
  return { ...localityFrom(parsed.city!, undefined), ...(country ? { country } : {}), ...(region.length === 1 ? { region: region[0].code } : {}) }
}

/** Reads localities for one document; `zone` is the organization's (it confirms places named loosely). */
export class LocalityReader {
  private readonly clock: string | undefined
  private readonly addresses = new Map<string, Locality | null>()
  private readonly texts = new Map<string, Locality | null>()
  private readonly named = new Map<string, GazetteerPlace | null>()

  constructor(zone?: string) {
    this.clock = zone ? clockOf(zone) || undefined : undefined
  }

  /** A locality the source stated in its own field (schema.org addressLocality, a feed's city): believed, confirmed when possible. */
  ofStructured(p: StructuredPlace): Locality | undefined {
    if (!p.city?.trim()) return undefined
    const country = p.country && /^[A-Za-z]{2}$/.test(p.country.trim()) ? p.country.trim().toUpperCase() : countryFromName(p.country)
    const key = `s\u0000${p.city}\u0000${p.region ?? ''}\u0000${country ?? ''}`
    return this.memo(this.addresses, key, () => {
      const parsed: ParsedAddress = { city: p.city!.trim(), region: p.region, postalCode: p.postalCode, ...(country ? { country } : {}) }
      return this.confirmStrong(parsed) ?? asWritten(parsed)
    })
  }

  /** The locality of a written address, or undefined when its shape shows none the gazetteer can vouch for. */
  ofAddress(text: string | undefined): Locality | undefined {
    if (!text?.trim()) return undefined
    return this.memo(this.addresses, text, () => {
      const parsed = parseAddress(text)
      if (!parsed.city) return undefined
      if (parsed.cityUnsure === 'joined') return this.joined(parsed)
      if (parsed.cityUnsure === 'weak' || (!parsed.country && !parsed.region && parsed.countries)) return this.loose(parsed.city, 0) ?? this.inWords(parsed.city)
      return this.confirmStrong(parsed) ?? asWritten(parsed)
    })
  }

  /**
   * A place named in a venue's or address's wording: a part that is a town ("DANS, Den Haag", "Groningen,
   * the Netherlands"), a town after "in" ("Naturalis en LUMC in Leiden") or closing a part ("SURF-kantoor
   * Utrecht"). Parts are read from the last, where addresses put the town.
   */
  ofPlaceText(text: string | undefined): Locality | undefined {
    if (!text?.trim()) return undefined
    return this.memo(this.texts, text, () => {
      const parts = text
        .slice(0, 300)
        .split(SEGMENTS)
        .map((s) => s.replace(PREPOSITION, '').trim())
        .filter((s) => s.length >= 3 && /\p{Lu}/u.test(s))
      for (let i = parts.length - 1; i >= 0; i--) {
        const part = parts[i]
        if (/\d/.test(part) || countryFromName(part)) continue
        const found = this.loose(part, 0) ?? this.inWords(part)
        if (found) return found
      }
      return undefined
    })
  }

  private memo(map: Map<string, Locality | null>, key: string, compute: () => Locality | undefined): Locality | undefined {
    const hit = map.get(key)
    if (hit !== undefined) return hit ?? undefined
    const value = compute() ?? null
    if (map.size < 5_000) map.set(key, value)
    return value ?? undefined
  }

  /**
   * The address's city in the gazetteer, within the country and region it states; an address that states
   * neither in a form the gazetteer knows ("…, Oax.") confirms only a town that keeps the document's clock.
   */
  private confirmStrong(parsed: ParsedAddress): Locality | undefined {
    if (!parsed.country && !parsed.countries?.length && !regionsOf(parsed.region).length) return this.loose(parsed.city!, 0)
    const place = resolveAddress(parsed)
    return place?.precision === 'city' ? localityFrom(parsed.city!, place) : undefined
  }

  /** "854 N Harvard Ave Lindsay, CA": the longest run of final words that is a place of the stated region, else the parser's guess. */
  private joined(parsed: ParsedAddress): Locality | undefined {
    const words = `${parsed.street ?? ''} ${parsed.city}`.trim().split(/\s+/)
    for (let k = Math.min(MAX_JOINED_WORDS, words.length - 1); k >= 1; k--) {
      const run = words.slice(-k)
      if (run.some((w) => /\d|#/.test(w))) continue
      const found = this.confirmStrong({ ...parsed, city: run.join(' ') })
      if (found) return found
    }
    return parsed.region ? asWritten(parsed) : undefined
  }

  /** A town called `name` that keeps the document's clock, of at least `minPopulation` people. */
  private loose(name: string, minPopulation: number): Locality | undefined {
    if (!this.clock || name.length > 60 || !/^\p{Lu}/u.test(name)) return undefined
    const key = `${foldName(name)}\u0000${minPopulation}`
    let place = this.named.get(key)
    if (place === undefined) {
      place = placesNamedShared(name).find((p) => p.population >= minPopulation && this.keepsClock(p)) ?? null
      this.named.set(key, place)
    }
    return place ? localityFrom(name, place) : undefined
  }

  /** A town after "in" or closing the words ("Zernike campus Groningen"), of some size. */
  private inWords(part: string): Locality | undefined {
    const after = IN_PLACE.exec(part)?.[1]
    if (after) {
      const found = this.loose(after, 0)
      if (found) return found
    }
    const words = part.split(/\s+/)
    for (let k = Math.min(3, words.length - 1); k >= 1; k--) {
      const run = words.slice(-k)
      if (!run.every((w) => /^\p{Lu}/u.test(w))) continue
      const found = this.loose(run.join(' '), MIN_POPULATION_IN_NAME)
      if (found) return found
    }
    return undefined
  }

  private keepsClock(p: GazetteerPlace): boolean {
    const zone = zoneAt(p.latitude, p.longitude)
    return !!zone && clockOf(zone) === this.clock
  }
}
