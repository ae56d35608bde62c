import { Type as t, type Static } from '@sinclair/typebox'
import { EventSchema, OccurrenceSchema, RecurrenceSchema } from '../../model/event'
import { OrganizationSchema } from '../../model/organization'
import { CREDIT_PRICES } from '../../services/credits'
import { calendarSources, findEvent, organizationDetail, PREVIEW_FIELDS, upcomingPreview } from '../../services/event-catalog'
import { organizationEvents } from '../../services/org-events'
import { answerJson } from '../../services/search-events'
import { paidCall } from '../credits'
import { defineTool, ToolError } from './define'
import { Charge, DateArg, IdempotencyKeyArg, Nullable, OrgIdArg } from './schemas'

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }
/** The free preview's size: enough to judge an organization's calendar, not a substitute for buying it. */
export const PREVIEW_LIMIT = 5

const notIndexed = (orgId: string) => new ToolError('not_indexed', `organization ${orgId} is not indexed; index it with index_organization (this answer is free)`, { orgId })

export const getOrganizationTool = defineTool({
  name: 'get_organization',
  title: 'Get an organization',
  description: 'What is known about one organization: domain, name, time zone, platform, whether and when it was indexed, and how many events and calendar sources it has.',
  access: 'anonymous',
  input: t.Object({ orgId: OrgIdArg }),
  output: t.Object({
    orgId: t.String(),
    domain: t.String(),
    website: Nullable(t.String()),
    name: Nullable(t.String()),
    timezone: Nullable(t.String()),
    platform: Nullable(t.String()),
    indexed: t.Boolean(),
    lastIndexedAt: Nullable(t.String({ format: 'date-time' })),
    eventCount: t.Integer({ minimum: 0 }),
    upcomingEventCount: t.Integer({ minimum: 0 }),
    sourceCount: t.Integer({ minimum: 0 }),
  }),
  annotations: READ,
  async run(args, { deps }) {
    const detail = await organizationDetail(deps.storage, args.orgId, deps.now())
    if (!detail) throw new ToolError('not_found', `no organization ${args.orgId}; index its website with index_organization`)
    return detail
  },
})

export const listCalendarSourcesTool = defineTool({
  name: 'list_calendar_sources',
  title: 'List calendar sources',
  description: "The calendar sources (iCalendar feeds, platform APIs, listing pages) the crawler found on an organization's site, with their status and event counts.",
  access: 'anonymous',
  input: t.Object({ orgId: OrgIdArg }),
  output: t.Object({
    orgId: t.String(),
    count: t.Integer({ minimum: 0 }),
    sources: t.Array(
      t.Object({
        url: t.String(),
        kind: t.String(),
        platform: Nullable(t.String()),
        status: t.String({ description: 'ok, not_modified, error, blocked or unreadable' }),
        httpStatus: Nullable(t.Integer()),
        error: Nullable(t.String()),
        eventCount: t.Integer({ minimum: 0 }),
        lastFetchedAt: Nullable(t.String({ format: 'date-time' })),
      }),
    ),
  }),
  annotations: READ,
  async run(args, { deps }) {
    if (!(await organizationDetail(deps.storage, args.orgId, deps.now()))) throw new ToolError('not_found', `no organization ${args.orgId}`)
    const sources = await calendarSources(deps.storage, args.orgId)
    return { orgId: args.orgId, count: sources.length, sources }
  },
})

export const getUpcomingEventsTool = defineTool({
  name: 'get_upcoming_events',
  title: 'Preview upcoming events',
  description: `Free preview: the next ${PREVIEW_LIMIT} upcoming events of an indexed organization with a few fields each (${PREVIEW_FIELDS.join(', ')}), and how many it has in all. The full records are sold by get_organization_events (1 credit per event).`,
  access: 'anonymous',
  input: t.Object({ orgId: OrgIdArg, limit: t.Optional(t.Integer({ minimum: 1, maximum: PREVIEW_LIMIT, description: `default ${PREVIEW_LIMIT}` })) }),
  output: t.Object({
    orgId: t.String(),
    preview: t.Literal(true),
    totalUpcoming: t.Integer({ minimum: 0 }),
    count: t.Integer({ minimum: 0 }),
    events: t.Array(t.Pick(EventSchema, [...PREVIEW_FIELDS])),
  }),
  annotations: READ,
  async run(args, { deps }) {
    const result = await upcomingPreview(deps.catalog, args.orgId, args.limit ?? PREVIEW_LIMIT, deps.now())
    if (!result) throw notIndexed(args.orgId)
    return { orgId: args.orgId, preview: true as const, totalUpcoming: result.total, count: result.events.length, events: result.events }
  },
})

