import { Type as t } from '@sinclair/typebox'
import { CREDIT_PRICES } from '../../services/credits'
import { upcomingEvents } from '../../services/event-catalog'
import { eventsToIcs, eventsToJsonLd } from '../../services/event-export'
import { paidCall } from '../credits'
import { defineTool, ToolError, type ToolContext } from './define'
import { Charge, IdempotencyKeyArg, OrgIdArg } from './schemas'

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }

/**
 * An organization's upcoming events, paid like get_organization_events: 1 credit each, nothing for none.
 * Whether the data changed is judged on the records, not on the export (which carries a timestamp).
 */
function paidEvents<D extends object>(ctx: ToolContext, tool: string, args: { orgId: string; idempotencyKey?: string }, build: (found: NonNullable<Awaited<ReturnType<typeof upcomingEvents>>>) => D) {
  return paidCall(ctx, tool, args, async () => {
    const found = await upcomingEvents(ctx.deps.catalog, args.orgId, ctx.deps.now())
    if (!found) throw new ToolError('not_indexed', `organization ${args.orgId} is not indexed; index it with index_organization (this answer is free)`, { orgId: args.orgId })
    return { data: build(found), amount: found.events.length * CREDIT_PRICES.event, fingerprintText: JSON.stringify(found) }
  })
}

export const exportEventsIcsTool = defineTool({
  name: 'export_events_ics',
  title: 'Export events as iCalendar',
  description: 'All upcoming events of an indexed organization as one iCalendar (RFC 5545) document, ready for a calendar app; UIDs stay the same across exports. 1 credit per event.',
  access: 'events:read',
  input: t.Object({ orgId: OrgIdArg, idempotencyKey: IdempotencyKeyArg }),
  output: t.Object({ orgId: t.String(), eventCount: t.Integer({ minimum: 0 }), mimeType: t.Literal('text/calendar'), ics: t.String(), charge: Charge }),
  annotations: READ,
  run(args, ctx) {
    return paidEvents(ctx, 'export_events_ics', args, (found) => ({
      orgId: args.orgId,
      eventCount: found.events.length,
      mimeType: 'text/calendar' as const,
      ics: eventsToIcs(found.org, found.events, ctx.deps.now()),
    }))
  },
})

export const exportEventsJsonLdTool = defineTool({
  name: 'export_events_jsonld',
  title: 'Export events as schema.org JSON-LD',
  description: 'All upcoming events of an indexed organization as a schema.org ItemList of Events (JSON-LD), for embedding in a web page. 1 credit per event.',
  access: 'events:read',
  input: t.Object({ orgId: OrgIdArg, idempotencyKey: IdempotencyKeyArg }),
  output: t.Object({
    orgId: t.String(),
    eventCount: t.Integer({ minimum: 0 }),
    jsonld: t.Object({
      '@context': t.Literal('https://schema.org'),
      '@type': t.Literal('ItemList'),
      numberOfItems: t.Integer({ minimum: 0 }),
      itemListElement: t.Array(t.Object({ '@type': t.Literal('ListItem'), position: t.Integer(), item: t.Object({ '@type': t.Literal('Event') }) })),
    }),
    charge: Charge,
  }),
  annotations: READ,
  run(args, ctx) {
    return paidEvents(ctx, 'export_events_jsonld', args, (found) => ({ orgId: args.orgId, eventCount: found.events.length, jsonld: eventsToJsonLd(found.org, found.events) as never }))
  },
})

export const exportTools = [exportEventsIcsTool, exportEventsJsonLdTool]
