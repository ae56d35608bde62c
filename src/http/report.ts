import { Elysia } from 'elysia'
import { notImplemented } from '../errors'
import { gatewayErrors } from './common.model'
import { ReportBody, reportResponses } from './report.model'

/** `POST /api/v1/report`: the free support channel (twin of the MCP tool report_issue). */
export function reportRoutes() {
  return new Elysia({ name: 'report', prefix: '/api/v1' }).post(
    '/report',
    () => {
      throw notImplemented('reports (POST /api/v1/report)')
    },
    {
      parse: 'json',
      body: ReportBody,
      response: { ...gatewayErrors, ...reportResponses },
      detail: { tags: ['report'], summary: 'Report a data or crawl problem (free, identity)' },
    },
  )
}
