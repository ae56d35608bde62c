import { Type as t } from '@sinclair/typebox'
import { LIMITS } from '../../model/limits'
import { assertDateWindow } from '../../services/date-window'
import { EventSchema } from '../../model/event'
import { OrganizationSummarySchema } from '../../model/organization'
import { listCategories, listCities } from '../../services/event-catalog'
import { searchBusinesses } from '../../services/search-businesses'
import { answerJson, searchEvents } from '../../services/search-events'
import { FindArgs } from './find-args'
import { defineTool } from './define'
import { DateArg, Filters } from './schemas'

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }

const WindowArgs = {
  startDate: t.Optional(DateArg('first day (default: today)')),
  endDate: t.Optional(DateArg('last day (default: startDate + 90 days)')),
  category: t.Optional(t.String({ maxLength: 100, description: 'only events in this category (case-insensitive), e.g. kids, storytime, music' })),
  limit: t.Optional(t.Integer({ minimum: LIMITS.eventSearch.min, maximum: LIMITS.eventSearch.max, description: `at most this many events (default ${LIMITS.eventSearch.default})` })),
}

/** Free: the REST event search's twin (same service, same defaults, full records with `_source`). */
export const searchEventsTool = defineTool({
  name: 'search_events',
  title: 'Search events',
  description:
    'Upcoming events across every indexed organization, filtered by local date window, city, category, audience, free and when; by relevance with q, by distance with near, else in start order; nextCursor pages on. Free and anonymous, like the REST search.',
  access: 'anonymous',
  input: t.Object({
    ...WindowArgs,
    city: t.Optional(t.String({ maxLength: 100, description: 'only events in this city (case-insensitive); may name its region or country ("Paris, TX")' })),
    near: t.Optional(t.String({ minLength: 1, maxLength: 200, description: '"latitude,longitude" or a place name ("Shoreline, WA"): events within radiusKm, nearest first, with distanceKm' })),
    radiusKm: t.Optional(t.Number({ exclusiveMinimum: 0, maximum: 200, description: 'with near: radius in km (default 25)' })),
    ...FindArgs,
  }),
  output: t.Object({
    count: t.Integer({ minimum: 0 }),
    filters: Filters,
    events: t.Array(t.Composite([EventSchema, t.Object({ distanceKm: t.Optional(t.Number()) })])),
    nextCursor: t.Optional(t.String()),
  }),
  annotations: READ,
  async run(args, { deps }) {
    assertDateWindow(args)
    return JSON.parse(await answerJson(await searchEvents(deps.catalog, args, deps.now())))
  },
})

/** Free: the same search around a point, by the venue coordinates the sources gave. */
export const searchEventsNearbyTool = defineTool({
  name: 'search_events_nearby',
  title: 'Search events near a place',
  description:
    'Upcoming events within radiusKm of a point (latitude/longitude), nearest first, each with its distance: placed by the venue coordinates the source gave, else by their city. Takes the same q, audience, free, when and cursor as search_events.',
  access: 'anonymous',
  input: t.Object({
    latitude: t.Number({ minimum: -90, maximum: 90 }),
    longitude: t.Number({ minimum: -180, maximum: 180 }),
    radiusKm: t.Optional(t.Number({ exclusiveMinimum: 0, maximum: 200, description: 'search radius in kilometres (default 10)' })),
    ...WindowArgs,
    ...FindArgs,
  }),
  output: t.Object({
    count: t.Integer({ minimum: 0 }),
    nextCursor: t.Optional(t.String()),
    center: t.Object({ latitude: t.Number(), longitude: t.Number() }),
    radiusKm: t.Number(),
    filters: Filters,
    events: t.Array(t.Composite([EventSchema, t.Object({ distanceKm: t.Number({ description: 'great-circle distance from the center' }) })])),
  }),
  annotations: READ,
  async run(args, { deps }) {
    assertDateWindow(args)
    const { latitude, longitude, ...rest } = args
    const radiusKm = args.radiusKm ?? 10
    const result = JSON.parse(await answerJson(await searchEvents(deps.catalog, { ...rest, radiusKm, near: `${latitude},${longitude}` }, deps.now())))
    return { ...result, center: { latitude, longitude }, radiusKm }
  },
})

/** Free: the REST business search's twin. */
export const searchBusinessesTool = defineTool({
  name: 'search_businesses',
  title: 'Search organizations',
  description: 'Indexed organizations (libraries, museums, parks, …) whose name or domain matches the words of q, as prefixes; best match first.',
  access: 'anonymous',
  input: t.Object({
    q: t.String({ minLength: 1, maxLength: 200 }),
    limit: t.Optional(t.Integer({ minimum: LIMITS.businessSearch.min, maximum: LIMITS.businessSearch.max, description: `default ${LIMITS.businessSearch.default}` })),
  }),
  output: t.Object({ count: t.Integer({ minimum: 0 }), query: t.String(), organizations: t.Array(OrganizationSummarySchema) }),
  annotations: READ,
  run: (args, { deps }) => searchBusinesses(deps.catalog, args.q, args.limit ?? LIMITS.businessSearch.default, deps.now()),
})

export const listCategoriesTool = defineTool({
  name: 'list_categories',
  title: 'List event categories',
  description: 'The categories of upcoming events (as search_events filters them), with how many events carry each; optionally within one city.',
  access: 'anonymous',
  input: t.Object({ city: t.Optional(t.String({ maxLength: 100 })), limit: t.Optional(t.Integer({ minimum: 1, maximum: 500, description: 'default 100' })) }),
  output: t.Object({ count: t.Integer({ minimum: 0 }), categories: t.Array(t.Object({ category: t.String(), eventCount: t.Integer({ minimum: 1 }) })) }),
  annotations: READ,
  async run(args, { deps }) {
    const categories = await listCategories(deps.catalog, { city: args.city, limit: args.limit ?? 100 }, deps.now())
    return { count: categories.length, categories }
  },
})

export const listCitiesTool = defineTool({
  name: 'list_cities',
  title: 'List cities',
  description: 'The cities that have upcoming events, with their event counts, most events first.',
  access: 'anonymous',
  input: t.Object({ limit: t.Optional(t.Integer({ minimum: 1, maximum: 500, description: 'default 100' })) }),
  output: t.Object({ count: t.Integer({ minimum: 0 }), cities: t.Array(t.Object({ city: t.String(), eventCount: t.Integer({ minimum: 1 }) })) }),
  annotations: READ,
  async run(args, { deps }) {
    const cities = await listCities(deps.catalog, { limit: args.limit ?? 100 }, deps.now())
    return { count: cities.length, cities }
  },
})

export const searchTools = [searchEventsTool, searchEventsNearbyTool, searchBusinessesTool, listCategoriesTool, listCitiesTool]
