import { randomBytes } from '../crypto-native'
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose'
import type { Storage } from '../db/storage'

/** The access-token algorithm: ES256 keeps tokens short and is what every JOSE library verifies. */
export const TOKEN_ALG = 'ES256'

export type SigningKey = { kid: string; privateKey: CryptoKey; publicJwk: JWK }

const cache = new WeakMap<Storage, Promise<SigningKey>>()

/**
 * The authorization server's token-signing key, created on first use and kept in the database (not in
 * memory or a file beside it), so tokens stay valid across restarts and every process of one database
 * agrees. Two processes racing to create it both end up with the first one written.
 */
export function signingKey(storage: Storage, nowMs: number): Promise<SigningKey> {
  let key = cache.get(storage)
  if (!key) {
    key = loadOrCreate(storage, nowMs)
    cache.set(storage, key)
    key.catch(() => cache.delete(storage))
  }
  return key
}

async function loadOrCreate(storage: Storage, nowMs: number): Promise<SigningKey> {
  let row = await storage.oauth.signingKey()
  if (!row) {
    const pair = await generateKeyPair(TOKEN_ALG, { extractable: true })
    const kid = randomBytes(8).toString('hex')
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: TOKEN_ALG, use: 'sig' }
    const privateJwk = { ...(await exportJWK(pair.privateKey)), kid, alg: TOKEN_ALG }
    row = await storage.oauth.ensureSigningKey({ kid, alg: TOKEN_ALG, privateJwk: JSON.stringify(privateJwk), publicJwk: JSON.stringify(publicJwk) }, nowMs)
  }
  const privateKey = (await importJWK(JSON.parse(row.private_jwk) as JWK, TOKEN_ALG)) as CryptoKey
  return { kid: row.kid, privateKey, publicJwk: JSON.parse(row.public_jwk!) as JWK }
}

/** The HMAC secret that signs consent-form CSRF tokens; created on first use, kept in the database. */
export async function csrfSecret(storage: Storage, nowMs: number): Promise<Buffer> {
  const secret = (await storage.oauth.csrfSecret()) ?? (await storage.oauth.ensureCsrfSecret(`csrf-${randomBytes(6).toString('hex')}`, randomBytes(32).toString('base64url'), nowMs))
  return Buffer.from(secret, 'base64url')
}
