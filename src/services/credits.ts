import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Db } from '../db'
import {
  accountByEmail,
  accountById,
  accountByKeyHash,
  forgetStoredResults,
  insertAccount,
  insertCharge,
  insertGrant,
  latestCharge,
  ledgerBalance,
  ledgerEntries,
  type AccountRow,
  type ChargeRow,
} from '../db/queries/credits'
import { DomainError } from './errors'

/**
 * Prepaid MCP credits (DESIGN §7): index 40, each full event record 1, a crawl-causing preview 4.
 * The spec's own prices: `orgs_index` = 4 gateway units = 40 credits, 1 event = 1 credit.
 */
export const CREDIT_PRICES = { index: 40, event: 1, preview: 4 } as const

/**
 * How long a repeated call with the same arguments counts as a retry of the first one: it is answered
 * with the first call's stored answer (the same job for `index_organization`) without a second debit. A
 * client that means a second, separate call within this window passes a different `idempotencyKey`.
 */
export const RETRY_WINDOW_MS = 10 * 60_000
/** How long an `idempotencyKey` names its call (as payment APIs keep idempotency keys); after that the key names a new call. */
export const KEYED_RETRY_WINDOW_MS = 24 * 3600_000
/**
 * Largest answer stored for replay (its JSON, in UTF-16 code units). A larger answer keeps only its
 * SHA-256, and a retry of it is free only while the data is unchanged. With the 24 h window this bounds
 * what the ledger keeps for replays.
 */
export const STORED_RESULT_MAX_BYTES = 256 * 1024

export type Account = { accountId: string; email: string; createdAt: number }
export type LedgerEntry = { delta: number; reason: string; tool: string | null; createdAt: number }

