import './formats'
import { Type as t, type Static } from '@sinclair/typebox'

const NullableString = (description?: string) => t.Union([t.String(), t.Null()], description ? { description } : {})

/** An occurrence of a recurring event inside the requested window. */
export const OccurrenceSchema = t.Object({
  startDate: t.String({ description: 'ISO 8601 with offset, or YYYY-MM-DD for an all-day occurrence' }),
  endDate: t.Optional(t.String()),
})

export const RecurrenceSchema = t.Object({
  pattern: t.String({ description: 'daily, weekly, monthly or yearly' }),
  frequency: t.Integer({ minimum: 1, description: 'interval: every N periods of `pattern`' }),
  weekdays: t.Union([t.Array(t.String()), t.Null()], { description: 'RFC 5545 day codes (MO … SU), or null' }),
  ordinal: t.Union([t.Array(t.Integer()), t.Null()], { description: 'week-of-month positions for monthly/yearly rules (1 = first, -1 = last), or null' }),
  dayOfMonth: t.Union([t.Array(t.Integer()), t.Null()], { description: 'days of the month (negative counts from the end), or null' }),
  resolvedZone: t.String({ description: 'IANA time zone the rule is expanded in' }),
})

export const ScheduleSchema = t.Object({
  type: t.String({ description: '`recurring`' }),
  startDate: t.String(),
  endDate: t.Optional(t.String()),
  occurrences: t.Array(OccurrenceSchema),
  recurrence: RecurrenceSchema,
})

export const VenueSchema = t.Object({
  name: NullableString(),
  address: NullableString(),
  latitude: t.Union([t.Number(), t.Null()]),
  longitude: t.Union([t.Number(), t.Null()]),
})

export const OfferSchema = t.Object({
  name: t.String(),
  price: t.Union([t.Number(), t.Null()]),
  priceCurrency: NullableString(),
  availability: t.String({ description: 'schema.org ItemAvailability name, e.g. InStock' }),
  url: t.String(),
})

export const SourceInfoSchema = t.Object({
  domain: t.String(),
  scrapedAt: t.String({ format: 'date-time' }),
  scriptVersion: t.String(),
})

/**
 * The spec's normalized Event record, shared by REST, MCP and the crawler's normalizer. Every field is
 * optional: a field appears only when the source knows it (no invented values).
 */
export const EventSchema = t.Object({
  title: t.Optional(t.String()),
  description: t.Optional(t.String()),
  url: t.Optional(t.String({ description: 'canonical URL of the event' })),
  website: t.Optional(NullableString("the event's own detail page on the organization's site")),
  more_info_website: t.Optional(NullableString('external organizer/venue page; off-domain means aggregated')),
  ticket_url: t.Optional(NullableString('external ticketing/registration/RSVP page')),
  open_to_public: t.Optional(t.Boolean()),
  rsvp_required: t.Optional(t.Boolean()),
  startDate: t.Optional(t.String({ description: 'ISO 8601 with the offset of the event zone; YYYY-MM-DD when the source gives no time' })),
  endDate: t.Optional(t.String({ description: 'ISO 8601 with offset; YYYY-MM-DD for all-day events' })),
  duration: t.Optional(t.Union([t.String({ description: 'ISO 8601 duration' }), t.Null()])),
  eventStatus: t.Optional(t.String({ description: 'schema.org EventStatusType name, e.g. EventScheduled, EventCancelled' })),
  attendanceMode: t.Optional(t.String({ description: 'schema.org EventAttendanceModeEnumeration name' })),
  address: t.Optional(t.String()),
  city: t.Optional(NullableString()),
  category: t.Optional(NullableString()),
  categories: t.Optional(t.Array(t.String())),
  venue: t.Optional(VenueSchema),
  organizer: t.Optional(t.Object({ name: t.String(), url: NullableString() })),
  performers: t.Optional(t.Array(t.Object({ name: t.String() }))),
  offers: t.Optional(t.Array(OfferSchema)),
  isAccessibleForFree: t.Optional(t.Boolean()),
  cost: t.Optional(t.String()),
  ticket_price: t.Optional(t.Union([t.Number(), t.Null()])),
  image_url: t.Optional(t.String()),
  event_id: t.Optional(t.String({ description: 'stable across re-crawls' })),
  is_online: t.Optional(t.Boolean()),
  schedule: t.Optional(ScheduleSchema),
  _source: t.Optional(SourceInfoSchema),
  _external: t.Optional(t.Boolean({ description: "true when the event lives off the organization's registrable domain" })),
})

export type Event = Static<typeof EventSchema>
export type Schedule = Static<typeof ScheduleSchema>
export type Recurrence = Static<typeof RecurrenceSchema>

/** Where an event's `city` came from, most direct first (see `src/crawl/normalize/event-city.ts`). */
export const CitySourceSchema = t.Union([
  t.Literal('source', { description: "the source's own locality field (schema.org addressLocality, a feed's city)" }),
  t.Literal('address', { description: "parsed from the event's written address" }),
  t.Literal('venue', { description: 'a town named in the venue\'s or address\'s wording ("SURF-kantoor Utrecht")' }),
  t.Literal('same-venue', { description: 'another event of the same document or organization at the same venue' }),
  t.Literal('organization', { description: "the organization's own address (page footer, contact block, JSON-LD Organization)" }),
])

/**
 * Internal notes on an event's place, kept beside the record and never served: which source gave the
 * city, and the region (GeoNames admin1) and country (ISO alpha-2) it lies in when known.
 */
export const LocalityNoteSchema = t.Object({
  citySource: CitySourceSchema,
  region: t.Optional(t.String()),
  country: t.Optional(t.String()),
  /** The city's centroid, where search places an event without venue coordinates (issue 18); never served. */
  latitude: t.Optional(t.Number()),
  longitude: t.Optional(t.Number()),
})

export type CitySource = Static<typeof CitySourceSchema>
export type LocalityNote = Static<typeof LocalityNoteSchema>
/** A normalized record as the crawl hands it on: the Event plus `_locality`, which the store keeps in columns, never in the served record. */
export type NormalizedEvent = Event & { _locality?: LocalityNote }
