import { creditBalance, debitOnce, fingerprintOf, priorCharge, requireCredits, type CallIdentity } from '../services/credits'
import { accountOf, type ToolContext } from './tools/define'

/** What a paid tool reports about its charge (the `charge` field of its result). */
export type ChargeInfo = { credits: number; replayed: boolean; balance: number }

/** The call's identity for idempotent debits: account, tool, arguments (with the optional `idempotencyKey`). */
export function callOf(ctx: ToolContext, tool: string, args: Record<string, unknown>): CallIdentity {
  const { idempotencyKey, ...rest } = args
  return { accountId: accountOf(ctx), tool, args: rest, idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined }
}

/** Refuses before any work when the balance cannot cover `amount` (nothing is charged). */
export async function ensureCredits(ctx: ToolContext, amount: number): Promise<void> {
  if (amount > 0) await requireCredits(ctx.deps.storage, accountOf(ctx), amount)
}

/**
 * What a paid call produced: its data (the tool's result without `charge`), what it costs, optionally its
 * data already serialized, and optionally the text whose SHA-256 says whether the data changed (default:
 * the serialized data; a tool whose output carries a timestamp passes the records it was built from).
 */
export type Produced<D> = { data: D; amount: number; json?: string; fingerprintText?: string }

/**
 * Runs a paid tool call once per call identity (issue 11: a retry is never a free read of newer data).
 * A retry whose first answer was stored gets that answer back, byte for byte, at 0 credits, before
 * `produce` runs (a preview is not fetched again). Otherwise `produce` runs and the debit goes through
 * {@link debitOnce}: a retry of an answer too large to store is free only while its data is unchanged,
 * else it is charged for what it returns now.
 */
export async function paidCall<D extends object>(
  ctx: ToolContext,
  tool: string,
  args: Record<string, unknown>,
  produce: () => Promise<Produced<D>> | Produced<D>,
): Promise<D & { charge: ChargeInfo }> {
  const { storage } = ctx.deps
  const call = callOf(ctx, tool, args)
  const stored = (await priorCharge(storage, call, ctx.deps.now()))?.result
  if (stored) return replayed<D>(ctx, call, stored)
  const produced = await produce()
  const json = produced.json ?? JSON.stringify(produced.data)
  const outcome = await debitOnce(storage, call, produced.amount, ctx.deps.now(), { json, fingerprint: fingerprintOf(produced.fingerprintText ?? json) })
  if (outcome.replayed && outcome.result) return replayed<D>(ctx, call, outcome.result)
  const charge: ChargeInfo = { credits: outcome.charged, replayed: outcome.replayed, balance: await creditBalance(storage, call.accountId) }
  return { ...produced.data, charge }
}

/** A stored answer given back to a retry, with the current balance and nothing charged. */
export async function replayed<D>(ctx: ToolContext, call: CallIdentity, stored: string): Promise<D & { charge: ChargeInfo }> {
  return { ...(JSON.parse(stored) as D), charge: { credits: 0, replayed: true, balance: await creditBalance(ctx.deps.storage, call.accountId) } }
}
