import { createHash, randomBytes } from '../crypto-native'

/**
 * The ids sent to the usage service as `request_id` (DESIGN §4). The usage service is idempotent by this id,
 * so whoever chooses it chooses what is billed: it must come from something the gateway signed, or be minted
 * here, and never from an unsigned header (`x-request-id` included). One home for the three rules.
 */

const sha256hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/**
 * A gw2 request's usage id: the gateway's signed request id scoped to the agent, so one id reused under
 * another agent is another bill. `'gw2-' + sha256hex(agentId + '\n' + id)[0..32)`; no agent hashes as ''.
 */
export function scopedUsageRequestId(agentId: string | undefined, id: string): string {
  return `gw2-${sha256hex(`${agentId ?? ''}\n${id}`).slice(0, 32)}`
}

/** A gw1 request's usage id, derived from the signature itself: `'sig-' + sha256hex(kid + ':' + v1)[0..32)`. */
export function signatureUsageRequestId(kid: string, v1: string): string {
  return `sig-${sha256hex(`${kid}:${v1}`).slice(0, 32)}`
}

/** A bearer-key request's usage id: minted fresh for every request (`key-` + 32 hex), as nothing about it is signed. */
export function mintedUsageRequestId(): string {
  return `key-${randomBytes(16).toString('hex')}`
}
