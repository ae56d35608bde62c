import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { accounts } from './schema'

// Part of the schema (re-exported by schema.ts, which drizzle-kit reads): times are epoch milliseconds.

/** Signing material of the authorization server, kept in the database so tokens survive a restart. */
export const oauthKeys = sqliteTable('oauth_keys', {
  kid: text('kid').primaryKey(),
  /** `jwt` (an ES256 key pair as JWKs) or `csrf` (an HMAC secret for consent-form tokens). */
  use: text('use').notNull(),
  alg: text('alg').notNull(),
  privateJwk: text('private_jwk').notNull(),
  publicJwk: text('public_jwk'),
  createdAt: integer('created_at').notNull(),
})

/** Authorization codes: stored hashed, single use, bound to the client, redirect URI, PKCE challenge and resource. */
export const oauthCodes = sqliteTable(
  'oauth_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    resource: text('resource').notNull(),
    scope: text('scope').notNull(),
    /** The refresh-token family the exchange created, revoked if the code is presented again. */
    familyId: text('family_id'),
    usedAt: integer('used_at'),
    expiresAt: integer('expires_at').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('oauth_codes_expires').on(table.expiresAt)],
)

/** Refresh tokens: opaque, stored hashed, rotated on every use; a reused one revokes its whole family. */
export const oauthRefreshTokens = sqliteTable(
  'oauth_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    familyId: text('family_id').notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    resource: text('resource').notNull(),
    scope: text('scope').notNull(),
    usedAt: integer('used_at'),
    revokedAt: integer('revoked_at'),
    expiresAt: integer('expires_at').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('oauth_refresh_family').on(table.familyId)],
)

/**
 * Replay keys of verified gateway signatures (DESIGN §4): the gw2 request id or the gw1 signature, kept
 * until its window is over, so a captured request is refused after a restart and by every instance on
 * this database. An append-only log in arrival order (`seq` never reused): each instance appends its keys
 * and reads the others' under the write lock (src/db/queries/replay-keys.ts); old rows are pruned by `seq`.
 */
export const replayKeys = sqliteTable('replay_keys', {
  seq: integer('seq').primaryKey({ autoIncrement: true }),
  key: text('key').notNull(),
  expiresAt: integer('expires_at').notNull(),
})
