import ICAL from 'ical.js'
import type { Event } from '../model/event'
import { VERSION } from '../version'
import { lookupTable } from '../lookup-table'

type Org = { orgId: string; domain: string; name: string | null; website: string | null }

/** `2026-06-01T10:00:00-05:00` → an ical.js UTC time; `2026-06-01` → a DATE; no offset → floating local time. */
function icalTime(value: string): ICAL.Time | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return ICAL.Time.fromDateString(value)
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(value)) {
    const ms = Date.parse(value)
    return Number.isFinite(ms) ? ICAL.Time.fromJSDate(new Date(ms), true) : undefined
  }
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?/.exec(value)
  return m ? ICAL.Time.fromDateTimeString(`${m[1]}T${m[2]}${m[3] ?? ':00'}`) : undefined
}

const STATUS: Record<string, string> = lookupTable({
  EventCancelled: 'CANCELLED',
  EventScheduled: 'CONFIRMED',
  EventPostponed: 'TENTATIVE',
  EventRescheduled: 'CONFIRMED',
  EventMovedOnline: 'CONFIRMED',
})

/**
 * An organization's events as one iCalendar document (RFC 5545) built with ical.js, which folds lines
 * and escapes text: UTC times for zoned events (no VTIMEZONE needed), DATE values for all-day ones.
 * UIDs are the stable `event_id` at the organization's domain, so a calendar that re-imports the
 * export updates its events instead of duplicating them.
 */
export function eventsToIcs(org: Org, events: Event[], nowMs: number): string {
  const cal = new ICAL.Component(['vcalendar', [], []])
  cal.updatePropertyWithValue('prodid', `-//event-index//${VERSION}//EN`)
  cal.updatePropertyWithValue('version', '2.0')
  cal.updatePropertyWithValue('calscale', 'GREGORIAN')
  cal.updatePropertyWithValue('method', 'PUBLISH')
  cal.updatePropertyWithValue('x-wr-calname', org.name ?? org.domain)
  const stamp = ICAL.Time.fromJSDate(new Date(nowMs), true)
  for (const event of events) {
    const start = event.startDate ? icalTime(event.startDate) : undefined
    if (!start) continue
    const vevent = new ICAL.Component('vevent')
    vevent.updatePropertyWithValue('uid', `${event.event_id ?? `${event.startDate}-${event.title}`}@${org.domain}`)
    vevent.updatePropertyWithValue('dtstamp', stamp)
    vevent.updatePropertyWithValue('dtstart', start)
    const end = event.endDate ? icalTime(event.endDate) : undefined
    if (end && end.compare(start) >= 0) {
      // DTEND of a DATE event is exclusive: the day after the last day.
      if (end.isDate) end.adjust(1, 0, 0, 0)
      vevent.updatePropertyWithValue('dtend', end)
    }
    vevent.updatePropertyWithValue('summary', event.title ?? '(untitled event)')
    if (event.description) vevent.updatePropertyWithValue('description', event.description)
    const location = [event.venue?.name, event.venue?.address ?? event.address].filter(Boolean).join(', ')
    if (location) vevent.updatePropertyWithValue('location', location)
    const url = event.url ?? event.website
    if (url) vevent.updatePropertyWithValue('url', url)
    if (event.eventStatus && STATUS[event.eventStatus]) vevent.updatePropertyWithValue('status', STATUS[event.eventStatus])
    if (event.categories?.length) {
      const prop = new ICAL.Property('categories')
      prop.setValues(event.categories)
      vevent.addProperty(prop)
    }
    if (event.venue?.latitude != null && event.venue?.longitude != null) vevent.updatePropertyWithValue('geo', [event.venue.latitude, event.venue.longitude])
    if (event.organizer?.name) {
      const prop = vevent.updatePropertyWithValue('organizer', event.organizer.url ?? `https://${org.domain}/`)
      prop.setParameter('cn', event.organizer.name)
    }
    cal.addSubcomponent(vevent)
  }
  return cal.toString().replace(/\r?\n/g, '\r\n') + '\r\n'
}

const SCHEMA = 'https://schema.org/'

/** One Event record as a schema.org Event (JSON-LD node without @context). */
function schemaEvent(event: Event, org: Org): Record<string, unknown> {
  const node: Record<string, unknown> = { '@type': 'Event', name: event.title }
  if (event.event_id) node.identifier = event.event_id
  if (event.description) node.description = event.description
  if (event.startDate) node.startDate = event.startDate
  if (event.endDate) node.endDate = event.endDate
  if (event.duration) node.duration = event.duration
  if (event.url ?? event.website) node.url = event.url ?? event.website
  if (event.eventStatus) node.eventStatus = `${SCHEMA}${event.eventStatus}`
  if (event.attendanceMode) node.eventAttendanceMode = `${SCHEMA}${event.attendanceMode}`
  if (event.image_url) node.image = event.image_url
  if (event.isAccessibleForFree !== undefined) node.isAccessibleForFree = event.isAccessibleForFree
  if (event.categories?.length) node.keywords = event.categories.join(', ')
  if (event.venue || event.address || event.city) {
    const place: Record<string, unknown> = { '@type': 'Place' }
    if (event.venue?.name) place.name = event.venue.name
    const street = event.venue?.address ?? event.address
    if (street || event.city) place.address = { '@type': 'PostalAddress', ...(street ? { streetAddress: street } : {}), ...(event.city ? { addressLocality: event.city } : {}) }
    if (event.venue?.latitude != null && event.venue?.longitude != null) place.geo = { '@type': 'GeoCoordinates', latitude: event.venue.latitude, longitude: event.venue.longitude }
    node.location = place
  }
  node.organizer = event.organizer?.name
    ? { '@type': 'Organization', name: event.organizer.name, ...(event.organizer.url ? { url: event.organizer.url } : {}) }
    : { '@type': 'Organization', name: org.name ?? org.domain, ...(org.website ? { url: org.website } : {}) }
  if (event.performers?.length) node.performer = event.performers.map((p) => ({ '@type': 'PerformingGroup', name: p.name }))
  if (event.offers?.length)
    node.offers = event.offers.map((o) => ({
      '@type': 'Offer',
      name: o.name,
      ...(o.price !== null ? { price: o.price } : {}),
      ...(o.priceCurrency ? { priceCurrency: o.priceCurrency } : {}),
      availability: `${SCHEMA}${o.availability}`,
      url: o.url,
    }))
  return node
}

/** An organization's events as a schema.org ItemList (JSON-LD) of Events, in start order. */
export function eventsToJsonLd(org: Org, events: Event[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: `Upcoming events of ${org.name ?? org.domain}`,
    numberOfItems: events.length,
    itemListOrder: `${SCHEMA}ItemListOrderAscending`,
    itemListElement: events.map((event, i) => ({ '@type': 'ListItem', position: i + 1, item: schemaEvent(event, org) })),
  }
}
