import { t } from 'elysia'
import { LIMITS } from '../model/limits'
import { EventSchema } from '../model/event'
import { DateParam, described, PaymentRequiredBody } from './common.model'

export const EventSearchQuery = t.Object(
  {
    startDate: t.Optional(DateParam('startDate', 'first day; default today (UTC)')),
    endDate: t.Optional(DateParam('endDate', 'last day; default startDate + 90 days (the index window)')),
    category: t.Optional(t.String({ minLength: 1, maxLength: 100, description: 'category, e.g. family, kids, storytime; default none' })),
    city: t.Optional(t.String({ minLength: 1, maxLength: 100, description: 'city, case-insensitive; default none' })),
    limit: t.Optional(t.Integer({ minimum: LIMITS.eventSearch.min, maximum: LIMITS.eventSearch.max, default: LIMITS.eventSearch.default, description: `default ${LIMITS.eventSearch.default}`, error: `limit must be an integer from ${LIMITS.eventSearch.min} to ${LIMITS.eventSearch.max}` })),
  },
  { additionalProperties: true },
)

export const EventSearchResult = t.Object({
  count: t.Integer({ minimum: 0 }),
  filters: t.Object({
    startDate: t.String(),
    endDate: t.String(),
    category: t.Union([t.String(), t.Null()]),
    city: t.Union([t.String(), t.Null()]),
  }, { description: 'the filters applied, defaults included' }),
  events: t.Array(EventSchema),
})

export const searchResponses = { 200: described(EventSearchResult, 'upcoming events of every indexed organization that match the filters, soonest first'), 402: PaymentRequiredBody } as const
