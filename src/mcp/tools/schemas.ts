import { Type as t } from '@sinclair/typebox'
import { EventSchema } from '../../model/event'
import { ORG_ID_PATTERN } from '../../model/organization'

/** Argument and result pieces shared by several tools; the event record is the spec's, reused as is. */
export const OrgIdArg = t.String({ pattern: ORG_ID_PATTERN, description: 'the organization id (org_ + 16 hex), as returned by search_businesses or get_index_job' })
export const DateArg = (what: string) => t.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: `${what}, a calendar date YYYY-MM-DD` })
export const IdempotencyKeyArg = t.Optional(
  t.String({
    minLength: 1,
    maxLength: 200,
    description:
      'names this call: a repeat with the same key within 24 hours gets the first answer back, unchanged, without a second charge. Without it, the same arguments within 10 minutes count as a retry.',
  }),
)
export const Filters = t.Object({ startDate: t.String(), endDate: t.String(), category: t.Union([t.String(), t.Null()]), city: t.Union([t.String(), t.Null()]) })
export const Charge = t.Object({
  credits: t.Integer({ minimum: 0, description: 'credits debited by this call (0 for a retry or an empty result)' }),
  replayed: t.Boolean({ description: 'true when this call repeated an earlier one and was not charged again' }),
  balance: t.Integer({ description: 'the balance after the call' }),
})
export const Nullable = <T extends Parameters<typeof t.Union>[0][number]>(schema: T) => t.Union([schema, t.Null()])
