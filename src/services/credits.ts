import { createHash, randomBytes, timingSafeEqual } from '../crypto-native'
import type { ChargeRecord, Storage } from '../db/storage'
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
export async function createAccount(storage: Storage, input: { email: string; credits: number; nowMs: number }): Promise<{ accountId: string; accountKey: string }> {
  const email = input.email.trim().toLowerCase()
  const accountId = `acct_${randomBytes(10).toString('hex')}`
  const accountKey = newAccountKey()
  await storage.credits.createAccount({ accountId, email, keyHash: sha256(accountKey), nowMs: input.nowMs }, { credits: input.credits, reason: 'initial grant' })
  return { accountId, accountKey }
}

const publicAccount = (row: { accountId: string; email: string; createdAt: number } | undefined): Account | undefined =>
  row ? { accountId: row.accountId, email: row.email, createdAt: row.createdAt } : undefined

export async function findAccountByEmail(storage: Storage, email: string): Promise<Account | undefined> {
  return publicAccount(await storage.credits.accountByEmail(email.trim().toLowerCase()))
}

export async function findAccount(storage: Storage, accountId: string): Promise<Account | undefined> {
  return publicAccount(await storage.credits.accountById(accountId))
}

/**
 * The account an account key belongs to. The key is hashed and the stored hash compared in constant
 * time, so neither the lookup nor the comparison tells an attacker how close a guess was.
 */
export async function accountForKey(storage: Storage, accountKey: string): Promise<Account | undefined> {
  const hash = sha256(accountKey.trim())
  const row = await storage.credits.accountByKeyHash(hash)
  if (!row || !timingSafeEqual(Buffer.from(row.keyHash), Buffer.from(hash))) return undefined
  return publicAccount(row)
}

/** Adds credits (an operator's grant); returns the new balance. */
export function grantCredits(storage: Storage, accountId: string, credits: number, nowMs: number, reason = 'grant'): Promise<number> {
  return storage.credits.grant(accountId, credits, reason, nowMs)
}

export function creditBalance(storage: Storage, accountId: string): Promise<number> {
  return storage.credits.balance(accountId)
}

/** The most recent ledger entries, newest first. */
export function ledgerHistory(storage: Storage, accountId: string, limit: number): Promise<LedgerEntry[]> {
  return storage.credits.ledger(accountId, limit)
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
export function priorCharge(storage: Storage, call: CallIdentity, nowMs: number): Promise<ChargeRecord | undefined> {
  return storage.credits.latestCharge(call.accountId, callHash(call), retryWindowStart(call, nowMs))
}

const retryWindowStart = (call: CallIdentity, nowMs: number) => nowMs - (call.idempotencyKey ? KEYED_RETRY_WINDOW_MS : RETRY_WINDOW_MS)

/** Forgets stored answers older than the longest retry window (the scheduler calls it), so storage stays bounded. */
export function forgetOldAnswers(storage: Storage, nowMs: number): Promise<number> {
  return storage.credits.forgetStoredResults(nowMs - KEYED_RETRY_WINDOW_MS)
}

/** Throws {@link InsufficientCredits} when the balance does not cover `required`. */
export async function requireCredits(storage: Storage, accountId: string, required: number): Promise<void> {
  const balance = await creditBalance(storage, accountId)
  if (balance < required) throw new InsufficientCredits(required, balance)
}

/** What a paid call answered, for a retry: its JSON (without the charge) and the SHA-256 of its data. */
export type CallAnswer = { json: string; fingerprint: string }

export const fingerprintOf = (text: string) => sha256(text)

/**
 * Debits `amount` for a call, once, in one storage transaction (storage.credits.debitOnce): an earlier
 * debit of the same call is replayed (`replayed`, nothing charged, `result` its stored answer); an answer
 * that was too large to store is replayed only when `answer`'s fingerprint equals it, i.e. the data is
 * unchanged (`replayed` with `result` null: the caller's current answer is the same data); else this is a
 * new call, charged for what it returns now: the balance is re-checked ({@link InsufficientCredits}), the
 * reserved job `confirmJobId` (the call's own write) is confirmed in the same transaction, and the debit
 * is recorded with the call's hash, the answer (when at most {@link STORED_RESULT_MAX_BYTES}) and its
 * fingerprint. Zero-amount calls write nothing.
 */
export async function debitOnce(
  storage: Storage,
  call: CallIdentity,
  amount: number,
  nowMs: number,
  answer: CallAnswer,
  confirmJobId?: string,
): Promise<{ charged: number; replayed: false } | { charged: 0; replayed: true; result: string | null }> {
  const hash = callHash(call)
  const outcome = await storage.credits.debitOnce({
    accountId: call.accountId,
    tool: call.tool,
    callHash: hash,
    sinceMs: retryWindowStart(call, nowMs),
    amount,
    idempotencyKey: `${hash}:${nowMs}:${randomBytes(6).toString('hex')}`,
    result: answer.json.length <= STORED_RESULT_MAX_BYTES ? answer.json : null,
    resultHash: answer.fingerprint,
    nowMs,
    ...(confirmJobId === undefined ? {} : { confirmJobId }),
  })
  if (outcome.outcome === 'replayed') return { charged: 0, replayed: true, result: outcome.result }
  if (outcome.outcome === 'insufficient') throw new InsufficientCredits(amount, outcome.balance)
  if (outcome.outcome === 'job_not_confirmed') throw new DomainError('index_failed', 'the index job could not be queued; nothing was charged')
  return { charged: outcome.charged, replayed: false }
}
