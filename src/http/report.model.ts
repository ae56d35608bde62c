import { t } from 'elysia'
import { errorBody, PaymentRequiredBody } from './common.model'

export const ReportBody = t.Object(
  {
    message: t.String({ minLength: 1, maxLength: 10000, description: 'what is wrong', error: 'message is required: 1 to 10000 characters' }),
    email: t.Optional(t.String({ maxLength: 320, format: 'email', error: 'email must be an email address' })),
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

export const reportResponses = { 202: ReportReceipt, 402: PaymentRequiredBody, 429: errorBody('report_cap_reached: daily cap per reporter') } as const
