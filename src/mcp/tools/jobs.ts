import { Type as t, type Static } from '@sinclair/typebox'
import { assertDateWindow } from '../../services/date-window'
import { creditBalance } from '../../services/credits'
import { accountJobs, jobStatus, type ReservedJob } from '../../services/index-jobs'
import { indexForAccount } from '../../services/index-organization'
import { callOf, replayed } from '../credits'
import { accountOf, defineTool, ToolError } from './define'
import { JobSourceSchema } from '../../model/job-source'
import { Charge, DateArg, IdempotencyKeyArg, Nullable } from './schemas'

const JobIdArg = t.String({ pattern: '^job_[A-Za-z0-9_-]{20,60}$', description: 'the jobId index_organization returned' })
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

const IndexedJob = t.Object({
  jobId: t.String(),
  orgId: t.String(),
  domain: t.String(),
  status: t.Literal('pending'),
  expiresAt: t.String({ format: 'date-time' }),
})

export const indexOrganizationTool = defineTool({
  name: 'index_organization',
  title: 'Index an organization',
  description:
    "Crawls an organization's website for its event calendars as a background job (40 credits). Poll it with get_index_job, then read the events with get_organization_events. Repeating the same call within 10 minutes (or with the same idempotencyKey within 24 hours) returns the same job and is not charged again.",
  access: 'events:index',
  input: t.Object({
    website: t.String({ minLength: 1, maxLength: 2048, description: 'the site to index: a domain (example.org) or an http(s) URL' }),
    startDate: t.Optional(DateArg('window start (default: today)')),
    endDate: t.Optional(DateArg('window end (default: startDate + 90 days)')),
    hints: t.Optional(
      t.Object({
        calendarUrls: t.Optional(t.Array(t.String({ maxLength: 4096 }), { maxItems: 200, description: 'calendar pages or feeds to read besides what discovery finds (at most 50 kept)' })),
        eventUrls: t.Optional(t.Array(t.String({ maxLength: 4096 }), { maxItems: 200, description: 'event detail pages to read (at most 50 kept)' })),
      }),
    ),
    idempotencyKey: IdempotencyKeyArg,
  }),
  output: t.Composite([IndexedJob, t.Object({ charge: Charge })]),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(args, ctx) {
    const { deps } = ctx
    assertDateWindow(args)
    const call = callOf(ctx, 'index_organization', args)
    const request = { website: args.website, startDate: args.startDate, endDate: args.endDate, hints: args.hints }
    const options = { nowMs: deps.now(), allowPrivate: deps.allowPrivate, loopbackSites: deps.loopbackSites }
    const present = (job: ReservedJob): Static<typeof IndexedJob> => ({
      jobId: job.jobId,
      orgId: job.orgId,
      domain: job.domain,
      status: 'pending' as const,
      expiresAt: new Date(job.expiresAt).toISOString(),
    })
    const indexed = await indexForAccount(deps.storage, call, request, options, present)
    // A retry: the same job again, with the current balance and no second debit.
    if (indexed.outcome === 'replayed') return await replayed<Static<typeof IndexedJob>>(ctx, call, indexed.stored)
    deps.onJobQueued?.()
    return { ...indexed.answer, charge: { credits: indexed.charged, replayed: false, balance: await creditBalance(deps.storage, call.accountId) } }
  },
})

