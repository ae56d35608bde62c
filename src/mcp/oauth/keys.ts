import { randomBytes } from 'node:crypto'
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose'
import type { Db } from '../../db'

/** The access-token algorithm: ES256 keeps tokens short and is what every JOSE library verifies. */
export const TOKEN_ALG = 'ES256'

export type SigningKey = { kid: string; privateKey: CryptoKey; publicJwk: JWK }

type Row = { kid: string; private_jwk: string; public_jwk: string | null }

const cache = new WeakMap<Db, Promise<SigningKey>>()

/**
 * The authorization server's token-signing key, created on first use and kept in the database (not in
 * memory or a file beside it), so tokens stay valid across restarts and every process of one database
 * agrees. Two processes racing to create it both end up with the first one written.
 */
export function signingKey(db: Db, nowMs: number): Promise<SigningKey> {
  let key = cache.get(db)
  if (!key) {
    key = loadOrCreate(db, nowMs)
    cache.set(db, key)
    key.catch(() => cache.delete(db))
  }
  return key
}

async function loadOrCreate(db: Db, nowMs: number): Promise<SigningKey> {
  const find = () => db.$client.query("SELECT kid, private_jwk, public_jwk FROM oauth_keys WHERE use = 'jwt' ORDER BY created_at LIMIT 1").get() as Row | null
  let row = find()
  if (!row) {
    const pair = await generateKeyPair(TOKEN_ALG, { extractable: true })
    const kid = randomBytes(8).toString('hex')
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: TOKEN_ALG, use: 'sig' }
    const privateJwk = { ...(await exportJWK(pair.privateKey)), kid, alg: TOKEN_ALG }
    db.$client.run(
      "INSERT INTO oauth_keys (kid, use, alg, private_jwk, public_jwk, created_at) SELECT ?1, 'jwt', ?2, ?3, ?4, ?5 WHERE NOT EXISTS (SELECT 1 FROM oauth_keys WHERE use = 'jwt')",
      [kid, TOKEN_ALG, JSON.stringify(privateJwk), JSON.stringify(publicJwk), nowMs],
    )
    row = find()!
  }
  const privateKey = (await importJWK(JSON.parse(row.private_jwk) as JWK, TOKEN_ALG)) as CryptoKey
  return { kid: row.kid, privateKey, publicJwk: JSON.parse(row.public_jwk!) as JWK }
}

/** The HMAC secret that signs consent-form CSRF tokens; created on first use, kept in the database. */
export function csrfSecret(db: Db, nowMs: number): Buffer {
  const find = () => db.$client.query("SELECT private_jwk FROM oauth_keys WHERE use = 'csrf' LIMIT 1").get() as { private_jwk: string } | null
  let row = find()
  if (!row) {
    db.$client.run(
      "INSERT INTO oauth_keys (kid, use, alg, private_jwk, created_at) SELECT ?1, 'csrf', 'HS256', ?2, ?3 WHERE NOT EXISTS (SELECT 1 FROM oauth_keys WHERE use = 'csrf')",
      [`csrf-${randomBytes(6).toString('hex')}`, randomBytes(32).toString('base64url'), nowMs],
    )
    row = find()!
  }
  return Buffer.from(row.private_jwk, 'base64url')
}
