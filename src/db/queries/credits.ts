import type { Db } from '../client'

/** The latest debit of one call (by its hash) since a moment: what a retry may replay. */
export type ChargeRow = { result: string | null; resultHash: string | null; delta: number }

export function latestCharge(db: Db, accountId: string, callHash: string, sinceMs: number): ChargeRow | undefined {
  const row = db.$client
    .query('SELECT result, result_hash, delta FROM credit_ledger WHERE account_id = ?1 AND call_hash = ?2 AND created_at >= ?3 ORDER BY id DESC LIMIT 1')
    .get(accountId, callHash, sinceMs) as { result: string | null; result_hash: string | null; delta: number } | null
  return row ? { result: row.result, resultHash: row.result_hash, delta: row.delta } : undefined
}

export type ChargeInsert = { accountId: string; amount: number; tool: string; idempotencyKey: string; callHash: string; result: string | null; resultHash: string | null; nowMs: number }

export function insertCharge(db: Db, c: ChargeInsert): void {
  db.$client.run(
    'INSERT INTO credit_ledger (account_id, delta, reason, tool, idempotency_key, call_hash, result, result_hash, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)',
    [c.accountId, -c.amount, 'tool call', c.tool, c.idempotencyKey, c.callHash, c.result, c.resultHash, c.nowMs],
  )
}

/** Forgets the stored answers of debits made before `beforeMs` (the ledger rows themselves stay). Returns how many. */
export function forgetStoredResults(db: Db, beforeMs: number): number {
  return db.$client.run('UPDATE credit_ledger SET result = NULL WHERE result IS NOT NULL AND created_at < ?1', [beforeMs]).changes
}
