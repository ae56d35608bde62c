import { Elysia } from 'elysia'
import { notImplemented } from '../errors'
import type { GatewayPlugin } from '../gateway/plugin'
import { gatewayErrors } from './common.model'
import { ReportBody, reportResponses } from './report.model'

/** `POST /api/v1/report`: the free support channel (twin of the MCP tool report_issue). */
export function reportRoutes(deps: { gateway: GatewayPlugin }) {
  return new Elysia({ name: 'report', prefix: '/api/v1' })
    .use(deps.gateway).post(
    '/report',
    () => {
      throw notImplemented('reports (POST /api/v1/report)')
    },
    {
      body: ReportBody,
      response: { ...gatewayErrors, ...reportResponses },
      detail: { tags: ['report'], summary: 'Report a data or crawl problem (free, identity)' },
    },
  )
}
