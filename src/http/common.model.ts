import { t, type TSchema } from 'elysia'

/**
 * The same schema with the description its response carries in the OpenAPI document (every response
 * needs one there); validation is unchanged, since a description constrains nothing.
 */
export const described = <T extends TSchema>(schema: T, description: string): T => ({ ...schema, description })

/** Every error body: `{error, message}` (spec "Error body"), described for one status. */
export const errorBody = (description = 'error') =>
  t.Object({ error: t.String({ description: 'machine-readable code' }), message: t.String({ description: 'what was wrong, for people' }) }, { additionalProperties: true, description })

export const UsageItem = t.Object({ meter: t.String(), quantity: t.Integer({ minimum: 0 }) })

/** 402 bodies: the identity challenge (`usage: []`) and `payment_required` with the usage declaration. */
export const PaymentRequiredBody = t.Object(
  {
    error: t.String({ description: 'identity_required or payment_required' }),
    message: t.String(),
    usage: t.Array(UsageItem),
    request_id: t.Optional(t.String()),
  },
  { description: 'identity_required: the route needs a registered agent (gw-agent-id), usage is empty; payment_required: the allowance does not cover the usage declared' },
)

export const NotIndexedBody = t.Object(
  {
    error: t.String({ description: 'not_indexed' }),
    message: t.String(),
    indexUrl: t.String({ description: 'POST here to index the organization' }),
  },
  { description: 'not_indexed: the organization is not indexed (nothing is charged); index it at indexUrl' },
)

/** A calendar date as the spec writes it; `format: date` also refuses impossible days (2026-02-30). */
export const DateParam = (name: string, description: string) =>
  t.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date', description, examples: ['2026-06-01'], error: `${name} must be a calendar date written YYYY-MM-DD` })

/** The error responses of routes behind the gateway, for the OpenAPI document. */
export const gatewayErrors = {
  400: errorBody('invalid request: the message names the field'),
  401: errorBody('invalid_gateway_signature or unknown_kid'),
  403: errorBody('missing_authentication_token: the path lacks the single /api/v1 prefix'),
  503: errorBody('the usage service could not confirm the allowance'),
} as const

/** Checked in `beforeHandle`, after schema validation; the rule lives with the use cases (services/date-window). */
export { assertDateWindow } from '../services/date-window'
