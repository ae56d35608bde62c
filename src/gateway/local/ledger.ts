import type { UsageItem } from '../routes'

/** Gateway units per meter quantity (spec Limits: orgs_index 1 = 4 units = 40 credits; events_pull 1 = 1 unit). */
export const UNIT_PRICE: Record<UsageItem['meter'], number> = { orgs_index: 4, events_pull: 1 }
/** Free trial per agent, in meter quantities (spec Limits: 3 on orgs_index, 50 on events_pull). */
export const FREE_TRIAL: Record<UsageItem['meter'], number> = { orgs_index: 3, events_pull: 50 }
/** One unit is one cent (spec: 1 unit = 1 credit = $0.01). */
export const USD_PER_UNIT = 0.01

type Account = { trial: Record<UsageItem['meter'], number>; units: number }

export type Quote = { units: number; usd: number; trialUsed: Partial<Record<UsageItem['meter'], number>> }

/**
 * Per-agent allowances of the local gateway: the free trial first, then prepaid units at the unit price.
 * Debits are idempotent by request id, so a usage report and the `gw-usage` header of the same request
 * (or a retried report) charge once.
 */
export class Ledger {
  private accounts = new Map<string, Account>()
  private settled = new Map<string, number>()

  private account(agentId: string): Account {
    let account = this.accounts.get(agentId)
    if (!account) this.accounts.set(agentId, (account = { trial: { ...FREE_TRIAL }, units: 0 }))
    return account
  }

  /** What `usage` would cost the agent now: trial quantities used and units still to pay. */
  quote(agentId: string, usage: UsageItem[]): Quote {
    const trial = { ...this.account(agentId).trial }
    const trialUsed: Quote['trialUsed'] = {}
    let units = 0
    for (const { meter, quantity } of usage) {
      const fromTrial = Math.min(trial[meter] ?? 0, quantity)
      trial[meter] -= fromTrial
      if (fromTrial > 0) trialUsed[meter] = (trialUsed[meter] ?? 0) + fromTrial
      units += (quantity - fromTrial) * UNIT_PRICE[meter]
    }
    return { units, usd: Math.round(units * USD_PER_UNIT * 100) / 100, trialUsed }
  }

  allows(agentId: string, usage: UsageItem[]): boolean {
    return this.quote(agentId, usage).units <= this.account(agentId).units
  }

  /** Charges `usage` once per request id; returns false when the id was already settled or funds are short. */
  debit(requestId: string, agentId: string, usage: UsageItem[]): boolean {
    if (this.settled.has(requestId)) return false
    const quote = this.quote(agentId, usage)
    const account = this.account(agentId)
    if (quote.units > account.units) return false
    for (const [meter, used] of Object.entries(quote.trialUsed)) account.trial[meter as UsageItem['meter']] -= used
    account.units -= quote.units
    this.settled.set(requestId, quote.units)
    return true
  }

  credit(agentId: string, units: number): void {
    this.account(agentId).units += units
  }

  balance(agentId: string): Account {
    const account = this.account(agentId)
    return { trial: { ...account.trial }, units: account.units }
  }
}
