import { t } from 'elysia'
import { AUDIENCES, FIND_DEFAULTS } from '../services/find-events'
import { WHEN } from '../services/search-place'

/** The event search parameters of issue 18 (schemas shared by REST; the MCP tools mirror them). */
export const FindQuery = {
  q: t.Optional(
    t.String({
      maxLength: 500,
      description:
        'full-text search over title, description, venue, organizer and organization name; words match as prefixes, all must match; ranked by relevance within the date window (by distance when near is given). Operators and punctuation are plain text. Default none',
      error: 'q must be text of at most 500 characters',
    }),
  ),
  near: t.Optional(
    t.String({
      minLength: 1,
      maxLength: 200,
      description:
        'a point, "latitude,longitude" (e.g. "47.7557,-122.3415"), or a place name ("Shoreline, WA"; an ambiguous one picks the most populous, reported in filters.near.place). Results within radiusKm, nearest first, each with distanceKm; an event is placed by its venue coordinates, else its city\'s centroid. Default none',
      error: 'near must be "latitude,longitude" or a place name of at most 200 characters',
    }),
  ),
  radiusKm: t.Optional(
    t.Number({
      exclusiveMinimum: 0,
      maximum: FIND_DEFAULTS.maxRadiusKm,
      description: `with near: radius in km, more than 0 and at most ${FIND_DEFAULTS.maxRadiusKm}; default ${FIND_DEFAULTS.radiusKm}`,
      error: `radiusKm must be a number more than 0 and at most ${FIND_DEFAULTS.maxRadiusKm}`,
    }),
  ),
  audience: t.Optional(
    t.Union(
      AUDIENCES.map((a) => t.Literal(a)),
      { description: 'only events for this audience (from categories, titles and descriptions, in seven languages); default none', error: `audience must be one of ${AUDIENCES.join(', ')}` },
    ),
  ),
  free: t.Optional(t.Boolean({ description: 'true: only free events (isAccessibleForFree); default false (no price filter)', error: 'free must be true or false' })),
  when: t.Optional(
    t.Union(
      WHEN.map((w) => t.Literal(w)),
      {
        description:
          'today, tomorrow or a weekend (Saturday and Sunday), in the time zone of near or city, else UTC; the dates chosen are in filters.when. startDate/endDate win when given. Default none',
        error: `when must be one of ${WHEN.join(', ')}`,
      },
    ),
  ),
  cursor: t.Optional(
    t.String({ minLength: 1, maxLength: 500, description: 'the nextCursor of the previous page; the other parameters must be the same', error: 'cursor must be the nextCursor of a previous page' }),
  ),
}

const Place = t.Object(
  {
    name: t.String(),
    region: t.Union([t.String(), t.Null()], { description: 'GeoNames admin1 code' }),
    country: t.String({ description: 'ISO 3166-1 alpha-2' }),
    latitude: t.Number(),
    longitude: t.Number(),
    timeZone: t.Union([t.String(), t.Null()]),
    alternatives: t.Integer({ minimum: 0, description: 'how many other places the name could have meant (the most populous was chosen)' }),
  },
  { description: 'the place the name was resolved to (offline gazetteer, GeoNames)' },
)

/** What `filters` adds for each parameter of issue 18 that was given. */
export const FindFiltersSchema = {
  q: t.Optional(t.String()),
  near: t.Optional(t.Object({ latitude: t.Number(), longitude: t.Number(), place: t.Optional(Place) })),
  radiusKm: t.Optional(t.Number()),
  place: t.Optional(Place),
  audience: t.Optional(t.String()),
  free: t.Optional(t.Boolean()),
  when: t.Optional(t.Object({ name: t.String(), timeZone: t.String(), startDate: t.String(), endDate: t.String() }, { description: 'the dates when named, in that zone' })),
}
