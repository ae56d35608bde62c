// Pins the OAuth grants under concurrency (issue 17: storage is asynchronous, so checks and marks made in
// separate awaits could interleave): one authorization code presented twice at once yields tokens once,
// and the other exchange revokes the tokens it issued (RFC 6749 §4.1.2); one refresh token presented
// twice at once is rotated once, and the other presentation revokes its whole grant. Marking used and
// storing the new refresh token is one storage transaction that marks only while unused. On both backends.
import { describe, expect, it } from 'bun:test'
import { createHash, randomBytes } from 'node:crypto'
import { createAuthorizationCode, exchangeCode, OAuthFailure, refreshTokens, type TokenSet } from '../../src/oauth/tokens'
import { createAccount } from '../../src/services/credits'
import type { Storage } from '../../src/db/storage'
import { forEachBackend } from '../helpers/storage'

const NOW = Date.parse('2026-06-01T12:00:00Z')
const ISSUER = 'http://127.0.0.1:1'
const RESOURCE = `${ISSUER}/mcp`
const CLIENT = 'https://client.example/meta.json'
const REDIRECT = 'https://client.example/callback'

async function codeFor(storage: Storage) {
  const { accountId } = await createAccount(storage, { email: 'holder@example.org', credits: 0, nowMs: NOW })
  const verifier = randomBytes(32).toString('base64url')
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  const code = await createAuthorizationCode(storage, { accountId, clientId: CLIENT, redirectUri: REDIRECT, codeChallenge: challenge, resource: RESOURCE, scopes: ['events:read'] }, NOW)
  const exchange = () => exchangeCode(storage, { code, clientId: CLIENT, redirectUri: REDIRECT, codeVerifier: verifier }, { issuer: ISSUER, nowMs: NOW + 1000 })
  const refresh = (refreshToken: string, nowMs = NOW + 2000) => refreshTokens(storage, { refreshToken, clientId: CLIENT }, { issuer: ISSUER, nowMs })
  return { exchange, refresh }
}

/** The one fulfilled answer and the one refusal of two attempts made at once. */
function oneEach(results: PromiseSettledResult<TokenSet>[]) {
  const won = results.filter((r): r is PromiseFulfilledResult<TokenSet> => r.status === 'fulfilled').map((r) => r.value)
  const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as OAuthFailure)
  expect(won).toHaveLength(1)
  expect(lost).toHaveLength(1)
  expect(lost[0]).toBeInstanceOf(OAuthFailure)
  expect(lost[0]!.code).toBe('invalid_grant')
  return { tokens: won[0]!, refusal: lost[0]! }
}

forEachBackend('OAuth grants under concurrency', (open) => {
  describe('an authorization code presented twice at once', () => {
    it('yields tokens once, and the other exchange revokes them', async () => {
      const { exchange, refresh } = await codeFor(await open())
      const { tokens, refusal } = oneEach(await Promise.allSettled([exchange(), exchange()]))
      expect(refusal.message).toContain('already used')
      await expect(refresh(tokens.refresh_token)).rejects.toThrow('revoked')
    })
  })

  describe('a refresh token presented twice at once', () => {
    it('is rotated once, and the other presentation revokes the whole grant', async () => {
      const { exchange, refresh } = await codeFor(await open())
      const first = await exchange()
      const { tokens, refusal } = oneEach(await Promise.allSettled([refresh(first.refresh_token), refresh(first.refresh_token)]))
      expect(refusal.message).toContain('already used')
      await expect(refresh(tokens.refresh_token, NOW + 3000)).rejects.toThrow('revoked')
    })
  })
})
