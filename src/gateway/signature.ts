import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/** Seconds a signature's timestamp may differ from the service clock (DESIGN §4). */
export const SIGNATURE_TOLERANCE_S = 300

export type SignedParts = {
  t: number
  kid: string
  method: string
  /** Path and query exactly as received (`/api/v1/search/events?city=X`). */
  pathAndQuery: string
  agentId?: string
  body: Uint8Array | string
}

export type ParsedSignature = { t: number; kid: string; v1: string }

const EMPTY_DIGEST = `sha-256=:${createHash('sha256').update('').digest('base64')}:`

/** `sha-256=:<base64>:` of the raw body bytes (RFC 9530 style; empty body for GET). */
export function bodyDigest(body: Uint8Array | string): string {
  if (body.length === 0) return EMPTY_DIGEST
  return `sha-256=:${createHash('sha256').update(body).digest('base64')}:`
}

/**
 * The exact string both sides MAC (DESIGN §4, contract):
 * `gw1\n<t>\n<kid>\n<METHOD>\n<path-and-query>\n<agent or "">\nsha-256=:<b64>:`.
 */
export function signatureBase(parts: SignedParts): string {
  return ['gw1', String(parts.t), parts.kid, parts.method.toUpperCase(), parts.pathAndQuery, parts.agentId ?? '', bodyDigest(parts.body)].join('\n')
}

/** base64url without padding of HMAC-SHA256(secret as UTF-8, base). */
export function mac(secret: string, base: string): string {
  return createHmac('sha256', secret).update(base, 'utf8').digest('base64url')
}

/** The `gw-signature` header value for a request (used by the local gateway, the `sign` command and tests). */
export function signRequest(secret: string, parts: SignedParts): string {
  return `t=${parts.t},kid=${parts.kid},v1=${mac(secret, signatureBase(parts))}`
}

const HEADER = /^t=(\d{1,12}),kid=([A-Za-z0-9._~-]{1,64}),v1=([A-Za-z0-9_-]{1,128})$/

/** Parses `t=…,kid=…,v1=…` strictly (order fixed, no spaces, no extra fields); undefined when malformed. */
export function parseSignatureHeader(header: string | null | undefined): ParsedSignature | undefined {
  if (!header) return undefined
  const m = HEADER.exec(header.trim())
  if (!m) return undefined
  return { t: Number(m[1]), kid: m[2], v1: m[3] }
}

/**
 * Constant-time comparison of two base64url MACs. A value of the wrong length is refused without
 * throwing (timingSafeEqual throws on unequal lengths), and the comparison runs on equal-length
 * buffers either way so the length check itself leaks nothing useful.
 */
export function macEquals(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8')
  const b = Buffer.from(given, 'utf8')
  const same = a.length === b.length
  return timingSafeEqual(a, same ? b : a) && same
}
