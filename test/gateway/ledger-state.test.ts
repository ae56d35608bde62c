// Pins the local gateway ledger's saved state (issue 15): what `event-index dev` keeps in
// data/dev-gateway.json. A ledger restored from a snapshot has the same balances (the free trial is not
// refilled by a restart), still knows the request ids it debited (a report re-sent after the restart is a
// duplicate, not a second debit), and reports every debit and credit to its saver.
import { describe, expect, it } from 'bun:test'
import { FREE_TRIAL, Ledger, type LedgerState } from '../../src/gateway/local/ledger'

describe('the ledger state', () => {
  it('survives a restart: balances kept, debited ids still duplicates, every change saved', () => {
    const saved: LedgerState[] = []
    const first = new Ledger(Date.now, undefined, (state) => saved.push(state))
    expect(first.reserve('req-1', 'agent_dev', [{ meter: 'orgs_index', quantity: 1 }])).toBe(true)
    expect(first.settle('req-1', 'agent_dev', [{ meter: 'orgs_index', quantity: 1 }])).toBe('debited')
    expect(first.settle('req-2', 'agent_dev', [{ meter: 'events_pull', quantity: 21 }])).toBe('debited')
    first.credit('agent_dev', 10)
    expect(saved).toHaveLength(3)

    const restarted = new Ledger(Date.now, JSON.parse(JSON.stringify(saved[saved.length - 1])))
    expect(restarted.balance('agent_dev')).toEqual({ trial: { orgs_index: FREE_TRIAL.orgs_index - 1, events_pull: FREE_TRIAL.events_pull - 21 }, units: 10 })
    expect(restarted.settle('req-2', 'agent_dev', [{ meter: 'events_pull', quantity: 21 }])).toBe('duplicate')
    expect(restarted.balance('agent_dev').trial.events_pull).toBe(FREE_TRIAL.events_pull - 21)
    // An agent the saved state does not know starts with the whole trial.
    expect(restarted.balance('agent_new')).toEqual({ trial: { ...FREE_TRIAL }, units: 0 })
  })
})
