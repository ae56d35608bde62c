/**
 * The one mapper from schema.org-shaped items (JSON-LD objects, and the items that the microdata, RDFa and
 * microformats parsers build in the same shape) to Candidates, plus the walk that finds every Event in a
 * tree of items. Values stay as written (entities, relative URLs): the normalizer cleans them.
 */
import type { Candidate, CandidateOffer, CandidatePlace, Format } from '../candidate-types'
import { bool, deref, isItem, items, link, type SchemaItem, schemaDate, text, texts, typesOf } from './schema-values'
import { lookupTable } from '../../lookup-table'

export { deref, isItem, schemaDate, type SchemaItem, text, typesOf } from './schema-values'
const EVENTISH = new Set(['Festival', 'Hackathon', 'CourseInstance', 'EventSeries'])
/** Event subtypes worth keeping as a category (the rest, e.g. Event or PublicationEvent, say nothing useful). */
const TYPE_CATEGORY: Record<string, string> = lookupTable({
  ChildrensEvent: 'children',
  ComedyEvent: 'comedy',
  DanceEvent: 'dance',
  EducationEvent: 'education',
  ExhibitionEvent: 'exhibition',
  Festival: 'festival',
  FoodEvent: 'food',
  LiteraryEvent: 'literature',
  MusicEvent: 'music',
  ScreeningEvent: 'film',
  SocialEvent: 'social',
  SportsEvent: 'sports',
  TheaterEvent: 'theater',
  VisualArtsEvent: 'visual arts',
  CourseInstance: 'class',
  Hackathon: 'hackathon',
  BusinessEvent: 'business',
})
/** Properties by which a non-event item lists its events (a band's tour dates, an episode's broadcasts). */
const EVENT_LIST_PROPS = new Set(['event', 'events', 'publication', 'releasedEvent'])
const PERFORMER_TYPES = new Set(['MusicGroup', 'PerformingGroup', 'Person', 'DanceGroup', 'TheaterGroup', 'SportsTeam'])

/** True for Event and every subtype (MusicEvent, ChildrensEvent, …) and the few event types not named *Event. */
export function isEventItem(item: SchemaItem): boolean {
  return typesOf(item).some((t) => (/Event$/.test(t) && t !== 'InstantaneousEvent') || EVENTISH.has(t))
}

export type FoundEvent = { item: SchemaItem; parent?: SchemaItem; via?: string }

/**
 * Finds every event item in a forest of items: `@graph`, arrays, and events nested at any depth
 * (`subEvent`, a MusicGroup's `event`, a TV episode's `publication`). Node references (`{"@id": …}`) are
 * followed through `index`. Stops after `maxNodes` nodes so that a hostile document stays cheap.
 */
export function findEvents(roots: unknown[], index?: Map<string, SchemaItem>, maxNodes = 50_000): FoundEvent[] {
  const found: FoundEvent[] = []
  const seen = new Set<unknown>()
  const stack: { value: unknown; parent?: SchemaItem; via?: string }[] = roots.map((value) => ({ value })).reverse()
  let visited = 0
  while (stack.length && visited++ < maxNodes) {
    const { value, parent, via } = stack.pop()!
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], parent, via })
      continue
    }
    if (!isItem(value)) continue
    const item = deref(value, index)
    if (seen.has(item)) continue
    seen.add(item)
    const event = isEventItem(item)
    if (event) found.push({ item, parent, via })
    const keys = Object.keys(item)
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]
      if (key === '@context' || key === 'superEvent') continue
      const child = item[key]
      if (typeof child === 'object' && child !== null) stack.push({ value: child, parent: item, via: key })
    }
  }
  return found
}

function place(value: unknown, index?: Map<string, SchemaItem>): { place?: CandidatePlace; onlineUrl?: string } {
  const list = Array.isArray(value) ? value : [value]
  let found: CandidatePlace | undefined
  let onlineUrl: string | undefined
  for (const raw of list) {
    if (typeof raw === 'string') {
      if (!found && raw.trim()) found = raw.includes(',') ? { address: raw } : { name: raw }
      continue
    }
    if (!isItem(raw)) continue
    const item = deref(raw, index)
    if (typesOf(item).includes('VirtualLocation')) {
      onlineUrl ??= link(item.url)
      continue
    }
    if (found) continue
    found = placeFromItem(item, index)
  }
  return { place: found, onlineUrl }
}

