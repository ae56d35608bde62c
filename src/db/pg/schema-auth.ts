import { sql } from 'drizzle-orm'
import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'

// Part of the PostgreSQL schema (re-exported by pg/schema.ts, which drizzle-kit reads), mirroring
// src/db/schema.ts and src/db/schema-auth.ts: accounts and credits, OAuth, replay keys. Times are epoch
// milliseconds as bigint.

const millis = (name: string) => bigint(name, { mode: 'number' })

/** MCP accounts; the account key is stored only as its SHA-256. */
export const accounts = pgTable('accounts', {
  accountId: text('account_id').primaryKey(),
  email: text('email').notNull().unique(),
  keyHash: text('key_hash').notNull().unique(),
  createdAt: millis('created_at').notNull(),
})

/** Prepaid credits as an append-only ledger; a debit's idempotency key makes a retried call free. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    delta: bigint('delta', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    tool: text('tool'),
    idempotencyKey: text('idempotency_key').unique(),
    callHash: text('call_hash'),
    result: text('result'),
    resultHash: text('result_hash'),
    createdAt: millis('created_at').notNull().default(sql`(floor(extract(epoch from now())) * 1000)::bigint`),
  },
  (table) => [index('credit_ledger_account').on(table.accountId, table.createdAt), index('credit_ledger_call').on(table.accountId, table.callHash, table.createdAt)],
)

/** Signing material of the authorization server, kept in the database so tokens survive a restart. */
export const oauthKeys = pgTable('oauth_keys', {
  kid: text('kid').primaryKey(),
  use: text('use').notNull(),
  alg: text('alg').notNull(),
  privateJwk: text('private_jwk').notNull(),
  publicJwk: text('public_jwk'),
  createdAt: millis('created_at').notNull(),
})

/** Authorization codes: stored hashed, single use, bound to the client, redirect URI, PKCE challenge and resource. */
export const oauthCodes = pgTable(
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
    familyId: text('family_id'),
    usedAt: millis('used_at'),
    expiresAt: millis('expires_at').notNull(),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [index('oauth_codes_expires').on(table.expiresAt)],
)

/** Refresh tokens: opaque, stored hashed, rotated on every use; a reused one revokes its whole family. */
export const oauthRefreshTokens = pgTable(
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
    usedAt: millis('used_at'),
    revokedAt: millis('revoked_at'),
    expiresAt: millis('expires_at').notNull(),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [index('oauth_refresh_family').on(table.familyId)],
)

/**
 * Replay keys of verified gateway signatures (DESIGN §4), in arrival order. A key is unique: an instance
 * stores a key with `INSERT … ON CONFLICT (key)`, so a signature one instance stored is refused by every
 * other (src/db/pg/storage/replay-keys.ts); an expired row is taken over by the key seen again.
 */
export const replayKeys = pgTable(
  'replay_keys',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    key: text('key').notNull(),
    expiresAt: millis('expires_at').notNull(),
  },
  (table) => [uniqueIndex('replay_keys_key').on(table.key)],
)
