import { t } from 'elysia'
import { LIMITS } from '../model/limits'
import { EventSchema } from '../model/event'
import { DateParam, described, PaymentRequiredBody } from './common.model'
import { FindFiltersSchema, FindQuery } from './find.model'

export const EventSearchQuery = t.Object(
  {
    startDate: t.Optional(DateParam('startDate', 'first day; default today (UTC)')),
    endDate: t.Optional(DateParam('endDate', 'last day; default startDate + 90 days (the index window)')),
    category: t.Optional(t.String({ minLength: 1, maxLength: 100, description: 'category, e.g. family, kids, storytime; default none' })),
    city: t.Optional(
      t.String({
        minLength: 1,
        maxLength: 100,
        description:
          'city, case-insensitive; default none. May name its region or country ("Shoreline, WA", "Paris, TX"): then, or with any of q/near/audience/free/when/cursor, it is resolved offline in the gazetteer (an ambiguous name picks the most populous place) and filters.place says which place was chosen',
      }),
    ),
    limit: t.Optional(
      t.Integer({
        minimum: LIMITS.eventSearch.min,
        maximum: LIMITS.eventSearch.max,
        default: LIMITS.eventSearch.default,
        description: `default ${LIMITS.eventSearch.default}`,
        error: `limit must be an integer from ${LIMITS.eventSearch.min} to ${LIMITS.eventSearch.max}`,
      }),
    ),
    ...FindQuery,
  },
  { additionalProperties: true },
)

export const EventSearchResult = t.Object({
  count: t.Integer({ minimum: 0 }),
  filters: t.Object(
    {
      startDate: t.String(),
      endDate: t.String(),
      category: t.Union([t.String(), t.Null()]),
      city: t.Union([t.String(), t.Null()]),
      ...FindFiltersSchema,
    },
    { description: 'the filters applied, defaults included; the added parameters appear only when given, as resolved' },
  ),
  events: t.Array(t.Composite([EventSchema, t.Object({ distanceKm: t.Optional(t.Number({ description: 'with near: great-circle distance from the point, km' })) })])),
  nextCursor: t.Optional(t.String({ description: 'present when the page is full: pass it as cursor (with the same other parameters) for the next page' })),
})

export const searchResponses = { 200: described(EventSearchResult, 'upcoming events of every indexed organization that match the filters, soonest first'), 402: PaymentRequiredBody } as const