/** A schema.org Place (or an item with an `address`) as a candidate place: name, address parts, coordinates, URL. */
export function placeFromItem(item: SchemaItem, index?: Map<string, SchemaItem>): CandidatePlace {
  const p: CandidatePlace = {}
  const name = text(item.name)
  if (name) p.name = name
  const address = items(item.address, index)[0] ?? (typesOf(item).includes('PostalAddress') ? item : undefined)
  if (address) {
    const street = text(address.streetAddress)
    const city = text(address.addressLocality)
    const region = text(address.addressRegion)
    const postalCode = text(address.postalCode)
    const country = isItem(address.addressCountry) ? text(address.addressCountry.name) : text(address.addressCountry)
    // Only the parts stated are set (no key to delete after: an object that loses keys reads slower after).
    if (street !== undefined) p.street = street
    if (city !== undefined) p.city = city
    if (region !== undefined) p.region = region
    if (postalCode !== undefined) p.postalCode = postalCode
    if (country !== undefined) p.country = country
    if (address !== item && !street && !city && text(address.name)) p.address = text(address.name)
  } else if (text(item.address)) p.address = text(item.address)
  const geo = items(item.geo, index)[0]
  const lat = Number(text(geo?.latitude) ?? text(item.latitude))
  const lon = Number(text(geo?.longitude) ?? text(item.longitude))
  if (Number.isFinite(lat) && Number.isFinite(lon) && text(geo?.latitude ?? item.latitude) !== undefined) Object.assign(p, { latitude: lat, longitude: lon })
  const url = link(item.url) ?? link(item.sameAs)
  if (url) p.url = url
  return p
}

function offers(value: unknown, index?: Map<string, SchemaItem>): CandidateOffer[] {
  const list = Array.isArray(value) ? value : [value]
  const out: CandidateOffer[] = []
  for (const raw of list) {
    if (typeof raw === 'string' && raw.trim()) {
      out.push({ url: raw.trim() })
      continue
    }
    if (!isItem(raw)) continue
    const item = deref(raw, index)
    const spec = items(item.priceSpecification, index)[0]
    const offer: CandidateOffer = {}
    const name = text(item.name)
    if (name) offer.name = name
    const priceText = text(item.price) ?? text(item.lowPrice) ?? text(spec?.price) ?? text(spec?.minPrice)
    if (priceText !== undefined) {
      const n = Number(
        priceText
          .replace(/[^\d.,-]/g, '')
          .replace(/,(?=\d{3}\b)/g, '')
          .replace(',', '.'),
      )
      if (/\d/.test(priceText) && Number.isFinite(n)) offer.price = n
      else offer.priceText = priceText
      if (/[^\d.,\s]/.test(priceText)) offer.priceText = priceText
    }
    const currency = text(item.priceCurrency) ?? text(spec?.priceCurrency)
    if (currency) offer.priceCurrency = currency
    const availability = text(item.availability)
    if (availability) offer.availability = availability
    const url = link(item.url) ?? (typeof item['@id'] === 'string' && /^https?:/i.test(item['@id']) ? item['@id'] : undefined)
    if (url) offer.url = url
    if (Object.keys(offer).length) out.push(offer)
  }
  return out
}

/** Type names some generators write where a name belongs (The Events Calendar: `"performer": "Organization"`). */
const TYPE_NAMES = /^(organization|person|performinggroup|musicgroup|thing)$/i

function names(value: unknown, index?: Map<string, SchemaItem>): string[] {
  const list = Array.isArray(value) ? value : [value]
  return list.flatMap((v) => {
    if (typeof v === 'string') return v.trim() && !TYPE_NAMES.test(v.trim()) ? [v] : []
    if (isItem(v)) {
      const n = text(deref(v, index).name)
      return n ? [n] : []
    }
    return []
  })
}

