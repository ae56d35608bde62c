import './formats'
import { Type as t, type Static } from '@sinclair/typebox'
import { EventSchema } from './event'

export const ORG_ID_PATTERN = '^org_[0-9a-f]{16}$'

/** Organization as returned with its events (spec "Organization"). */
export const OrganizationSchema = t.Object({
  orgId: t.String({ pattern: ORG_ID_PATTERN, description: 'org_ followed by 16 hex characters, stable per registrable domain' }),
  domain: t.String(),
  website: t.Union([t.String(), t.Null()]),
  name: t.Union([t.String(), t.Null()]),
  lastIndexedAt: t.String({ format: 'date-time' }),
  eventCount: t.Integer({ minimum: 0 }),
  events: t.Array(EventSchema),
})

/** One business-search hit: an indexed organization without its events. */
export const OrganizationSummarySchema = t.Object({
  orgId: t.String({ pattern: ORG_ID_PATTERN }),
  domain: t.String(),
  name: t.Union([t.String(), t.Null()]),
  website: t.Union([t.String(), t.Null()]),
  eventCount: t.Integer({ minimum: 0 }),
  lastIndexedAt: t.Union([t.String({ format: 'date-time' }), t.Null()]),
})

export type Organization = Static<typeof OrganizationSchema>
export type OrganizationSummary = Static<typeof OrganizationSummarySchema>
