import { createHash } from '../crypto-native'

/**
 * Shortest signing secret accepted, in bytes of its UTF-8 form: 256 bits, as the Standard Webhooks
 * guidance asks of HMAC-SHA256 secrets (a short secret can be guessed offline from one signed request).
 */
export const MIN_SECRET_BYTES = 32

/** True when every secret of a `kid:secret,…` keyring is at least {@link MIN_SECRET_BYTES} long. */
export function keyringSecretsLongEnough(text: string): boolean {
  return [...parseKeyring(text).values()].every((secret) => Buffer.byteLength(secret, 'utf8') >= MIN_SECRET_BYTES)
}

/** Parses `kid:secret,kid:secret` (GW_SIGNING_KEYS); several kids are live at once during rotation. */
export function parseKeyring(text: string): Map<string, string> {
  const ring = new Map<string, string>()
  for (const pair of text.split(',').filter(Boolean)) {
    const at = pair.indexOf(':')
    ring.set(pair.slice(0, at), pair.slice(at + 1))
  }
  return ring
}

/**
 * Parses `key:agentId,…` (AGENT_KEYS) into a map keyed by the SHA-256 of each key, so that looking a
 * presented key up never compares secrets byte by byte (no timing signal on the key itself).
 */
export function parseAgentKeys(text: string): Map<string, string> {
  const keys = new Map<string, string>()
  for (const pair of text.split(',').filter(Boolean)) {
    const at = pair.indexOf(':')
    keys.set(hashKey(pair.slice(0, at)), pair.slice(at + 1))
  }
  return keys
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex')
}
