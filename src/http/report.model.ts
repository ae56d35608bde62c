import { t } from 'elysia'
import { LIMITS } from '../model/limits'
import { described, errorBody, PaymentRequiredBody } from './common.model'

export const ReportBody = t.Object(
  {
    message: t.String({
      minLength: LIMITS.reportMessage.min,
      maxLength: LIMITS.reportMessage.max,
      description: 'what is wrong',
      error: `message is required: ${LIMITS.reportMessage.min} to ${LIMITS.reportMessage.max} characters`,
    }),
    // The one-address rule (and its 254-character limit) lives in src/report/reporter.ts, shared with MCP.
    email: t.Optional(t.String({ description: 'where to answer: exactly one address such as name@example.org (no display name, no list), at most 254 characters' })),
    domain: t.Optional(t.String({ maxLength: 2048 })),
    orgId: t.Optional(t.String({ maxLength: 64 })),
    jobId: t.Optional(t.String({ maxLength: 128 })),
  },
  { additionalProperties: true },
)

export const ReportReceipt = t.Object({
  status: t.Literal('received'),
  reportId: t.String(),
  delivered: t.Boolean({ description: 'whether the mail to the service team went out; the report is kept either way' }),
})

export const reportResponses = {
  202: described(ReportReceipt, 'the report is stored (and mailed to the service team when delivered is true)'),
  402: PaymentRequiredBody,
  429: errorBody('report_cap_reached: daily cap per reporter'),
} as const
