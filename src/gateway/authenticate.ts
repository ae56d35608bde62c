import { hashKey } from './keyring'
import type { ReplayCache } from './replay'
import { macEquals, mac, parseSignatureHeader, signatureBase, SIGNATURE_TOLERANCE_S } from './signature'

export type AuthInput = {
  method: string
  pathAndQuery: string
  signature: string | null
  agentIdHeader: string | null
  authorization: string | null
  body: Uint8Array
  /** Whether the route accepts a bearer agent key (read routes). */
  allowAgentKey: boolean
}

export type AuthDeps = { keyring: Map<string, string>; agentKeys: Map<string, string>; replay: ReplayCache; nowS: number }

export type Authenticated = { ok: true; via: 'signature' | 'agent-key'; agentId?: string; kid?: string; v1?: string }
export type Refused = { ok: false; code: 'invalid_gateway_signature' | 'unknown_kid' | 'invalid_agent_key'; message: string }

const AGENT_ID = /^[A-Za-z0-9._:@-]{1,128}$/

/**
 * Decides who is calling, failing closed, in the order of DESIGN §4: missing or malformed signature,
 * unknown kid, stale timestamp (±300 s), MAC mismatch (constant time), replay. A bearer agent key is
 * accepted instead of a signature only on read routes and only when no signature is present.
 * The replay cache records a signature only once its MAC is valid, so forged headers cannot fill it.
 */
export function authenticate(input: AuthInput, deps: AuthDeps): Authenticated | Refused {
  if (!input.signature && input.allowAgentKey && input.authorization) return byAgentKey(input.authorization, deps)
  const parsed = parseSignatureHeader(input.signature)
  if (!parsed) return refuse('invalid_gateway_signature', input.signature ? 'gw-signature is malformed' : 'the request is not signed (gw-signature missing)')
  const secret = deps.keyring.get(parsed.kid)
  if (secret === undefined) return refuse('unknown_kid', `unknown key id ${JSON.stringify(parsed.kid)}`)
  if (Math.abs(deps.nowS - parsed.t) > SIGNATURE_TOLERANCE_S) return refuse('invalid_gateway_signature', 'the signature timestamp is outside the allowed window')
  const agentId = input.agentIdHeader ?? undefined
  const expected = mac(secret, signatureBase({ t: parsed.t, kid: parsed.kid, method: input.method, pathAndQuery: input.pathAndQuery, agentId, body: input.body }))
  if (!macEquals(expected, parsed.v1)) return refuse('invalid_gateway_signature', 'the signature does not match the request')
  if (!deps.replay.remember(parsed.kid, parsed.v1, parsed.t, deps.nowS)) return refuse('invalid_gateway_signature', 'this signature was already used')
  if (agentId !== undefined && !AGENT_ID.test(agentId)) return refuse('invalid_gateway_signature', 'gw-agent-id is malformed')
  return { ok: true, via: 'signature', agentId: agentId || undefined, kid: parsed.kid, v1: parsed.v1 }
}

function byAgentKey(authorization: string, deps: AuthDeps): Authenticated | Refused {
  const m = /^Bearer\s+(\S{1,512})$/i.exec(authorization.trim())
  const agentId = m ? deps.agentKeys.get(hashKey(m[1])) : undefined
  if (!agentId) return refuse('invalid_agent_key', 'the bearer agent key is not known')
  return { ok: true, via: 'agent-key', agentId }
}

function refuse(code: Refused['code'], message: string): Refused {
  return { ok: false, code, message }
}
