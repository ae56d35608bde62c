import { createHash, randomBytes, timingSafeEqual } from '../crypto-native'
import { importJWK, jwtVerify, SignJWT, errors as joseErrors, type JWK } from 'jose'
import type { RefreshInsert, Storage } from '../db/storage'
import { lookupTable } from '../lookup-table'
import { signingKey, TOKEN_ALG } from './keys'

/** Access tokens live 15 minutes: short enough that a leaked one soon stops working. */
export const ACCESS_TOKEN_TTL_S = 15 * 60
/** Refresh tokens live 30 days unless rotated first. */
export const REFRESH_TOKEN_TTL_MS = 30 * 86_400_000
/** Authorization codes live 60 seconds and are used once. */
export const CODE_TTL_MS = 60_000

/** The scopes this authorization server grants (and names on the consent page). */
export const SCOPES = lookupTable({
  'events:read': 'read the full event records of organizations, previews, exports and your credit balance',
  'events:index': 'start, list and cancel index jobs (crawls) billed to your credits',
} as const)
export type Scope = keyof typeof SCOPES
export const ALL_SCOPES = Object.keys(SCOPES) as Scope[]

/** True for a scope this server grants; any other word (`constructor`, `__proto__` …) is not one. */
export const isScope = (word: string): word is Scope => Object.hasOwn(SCOPES, word)

