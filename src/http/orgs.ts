import { Elysia } from 'elysia'
import type { Db } from '../db'
import { AppError, invalidRequest } from '../errors'
import { reportUsage, type Caller, type GatewayPlugin } from '../gateway/plugin'
import { ROUTE_RULES } from '../gateway/routes'
import { usageHeader } from '../gateway/settlement'
import type { UsageClient } from '../gateway/usage-client'
import { confirmIndexJob, discardIndexJob, jobNotes, jobStatus, reserveIndexJob } from '../services/index-jobs'
import { assertDateWindow, gatewayErrors } from './common.model'
import { IndexRequestBody, JobParams, orgsResponses } from './orgs.model'

export type OrgsDeps = { gateway: GatewayPlugin; db: Db; usage: UsageClient; now: () => number; allowPrivate: boolean; onJobQueued?: () => void }

const INDEX_USAGE = [ROUTE_RULES['POST /api/v1/orgs'].usage!]

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
        const nowMs = deps.now()
        const job = reserveIndexJob(
          deps.db,
          { website: (body.website ?? body.domain)!, startDate: body.startDate, endDate: body.endDate, hints: body.hints, agentId: caller!.agentId, requestId: caller!.usageRequestId },
          { nowMs, allowPrivate: deps.allowPrivate },
        )
        try {
          await reportUsage(deps.usage, caller!, INDEX_USAGE)
        } catch (error) {
          discardIndexJob(deps.db, job.jobId)
          throw error
        }
        confirmIndexJob(deps.db, job.jobId, deps.now())
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
      ({ params, caller, set }) => {
        const status = jobStatus(deps.db, params.jobId, deps.now())
        const link = links(caller!)
        switch (status.state) {
          case 'not_found':
            throw new AppError(404, 'not_found', `no index job ${params.jobId}`)
          case 'expired':
            throw new AppError(
              410,
              'job_expired',
              status.orgIndexed ? 'this job is older than 24 hours; the organization is indexed: read eventsUrl' : 'this job is older than 24 hours; index the organization again with POST indexUrl',
              status.orgIndexed ? { jobId: params.jobId, eventsUrl: link.events(status.job.orgId) } : { jobId: params.jobId, indexUrl: link.index() },
            )
          case 'failed':
          case 'cancelled':
            throw new AppError(502, status.state === 'failed' ? 'index_failed' : 'index_cancelled', `the index job ${status.state === 'failed' ? 'failed' : 'was cancelled'}: ${status.reason}`, {
              jobId: params.jobId,
              status: status.state,
              reason: status.reason,
            })
          case 'ready':
            return { jobId: params.jobId, status: 'ready' as const, orgId: status.job.orgId, eventsUrl: link.events(status.job.orgId), eventCount: status.eventCount, notes: jobNotes(status.job) }
          default:
            set.status = 202
            return {
              jobId: params.jobId,
              status: status.state,
              progress: status.progress,
              statusUrl: link.status(params.jobId),
              createdAt: new Date(status.job.createdAt).toISOString(),
              expiresAt: new Date(status.job.expiresAt).toISOString(),
              notes: jobNotes(status.job),
            }
        }
      },
      { params: JobParams, response: { ...gatewayErrors, ...orgsResponses.poll }, detail: { tags: ['index'], summary: 'Poll an index job (free, verify-only)' } },
    )
}
