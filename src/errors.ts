import { Elysia, ValidationError } from 'elysia'
import { domainErrorResponse } from './http/domain-errors'
import { requestPath } from './http/request-target'
import type { Logger } from './log'
import { DomainError } from './services/errors'

/**
 * An error that is part of the interface: it carries the HTTP status, the `error` code of the spec's
 * error body and any extra body fields the spec requires (`usage`, `indexUrl`, `request_id`).
 * Anything thrown that is not an AppError is a bug and is answered 500 without details.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const invalidRequest = (message: string) => new AppError(400, 'invalid_request', message)
export const missingAuthenticationToken = () => new AppError(403, 'missing_authentication_token', 'Missing Authentication Token')

export type ErrorResponse = { status: number; body: Record<string, unknown>; headers: Record<string, string> }

const WHERE: Record<string, string> = {
  query: 'query parameter',
  params: 'path parameter',
  body: 'body field',
  headers: 'header',
  cookie: 'cookie',
}

/** `/hints/calendarUrls/0` → `hints.calendarUrls[0]`, so messages name fields the way callers write them. */
function fieldName(pointer: string): string {
  return pointer
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '')
}

/** A validation failure as one sentence that names the field; never the schema dump Elysia builds. */
export function validationMessage(error: ValidationError): string {
  if (error.customError !== undefined) return String(error.customError)
  const pointer = error.valueError?.path ?? ''
  const detail = error.valueError?.message ?? 'invalid value'
  const field = fieldName(pointer)
  if (!field) return error.type === 'body' ? `request body: ${detail}` : `${error.type}: ${detail}`
  return `${WHERE[error.type] ?? 'field'} "${field}": ${detail}`
}

/**
 * The one mapping from anything thrown to the wire: `{error, message}` bodies everywhere, 400 instead of
 * Elysia's 422, 403 `Missing Authentication Token` for every path no route matches (the spec's rule for
 * a missing or doubled `/api/v1` prefix), and an opaque 500 for bugs.
 */
export function mapError(code: string | number, error: unknown): ErrorResponse {
  // Elysia wraps whatever an onParse hook throws in a ParseError; the gateway refuses bodies there (401, 413).
  if (code === 'PARSE' && (error as { cause?: unknown } | null)?.cause instanceof AppError) error = (error as { cause: AppError }).cause
  if (error instanceof AppError) return { status: error.status, body: { error: error.code, message: error.message, ...error.extra }, headers: error.headers }
  if (error instanceof DomainError) return domainErrorResponse(error)
  if (error instanceof ValidationError || code === 'VALIDATION') return plain(400, 'invalid_request', validationMessage(error as ValidationError))
  if (code === 'PARSE') return plain(400, 'invalid_request', 'request body is not valid JSON')
  if (code === 'NOT_FOUND') return plain(403, 'missing_authentication_token', 'Missing Authentication Token')
  if (code === 'INVALID_COOKIE_SIGNATURE') return plain(400, 'invalid_request', 'invalid cookie')
  if (isStorageFailure(error))
    return {
      status: 503,
      body: { error: 'storage_unavailable', message: 'the database cannot take this request right now (disk full, read-only, busy or unreachable); nothing was changed, try again later' },
      headers: { 'retry-after': '30' },
    }
  return plain(500, 'internal_error', 'internal error; the request id in the x-request-id header identifies it in the log')
}

const STORAGE_CODES = /^SQLITE_(FULL|READONLY|IOERR|BUSY|LOCKED|CANTOPEN|PROTOCOL|NOMEM)/
/** Bun's own PostgreSQL client errors that mean the server cannot be reached or dropped the connection. */
const POSTGRES_CODES = /^ERR_POSTGRES_(CONNECTION_CLOSED|CONNECTION_REFUSED|CONNECTION_TIMEOUT|IDLE_TIMEOUT|LIFETIME_TIMEOUT|QUERY_CANCELLED)$/
/**
 * SQLSTATEs of a PostgreSQL server that cannot take the request now: connection exceptions (08),
 * insufficient resources (53: disk full, too many connections), operator intervention (57P0x: shutdown,
 * crash recovery), a read-only transaction on a standby (25006), serialization failure and deadlock
 * (40001, 40P01: retryable by definition).
 */
const POSTGRES_STATES = /^(08|53|57P0|25006|40001|40P01)/

/**
 * A failure of the storage rather than of the request: disk full, database read-only, I/O error, lock
 * timeout, a PostgreSQL server unreachable, shutting down or out of resources. The request is answered
 * 503 so the caller retries; the transaction was rolled back, so nothing half-written remains.
 */
export function isStorageFailure(error: unknown): boolean {
  const { code, errno } = (error ?? {}) as { code?: unknown; errno?: unknown }
  if (typeof code !== 'string') return false
  if (STORAGE_CODES.test(code) || POSTGRES_CODES.test(code)) return true
  return code === 'ERR_POSTGRES_SERVER_ERROR' && typeof errno === 'string' && POSTGRES_STATES.test(errno)
}

function plain(status: number, error: string, message: string): ErrorResponse {
  return { status, body: { error, message }, headers: {} }
}

/** Registered first and global so that every route, plugin and hook error goes through {@link mapError}. */
export function errorPlugin(logger: Logger) {
  return new Elysia({ name: 'errors' }).onError({ as: 'global' }, ({ code, error, request, set }) => {
    const mapped = mapError(code, error)
    const requestId = String(set.headers['x-request-id'] ?? '')
    if (mapped.status >= 500 && !(error instanceof AppError) && !(error instanceof DomainError)) {
      const err = error as Error
      const path = requestPath(request.url)
      if (mapped.status === 503) logger.error('storage unavailable', { requestId, path, error: err?.message })
      else logger.error('unhandled error', { requestId, path, error: err?.message, stack: err?.stack })
    }
    return new Response(JSON.stringify(mapped.body), {
      status: mapped.status,
      headers: { ...mapped.headers, 'content-type': 'application/json', 'x-request-id': requestId },
    })
  })
}
