import type { Db } from '../client'
import type { CodeInsert, CodeRecord, RedeemOutcome, RefreshInsert, RefreshRecord, SigningKeyRecord } from '../storage-types'

export function findSigningKey(db: Db): SigningKeyRecord | null {
  return db.$client.query("SELECT kid, private_jwk, public_jwk FROM oauth_keys WHERE use = 'jwt' ORDER BY created_at LIMIT 1").get() as SigningKeyRecord | null
}

/** Stores a signing key unless one exists already: instances racing at first use all end up with the first one stored. */
export function insertSigningKeyIfMissing(db: Db, key: { kid: string; alg: string; privateJwk: string; publicJwk: string }, nowMs: number): void {
  db.$client.run("INSERT INTO oauth_keys (kid, use, alg, private_jwk, public_jwk, created_at) SELECT ?1, 'jwt', ?2, ?3, ?4, ?5 WHERE NOT EXISTS (SELECT 1 FROM oauth_keys WHERE use = 'jwt')", [
    key.kid,
    key.alg,
    key.privateJwk,
    key.publicJwk,
    nowMs,
  ])
}

/** The consent form's CSRF secret (base64url), or null before first use. */
export function findCsrfSecret(db: Db): string | null {
  const row = db.$client.query("SELECT private_jwk FROM oauth_keys WHERE use = 'csrf' LIMIT 1").get() as { private_jwk: string } | null
  return row?.private_jwk ?? null
}

export function insertCsrfSecretIfMissing(db: Db, kid: string, secret: string, nowMs: number): void {
  db.$client.run("INSERT INTO oauth_keys (kid, use, alg, private_jwk, created_at) SELECT ?1, 'csrf', 'HS256', ?2, ?3 WHERE NOT EXISTS (SELECT 1 FROM oauth_keys WHERE use = 'csrf')", [
    kid,
    secret,
    nowMs,
  ])
}

export function accountExists(db: Db, accountId: string): boolean {
  return db.$client.query('SELECT 1 FROM accounts WHERE account_id = ?1').get(accountId) !== null
}

export function insertAuthorizationCode(db: Db, c: CodeInsert, nowMs: number): void {
  db.$client.run('INSERT INTO oauth_codes (code_hash, account_id, client_id, redirect_uri, code_challenge, resource, scope, expires_at, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)', [
    c.codeHash,
    c.accountId,
    c.clientId,
    c.redirectUri,
    c.codeChallenge,
    c.resource,
    c.scope,
    c.expiresAt,
    nowMs,
  ])
}

export function findAuthorizationCode(db: Db, codeHash: string): CodeRecord | null {
  return db.$client.query('SELECT * FROM oauth_codes WHERE code_hash = ?1').get(codeHash) as CodeRecord | null
}

export function markCodeUsed(db: Db, codeHash: string, familyId: string, nowMs: number): void {
  db.$client.run('UPDATE oauth_codes SET used_at = ?2, family_id = ?3 WHERE code_hash = ?1', [codeHash, nowMs, familyId])
}

export function insertRefreshToken(db: Db, r: RefreshInsert, nowMs: number): void {
  db.$client.run('INSERT INTO oauth_refresh_tokens (token_hash, family_id, account_id, client_id, resource, scope, expires_at, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)', [
    r.tokenHash,
    r.familyId,
    r.accountId,
    r.clientId,
    r.resource,
    r.scope,
    r.expiresAt,
    nowMs,
  ])
}

export function findRefreshToken(db: Db, tokenHash: string): RefreshRecord | null {
  return db.$client.query('SELECT * FROM oauth_refresh_tokens WHERE token_hash = ?1').get(tokenHash) as RefreshRecord | null
}

export function markRefreshTokenUsed(db: Db, tokenHash: string, nowMs: number): void {
  db.$client.run('UPDATE oauth_refresh_tokens SET used_at = ?2 WHERE token_hash = ?1', [tokenHash, nowMs])
}

/** Revokes every refresh token of one grant (a replayed code or refresh token means one leaked). */
export function revokeTokenFamily(db: Db, familyId: string, nowMs: number): void {
  db.$client.run('UPDATE oauth_refresh_tokens SET revoked_at = COALESCE(revoked_at, ?2) WHERE family_id = ?1', [familyId, nowMs])
}

/** Stores `key` unless a signing key exists, and answers the one stored (the first, when instances race). */
export function ensureSigningKey(db: Db, key: { kid: string; alg: string; privateJwk: string; publicJwk: string }, nowMs: number): SigningKeyRecord {
  return db.transaction(() => {
    insertSigningKeyIfMissing(db, key, nowMs)
    return findSigningKey(db)!
  })
}

/** Stores `secret` unless a CSRF secret exists, and answers the one stored. */
export function ensureCsrfSecret(db: Db, kid: string, secret: string, nowMs: number): string {
  return db.transaction(() => {
    insertCsrfSecretIfMissing(db, kid, secret, nowMs)
    return findCsrfSecret(db)!
  })
}

/**
 * Marks a code used, only if it is still unused, and stores the refresh token of its grant, in one
 * transaction: of two exchanges racing with the same code one is `redeemed`, the other finds it `used`
 * (with the grant's family, which the caller revokes).
 */
export function redeemCode(db: Db, codeHash: string, refresh: RefreshInsert, nowMs: number): RedeemOutcome {
  return db.transaction((): RedeemOutcome => {
    const row = findAuthorizationCode(db, codeHash)
    if (!row) return { outcome: 'unknown' }
    if (row.used_at !== null) return { outcome: 'used', familyId: row.family_id }
    markCodeUsed(db, codeHash, refresh.familyId, nowMs)
    insertRefreshToken(db, refresh, nowMs)
    return { outcome: 'redeemed' }
  })
}

/** Marks a refresh token used, only if unused and not revoked, and stores its successor, in one transaction. */
export function rotateRefreshToken(db: Db, tokenHash: string, next: RefreshInsert, nowMs: number): RedeemOutcome {
  return db.transaction((): RedeemOutcome => {
    const row = findRefreshToken(db, tokenHash)
    if (!row) return { outcome: 'unknown' }
    if (row.used_at !== null) return { outcome: 'used', familyId: row.family_id }
    if (row.revoked_at !== null) return { outcome: 'revoked' }
    markRefreshTokenUsed(db, tokenHash, nowMs)
    insertRefreshToken(db, next, nowMs)
    return { outcome: 'redeemed' }
  })
}