function audience(item: SchemaItem, index?: Map<string, SchemaItem>): string | undefined {
  const parts = texts(item.typicalAgeRange)
  for (const a of items(item.audience, index)) {
    parts.push(...texts(a.audienceType), ...texts(a.name))
    const min = text(a.suggestedMinAge)
    const max = text(a.suggestedMaxAge)
    if (min || max) parts.push(`ages ${min ?? '0'}-${max ?? ''}`.replace(/-$/, '+'))
  }
  if (typeof item.audience === 'string') parts.push(item.audience)
  return parts.length ? parts.join('; ') : undefined
}

export type SchemaSource = { url: string; format: Format; method: string }

/**
 * Maps one schema.org event item to a Candidate. `found.parent` (the item listing the event) lends its
 * name as a title when the event has none, and is its performer when it is a band or person. Nothing is
 * invented: every field comes from a property the item states.
 */
export function fromSchemaOrg(found: FoundEvent, source: SchemaSource, index?: Map<string, SchemaItem>): Candidate {
  const { item, parent } = found
  const c: Candidate = { source: { ...source } }
  const id = typeof item['@id'] === 'string' ? item['@id'] : typeof item.id === 'string' ? item.id : undefined
  if (id && !id.startsWith('_:')) c.source.id = id
  const parentName = parent && found.via && EVENT_LIST_PROPS.has(found.via) && !isEventItem(parent) ? text(parent.name) : undefined
  const title = text(item.name) ?? text(item.headline) ?? text(item.summary) ?? names(item.workPerformed ?? item.workPresented ?? item.broadcastOfEvent, index)[0] ?? parentName
  if (title) c.title = title
  const description = text(item.description)
  if (description) c.description = description
  const url = link(item.url)
  if (url) c.url = url
  const start = schemaDate(item.startDate)
  if (start) c.start = start
  const end = schemaDate(item.endDate)
  if (end) c.end = end
  const duration = text(item.duration)
  if (duration) c.duration = duration
  const schedule = items(item.eventSchedule, index)
  if (schedule.length) c.schedule = schedule
  const where = place(item.location, index)
  if (where.place && Object.keys(where.place).length) c.place = where.place
  if (where.onlineUrl) c.onlineUrl = where.onlineUrl
  const mode = text(item.eventAttendanceMode)
  if (mode) c.attendanceMode = mode
  const status = text(item.eventStatus)
  if (status) c.status = status
  const o = offers(item.offers, index)
  if (o.length) c.offers = o
  const free = bool(item.isAccessibleForFree)
  if (free !== undefined) c.isAccessibleForFree = free
  const performers = names(item.performer ?? item.performers, index)
  if (!performers.length && parentName && parent && typesOf(parent).some((t) => PERFORMER_TYPES.has(t)) && found.via === 'event') performers.push(parentName)
  if (performers.length) c.performers = performers
  const organizer = items(item.organizer, index)[0]
  const organizerName = organizer ? text(organizer.name) : text(item.organizer)
  if (organizerName) c.organizer = { name: organizerName, ...(organizer && link(organizer.url) ? { url: link(organizer.url) } : {}) }
  const image = link(item.image) ?? link(item.thumbnailUrl)
  if (image) c.image = image
  const categories = [...texts(item.keywords).flatMap((k) => k.split(',')), ...texts(item.genre)]
  for (const t of typesOf(item)) if (TYPE_CATEGORY[t]) categories.push(TYPE_CATEGORY[t])
  const cats = categories.map((k) => k.trim()).filter(Boolean)
  if (cats.length) c.categories = cats
  const who = audience(item, index)
  if (who) c.audience = who
  return c
}

/** Index of every identified node in a forest (for `{"@id": …}` references inside one document). */
export function indexIds(roots: unknown[], maxNodes = 50_000): Map<string, SchemaItem> {
  const index = new Map<string, SchemaItem>()
  const stack = [...roots]
  let visited = 0
  while (stack.length && visited++ < maxNodes) {
    const value = stack.pop()
    if (Array.isArray(value)) stack.push(...value)
    else if (isItem(value)) {
      const id = value['@id']
      if (typeof id === 'string' && Object.keys(value).length > 1 && !index.has(id)) index.set(id, value)
      for (const v of Object.values(value)) if (typeof v === 'object' && v !== null) stack.push(v)
    }
  }
  return index
}