export const getOrganizationEventsTool = defineTool({
  name: 'get_organization_events',
  title: 'Get all events of an organization',
  description:
    "All upcoming events of an indexed organization as full records (the REST events endpoint's twin). Costs 1 credit per event returned; 0 events or an unindexed organization cost nothing.",
  access: 'events:read',
  input: t.Object({ orgId: OrgIdArg, idempotencyKey: IdempotencyKeyArg }),
  output: t.Composite([OrganizationSchema, t.Object({ charge: Charge })]),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run(args, ctx) {
    return paidCall(ctx, 'get_organization_events', args, async () => {
      const result = await organizationEvents(ctx.deps.catalog, args.orgId, ctx.deps.now())
      if (!result) throw notIndexed(args.orgId)
      const json = await answerJson(result)
      return { data: JSON.parse(json) as Static<typeof OrganizationSchema>, json, amount: result.eventCount * CREDIT_PRICES.event }
    })
  },
})

async function eventOrFail(ctx: Parameters<typeof getOrganizationEventsTool.run>[1], orgId: string, eventId: string) {
  const event = await findEvent(ctx.deps.storage, orgId, eventId)
  if (!event) throw new ToolError('not_found', `organization ${orgId} has no event ${eventId}`)
  return event
}

export const getEventTool = defineTool({
  name: 'get_event',
  title: 'Get one event',
  description: 'One full event record by its event_id (1 credit).',
  access: 'events:read',
  input: t.Object({ orgId: OrgIdArg, eventId: t.String({ pattern: '^[A-Za-z0-9_:.-]{1,100}$', description: 'the event_id of the record' }), idempotencyKey: IdempotencyKeyArg }),
  output: t.Object({ orgId: t.String(), event: EventSchema, charge: Charge }),
  annotations: READ,
  run(args, ctx) {
    return paidCall(ctx, 'get_event', args, async () => ({ data: { orgId: args.orgId, event: await eventOrFail(ctx, args.orgId, args.eventId) }, amount: CREDIT_PRICES.event }))
  },
})

export const getEventOccurrencesTool = defineTool({
  name: 'get_event_occurrences',
  title: 'Get the occurrences of an event',
  description: "The dates of a recurring event inside a window (from its schedule), or the event's own dates when it does not recur (1 credit).",
  access: 'events:read',
  input: t.Object({
    orgId: OrgIdArg,
    eventId: t.String({ pattern: '^[A-Za-z0-9_:.-]{1,100}$' }),
    startDate: t.Optional(DateArg('first day')),
    endDate: t.Optional(DateArg('last day')),
    idempotencyKey: IdempotencyKeyArg,
  }),
  output: t.Object({
    orgId: t.String(),
    eventId: t.String(),
    title: Nullable(t.String()),
    recurring: t.Boolean(),
    recurrence: Nullable(RecurrenceSchema),
    count: t.Integer({ minimum: 0 }),
    occurrences: t.Array(OccurrenceSchema),
    charge: Charge,
  }),
  annotations: READ,
  run(args, ctx) {
    return paidCall(ctx, 'get_event_occurrences', args, async () => {
      const event = await eventOrFail(ctx, args.orgId, args.eventId)
      const all = event.schedule?.occurrences?.length ? event.schedule.occurrences : event.startDate ? [{ startDate: event.startDate, ...(event.endDate ? { endDate: event.endDate } : {}) }] : []
      const occurrences = all.filter((o) => (!args.startDate || (o.endDate ?? o.startDate).slice(0, 10) >= args.startDate) && (!args.endDate || o.startDate.slice(0, 10) <= args.endDate))
      return {
        data: {
          orgId: args.orgId,
          eventId: args.eventId,
          title: event.title ?? null,
          recurring: !!event.schedule,
          recurrence: event.schedule?.recurrence ?? null,
          count: occurrences.length,
          occurrences,
        },
        amount: CREDIT_PRICES.event,
      }
    })
  },
})

export const organizationTools = [getOrganizationTool, listCalendarSourcesTool, getUpcomingEventsTool, getOrganizationEventsTool, getEventTool, getEventOccurrencesTool]
