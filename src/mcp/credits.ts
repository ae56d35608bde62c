import { creditBalance, debitOnce, requireCredits, type CallIdentity } from '../services/credits'
import { accountOf, type ToolContext } from './tools/define'

/** What a paid tool reports about its charge (the `charge` field of its result). */
export type ChargeInfo = { credits: number; replayed: boolean; balance: number }

/** The call's identity for idempotent debits: account, tool, arguments (with the optional `idempotencyKey`). */
export function callOf(ctx: ToolContext, tool: string, args: Record<string, unknown>): CallIdentity {
  const { idempotencyKey, ...rest } = args
  return { accountId: accountOf(ctx), tool, args: rest, idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined }
}

/** Refuses before any work when the balance cannot cover `amount` (nothing is charged). */
export function ensureCredits(ctx: ToolContext, amount: number): void {
  if (amount > 0) requireCredits(ctx.deps.db, accountOf(ctx), amount)
}

/**
 * Debits `amount` for a call that succeeded, once per call (a retry is answered without a second
 * debit), in the same SQLite transaction as `work`. Zero-amount results (no events) are free.
 */
export function chargeCall<T = void>(ctx: ToolContext, call: CallIdentity, amount: number, work?: () => T, resultOf?: (value: T) => string | null) {
  const nowMs = ctx.deps.now()
  const outcome = debitOnce(ctx.deps.db, call, amount, nowMs, work ?? (() => undefined as T), resultOf)
  const info: ChargeInfo = { credits: outcome.charged, replayed: outcome.replayed, balance: creditBalance(ctx.deps.db, call.accountId) }
  return { info, outcome }
}
