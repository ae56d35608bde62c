import type { Db } from '../client'
import type { AccountRecord, ChargeRecord, DebitOutcome, DebitRequest, LedgerRecord } from '../storage-types'
import { confirmJob } from './jobs'

export function latestCharge(db: Db, accountId: string, callHash: string, sinceMs: number): ChargeRecord | undefined {
  const row = db.$client
    .query('SELECT result, result_hash, delta FROM credit_ledger WHERE account_id = ?1 AND call_hash = ?2 AND created_at >= ?3 ORDER BY id DESC LIMIT 1')
    .get(accountId, callHash, sinceMs) as { result: string | null; result_hash: string | null; delta: number } | null
  return row ? { result: row.result, resultHash: row.result_hash, delta: row.delta } : undefined
}

export type ChargeInsert = { accountId: string; amount: number; tool: string; idempotencyKey: string; callHash: string; result: string | null; resultHash: string | null; nowMs: number }

export function insertCharge(db: Db, c: ChargeInsert): void {
  db.$client.run('INSERT INTO credit_ledger (account_id, delta, reason, tool, idempotency_key, call_hash, result, result_hash, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)', [
    c.accountId,
    -c.amount,
    'tool call',
    c.tool,
    c.idempotencyKey,
    c.callHash,
    c.result,
    c.resultHash,
    c.nowMs,
  ])
}

/** Forgets the stored answers of debits made before `beforeMs` (the ledger rows themselves stay). Returns how many. */
export function forgetStoredResults(db: Db, beforeMs: number): number {
  return db.$client.run('UPDATE credit_ledger SET result = NULL WHERE result IS NOT NULL AND created_at < ?1', [beforeMs]).changes
}

type RawAccount = { account_id: string; email: string; key_hash: string; created_at: number }
const toAccount = (r: RawAccount | null): AccountRecord | undefined => (r ? { accountId: r.account_id, email: r.email, keyHash: r.key_hash, createdAt: r.created_at } : undefined)

/** Inserts an account; throws when the email already has one (checked in the same transaction). */
export function insertAccount(db: Db, a: { accountId: string; email: string; keyHash: string; nowMs: number }, grant?: { credits: number; reason: string }): void {
  db.transaction(() => {
    const exists = db.$client.query('SELECT 1 FROM accounts WHERE email = ?1').get(a.email)
    if (exists) throw new Error(`an account for ${a.email} already exists`)
    db.$client.run('INSERT INTO accounts (account_id, email, key_hash, created_at) VALUES (?1, ?2, ?3, ?4)', [a.accountId, a.email, a.keyHash, a.nowMs])
    if (grant && grant.credits > 0) insertGrant(db, a.accountId, grant.credits, grant.reason, a.nowMs)
  })
}

/** Appends a credit (a grant) to the ledger. */
export function insertGrant(db: Db, accountId: string, credits: number, reason: string, nowMs: number): void {
  db.$client.run('INSERT INTO credit_ledger (account_id, delta, reason, created_at) VALUES (?1, ?2, ?3, ?4)', [accountId, credits, reason, nowMs])
}

export function accountByEmail(db: Db, email: string): AccountRecord | undefined {
  return toAccount(db.$client.query('SELECT account_id, email, key_hash, created_at FROM accounts WHERE email = ?1').get(email) as RawAccount | null)
}

export function accountById(db: Db, accountId: string): AccountRecord | undefined {
  return toAccount(db.$client.query('SELECT account_id, email, key_hash, created_at FROM accounts WHERE account_id = ?1').get(accountId) as RawAccount | null)
}

export function accountByKeyHash(db: Db, keyHash: string): AccountRecord | undefined {
  return toAccount(db.$client.query('SELECT account_id, email, key_hash, created_at FROM accounts WHERE key_hash = ?1').get(keyHash) as RawAccount | null)
}

/** The sum of an account's ledger. */
export function ledgerBalance(db: Db, accountId: string): number {
  return (db.$client.query('SELECT COALESCE(SUM(delta), 0) AS n FROM credit_ledger WHERE account_id = ?1').get(accountId) as { n: number }).n
}

/** The most recent ledger entries, newest first. */
export function ledgerEntries(db: Db, accountId: string, limit: number): LedgerRecord[] {
  const rows = db.$client.query('SELECT delta, reason, tool, created_at FROM credit_ledger WHERE account_id = ?1 ORDER BY created_at DESC, id DESC LIMIT ?2').all(accountId, limit) as {
    delta: number
    reason: string
    tool: string | null
    created_at: number
  }[]
  return rows.map((r) => ({ delta: r.delta, reason: r.reason, tool: r.tool, createdAt: r.created_at }))
}

/** Appends a grant and answers the new balance, in one transaction. */
export function grantAndBalance(db: Db, accountId: string, credits: number, reason: string, nowMs: number): number {
  return db.transaction(() => {
    insertGrant(db, accountId, credits, reason, nowMs)
    return ledgerBalance(db, accountId)
  })
}

/**
 * One idempotent debit, in one immediate transaction (see storage.ts `debitOnce`): an earlier debit of the
 * call since `sinceMs` is replayed (its stored answer, or null when its fingerprint equals this answer's);
 * else the balance must cover the amount, the reserved job named is confirmed, and the debit is recorded.
 */
export function debitOnce(db: Db, r: DebitRequest): DebitOutcome {
  return db.transaction(
    (): DebitOutcome => {
      const prior = latestCharge(db, r.accountId, r.callHash, r.sinceMs)
      if (prior?.result) return { outcome: 'replayed', result: prior.result }
      if (prior && prior.resultHash === r.resultHash) return { outcome: 'replayed', result: null }
      if (r.amount > 0) {
        const balance = ledgerBalance(db, r.accountId)
        if (balance < r.amount) return { outcome: 'insufficient', balance }
      }
      if (r.confirmJobId !== undefined && !confirmJob(db, r.confirmJobId, r.nowMs)) return { outcome: 'job_not_confirmed' }
      if (r.amount > 0)
        insertCharge(db, { accountId: r.accountId, amount: r.amount, tool: r.tool, idempotencyKey: r.idempotencyKey, callHash: r.callHash, result: r.result, resultHash: r.resultHash, nowMs: r.nowMs })
      return { outcome: 'charged', charged: r.amount }
    },
    { behavior: 'immediate' },
  )
}
