import type { UsageItem } from '../routes'

/** Gateway units per meter quantity (spec Limits: orgs_index 1 = 4 units = 40 credits; events_pull 1 = 1 unit). */
export const UNIT_PRICE: Record<UsageItem['meter'], number> = { orgs_index: 4, events_pull: 1 }
/** Free trial per agent, in meter quantities (spec Limits: 3 on orgs_index, 50 on events_pull). */
export const FREE_TRIAL: Record<UsageItem['meter'], number> = { orgs_index: 3, events_pull: 50 }
/** One unit is one cent (spec: 1 unit = 1 credit = $0.01). */
export const USD_PER_UNIT = 0.01
/**
 * How long an allowance holds the quoted amount for its request id when no usage report settles it. The
 * service reports within its 2 s usage timeout after the allowance; a report that comes later is still
 * debited if the balance then covers it, else refused with 402.
 */
export const HOLD_MS = 60_000
/** How long a settled request id is remembered, so that a retried report is answered 200 without a second debit (the service retries for 24 h at most). */
export const SETTLED_TTL_MS = 25 * 3600_000

type Meter = UsageItem['meter']
/** What an agent has (or what is held from it): trial quantities per meter and prepaid units. */
export type Balance = { trial: Record<Meter, number>; units: number }
export type Quote = { units: number; usd: number; trialUsed: Partial<Record<Meter, number>> }
/** The outcome of a usage report: debited now, already debited earlier (a retry), or refused (funds short). */
export type Settlement = 'debited' | 'duplicate' | 'refused'

type Hold = { agentId: string; trial: Partial<Record<Meter, number>>; units: number; expiresAt: number }

/**
 * What a ledger must keep across restarts: each agent's balance (free trial left and prepaid units) and
 * the request ids already debited, so a report re-sent after a restart is still a `duplicate`. Holds
 * are not kept: they last 60 s and a restarted service asks for its allowance again. Plain JSON.
 */
export type LedgerState = { accounts: Record<string, Balance>; settled: [string, { units: number; at: number }][] }

const emptyBalance = (): Balance => ({ trial: { orgs_index: 0, events_pull: 0 }, units: 0 })
/** Request ids are scoped to the agent (DESIGN §4): two agents' ids never collide. */
const keyOf = (agentId: string, requestId: string) => `${agentId}\n${requestId}`

/**
 * Per-agent allowances of the local gateway: the free trial first, then prepaid units at the unit price.
 *
 * What must hold: a request is served only if it was debited, and the balance never goes below 0, even
 * under many concurrent requests. So `/allowance` does not merely look: {@link reserve} holds the quoted
 * amount for the request id (other allowances see only what is not held) until {@link settle} debits it
 * or the hold expires ({@link HOLD_MS}). Settlement is idempotent by (agent, request id): a retried report
 * is a `duplicate`, never a second debit. All methods are synchronous, so each is atomic on the event loop.
 */
export class Ledger {
  private accounts = new Map<string, Balance>()
  private holds = new Map<string, Hold>()
  private settled = new Map<string, { units: number; at: number }>()

  /**
   * `state` restores a ledger saved by `onChange`, which is called with the new state after every debit
   * and credit (the dev gateway keeps it in data/dev-gateway.json, so the free trial survives a restart).
   */
  constructor(
    private readonly now: () => number = Date.now,
    state?: LedgerState,
    private readonly onChange?: (state: LedgerState) => void,
  ) {
    for (const [agentId, balance] of Object.entries(state?.accounts ?? {})) this.accounts.set(agentId, { trial: { ...FREE_TRIAL, ...balance.trial }, units: balance.units })
    for (const [key, settled] of state?.settled ?? []) this.settled.set(key, settled)
  }

  /** The state to keep: balances and settled request ids (those within {@link SETTLED_TTL_MS}). */
  snapshot(): LedgerState {
    const since = this.now() - SETTLED_TTL_MS
    return {
      accounts: Object.fromEntries([...this.accounts].map(([id, b]) => [id, { trial: { ...b.trial }, units: b.units }])),
      settled: [...this.settled].filter(([, s]) => s.at >= since),
    }
  }

