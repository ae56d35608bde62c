import { createHash, timingSafeEqual } from '../crypto-native'

/** Seconds a signature's timestamp may differ from the service clock (DESIGN §4). */
export const SIGNATURE_TOLERANCE_S = 300

/** A gateway request id (gw2, DESIGN §4): 1–128 characters of `A-Za-z0-9._:-`. */
export const GATEWAY_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

export type SignedParts = {
  t: number
  kid: string
  /** The gateway's request id: present → gw2, absent → gw1. */
  id?: string
  method: string
  /** Path and query exactly as received (`/api/v1/search/events?city=X`). */
  pathAndQuery: string
  agentId?: string
  body: Uint8Array | string
}

export type ParsedSignature = { t: number; kid: string; id?: string; v1: string }

const EMPTY_DIGEST = `sha-256=:${createHash('sha256').update('').digest('base64')}:`

/** `sha-256=:<base64>:` of the raw body bytes (RFC 9530 style; empty body for GET). */
export function bodyDigest(body: Uint8Array | string): string {
  if (body.length === 0) return EMPTY_DIGEST
  return `sha-256=:${createHash('sha256').update(body).digest('base64')}:`
}

/**
 * The exact string both sides MAC (DESIGN §4, contract):
 * gw1 `gw1\n<t>\n<kid>\n<METHOD>\n<path-and-query>\n<agent or "">\nsha-256=:<b64>:`;
 * gw2 the same with `gw2` and the request id on its own line after the kid.
 */
export function signatureBase(parts: SignedParts): string {
  return baseWithDigest({ ...parts, method: parts.method.toUpperCase() }, bodyDigest(parts.body))
}

/**
 * The base from a body digest computed once (the verifier may MAC more than one form of the target, and
 * never hashes the body twice). The method is used as given: the verifier never upper-cases what it received.
 */
export function baseWithDigest(parts: Omit<SignedParts, 'body'>, digest: string): string {
  const head = parts.id === undefined ? `gw1\n${parts.t}\n${parts.kid}` : `gw2\n${parts.t}\n${parts.kid}\n${parts.id}`
  return `${head}\n${parts.method}\n${parts.pathAndQuery}\n${parts.agentId ?? ''}\n${digest}`
}

/** HMAC states keyed once per secret (the keyring holds a few); a verification copies one instead of keying anew. */
const keyedStates = new Map<string, Bun.CryptoHasher>()
const MAX_KEYED_STATES = 64

/** base64url without padding of HMAC-SHA256(secret as UTF-8, base). */
export function mac(secret: string, base: string): string {
  let state = keyedStates.get(secret)
  if (!state) {
    if (keyedStates.size >= MAX_KEYED_STATES) keyedStates.clear()
    keyedStates.set(secret, (state = new Bun.CryptoHasher('sha256', secret)))
  }
  return state.copy().update(base, 'utf8').digest('base64url')
}

/**
 * The `gw-signature` header value for a request (used by the local gateway, the `sign` command and tests):
 * `t=…,kid=…,v1=…` (gw1), or `t=…,kid=…,id=…,v1=…` (gw2) when the request carries the gateway's id.
 */
export function signRequest(secret: string, parts: SignedParts): string {
  if (parts.id !== undefined && !GATEWAY_REQUEST_ID.test(parts.id)) throw new Error('a gateway request id is 1–128 characters of A-Za-z0-9._:-')
  const v1 = mac(secret, signatureBase(parts))
  return parts.id === undefined ? `t=${parts.t},kid=${parts.kid},v1=${v1}` : `t=${parts.t},kid=${parts.kid},id=${parts.id},v1=${v1}`
}

const HEADER = /^t=(\d{1,12}),kid=([A-Za-z0-9._~-]{1,64})(?:,id=([A-Za-z0-9._:-]{1,128}))?,v1=([A-Za-z0-9_-]{1,128})$/

/** Parses `t=…,kid=…[,id=…],v1=…` strictly (order fixed, no spaces, no extra fields); undefined when malformed. */
export function parseSignatureHeader(header: string | null | undefined): ParsedSignature | undefined {
  if (!header) return undefined
  const m = HEADER.exec(header.trim())
  if (!m) return undefined
  return m[3] === undefined ? { t: Number(m[1]), kid: m[2], v1: m[4] } : { t: Number(m[1]), kid: m[2], id: m[3], v1: m[4] }
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
