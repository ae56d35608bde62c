/**
 * Every event knows its city (issue 18): a city search finds only events that carry one. In order of
 * trust, an event's city is the source's own locality field, the city of its written address, a town its
 * venue's wording names ("DANS, Den Haag"), the city of another event of the same document or
 * organization at the same venue, and last the organization's own address (its page footer, contact
 * block or JSON-LD Organization) — except for an event that happens only online, which is nowhere.
 * `_locality.citySource` says which gave it; towns are confirmed in the offline gazetteer (see
 * `LocalityReader`), read once per document.
 */
import { cityCentroid } from '../../geo/centroid'
import { LocalityReader, type Locality } from '../../geo/locality'
import type { CitySource, NormalizedEvent } from '../../model/event'
import { titleKey } from '../dedupe'
import type { CandidatePlace } from '../candidate-types'

export type PlacedItem = { event: NormalizedEvent; place?: CandidatePlace }

export type CityOptions = {
  /** The organization's zone: towns named loosely must keep its clock. */
  zone?: string
  /** The organization's own address, as the document (or the site) states it. */
  organization?: CandidatePlace
  /** A reader shared with an earlier pass over the same documents (its memo is kept). */
  reader?: LocalityReader
}

const ONLINE_WORDS = /\b(online|virtual|virtueel|zoom|webinar|livestream|live stream|teams|en ligne|digital|webex)\b/i

function apply(event: NormalizedEvent, found: Locality, citySource: CitySource) {
  event.city = found.city
  const note: NonNullable<NormalizedEvent['_locality']> = { citySource }
  if (found.region) note.region = found.region
  if (found.country) note.country = found.country
  event._locality = note
}

/** True when the event happens only online: said so by the source, or its only place is a meeting link's name ("via Zoom"). */
function onlineOnly(e: NormalizedEvent): boolean {
  const words = [e.venue?.name, e.venue?.address, e.address].filter((w): w is string => !!w)
  if (e.attendanceMode === 'OnlineEventAttendanceMode') return true
  if (words.some((w) => /\d/.test(w) && !ONLINE_WORDS.test(w))) return false
  return e.is_online === true || (words.length > 0 && words.every((w) => ONLINE_WORDS.test(w)))
}

/** The names one venue goes by in a document: its name, its address, and a venue name written at the head of the address. */
function venueKeys(e: NormalizedEvent): string[] {
  const address = e.address ?? e.venue?.address ?? undefined
  const comma = address ? address.indexOf(',') : -1
  const head = comma < 0 ? address : address!.slice(0, comma)
  const keys: string[] = []
  const add = (text: string | null | undefined) => {
    const key = titleKey(text ?? undefined)
    if (key.length >= 3 && !keys.includes(key)) keys.push(key)
  }
  add(e.venue?.name)
  add(address)
  if (head && !/\d/.test(head)) add(head)
  return keys
}

function own(item: PlacedItem, reader: LocalityReader): [Locality, CitySource] | undefined {
  const { event: e, place } = item
  const address = e.address ?? e.venue?.address ?? undefined
  const stated = e.city ?? place?.city
  if (stated) {
    const found = reader.ofStructured({ city: stated, region: place?.region, postalCode: place?.postalCode, country: place?.country })
    if (found) return [found, 'source']
  }
  const parsed = reader.ofAddress(address)
  if (parsed) return [parsed, 'address']
  const named = reader.ofPlaceText(address) ?? reader.ofPlaceText(e.venue?.name ?? undefined)
  return named ? [named, 'venue'] : undefined
}

/** The organization's place as a locality: its stated city, else its written address. */
function organizationLocality(place: CandidatePlace | undefined, reader: LocalityReader): Locality | undefined {
  if (!place) return undefined
  return reader.ofStructured(place) ?? reader.ofAddress(place.address)
}

/**
 * Gives each event without a city the best one it has (see the module comment), in place. Events already
 * placed by an earlier pass (`_locality` set) are kept and lend their city to others at the same venue.
 */
export function assignCities(items: PlacedItem[], options: CityOptions = {}): LocalityReader {
  const reader = options.reader ?? new LocalityReader(options.zone)
  for (const item of items) {
    if (item.event._locality) continue
    const found = own(item, reader)
    if (found) apply(item.event, ...found)
    else delete item.event.city
  }
  const byVenue = new Map<string, Locality>()
  for (const { event } of items) {
    const source = event._locality?.citySource
    if (!event.city || !source || source === 'organization' || source === 'same-venue') continue
    const found: Locality = { city: event.city, region: event._locality?.region, country: event._locality?.country, confirmed: true }
    for (const key of venueKeys(event)) if (!byVenue.has(key)) byVenue.set(key, found)
  }
  let organization: Locality | undefined | null = null
  for (const { event } of items) {
    if (event._locality) continue
    const same = venueKeys(event)
      .map((k) => byVenue.get(k))
      .find((v) => v !== undefined)
    if (same) {
      apply(event, same, 'same-venue')
      continue
    }
    if (onlineOnly(event)) continue
    if (organization === null) organization = organizationLocality(options.organization, reader)
    if (organization) apply(event, organization, 'organization')
  }
  const centroids = new CentroidMemo(options.zone)
  for (const { event } of items) placeForSearch(event, centroids)
  return reader
}

/** cityCentroid for one document's zone, its last answer kept: a document's events sit in a few cities, one run after another. */
class CentroidMemo {
  private last?: { city: string; region?: string; country?: string; at: ReturnType<typeof cityCentroid> }
  constructor(private readonly zone: string | undefined) {}

  of(city: string, region: string | undefined, country: string | undefined): ReturnType<typeof cityCentroid> {
    const last = this.last
    if (last && last.city === city && last.region === region && last.country === country) return last.at
    const at = cityCentroid(city, { region, country, zone: this.zone })
    this.last = { city, region, country, at }
    return at
  }
}

/**
 * Where search places an event whose source gave no venue coordinates (issue 18): its city's centroid,
 * noted in `_locality` (kept in search columns by the store, never served). Resolved here, in the crawl
 * worker that already holds the gazetteer, so that the writer never decodes it.
 */
function placeForSearch(event: NormalizedEvent, centroids: CentroidMemo): void {
  const note = event._locality
  if (!note || !event.city || (event.venue?.latitude != null && event.venue?.longitude != null)) return
  const at = centroids.of(event.city, note.region, note.country)
  if (at) Object.assign(note, { latitude: at.latitude, longitude: at.longitude })
}