  private account(agentId: string): Balance {
    let account = this.accounts.get(agentId)
    if (!account) this.accounts.set(agentId, (account = { trial: { ...FREE_TRIAL }, units: 0 }))
    return account
  }

  /** Drops holds that expired and settled ids older than {@link SETTLED_TTL_MS}, so memory stays bounded. */
  private expire(): void {
    const nowMs = this.now()
    for (const [key, hold] of this.holds) if (hold.expiresAt <= nowMs) this.holds.delete(key)
    if (this.settled.size > 10_000) for (const [key, s] of this.settled) if (s.at < nowMs - SETTLED_TTL_MS) this.settled.delete(key)
  }

  /** What is held from the agent by allowances not yet settled (leaving out the hold `except`, when given). */
  held(agentId: string, except?: string): Balance {
    this.expire()
    const sum = emptyBalance()
    for (const [key, hold] of this.holds) {
      if (hold.agentId !== agentId || key === except) continue
      for (const [meter, n] of Object.entries(hold.trial)) sum.trial[meter as Meter] += n
      sum.units += hold.units
    }
    return sum
  }

  /** The agent's balance minus what is held by other requests than `except`. */
  private available(agentId: string, except?: string): Balance {
    const account = this.account(agentId)
    const held = this.held(agentId, except)
    return { trial: { orgs_index: account.trial.orgs_index - held.trial.orgs_index, events_pull: account.trial.events_pull - held.trial.events_pull }, units: account.units - held.units }
  }

  /** What `usage` would cost the agent now, from what is not held: trial quantities used and units to pay. */
  quote(agentId: string, usage: UsageItem[], from: Balance = this.available(agentId)): Quote {
    const trial = { ...from.trial }
    const trialUsed: Quote['trialUsed'] = {}
    let units = 0
    for (const { meter, quantity } of usage) {
      const fromTrial = Math.max(0, Math.min(trial[meter] ?? 0, quantity))
      trial[meter] -= fromTrial
      if (fromTrial > 0) trialUsed[meter] = (trialUsed[meter] ?? 0) + fromTrial
      units += (quantity - fromTrial) * UNIT_PRICE[meter]
    }
    return { units, usd: Math.round(units * USD_PER_UNIT * 100) / 100, trialUsed }
  }

  /**
   * The allowance check: when what is not held covers `usage`, holds its quote for the request id and
   * answers true. Asking again for the same id replaces its hold (it never holds twice).
   */
  reserve(requestId: string, agentId: string, usage: UsageItem[]): boolean {
    const key = keyOf(agentId, requestId)
    const from = this.available(agentId, key)
    const quote = this.quote(agentId, usage, from)
    if (quote.units > from.units) return false
    this.holds.set(key, { agentId, trial: quote.trialUsed, units: quote.units, expiresAt: this.now() + HOLD_MS })
    return true
  }

  /**
   * The usage report: releases the request's hold and debits `usage` once. A request id already settled is
   * a `duplicate` (no second debit); a debit the balance cannot cover is `refused`: nothing is debited and
   * the hold is released (the service serves nothing for a refused report).
   */
  settle(requestId: string, agentId: string, usage: UsageItem[]): Settlement {
    const key = keyOf(agentId, requestId)
    if (this.settled.has(key)) {
      this.holds.delete(key)
      return 'duplicate'
    }
    const from = this.available(agentId, key)
    const quote = this.quote(agentId, usage, from)
    this.holds.delete(key)
    if (quote.units > from.units) return 'refused'
    const account = this.account(agentId)
    for (const [meter, used] of Object.entries(quote.trialUsed)) account.trial[meter as Meter] -= used
    account.units -= quote.units
    this.settled.set(key, { units: quote.units, at: this.now() })
    this.onChange?.(this.snapshot())
    return 'debited'
  }

  /** How many requests of the agent were debited (tests compare it with the requests served). */
  settledCount(agentId: string): number {
    let n = 0
    for (const key of this.settled.keys()) if (key.startsWith(`${agentId}\n`)) n++
    return n
  }

  credit(agentId: string, units: number): void {
    this.account(agentId).units += units
    this.onChange?.(this.snapshot())
  }

  balance(agentId: string): Balance {
    const account = this.account(agentId)
    return { trial: { ...account.trial }, units: account.units }
  }
}
