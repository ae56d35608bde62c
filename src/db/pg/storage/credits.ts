import type { SQL } from 'bun'
import type { CreditStorage } from '../../storage'
import type { AccountRecord, ChargeRecord, DebitOutcome, DebitRequest, LedgerRecord } from '../../storage-types'

type RawAccount = { account_id: string; email: string; key_hash: string; created_at: string | number }
const toAccount = (r: RawAccount | undefined): AccountRecord | undefined => (r ? { accountId: r.account_id, email: r.email, keyHash: r.key_hash, createdAt: Number(r.created_at) } : undefined)

/** A PostgreSQL unique violation (SQLSTATE 23505) of `constraint`. */
const isUniqueViolation = (error: unknown, constraint: string): boolean => {
  const e = error as { errno?: unknown; constraint?: unknown } | null
  return e?.errno === '23505' && e.constraint === constraint
}

async function latestCharge(sql: SQL, accountId: string, callHash: string, sinceMs: number): Promise<ChargeRecord | undefined> {
  const [row] = await sql`SELECT result, result_hash, delta FROM credit_ledger
    WHERE account_id = ${accountId} AND call_hash = ${callHash} AND created_at >= ${sinceMs} ORDER BY id DESC LIMIT 1`
  return row ? { result: row.result, resultHash: row.result_hash, delta: Number(row.delta) } : undefined
}

async function balance(sql: SQL, accountId: string): Promise<number> {
  const [row] = await sql`SELECT COALESCE(SUM(delta), 0)::float8 AS n FROM credit_ledger WHERE account_id = ${accountId}`
  return Number(row.n)
}

async function insertGrant(sql: SQL, accountId: string, credits: number, reason: string, nowMs: number): Promise<void> {
  await sql`INSERT INTO credit_ledger (account_id, delta, reason, created_at) VALUES (${accountId}, ${credits}, ${reason}, ${nowMs})`
}

/**
 * Makes the reserved job a debit pays for claimable, as the jobs storage's `confirm` does (a job whose
 * usage report was sent is marked `recorded`); false when it was no longer reserved. Here because it must
 * run inside the debit's transaction.
 */
async function confirmReservedJob(tx: SQL, jobId: string, nowMs: number): Promise<boolean> {
  const rows = await tx`UPDATE index_jobs SET state = 'pending', billing = CASE WHEN billing IS NULL THEN NULL ELSE 'recorded' END, updated_at = ${nowMs}
    WHERE job_id = ${jobId} AND state = 'reserved' RETURNING job_id`
  return rows.length === 1
}

/**
 * One idempotent debit in one transaction, serialized per account: the account's row is locked first
 * (`SELECT … FOR UPDATE`), so of the debits of one account made at once on any connection of any instance
 * one runs at a time, and each sees the ledger the previous one committed (READ COMMITTED takes a new
 * snapshot per statement). Then, as on SQLite: an earlier debit of the call in its window is replayed,
 * else the balance must cover the amount, the job named is confirmed and the debit recorded. An outcome
 * other than `charged` has written nothing (the confirmation is the only write before the debit, and it
 * happens only after the balance check and only when it succeeds).
 */
async function debitOnce(sql: SQL, r: DebitRequest): Promise<DebitOutcome> {
  return sql.begin(async (tx): Promise<DebitOutcome> => {
    await tx`SELECT 1 FROM accounts WHERE account_id = ${r.accountId} FOR UPDATE`
    const prior = await latestCharge(tx, r.accountId, r.callHash, r.sinceMs)
    if (prior?.result) return { outcome: 'replayed', result: prior.result }
    if (prior && prior.resultHash === r.resultHash) return { outcome: 'replayed', result: null }
    if (r.amount > 0) {
      const available = await balance(tx, r.accountId)
      if (available < r.amount) return { outcome: 'insufficient', balance: available }
    }
    if (r.confirmJobId !== undefined && !(await confirmReservedJob(tx, r.confirmJobId, r.nowMs))) return { outcome: 'job_not_confirmed' }
    if (r.amount > 0)
      await tx`INSERT INTO credit_ledger (account_id, delta, reason, tool, idempotency_key, call_hash, result, result_hash, created_at)
        VALUES (${r.accountId}, ${-r.amount}, 'tool call', ${r.tool}, ${r.idempotencyKey}, ${r.callHash}, ${r.result}, ${r.resultHash}, ${r.nowMs})`
    return { outcome: 'charged', charged: r.amount }
  })
}

/**
 * The credits of MCP accounts on PostgreSQL (storage.ts `CreditStorage`), over Bun's SQL client: every
 * method one statement, or one transaction where it reads and writes. Two accounts for one email are
 * refused by the unique index even when created at once on two instances.
 */
export function pgCreditStorage(sql: SQL): CreditStorage {
  return {
    createAccount: (a, grant) =>
      sql
        .begin(async (tx) => {
          const [exists] = await tx`SELECT 1 FROM accounts WHERE email = ${a.email}`
          if (exists) throw new Error(`an account for ${a.email} already exists`)
          await tx`INSERT INTO accounts (account_id, email, key_hash, created_at) VALUES (${a.accountId}, ${a.email}, ${a.keyHash}, ${a.nowMs})`
          if (grant && grant.credits > 0) await insertGrant(tx, a.accountId, grant.credits, grant.reason, a.nowMs)
        })
        .catch((error) => {
          // the same email created at once on another connection: its unique index refused this one
          if (isUniqueViolation(error, 'accounts_email_unique')) throw new Error(`an account for ${a.email} already exists`)
          throw error
        }),
    grant: (accountId, credits, reason, nowMs) =>
      sql.begin(async (tx) => {
        await insertGrant(tx, accountId, credits, reason, nowMs)
        return balance(tx, accountId)
      }),
    accountByEmail: async (email) => toAccount((await sql`SELECT account_id, email, key_hash, created_at FROM accounts WHERE email = ${email}`)[0]),
    accountById: async (accountId) => toAccount((await sql`SELECT account_id, email, key_hash, created_at FROM accounts WHERE account_id = ${accountId}`)[0]),
    accountByKeyHash: async (keyHash) => toAccount((await sql`SELECT account_id, email, key_hash, created_at FROM accounts WHERE key_hash = ${keyHash}`)[0]),
    balance: (accountId) => balance(sql, accountId),
    ledger: async (accountId, limit): Promise<LedgerRecord[]> => {
      const rows = await sql`SELECT delta, reason, tool, created_at FROM credit_ledger WHERE account_id = ${accountId} ORDER BY created_at DESC, id DESC LIMIT ${limit}`
      return rows.map((r: { delta: string; reason: string; tool: string | null; created_at: string }) => ({ delta: Number(r.delta), reason: r.reason, tool: r.tool, createdAt: Number(r.created_at) }))
    },
    latestCharge: (accountId, callHash, sinceMs) => latestCharge(sql, accountId, callHash, sinceMs),
    debitOnce: (request) => debitOnce(sql, request),
    forgetStoredResults: async (beforeMs) => (await sql`UPDATE credit_ledger SET result = NULL WHERE result IS NOT NULL AND created_at < ${beforeMs}`).count,
  }
}