/** The balance did not cover a call; the tool answers `isError` with `{error:"insufficient_credits", required, balance}`. */
export class InsufficientCredits extends DomainError {
  constructor(
    readonly required: number,
    readonly balance: number,
  ) {
    super('insufficient_credits', `this call costs ${required} credit(s) and the balance is ${balance}; nothing was charged`, { required, balance })
    this.name = 'InsufficientCredits'
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** Account keys are 32 random bytes, prefixed so that one found in a log or a paste is recognisable. */
export const newAccountKey = () => `eik_${randomBytes(32).toString('base64url')}`

/**
 * Creates an account with an initial grant and returns its key, which exists only in this answer:
 * the database keeps its SHA-256. Throws when the email already has an account.
 */
export function createAccount(db: Db, input: { email: string; credits: number; nowMs: number }): { accountId: string; accountKey: string } {
  const email = input.email.trim().toLowerCase()
  const accountId = `acct_${randomBytes(10).toString('hex')}`
  const accountKey = newAccountKey()
  insertAccount(db, { accountId, email, keyHash: sha256(accountKey), nowMs: input.nowMs }, { credits: input.credits, reason: 'initial grant' })
  return { accountId, accountKey }
}

const publicAccount = (row: AccountRow | undefined): Account | undefined => (row ? { accountId: row.accountId, email: row.email, createdAt: row.createdAt } : undefined)

export function findAccountByEmail(db: Db, email: string): Account | undefined {
  return publicAccount(accountByEmail(db, email.trim().toLowerCase()))
}

export function findAccount(db: Db, accountId: string): Account | undefined {
  return publicAccount(accountById(db, accountId))
}

/**
 * The account an account key belongs to. The key is hashed and the stored hash compared in constant
 * time, so neither the lookup nor the comparison tells an attacker how close a guess was.
 */
export function accountForKey(db: Db, accountKey: string): Account | undefined {
  const hash = sha256(accountKey.trim())
  const row = accountByKeyHash(db, hash)
  if (!row || !timingSafeEqual(Buffer.from(row.keyHash), Buffer.from(hash))) return undefined
  return publicAccount(row)
}

/** Adds credits (an operator's grant); returns the new balance. */
export function grantCredits(db: Db, accountId: string, credits: number, nowMs: number, reason = 'grant'): number {
  return db.transaction(() => {
    insertGrant(db, accountId, credits, reason, nowMs)
    return creditBalance(db, accountId)
  })
}

export function creditBalance(db: Db, accountId: string): number {
  return ledgerBalance(db, accountId)
}

/** The most recent ledger entries, newest first. */
export function ledgerHistory(db: Db, accountId: string, limit: number): LedgerEntry[] {
  return ledgerEntries(db, accountId, limit)
}

/** Identity of one call for idempotent debits. */
export type CallIdentity = { accountId: string; tool: string; args: unknown; idempotencyKey?: string }

/** JSON with sorted keys, so `{a,b}` and `{b,a}` are the same call. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  return JSON.stringify(value)
}

/**
 * The call's hash: account, tool and canonical arguments (the `idempotencyKey` argument included, so a
 * client that names its calls decides what a retry is).
 */
export function callHash(call: CallIdentity): string {
  return sha256(`${call.accountId}\n${call.tool}\n${canonical(call.args)}\n${call.idempotencyKey ?? ''}`)
}

/** A debit already made for this call (a retry): within {@link RETRY_WINDOW_MS}, or {@link KEYED_RETRY_WINDOW_MS} when the client named it. */
export function priorCharge(db: Db, call: CallIdentity, nowMs: number): ChargeRow | undefined {
  return latestCharge(db, call.accountId, callHash(call), nowMs - (call.idempotencyKey ? KEYED_RETRY_WINDOW_MS : RETRY_WINDOW_MS))
}

/** Forgets stored answers older than the longest retry window (the scheduler calls it), so storage stays bounded. */
export function forgetOldAnswers(db: Db, nowMs: number): number {
  return forgetStoredResults(db, nowMs - KEYED_RETRY_WINDOW_MS)
}

/** Throws {@link InsufficientCredits} when the balance does not cover `required`. */
export function requireCredits(db: Db, accountId: string, required: number): void {
  const balance = creditBalance(db, accountId)
  if (balance < required) throw new InsufficientCredits(required, balance)
}

/** What a paid call answered, for a retry: its JSON (without the charge) and the SHA-256 of its data. */
export type CallAnswer = { json: string; fingerprint: string }

export const fingerprintOf = (text: string) => sha256(text)

/**
 * Debits `amount` for a call, once. In one SQLite transaction it looks for an earlier debit of the same
 * call: a stored answer is replayed as it is (`replayed`, nothing charged, `result` is that answer); an
 * answer that was too large to store is replayed only when `answer`'s fingerprint equals it, i.e. the
 * data is unchanged (`replayed` with `result` null: the caller's current answer is the same data); else
 * this is a new call, charged for what it returns now. A new call re-checks the balance, runs `work` (the
 * call's own write, such as confirming the index job, so the debit and the work commit together) and
 * records the debit with the call's hash, the answer (when at most {@link STORED_RESULT_MAX_BYTES}) and
 * its fingerprint. Zero-amount calls write nothing.
 */
export function debitOnce(
  db: Db,
  call: CallIdentity,
  amount: number,
  nowMs: number,
  answer: CallAnswer,
  work: () => void = () => undefined,
): { charged: number; replayed: false } | { charged: 0; replayed: true; result: string | null } {
  return db.transaction(() => {
    const prior = priorCharge(db, call, nowMs)
    if (prior?.result) return { charged: 0 as const, replayed: true as const, result: prior.result }
    if (prior && prior.resultHash === answer.fingerprint) return { charged: 0 as const, replayed: true as const, result: null }
    if (amount > 0) requireCredits(db, call.accountId, amount)
    work()
    if (amount > 0) {
      const hash = callHash(call)
      insertCharge(db, {
        accountId: call.accountId,
        amount,
        tool: call.tool,
        idempotencyKey: `${hash}:${nowMs}:${randomBytes(6).toString('hex')}`,
        callHash: hash,
        result: answer.json.length <= STORED_RESULT_MAX_BYTES ? answer.json : null,
        resultHash: answer.fingerprint,
        nowMs,
      })
    }
    return { charged: amount, replayed: false as const }
  })
}
