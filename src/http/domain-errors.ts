import type { ErrorResponse } from '../errors'
import type { DomainError, DomainErrorCode } from '../services/errors'

/**
 * The one table from a use case's business failure to its REST status (spec rest-interface-v1: 400
 * for bad input, 402 for credits, 404 unknown or not indexed, 410 an expired job, 429 the report cap,
 * 502 a job that could not run, 503 billing unavailable or unconfirmed). Codes only MCP raises today
 * (unauthorized, job_finished, fetch_failed, insufficient_credits) have the status they would get.
 */
export const DOMAIN_ERROR_STATUS: Readonly<Record<DomainErrorCode, number>> = {
  invalid_request: 400,
  unauthorized: 401,
  insufficient_credits: 402,
  not_found: 404,
  not_indexed: 404,
  job_finished: 409,
  job_expired: 410,
  report_cap_reached: 429,
  index_failed: 502,
  index_cancelled: 502,
  billing_refused: 502,
  fetch_failed: 502,
  usage_unavailable: 503,
  usage_unknown: 503,
}

/** A DomainError on the wire: the table's status, the spec's `{error, message, …extra}` body, Retry-After when it says when to retry. */
export function domainErrorResponse(error: DomainError): ErrorResponse {
  const headers: Record<string, string> = error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) }
  return { status: DOMAIN_ERROR_STATUS[error.code], body: { error: error.code, message: error.message, ...error.extra }, headers }
}
