/**
 * Reshapes an mf2 h-event into a schema.org Event item, so that microformats reach Candidates through the
 * same `fromSchemaOrg` mapper as JSON-LD, microdata and RDFa.
 */
import type { SchemaItem } from '../schema-org'
import type { Mf2Item, Mf2Value } from './microformats'

function isItem(v: Mf2Value | undefined): v is Mf2Item {
  return typeof v === 'object' && v !== null && 'type' in v
}

function str(v: Mf2Value | undefined): string | undefined {
  if (v === undefined) return undefined
  if (typeof v === 'string') return v || undefined
  if (isItem(v)) return v.value
  return v.value || undefined
}

function first(item: Mf2Item, key: string): string | undefined {
  return str(item.properties[key]?.[0])
}

function address(item: Mf2Item): SchemaItem | undefined {
  const adr = item.properties.adr?.find(isItem) ?? item
  const out: SchemaItem = {
    '@type': 'PostalAddress',
    streetAddress: first(adr, 'street-address'),
    addressLocality: first(adr, 'locality'),
    addressRegion: first(adr, 'region'),
    postalCode: first(adr, 'postal-code'),
    addressCountry: first(adr, 'country-name'),
  }
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k]
  return Object.keys(out).length > 1 ? out : undefined
}

function geo(item: Mf2Item): SchemaItem | undefined {
  const g = item.properties.geo?.find(isItem) ?? item
  const latitude = first(g, 'latitude')
  const longitude = first(g, 'longitude')
  return latitude && longitude ? { '@type': 'GeoCoordinates', latitude, longitude } : undefined
}

/** An h-card / h-adr / h-geo location as a schema.org Place; a plain text location stays text. */
function location(value: Mf2Value | undefined): unknown {
  if (!isItem(value)) return str(value)
  const place: SchemaItem = { '@type': 'Place' }
  const name = first(value, 'name') ?? (value.type.includes('h-card') ? value.value : undefined)
  if (name) place.name = name
  const url = first(value, 'url')
  if (url) place.url = url
  const adr = address(value)
  if (adr) place.address = adr
  const g = geo(value)
  if (g) place.geo = g
  if (Object.keys(place).length === 1 && value.value) return value.value
  return place
}

/** The schema.org Event item an h-event describes (first start/end when the page lists several). */
export function hEventToSchema(item: Mf2Item): SchemaItem {
  const out: SchemaItem = { '@type': 'Event' }
  const set = (key: string, value: unknown) => {
    if (value !== undefined && value !== '') out[key] = value
  }
  set('name', first(item, 'name'))
  set('startDate', first(item, 'start'))
  set('endDate', first(item, 'end'))
  set('duration', first(item, 'duration'))
  set('url', first(item, 'url'))
  set('@id', first(item, 'uid'))
  set('description', first(item, 'description') ?? first(item, 'summary') ?? first(item, 'content'))
  set('location', location(item.properties.location?.[0]))
  set('image', first(item, 'photo') ?? first(item, 'featured'))
  const categories = (item.properties.category ?? []).map(str).filter(Boolean)
  if (categories.length) out.keywords = categories
  const organizer = item.properties.organizer?.[0]
  if (organizer) set('organizer', isItem(organizer) ? { '@type': 'Organization', name: first(organizer, 'name') ?? organizer.value, url: first(organizer, 'url') } : { name: str(organizer) })
  return out
}
