import { Elysia } from 'elysia'
import type { Storage } from '../db/storage'
import type { GatewayPlugin } from '../gateway/plugin'
import type { Mailer } from '../report/mailer'
import { submitReport } from '../report/reports'
import { gatewayErrors } from './common.model'
import { ReportBody, reportResponses } from './report.model'

export type ReportDeps = { gateway: GatewayPlugin; storage: Storage; mailer: Mailer; now: () => number; dailyCap: number; allowPrivate: boolean }

/** `POST /api/v1/report`: the free support channel (twin of the MCP tool report_issue). */
export function reportRoutes(deps: ReportDeps) {
  return new Elysia({ name: 'report', prefix: '/api/v1' }).use(deps.gateway).post(
    '/report',
    async ({ body, caller, set }) => {
      const receipt = await submitReport(
        deps.storage,
        deps.mailer,
        { message: body.message, email: body.email, domain: body.domain, orgId: body.orgId, jobId: body.jobId, agentId: caller!.agentId },
        { nowMs: deps.now(), dailyCap: deps.dailyCap, baseUrl: caller!.baseUrl, allowPrivate: deps.allowPrivate },
      )
      set.status = 202
      return receipt
    },
    {
      body: ReportBody,
      response: { ...gatewayErrors, ...reportResponses },
      detail: { tags: ['report'], summary: 'Report a data or crawl problem (free, identity)' },
    },
  )
}
