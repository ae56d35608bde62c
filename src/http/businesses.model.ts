import { t } from 'elysia'
import { LIMITS, ORG_ID_PATH_PATTERN } from '../model/limits'
import { OrganizationSchema, OrganizationSummarySchema } from '../model/organization'
import { described, NotIndexedBody, PaymentRequiredBody } from './common.model'

export const OrgParams = t.Object({
  id: t.String({ pattern: ORG_ID_PATH_PATTERN, maxLength: 64, description: 'an orgId (org_ + 16 hex)', error: 'id must be an orgId (org_ followed by 16 hex characters)' }),
})

export const BusinessSearchQuery = t.Object(
  {
    q: t.String({ minLength: 1, maxLength: 200, description: 'text matched against organization names and domains', error: 'q is required: 1 to 200 characters of search text' }),
    limit: t.Optional(
      t.Integer({
        minimum: LIMITS.businessSearch.min,
        maximum: LIMITS.businessSearch.max,
        default: LIMITS.businessSearch.default,
        description: `default ${LIMITS.businessSearch.default}`,
        error: `limit must be an integer from ${LIMITS.businessSearch.min} to ${LIMITS.businessSearch.max}`,
      }),
    ),
  },
  { additionalProperties: true },
)

export const BusinessSearchResult = t.Object({
  count: t.Integer({ minimum: 0 }),
  query: t.String(),
  organizations: t.Array(OrganizationSummarySchema),
})

export const businessesResponses = {
  events: {
    200: described(OrganizationSchema, 'the organization with all its upcoming events; gw-usage settles events_pull = the number of events returned (none for 0 events)'),
    402: PaymentRequiredBody,
    404: NotIndexedBody,
  },
  search: { 200: described(BusinessSearchResult, 'indexed organizations whose name or domain matches every word of q as a prefix'), 402: PaymentRequiredBody },
} as const
