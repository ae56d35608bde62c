import { hashKey } from './keyring'
import { rawEquivalent } from './raw-target'
import type { ReplayStore } from './replay'
import { baseWithDigest, bodyDigest, mac, macEquals, parseSignatureHeader, SIGNATURE_TOLERANCE_S, type ParsedSignature } from './signature'

export type AuthHeaders = {
  signature: string | null
  authorization: string | null
  /** Whether the route accepts a bearer agent key (read routes). */
  allowAgentKey: boolean
}

export type AuthInput = AuthHeaders & {
  method: string
  /** The request target as request.url gives it (path, query, fragment; Bun's parse of the raw target). */
  pathAndQuery: string
  agentIdHeader: string | null
  body: Uint8Array
  /** Whether the replay key must be stored before the answer (routes that bill or write; see ReplayStore). */
  durable: boolean
}

export type AuthDeps = { keyring: Map<string, string>; agentKeys: Map<string, string>; replay: ReplayStore; nowS: number }

export type SignedCaller = { ok: true; via: 'signature'; agentId?: string; kid: string; v1: string; id?: string }
export type Authenticated = SignedCaller | { ok: true; via: 'agent-key'; agentId: string }
export type Refused = { ok: false; code: 'invalid_gateway_signature' | 'unknown_kid' | 'invalid_agent_key'; message: string }
/** A signature whose header, kid and timestamp are acceptable: what is left to check needs the body. */
export type Pending = { ok: 'pending'; parsed: ParsedSignature; secret: string }

const AGENT_ID = /^[A-Za-z0-9._:@-]{1,128}$/
const METHOD = /^[A-Z]{1,16}$/

/**
 * The checks that need no body, in the order of DESIGN §4: a bearer agent key (read routes only, and only
 * without a signature), then a missing or malformed signature, an unknown kid, a stale timestamp (±300 s).
 * A body route calls this before reading its body, so an unsigned or badly signed request costs no read.
 */
export function checkHeaders(input: AuthHeaders, deps: Pick<AuthDeps, 'keyring' | 'agentKeys' | 'nowS'>): Authenticated | Refused | Pending {
  if (!input.signature && input.allowAgentKey && input.authorization) return byAgentKey(input.authorization, deps.agentKeys)
  const parsed = parseSignatureHeader(input.signature)
  if (!parsed) return refuse('invalid_gateway_signature', input.signature ? 'gw-signature is malformed' : 'the request is not signed (gw-signature missing)')
  const secret = deps.keyring.get(parsed.kid)
  if (secret === undefined) return refuse('unknown_kid', `unknown key id ${JSON.stringify(parsed.kid)}`)
  if (Math.abs(deps.nowS - parsed.t) > SIGNATURE_TOLERANCE_S) return refuse('invalid_gateway_signature', 'the signature timestamp is outside the allowed window')
  return { ok: 'pending', parsed, secret }
}

/**
 * The checks that need the body: the MAC (constant time) over the received target or, failing that, over
 * the one raw form Bun parses to exactly that target (see raw-target.ts), then the replay key, recorded only
 * once the MAC is valid so forged headers cannot fill the store. The replay key is the gw2 id (the same id
 * twice in the window is a replay, whatever else changed) or the gw1 signature itself.
 */
export async function verifySignature(
  pending: Pending,
  request: { method: string; pathAndQuery: string; agentIdHeader: string | null; digest: string; durable: boolean },
  deps: Pick<AuthDeps, 'replay' | 'nowS'>,
): Promise<SignedCaller | Refused> {
  const { parsed, secret } = pending
  if (!METHOD.test(request.method)) return refuse('invalid_gateway_signature', 'the request method is not a signed method')
  const agentId = request.agentIdHeader ?? undefined
  const matches = (target: string) =>
    macEquals(mac(secret, baseWithDigest({ t: parsed.t, kid: parsed.kid, id: parsed.id, method: request.method, pathAndQuery: target, agentId }, request.digest)), parsed.v1)
  if (!matches(request.pathAndQuery)) {
    const raw = rawEquivalent(request.pathAndQuery)
    if (raw === undefined || !matches(raw)) return refuse('invalid_gateway_signature', 'the signature does not match the request')
  }
  const key = parsed.id === undefined ? `sig:${parsed.kid}:${parsed.v1.slice(0, 22)}` : `id:${parsed.id}`
  const expiresAtMs = (Math.max(parsed.t, deps.nowS) + SIGNATURE_TOLERANCE_S) * 1000
  const remembered = deps.replay.remember(key, expiresAtMs, deps.nowS * 1000, request.durable)
  if (!(typeof remembered === 'boolean' ? remembered : await remembered))
    return refuse('invalid_gateway_signature', parsed.id === undefined ? 'this signature was already used' : `the request id ${parsed.id} was already used`)
  if (agentId !== undefined && !AGENT_ID.test(agentId)) return refuse('invalid_gateway_signature', 'gw-agent-id is malformed')
  return { ok: true, via: 'signature', agentId: agentId || undefined, kid: parsed.kid, v1: parsed.v1, id: parsed.id }
}

/** Decides who is calling, failing closed: {@link checkHeaders}, then {@link verifySignature} over the body. */
export async function authenticate(input: AuthInput, deps: AuthDeps): Promise<Authenticated | Refused> {
  const checked = checkHeaders(input, deps)
  if (checked.ok !== 'pending') return checked
  return verifySignature(checked, { method: input.method, pathAndQuery: input.pathAndQuery, agentIdHeader: input.agentIdHeader, digest: bodyDigest(input.body), durable: input.durable }, deps)
}

function byAgentKey(authorization: string, agentKeys: Map<string, string>): Authenticated | Refused {
  const m = /^Bearer\s+(\S{1,512})$/i.exec(authorization.trim())
  const agentId = m ? agentKeys.get(hashKey(m[1])) : undefined
  if (!agentId) return refuse('invalid_agent_key', 'the bearer agent key is not known')
  return { ok: true, via: 'agent-key', agentId }
}

function refuse(code: Refused['code'], message: string): Refused {
  return { ok: false, code, message }
}
