/**
 * Every business failure a use case (or an MCP tool) may report, by its machine-readable code. The
 * HTTP table (http/domain-errors) gives each a status; MCP answers each as an `isError` tool result
 * carrying the code (mcp/tools/define `registerTool`). A new code goes here first, and both surfaces
 * must then say how they answer it (test/architecture/domain-errors.test.ts).
 */
export const DOMAIN_ERROR_CODES = [
  'invalid_request',
  'unauthorized',
  'not_found',
  'not_indexed',
  'insufficient_credits',
  'job_expired',
  'job_finished',
  'index_failed',
  'index_cancelled',
  'billing_refused',
  'usage_unavailable',
  'usage_unknown',
  'fetch_failed',
  'report_cap_reached',
] as const

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number]

/**
 * A business failure of a use case: a machine-readable `code`, a message for people and extra fields,
 * and no transport status. Each surface maps it in one place (REST: http/domain-errors; MCP: an
 * `isError` tool result, see mcp/tools/define `registerTool`). `retryAfterSeconds` says when trying
 * again can succeed (REST sends it as Retry-After; it is not part of the body).
 */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'DomainError'
  }
}

/** The request's input cannot be served as written; the message names the field and what was wrong. */
export const invalidRequest = (message: string) => new DomainError('invalid_request', message)
