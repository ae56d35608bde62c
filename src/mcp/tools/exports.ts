import { Type as t } from '@sinclair/typebox'
import { CREDIT_PRICES } from '../../services/credits'
import { upcomingEvents } from '../../services/event-catalog'
import { eventsToIcs, eventsToJsonLd } from '../../services/event-export'
import { callOf, chargeCall, ensureCredits } from '../credits'
import { defineTool, ToolError, type ToolContext } from './define'
import { Charge, IdempotencyKeyArg, OrgIdArg } from './schemas'

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }

/** An organization's upcoming events, paid like get_organization_events: 1 credit each, nothing for none. */
function paidEvents(ctx: ToolContext, tool: string, args: { orgId: string; idempotencyKey?: string }) {
  const call = callOf(ctx, tool, args)
  const found = upcomingEvents(ctx.deps.db, args.orgId, ctx.deps.now())
  if (!found) throw new ToolError('not_indexed', `organization ${args.orgId} is not indexed; index it with index_organization (this answer is free)`, { orgId: args.orgId })
  const amount = found.events.length * CREDIT_PRICES.event
  ensureCredits(ctx, amount)
  return { ...found, call, amount }
}

export const exportEventsIcsTool = defineTool({
  name: 'export_events_ics',
  title: 'Export events as iCalendar',
  description: "All upcoming events of an indexed organization as one iCalendar (RFC 5545) document, ready for a calendar app; UIDs stay the same across exports. 1 credit per event.",
  access: 'events:read',
  input: t.Object({ orgId: OrgIdArg, idempotencyKey: IdempotencyKeyArg }),
  output: t.Object({ orgId: t.String(), eventCount: t.Integer({ minimum: 0 }), mimeType: t.Literal('text/calendar'), ics: t.String(), charge: Charge }),
  annotations: READ,
  run(args, ctx) {
    const paid = paidEvents(ctx, 'export_events_ics', args)
    const ics = eventsToIcs(paid.org, paid.events, ctx.deps.now())
    const { info } = chargeCall(ctx, paid.call, paid.amount)
    return { orgId: args.orgId, eventCount: paid.events.length, mimeType: 'text/calendar' as const, ics, charge: info }
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
    jsonld: t.Object({ '@context': t.Literal('https://schema.org'), '@type': t.Literal('ItemList'), numberOfItems: t.Integer({ minimum: 0 }), itemListElement: t.Array(t.Object({ '@type': t.Literal('ListItem'), position: t.Integer(), item: t.Object({ '@type': t.Literal('Event') }) })) }),
    charge: Charge,
  }),
  annotations: READ,
  run(args, ctx) {
    const paid = paidEvents(ctx, 'export_events_jsonld', args)
    const jsonld = eventsToJsonLd(paid.org, paid.events)
    const { info } = chargeCall(ctx, paid.call, paid.amount)
    return { orgId: args.orgId, eventCount: paid.events.length, jsonld: jsonld as never, charge: info }
  },
})

export const exportTools = [exportEventsIcsTool, exportEventsJsonLdTool]
