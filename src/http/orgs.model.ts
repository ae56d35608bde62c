import { t, type Static } from 'elysia'
import { JobSourceSchema } from '../model/job-source'
import { DateParam, described, errorBody, PaymentRequiredBody } from './common.model'

const HintList = (what: string) => t.Array(t.String(), { description: `${what}; only http(s) URLs of at most 2048 characters are kept, duplicates dropped, 50 at most` })

/** Body of `POST /api/v1/orgs`. `website` or its alias `domain` is required (checked before the handler). */
export const IndexRequestBody = t.Object(
  {
    website: t.Optional(t.String({ minLength: 1, maxLength: 2048, description: 'site to index: a domain or an http(s) URL', examples: ['example.org'] })),
    domain: t.Optional(t.String({ minLength: 1, maxLength: 2048, description: 'alias of website' })),
    startDate: t.Optional(DateParam('startDate', 'first day of the window; default today')),
    endDate: t.Optional(DateParam('endDate', 'last day of the window; default today + 90 days')),
    hints: t.Optional(
      t.Object(
        { calendarUrls: t.Optional(HintList('calendar pages or feeds')), eventUrls: t.Optional(HintList('event detail pages')) },
        { additionalProperties: true, description: 'URLs appended to what discovery finds' },
      ),
    ),
  },
  { additionalProperties: true },
)
export type IndexRequest = Static<typeof IndexRequestBody>

export const IndexAccepted = t.Object({
  jobId: t.String({ description: 'unguessable job id' }),
  statusUrl: t.String({ description: 'poll here; uses the storefront address' }),
  expiresAt: t.String({ format: 'date-time', description: '24 hours after creation' }),
})

export const JobParams = t.Object({
  jobId: t.String({ pattern: '^[A-Za-z0-9_-]{1,128}$', error: 'jobId must be a job id as returned by POST /api/v1/orgs' }),
})

const Progress = t.Object({ pagesFetched: t.Integer(), sourcesFound: t.Integer(), eventsFound: t.Integer() })

/** What the job could not use: hints dropped by the sanitizer, URLs refused (robots.txt, SSRF guard, size, budget), platforms it cannot read. */
export const JobNotes = t.Object(
  {
    droppedHints: t.Optional(t.Array(t.Object({ list: t.String(), url: t.String(), reason: t.String() }), { description: 'the first 20 hints dropped, URLs cut to 200 characters' })),
    droppedHintCount: t.Optional(t.Integer({ minimum: 0, description: 'how many hints were dropped in all, present when more than droppedHints lists' })),
    refused: t.Optional(t.Array(t.Object({ url: t.String(), reason: t.String() }))),
    unreadable: t.Optional(
      t.Array(t.Object({ url: t.String(), platform: t.String(), reason: t.String() }), {
        description: 'calendars on platforms recognised but not readable (Wix, Facebook events, Eventbrite, …): they exist and were not read; also listed in `sources` with status `unreadable`',
      }),
    ),
    zone: t.Optional(
      t.Object(
        { name: t.String(), how: t.String() },
        { description: 'the IANA zone the events were read in and how it was chosen (source, earlier crawl, venue or site addresses, phone numbers, domain, language, or UTC as the last resort)' },
      ),
    ),
  },
  { description: 'present when something was dropped or refused, or once the crawl has chosen the zone' },
)

export const JobPending = t.Object({
  jobId: t.String(),
  status: t.Union([t.Literal('pending'), t.Literal('running'), t.Literal('awaiting_billing')], {
    description: 'awaiting_billing: the usage report of this job is not confirmed yet; the job runs once the charge is confirmed, or is cancelled without a charge (502 billing_refused)',
  }),
  progress: Progress,
  statusUrl: t.String(),
  createdAt: t.String({ format: 'date-time' }),
  expiresAt: t.String({ format: 'date-time' }),
  notes: t.Optional(JobNotes),
  message: t.Optional(t.String()),
})

export const JobReady = t.Object({
  jobId: t.String(),
  status: t.Literal('ready'),
  orgId: t.String(),
  eventsUrl: t.String(),
  eventCount: t.Integer({ minimum: 0 }),
  sources: t.Array(JobSourceSchema, {
    description:
      "every calendar source the crawl read or tried (the organization's site, its subdomains, calendar platforms it links or embeds), those that gave events first, at most 50: with its platform, status and how many events it gave",
  }),
  notes: t.Optional(JobNotes),
})

/** 503 of POST /orgs: `usage_unavailable` (nothing charged, no job) or `usage_unknown` (the charge may have been recorded: poll `statusUrl`). */
export const IndexUnsettled = t.Object({
  error: t.String({ description: 'usage_unavailable: nothing was charged and no job exists; usage_unknown: the usage report could not be confirmed, poll statusUrl' }),
  message: t.String(),
  jobId: t.Optional(t.String()),
  statusUrl: t.Optional(t.String()),
})

export const orgsResponses = {
  create: {
    202: described(IndexAccepted, 'the crawl job is queued; poll statusUrl. gw-usage settles orgs_index = 1'),
    402: PaymentRequiredBody,
    503: described(IndexUnsettled, 'usage_unavailable (nothing charged, no job) or usage_unknown (poll statusUrl): the usage service could not confirm the charge'),
  },
  poll: {
    200: described(JobReady, 'ready: the events are stored; read them at eventsUrl'),
    202: described(JobPending, 'pending or running (with progress), or awaiting_billing'),
    404: errorBody('no job with this id'),
    410: errorBody('job_expired: older than 24 hours; `eventsUrl` when the organization is indexed, else `indexUrl`'),
    502: errorBody('index_failed: the crawl failed; `reason` says why. billing_refused: the usage service refused the charge, nothing was charged and the job did not run'),
  },
} as const