export const getIndexJobTool = defineTool({
  name: 'get_index_job',
  title: 'Get an index job',
  description:
    'The state of an index job: awaiting_billing (a REST job whose charge is not confirmed yet), pending or running (with progress), ready (with orgId and eventCount), failed or cancelled (with the reason), or expired after 24 hours. Free: the job id is unguessable.',
  access: 'anonymous',
  input: t.Object({ jobId: JobIdArg }),
  output: t.Object({
    jobId: t.String(),
    status: t.Union([t.Literal('awaiting_billing'), t.Literal('pending'), t.Literal('running'), t.Literal('ready'), t.Literal('failed'), t.Literal('cancelled'), t.Literal('expired')]),
    orgId: t.String(),
    createdAt: t.String({ format: 'date-time' }),
    expiresAt: t.String({ format: 'date-time' }),
    progress: t.Optional(t.Object({ pagesFetched: t.Integer(), sourcesFound: t.Integer(), eventsFound: t.Integer() })),
    eventCount: t.Optional(t.Integer({ minimum: 0 })),
    sources: t.Optional(t.Array(JobSourceSchema, { description: 'when ready: every calendar source the crawl read or tried, with its platform, status and event count' })),
    reason: t.Optional(t.String()),
    organizationIndexed: t.Optional(t.Boolean()),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, { deps }) {
    const status = await jobStatus(deps.storage, args.jobId, deps.now())
    if (status.state === 'not_found') throw new ToolError('not_found', `no index job ${args.jobId}`)
    const base = { jobId: args.jobId, orgId: status.job.orgId, createdAt: iso(status.job.createdAt)!, expiresAt: iso(status.job.expiresAt)! }
    switch (status.state) {
      case 'ready':
        return { ...base, status: 'ready' as const, eventCount: status.eventCount, sources: status.sources }
      case 'failed':
      case 'cancelled':
        return { ...base, status: status.state, reason: status.reason }
      case 'billing_refused':
        return { ...base, status: 'cancelled' as const, reason: status.reason }
      case 'awaiting_billing':
        return { ...base, status: 'awaiting_billing' as const }
      case 'expired':
        return { ...base, status: 'expired' as const, organizationIndexed: status.orgIndexed }
      default:
        return { ...base, status: status.state, progress: status.progress }
    }
  },
})

export const listIndexJobsTool = defineTool({
  name: 'list_index_jobs',
  title: 'List my index jobs',
  description: 'The index jobs this account started, newest first.',
  access: 'events:index',
  input: t.Object({ limit: t.Optional(t.Integer({ minimum: 1, maximum: 100, description: 'default 20' })) }),
  output: t.Object({
    count: t.Integer({ minimum: 0 }),
    jobs: t.Array(
      t.Object({
        jobId: t.String(),
        orgId: t.String(),
        website: t.String(),
        status: t.String(),
        eventCount: Nullable(t.Integer()),
        createdAt: t.String({ format: 'date-time' }),
        finishedAt: Nullable(t.String({ format: 'date-time' })),
      }),
    ),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, ctx) {
    const nowMs = ctx.deps.now()
    const jobs = (await accountJobs(ctx.deps.storage, accountOf(ctx), args.limit ?? 20)).map((j) => ({
      jobId: j.jobId,
      orgId: j.orgId,
      website: j.website,
      status: (j.state === 'pending' || j.state === 'running') && nowMs > j.expiresAt ? 'expired' : j.state,
      eventCount: j.eventCount,
      createdAt: iso(j.createdAt)!,
      finishedAt: iso(j.finishedAt),
    }))
    return { count: jobs.length, jobs }
  },
})

export const cancelIndexJobTool = defineTool({
  name: 'cancel_index_job',
  title: 'Cancel an index job',
  description: 'Cancels one of your index jobs that has not finished. The index credits are not refunded (the crawl may already have started).',
  access: 'events:index',
  input: t.Object({ jobId: JobIdArg }),
  output: t.Object({ jobId: t.String(), status: t.Literal('cancelled') }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async run(args, ctx) {
    const job = await ctx.deps.storage.jobs.find(args.jobId)
    if (!job || job.state === 'reserved' || job.accountId !== accountOf(ctx)) throw new ToolError('not_found', `you have no index job ${args.jobId}`)
    if (job.state === 'cancelled') return { jobId: args.jobId, status: 'cancelled' as const }
    if (!(await ctx.deps.storage.jobs.cancel(args.jobId, ctx.deps.now())))
      throw new ToolError('job_finished', `the job has already ended (${job.state}); there is nothing to cancel`, { status: job.state })
    return { jobId: args.jobId, status: 'cancelled' as const }
  },
})

export const jobTools = [indexOrganizationTool, getIndexJobTool, listIndexJobsTool, cancelIndexJobTool]