/** An OAuth error answered by the token endpoint (RFC 6749 §5.2) or carried to the redirect URI. */
export class OAuthFailure extends Error {
  constructor(
    readonly code:
      | 'invalid_request'
      | 'invalid_grant'
      | 'invalid_client'
      | 'unsupported_grant_type'
      | 'invalid_scope'
      | 'invalid_target'
      | 'access_denied'
      | 'unsupported_response_type'
      | 'server_error',
    message: string,
    readonly status = 400,
  ) {
    super(message)
    this.name = 'OAuthFailure'
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const opaque = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`

/** What an access token says, once verified. */
export type TokenClaims = { accountId: string; clientId: string; scopes: Scope[]; expiresAt: number; token: string }

/** Parses a space-separated scope request; empty means every scope. Unknown scopes are refused. */
export function parseScope(scope: string | null | undefined): Scope[] {
  const words = (scope ?? '').split(/\s+/).filter(Boolean)
  if (!words.length) return [...ALL_SCOPES]
  const unknown = words.filter((w) => !isScope(w))
  if (unknown.length) throw new OAuthFailure('invalid_scope', `unknown scope ${unknown.join(' ')}; this server grants ${ALL_SCOPES.join(' ')}`)
  return [...new Set(words)] as Scope[]
}

/** Signs an access token: `aud` is the MCP resource (RFC 8707), `sub` the account, plus `client_id` and `scope`. */
export async function issueAccessToken(
  storage: Storage,
  claims: { issuer: string; resource: string; accountId: string; clientId: string; scopes: Scope[]; nowMs: number; ttlS?: number },
): Promise<string> {
  const key = await signingKey(storage, claims.nowMs)
  const iat = Math.floor(claims.nowMs / 1000)
  return new SignJWT({ client_id: claims.clientId, scope: claims.scopes.join(' ') })
    .setProtectedHeader({ alg: TOKEN_ALG, kid: key.kid, typ: 'at+jwt' })
    .setIssuer(claims.issuer)
    .setAudience(claims.resource)
    .setSubject(claims.accountId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (claims.ttlS ?? ACCESS_TOKEN_TTL_S))
    .setJti(randomBytes(12).toString('base64url'))
    .sign(key.privateKey)
}

/**
 * Verifies an access token for this resource: our key, our issuer, `aud` equal to the MCP resource
 * (a token minted for another resource is refused), not expired, an account that still exists.
 * Throws an Error whose message is safe to put in `error_description`.
 */
export async function verifyAccessToken(storage: Storage, token: string, expect: { issuer: string; resource: string; nowMs: number }): Promise<TokenClaims> {
  const key = await signingKey(storage, expect.nowMs)
  const publicKey = await importJWK(key.publicJwk as JWK, TOKEN_ALG)
  let payload
  try {
    ;({ payload } = await jwtVerify(token, publicKey, {
      issuer: expect.issuer,
      audience: expect.resource,
      algorithms: [TOKEN_ALG],
      typ: 'at+jwt',
      currentDate: new Date(expect.nowMs),
      requiredClaims: ['sub', 'exp', 'client_id'],
    }))
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new Error('the access token has expired')
    if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'aud') throw new Error('the access token was issued for another resource')
    throw new Error('the access token is not valid for this server')
  }
  const accountId = String(payload.sub)
  if (!(await storage.oauth.accountExists(accountId))) throw new Error('the account of this access token no longer exists')
  const scopes = String(payload.scope ?? '')
    .split(' ')
    .filter(isScope)
  return { accountId, clientId: String(payload.client_id), scopes, expiresAt: payload.exp! * 1000, token }
}

/** S256 PKCE: BASE64URL(SHA-256(verifier)) compared with the stored challenge in constant time. */
export function pkceMatches(verifier: string, challenge: string): boolean {
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'))
  const stored = Buffer.from(challenge)
  return computed.length === stored.length && timingSafeEqual(computed, stored)
}

export type CodeGrant = { accountId: string; clientId: string; redirectUri: string; codeChallenge: string; resource: string; scopes: Scope[] }

/** Stores a new authorization code (hashed) and returns it. */
export async function createAuthorizationCode(storage: Storage, grant: CodeGrant, nowMs: number): Promise<string> {
  const code = opaque('eic_')
  const { accountId, clientId, redirectUri, codeChallenge, resource } = grant
  await storage.oauth.insertCode({ codeHash: sha256(code), accountId, clientId, redirectUri, codeChallenge, resource, scope: grant.scopes.join(' '), expiresAt: nowMs + CODE_TTL_MS }, nowMs)
  return code
}

export type TokenSet = { access_token: string; token_type: 'Bearer'; expires_in: number; refresh_token: string; scope: string }

/**
 * The authorization_code grant (OAuth 2.1 §4.1.3): the code must exist, be unused and unexpired, and
 * match the client, the redirect URI, the PKCE verifier and (when sent) the resource. A code presented a
 * second time also revokes the refresh tokens its first exchange issued (RFC 6749 §4.1.2). The checks
 * read the code; marking it used and storing the refresh token is one storage transaction that marks it
 * only while it is unused, so of two exchanges racing with one code, one wins and the other revokes.
 */
export async function exchangeCode(
  storage: Storage,
  input: { code: string; clientId: string; redirectUri: string; codeVerifier: string; resource?: string },
  ctx: { issuer: string; nowMs: number },
): Promise<TokenSet> {
  const hash = sha256(input.code)
  const row = await storage.oauth.findCode(hash)
  if (!row) throw new OAuthFailure('invalid_grant', 'the authorization code is not known')
  if (row.used_at !== null) throw await codeReused(storage, row.family_id, ctx.nowMs)
  if (row.expires_at <= ctx.nowMs) throw new OAuthFailure('invalid_grant', 'the authorization code has expired')
  if (row.client_id !== input.clientId) throw new OAuthFailure('invalid_grant', 'the authorization code was issued to another client')
  if (row.redirect_uri !== input.redirectUri) throw new OAuthFailure('invalid_grant', 'redirect_uri does not match the one of the authorization request')
  if (input.resource !== undefined && input.resource !== row.resource) throw new OAuthFailure('invalid_target', 'resource does not match the one of the authorization request')
  if (!pkceMatches(input.codeVerifier, row.code_challenge)) throw new OAuthFailure('invalid_grant', 'code_verifier does not match the code_challenge')
  const refresh = newRefreshToken({ familyId: randomBytes(12).toString('hex'), accountId: row.account_id, clientId: row.client_id, resource: row.resource, scope: row.scope }, ctx.nowMs)
  const redeemed = await storage.oauth.redeemCode(hash, refresh.row, ctx.nowMs)
  if (redeemed.outcome === 'used') throw await codeReused(storage, redeemed.familyId, ctx.nowMs)
  if (redeemed.outcome !== 'redeemed') throw new OAuthFailure('invalid_grant', 'the authorization code is not known')
  const scopes = row.scope.split(' ') as Scope[]
  const access = await issueAccessToken(storage, { issuer: ctx.issuer, resource: row.resource, accountId: row.account_id, clientId: row.client_id, scopes, nowMs: ctx.nowMs })
  return { access_token: access, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_S, refresh_token: refresh.token, scope: row.scope }
}

/** A code presented again: the tokens of its first exchange are revoked. */
async function codeReused(storage: Storage, familyId: string | null, nowMs: number): Promise<OAuthFailure> {
  if (familyId) await storage.oauth.revokeFamily(familyId, nowMs)
  return new OAuthFailure('invalid_grant', 'the authorization code was already used; the tokens issued for it are revoked')
}

/** A refresh token leaked (presented after use): every token of its grant is revoked. */
async function refreshReused(storage: Storage, familyId: string, nowMs: number): Promise<OAuthFailure> {
  await storage.oauth.revokeFamily(familyId, nowMs)
  return new OAuthFailure('invalid_grant', 'the refresh token was already used; every token of its grant is now revoked')
}

function newRefreshToken(t: { familyId: string; accountId: string; clientId: string; resource: string; scope: string }, nowMs: number): { token: string; row: RefreshInsert } {
  const token = opaque('eir_')
  return { token, row: { tokenHash: sha256(token), ...t, expiresAt: nowMs + REFRESH_TOKEN_TTL_MS } }
}

/**
 * The refresh_token grant with rotation (OAuth 2.1 §4.3.1): each refresh token works once and is
 * replaced; presenting a used one means it leaked, so its whole family is revoked. The rotation (mark
 * used, store the successor) is one storage transaction that marks it only while unused and unrevoked.
 */
export async function refreshTokens(storage: Storage, input: { refreshToken: string; clientId: string; resource?: string; scope?: string }, ctx: { issuer: string; nowMs: number }): Promise<TokenSet> {
  const hash = sha256(input.refreshToken)
  const row = await storage.oauth.findRefreshToken(hash)
  if (!row) throw new OAuthFailure('invalid_grant', 'the refresh token is not known')
  if (row.client_id !== input.clientId) throw new OAuthFailure('invalid_grant', 'the refresh token was issued to another client')
  if (row.used_at !== null) throw await refreshReused(storage, row.family_id, ctx.nowMs)
  if (row.revoked_at !== null) throw new OAuthFailure('invalid_grant', 'the refresh token has been revoked')
  if (row.expires_at <= ctx.nowMs) throw new OAuthFailure('invalid_grant', 'the refresh token has expired')
  if (input.resource !== undefined && input.resource !== row.resource) throw new OAuthFailure('invalid_target', 'resource does not match the grant')
  let scope = row.scope
  if (input.scope) {
    const asked = parseScope(input.scope)
    const granted = row.scope.split(' ')
    if (asked.some((s) => !granted.includes(s))) throw new OAuthFailure('invalid_scope', 'a refresh cannot add scopes to the grant')
    scope = asked.join(' ')
  }
  const next = newRefreshToken({ familyId: row.family_id, accountId: row.account_id, clientId: row.client_id, resource: row.resource, scope }, ctx.nowMs)
  const rotated = await storage.oauth.rotateRefreshToken(hash, next.row, ctx.nowMs)
  if (rotated.outcome === 'used') throw await refreshReused(storage, row.family_id, ctx.nowMs)
  if (rotated.outcome === 'revoked') throw new OAuthFailure('invalid_grant', 'the refresh token has been revoked')
  if (rotated.outcome !== 'redeemed') throw new OAuthFailure('invalid_grant', 'the refresh token is not known')
  const access = await issueAccessToken(storage, {
    issuer: ctx.issuer,
    resource: row.resource,
    accountId: row.account_id,
    clientId: row.client_id,
    scopes: scope.split(' ') as Scope[],
    nowMs: ctx.nowMs,
  })
  return { access_token: access, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_S, refresh_token: next.token, scope }
}
