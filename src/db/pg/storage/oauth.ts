import type { SQL } from 'bun'
import type { OAuthStorage } from '../../storage'
import type { CodeRecord, RedeemOutcome, RefreshInsert, RefreshRecord, SigningKeyRecord } from '../../storage-types'

/** Advisory lock key ("okey") serializing the insert-if-missing of the server's keys across instances. */
const KEYS_LOCK = 0x6f6b6579

const millis = (v: string | number | null): number | null => (v === null ? null : Number(v))

async function signingKey(sql: SQL): Promise<SigningKeyRecord | undefined> {
  const [row] = await sql`SELECT kid, private_jwk, public_jwk FROM oauth_keys WHERE use = 'jwt' ORDER BY created_at, kid LIMIT 1`
  return row ? { kid: row.kid, private_jwk: row.private_jwk, public_jwk: row.public_jwk } : undefined
}

async function csrfSecret(sql: SQL): Promise<string | undefined> {
  const [row] = await sql`SELECT private_jwk FROM oauth_keys WHERE use = 'csrf' ORDER BY created_at, kid LIMIT 1`
  return row?.private_jwk
}

async function findCode(sql: SQL, codeHash: string): Promise<CodeRecord | undefined> {
  const [row] = await sql`SELECT account_id, client_id, redirect_uri, code_challenge, resource, scope, family_id, used_at, expires_at FROM oauth_codes WHERE code_hash = ${codeHash}`
  return row ? { ...row, used_at: millis(row.used_at), expires_at: Number(row.expires_at) } : undefined
}

async function findRefreshToken(sql: SQL, tokenHash: string): Promise<RefreshRecord | undefined> {
  const [row] = await sql`SELECT family_id, account_id, client_id, resource, scope, used_at, revoked_at, expires_at FROM oauth_refresh_tokens WHERE token_hash = ${tokenHash}`
  return row ? { ...row, used_at: millis(row.used_at), revoked_at: millis(row.revoked_at), expires_at: Number(row.expires_at) } : undefined
}

async function insertRefreshToken(sql: SQL, r: RefreshInsert, nowMs: number): Promise<void> {
  await sql`INSERT INTO oauth_refresh_tokens (token_hash, family_id, account_id, client_id, resource, scope, expires_at, created_at)
    VALUES (${r.tokenHash}, ${r.familyId}, ${r.accountId}, ${r.clientId}, ${r.resource}, ${r.scope}, ${r.expiresAt}, ${nowMs})`
}

/**
 * Inserts a key of `use` unless one exists, then reads back the one stored. The check and the insert run
 * under a transaction-level advisory lock, so instances racing at first use insert one key and all answer it.
 */
async function ensureKey(sql: SQL, use: 'jwt' | 'csrf', key: { kid: string; alg: string; privateJwk: string; publicJwk: string | null }, nowMs: number): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${KEYS_LOCK}, hashtext(${use}))`
    await tx`INSERT INTO oauth_keys (kid, use, alg, private_jwk, public_jwk, created_at)
      SELECT ${key.kid}, ${use}, ${key.alg}, ${key.privateJwk}, ${key.publicJwk}, ${nowMs} WHERE NOT EXISTS (SELECT 1 FROM oauth_keys WHERE use = ${use})`
  })
}

/**
 * Marks a code used only if it is still unused (the mark is the UPDATE's own condition, re-checked by
 * PostgreSQL on the committed row when two exchanges race) and stores its grant's refresh token, in one
 * transaction; the loser finds it `used`, with the winner's grant to revoke.
 */
async function redeemCode(sql: SQL, codeHash: string, refresh: RefreshInsert, nowMs: number): Promise<RedeemOutcome> {
  return sql.begin(async (tx): Promise<RedeemOutcome> => {
    const marked = await tx`UPDATE oauth_codes SET used_at = ${nowMs}, family_id = ${refresh.familyId} WHERE code_hash = ${codeHash} AND used_at IS NULL RETURNING code_hash`
    if (marked.length === 0) {
      const row = await findCode(tx, codeHash)
      return row ? { outcome: 'used', familyId: row.family_id } : { outcome: 'unknown' }
    }
    await insertRefreshToken(tx, refresh, nowMs)
    return { outcome: 'redeemed' }
  })
}

/** Marks a refresh token used only if unused and not revoked (the UPDATE's condition) and stores its successor, in one transaction. */
async function rotateRefreshToken(sql: SQL, tokenHash: string, next: RefreshInsert, nowMs: number): Promise<RedeemOutcome> {
  return sql.begin(async (tx): Promise<RedeemOutcome> => {
    const marked = await tx`UPDATE oauth_refresh_tokens SET used_at = ${nowMs} WHERE token_hash = ${tokenHash} AND used_at IS NULL AND revoked_at IS NULL RETURNING token_hash`
    if (marked.length === 0) {
      const row = await findRefreshToken(tx, tokenHash)
      if (!row) return { outcome: 'unknown' }
      return row.used_at !== null ? { outcome: 'used', familyId: row.family_id } : { outcome: 'revoked' }
    }
    await insertRefreshToken(tx, next, nowMs)
    return { outcome: 'redeemed' }
  })
}

/** The authorization server's records on PostgreSQL (storage.ts `OAuthStorage`), over Bun's SQL client. */
export function pgOAuthStorage(sql: SQL): OAuthStorage {
  return {
    signingKey: () => signingKey(sql),
    ensureSigningKey: async (key, nowMs) => {
      await ensureKey(sql, 'jwt', key, nowMs)
      return (await signingKey(sql))!
    },
    csrfSecret: () => csrfSecret(sql),
    ensureCsrfSecret: async (kid, secret, nowMs) => {
      await ensureKey(sql, 'csrf', { kid, alg: 'HS256', privateJwk: secret, publicJwk: null }, nowMs)
      return (await csrfSecret(sql))!
    },
    accountExists: async (accountId) => (await sql`SELECT 1 FROM accounts WHERE account_id = ${accountId}`).length > 0,
    insertCode: async (c, nowMs) => {
      await sql`INSERT INTO oauth_codes (code_hash, account_id, client_id, redirect_uri, code_challenge, resource, scope, expires_at, created_at)
        VALUES (${c.codeHash}, ${c.accountId}, ${c.clientId}, ${c.redirectUri}, ${c.codeChallenge}, ${c.resource}, ${c.scope}, ${c.expiresAt}, ${nowMs})`
    },
    findCode: (codeHash) => findCode(sql, codeHash),
    redeemCode: (codeHash, refresh, nowMs) => redeemCode(sql, codeHash, refresh, nowMs),
    findRefreshToken: (tokenHash) => findRefreshToken(sql, tokenHash),
    rotateRefreshToken: (tokenHash, next, nowMs) => rotateRefreshToken(sql, tokenHash, next, nowMs),
    revokeFamily: async (familyId, nowMs) => {
      await sql`UPDATE oauth_refresh_tokens SET revoked_at = COALESCE(revoked_at, ${nowMs}) WHERE family_id = ${familyId}`
    },
  }
}
