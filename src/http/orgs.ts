import { Elysia } from 'elysia'
import { invalidRequest, notImplemented } from '../errors'
import { assertDateWindow, gatewayErrors } from './common.model'
import { IndexRequestBody, JobParams, orgsResponses } from './orgs.model'

/** `POST /api/v1/orgs` (index, paid) and `GET /api/v1/orgs/{jobId}` (poll, verify-only). */
export function orgsRoutes() {
  return new Elysia({ name: 'orgs', prefix: '/api/v1' })
    .post(
      '/orgs',
      () => {
        throw notImplemented('indexing (POST /api/v1/orgs)')
      },
      {
        parse: 'json',
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
      () => {
        throw notImplemented('job polling (GET /api/v1/orgs/{jobId})')
      },
      { params: JobParams, response: { ...gatewayErrors, ...orgsResponses.poll }, detail: { tags: ['index'], summary: 'Poll an index job (free, verify-only)' } },
    )
}
