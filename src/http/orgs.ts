import { Elysia } from 'elysia'
import type { LoopbackSite } from '../crawl/fetch/resolve-overrides'
import type { Storage } from '../db/storage'
import { invalidRequest } from '../errors'
import type { Caller, GatewayPlugin } from '../gateway/plugin'
import { usageHeader } from '../gateway/settlement'
import type { UsageClient } from '../gateway/usage-client'
import { DomainError } from '../services/errors'
import { jobNotes, jobStatus, type JobStatus } from '../services/index-jobs'
import { indexForAgent } from '../services/index-organization'
import { INDEX_USAGE } from '../services/usage-billing'
import { assertDateWindow, gatewayErrors } from './common.model'
import { IndexRequestBody, JobParams, orgsResponses } from './orgs.model'

export type OrgsDeps = { gateway: GatewayPlugin; storage: Storage; usage: UsageClient; now: () => number; allowPrivate: boolean; loopbackSites?: readonly LoopbackSite[]; onJobQueued?: () => void }

const links = (caller: Caller) => ({
  status: (jobId: string) => `${caller.baseUrl}/api/v1/orgs/${jobId}`,
  events: (orgId: string) => `${caller.baseUrl}/api/v1/businesses/${orgId}/events`,
  index: () => `${caller.baseUrl}/api/v1/orgs`,
})

/** `POST /api/v1/orgs` (index, paid) and `GET /api/v1/orgs/{jobId}` (poll, verify-only). */
export function orgsRoutes(deps: OrgsDeps) {
  return new Elysia({ name: 'orgs', prefix: '/api/v1' })
    .use(deps.gateway)
    .post(
      '/orgs',
      async ({ body, caller, set }) => {
        const request = { website: (body.website ?? body.domain)!, startDate: body.startDate, endDate: body.endDate, hints: body.hints, agentId: caller!.agentId!, requestId: caller!.usageRequestId }
        const billed = await indexForAgent(deps.storage, deps.usage, request, { nowMs: deps.now(), now: deps.now, allowPrivate: deps.allowPrivate, loopbackSites: deps.loopbackSites })
        const { job } = billed
        if (billed.outcome === 'refused') throw new DomainError('usage_unavailable', `billing is unavailable: ${billed.reason}; nothing was charged and no job was created`, {}, 5)
        if (billed.outcome === 'unknown')
          throw new DomainError(
            'usage_unknown',
            `the usage report could not be confirmed (${billed.reason}): the charge may have been recorded. If it was, the job runs; if not, it is cancelled and nothing is charged. Poll statusUrl to learn which; do not send this request again to retry it`,
            { jobId: job.jobId, statusUrl: links(caller!).status(job.jobId) },
            60,
          )
        deps.onJobQueued?.()
        set.status = 202
        set.headers['gw-usage'] = usageHeader(INDEX_USAGE)!
        return { jobId: job.jobId, statusUrl: links(caller!).status(job.jobId), expiresAt: new Date(job.expiresAt).toISOString() }
      },
      {
        body: IndexRequestBody,
        beforeHandle: ({ body }) => {
          if (body.website === undefined && body.domain === undefined) throw invalidRequest('body field "website" (or its alias "domain") is required')
          assertDateWindow(body)
        },
        response: { ...gatewayErrors, ...orgsResponses.create },
        detail: { tags: ['index'], summary: 'Index an organization (paid: orgs_index = 1)' },
      },
    )
    .get(
      '/orgs/:jobId',
      async ({ params, caller, set }) => {
        const answer = pollAnswer(params.jobId, await jobStatus(deps.storage, params.jobId, deps.now()), links(caller!))
        if (answer.status !== 'ready') set.status = 202
        return answer
      },
      { params: JobParams, response: { ...gatewayErrors, ...orgsResponses.poll }, detail: { tags: ['index'], summary: 'Poll an index job (free, verify-only)' } },
    )
}

/** The poll's answer for a job's status (spec "States and transitions"): 200 when ready, 202 while it runs; the other states are errors. */
function pollAnswer(jobId: string, status: JobStatus, link: ReturnType<typeof links>) {
  switch (status.state) {
    case 'not_found':
      throw new DomainError('not_found', `no index job ${jobId}`)
    case 'expired':
      throw new DomainError(
        'job_expired',
        status.orgIndexed ? 'this job is older than 24 hours; the organization is indexed: read eventsUrl' : 'this job is older than 24 hours; index the organization again with POST indexUrl',
        status.orgIndexed ? { jobId, eventsUrl: link.events(status.job.orgId) } : { jobId, indexUrl: link.index() },
      )
    case 'awaiting_billing':
      return {
        jobId,
        status: 'awaiting_billing' as const,
        progress: { pagesFetched: 0, sourcesFound: 0, eventsFound: 0 },
        statusUrl: link.status(jobId),
        createdAt: new Date(status.job.createdAt).toISOString(),
        expiresAt: new Date(status.job.expiresAt).toISOString(),
        message: 'the usage report of this job is not confirmed yet: the job runs once the charge is confirmed, or is cancelled without a charge if it was not recorded',
      }
    case 'billing_refused':
      throw new DomainError('billing_refused', 'the usage service refused the charge for this job: nothing was charged and the job did not run; index again with POST indexUrl', {
        jobId,
        status: 'cancelled',
        reason: status.reason,
        indexUrl: link.index(),
      })
    case 'failed':
    case 'cancelled':
      throw new DomainError(status.state === 'failed' ? 'index_failed' : 'index_cancelled', `the index job ${status.state === 'failed' ? 'failed' : 'was cancelled'}: ${status.reason}`, {
        jobId,
        status: status.state,
        reason: status.reason,
      })
    case 'ready':
      return { jobId, status: 'ready' as const, orgId: status.job.orgId, eventsUrl: link.events(status.job.orgId), eventCount: status.eventCount, sources: status.sources, notes: jobNotes(status.job) }
    default:
      return {
        jobId,
        status: status.state,
        progress: status.progress,
        statusUrl: link.status(jobId),
        createdAt: new Date(status.job.createdAt).toISOString(),
        expiresAt: new Date(status.job.expiresAt).toISOString(),
        notes: jobNotes(status.job),
      }
  }
}
