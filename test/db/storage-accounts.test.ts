// Pins the storage interface's credits, reports, usage reports and OAuth records (issue 17), through the
// interface only, on every backend of test/helpers/storage.ts. What was a sequence of synchronous calls is
// one method holding its transaction, so calls made at once cannot interleave: a debit is made once per
// call (a retry replays it), never beyond the balance, and commits with the job it pays for or not at all;
// a reporter's daily cap holds against reports sent together; an OAuth code or refresh token is redeemed
// once; the first signing key and CSRF secret stored are the ones every caller gets.
import { expect, it } from 'bun:test'
import type { DebitRequest, Storage } from '../../src/db/storage'
import { forEachBackend } from '../helpers/storage'

const NOW = Date.parse('2026-06-01T12:00:00Z')
const DAY = 86_400_000

async function account(storage: Storage, credits: number, accountId = 'acct_1') {
  await storage.credits.createAccount({ accountId, email: `${accountId}@example.org`, keyHash: `hash-${accountId}`, nowMs: NOW }, { credits, reason: 'initial grant' })
  return accountId
}

const debit = (over: Partial<DebitRequest> = {}): DebitRequest => ({
  accountId: 'acct_1',
  tool: 'get_event',
  callHash: 'call-1',
  sinceMs: NOW - 600_000,
  amount: 3,
  idempotencyKey: `key-${Math.random()}`,
  result: '{"answer":1}',
  resultHash: 'fp-1',
  nowMs: NOW,
  ...over,
})

forEachBackend('storage: credits', ['credits'], (open) => {
  it('creates an account with its grant once per email, and grants answer the new balance', async () => {
    const storage = await open()
    await account(storage, 10)
    expect(await storage.credits.accountByEmail('acct_1@example.org')).toEqual({ accountId: 'acct_1', email: 'acct_1@example.org', keyHash: 'hash-acct_1', createdAt: NOW })
    expect(await storage.credits.accountByKeyHash('hash-acct_1')).toMatchObject({ accountId: 'acct_1' })
    await expect(storage.credits.createAccount({ accountId: 'acct_2', email: 'acct_1@example.org', keyHash: 'h2', nowMs: NOW }, { credits: 5, reason: 'x' })).rejects.toThrow()
    expect(await storage.credits.accountById('acct_2')).toBeUndefined()
    expect(await storage.credits.grant('acct_1', 5, 'top-up', NOW + 1)).toBe(15)
    expect(await storage.credits.ledger('acct_1', 10)).toEqual([
      { delta: 5, reason: 'top-up', tool: null, createdAt: NOW + 1 },
      { delta: 10, reason: 'initial grant', tool: null, createdAt: NOW },
    ])
  })

  it('debits a call once: a retry replays the stored answer, or only its fingerprint, and charges nothing', async () => {
    const storage = await open()
    await account(storage, 10)
    expect(await storage.credits.debitOnce(debit())).toEqual({ outcome: 'charged', charged: 3 })
    expect(await storage.credits.debitOnce(debit())).toEqual({ outcome: 'replayed', result: '{"answer":1}' })
    expect(await storage.credits.latestCharge('acct_1', 'call-1', NOW - 1)).toEqual({ result: '{"answer":1}', resultHash: 'fp-1', delta: -3 })
    expect(await storage.credits.debitOnce(debit({ callHash: 'big', result: null }))).toEqual({ outcome: 'charged', charged: 3 })
    expect(await storage.credits.debitOnce(debit({ callHash: 'big', result: null }))).toEqual({ outcome: 'replayed', result: null })
    expect(await storage.credits.debitOnce(debit({ callHash: 'big', result: null, resultHash: 'fp-changed' }))).toEqual({ outcome: 'charged', charged: 3 })
    expect(await storage.credits.debitOnce(debit({ sinceMs: NOW + 1, nowMs: NOW + 1, amount: 1 }))).toEqual({ outcome: 'charged', charged: 1 })
    expect(await storage.credits.balance('acct_1')).toBe(0)
  })

  it('charges the same call made twice at once only once, and never beyond the balance', async () => {
    const storage = await open()
    await account(storage, 4)
    const same = await Promise.all([storage.credits.debitOnce(debit()), storage.credits.debitOnce(debit())])
    expect(same.map((d) => d.outcome).sort()).toEqual(['charged', 'replayed'])
    const others = await Promise.all([storage.credits.debitOnce(debit({ callHash: 'a', amount: 1 })), storage.credits.debitOnce(debit({ callHash: 'b', amount: 1 }))])
    expect(others.map((d) => d.outcome).sort()).toEqual(['charged', 'insufficient'])
    expect(await storage.credits.balance('acct_1')).toBe(0)
    expect(await storage.credits.debitOnce(debit({ callHash: 'free', amount: 0 }))).toEqual({ outcome: 'charged', charged: 0 })
    expect(await storage.credits.latestCharge('acct_1', 'free', 0)).toBeUndefined()
  })

  it('forgets stored answers older than a moment, keeping the ledger rows', async () => {
    const storage = await open()
    await account(storage, 10)
    await storage.credits.debitOnce(debit())
    expect(await storage.credits.forgetStoredResults(NOW + 1)).toBe(1)
    expect(await storage.credits.latestCharge('acct_1', 'call-1', 0)).toEqual({ result: null, resultHash: 'fp-1', delta: -3 })
  })
})

forEachBackend('storage: credits with jobs', ['credits', 'jobs'], (open) => {
  it('commits a debit with the confirmation of the job it pays for, or neither', async () => {
    const storage = await open()
    await account(storage, 100)
    const reserve = (jobId: string) =>
      storage.jobs.reserve({
        organization: { orgId: 'org_lib', domain: 'lib.example.org', website: 'https://lib.example.org' },
        jobId,
        website: 'https://lib.example.org/',
        startDate: '2026-06-01',
        endDate: '2026-08-30',
        hints: '{}',
        hintReport: '{"items":[],"count":0}',
        accountId: 'acct_1',
        nowMs: NOW,
        expiresAt: NOW + DAY,
      })
    await reserve('job_a')
    expect(await storage.credits.debitOnce(debit({ amount: 40, confirmJobId: 'job_a' }))).toEqual({ outcome: 'charged', charged: 40 })
    expect(await storage.jobs.find('job_a')).toMatchObject({ state: 'pending' })
    await reserve('job_b')
    await storage.jobs.discardReserved('job_b')
    expect(await storage.credits.debitOnce(debit({ callHash: 'call-2', amount: 40, confirmJobId: 'job_b' }))).toEqual({ outcome: 'job_not_confirmed' })
    await reserve('job_c')
    expect(await storage.credits.debitOnce(debit({ callHash: 'call-3', amount: 61, confirmJobId: 'job_c' }))).toEqual({ outcome: 'insufficient', balance: 60 })
    expect(await storage.jobs.find('job_c')).toMatchObject({ state: 'reserved' })
    expect(await storage.credits.balance('acct_1')).toBe(60)
  })
})

const report = (reportId: string, reporter = 'agent-1', createdAt = NOW) => ({ reportId, reporter, message: 'missing events', diagnostics: '{}', createdAt })

forEachBackend('storage: reports', ['reports'], (open) => {
  it("holds a reporter's daily cap against reports stored at once", async () => {
    const storage = await open()
    expect(await storage.reports.insertWithinDailyCap(report('r1'), 2)).toBe(true)
    const racing = await Promise.all([storage.reports.insertWithinDailyCap(report('r2'), 2), storage.reports.insertWithinDailyCap(report('r3'), 2)])
    expect(racing.sort()).toEqual([false, true])
    expect(await storage.reports.countToday('agent-1', NOW)).toBe(2)
    expect(await storage.reports.countToday('agent-1', NOW + DAY)).toBe(0)
    expect(await storage.reports.insertWithinDailyCap(report('r4', 'agent-2'), 2)).toBe(true)
  })

  it('hands out the hour’s mail slots once each, and takes a failed one back', async () => {
    const storage = await open()
    for (const id of ['r1', 'r2', 'r3']) await storage.reports.insertWithinDailyCap(report(id, id), 5)
    const slots = await Promise.all(['r1', 'r2', 'r3'].map((id) => storage.reports.reserveMailSlot(id, NOW, 2)))
    expect(slots.filter(Boolean)).toHaveLength(2)
    expect(await storage.reports.mailsThisHour(NOW)).toBe(2)
    const taken = ['r1', 'r2', 'r3'].filter((_, i) => slots[i])
    await storage.reports.markDelivered(taken[0]!)
    await storage.reports.markFailed(taken[1]!, '451 try later')
    expect(await storage.reports.mailsThisHour(NOW)).toBe(1)
    expect((await storage.reports.dueUndelivered(NOW + 3_600_000, 10)).map((r) => r.report_id).sort()).toEqual(['r1', 'r2', 'r3'].filter((id) => id !== taken[0]).sort())
  })
})

forEachBackend('storage: usage reports', ['usageReports'], (open) => {
  it('queues a served pull’s report once, retries it, ends it and purges it', async () => {
    const storage = await open()
    const key = { agentId: 'agent-1', requestId: 'req-1' }
    await storage.usageReports.queue({ ...key, usage: '[]', error: 'timeout', nowMs: NOW })
    await storage.usageReports.queue({ ...key, usage: '[1]', error: 'again', nowMs: NOW + 1 })
    expect(await storage.usageReports.due(NOW + 1, 10)).toEqual([{ ...key, usage: '[]', state: 'pending', attempts: 1, lastError: 'timeout', createdAt: NOW, updatedAt: NOW }])
    await storage.usageReports.retry({ ...key, attempts: 1 }, '503', NOW + 2)
    expect(await storage.usageReports.due(NOW + 3, 10)).toEqual([expect.objectContaining({ attempts: 2, lastError: '503' })])
    await storage.usageReports.end(key, 'recorded', null, NOW + 4)
    expect(await storage.usageReports.due(NOW + 5, 10)).toEqual([])
    expect(await storage.usageReports.purgeEnded(NOW + 5)).toBe(1)
  })
})

const refresh = (tokenHash: string, familyId = 'fam-1') => ({ tokenHash, familyId, accountId: 'acct_1', clientId: 'client', resource: 'https://x/mcp', scope: 'events:read', expiresAt: NOW + DAY })

forEachBackend('storage: oauth', ['oauth', 'credits'], (open) => {
  it('keeps the first signing key and CSRF secret stored, whoever stores them', async () => {
    const storage = await open()
    expect(await storage.oauth.signingKey()).toBeUndefined()
    const key = (kid: string) => ({ kid, alg: 'ES256', privateJwk: `{"k":"${kid}"}`, publicJwk: `{"p":"${kid}"}` })
    const [a, b] = await Promise.all([storage.oauth.ensureSigningKey(key('first'), NOW), storage.oauth.ensureSigningKey(key('second'), NOW)])
    expect(a).toEqual(b)
    expect(await storage.oauth.signingKey()).toEqual(a)
    expect(await storage.oauth.csrfSecret()).toBeUndefined()
    const secrets = await Promise.all([storage.oauth.ensureCsrfSecret('c1', 's1', NOW), storage.oauth.ensureCsrfSecret('c2', 's2', NOW)])
    expect(new Set(secrets).size).toBe(1)
    expect(await storage.oauth.csrfSecret()).toBe(secrets[0])
  })

  it('redeems a code once: the second redemption finds it used, with the grant to revoke', async () => {
    const storage = await open()
    await account(storage, 0)
    expect(await storage.oauth.accountExists('acct_1')).toBe(true)
    expect(await storage.oauth.accountExists('acct_x')).toBe(false)
    await storage.oauth.insertCode(
      { codeHash: 'c', accountId: 'acct_1', clientId: 'client', redirectUri: 'https://x/cb', codeChallenge: 'ch', resource: 'https://x/mcp', scope: 'events:read', expiresAt: NOW + 60_000 },
      NOW,
    )
    expect(await storage.oauth.findCode('c')).toMatchObject({ account_id: 'acct_1', used_at: null, family_id: null })
    const both = await Promise.all([storage.oauth.redeemCode('c', refresh('r1', 'fam-1'), NOW), storage.oauth.redeemCode('c', refresh('r2', 'fam-2'), NOW)])
    expect(both.map((o) => o.outcome).sort()).toEqual(['redeemed', 'used'])
    const winner = both[0]!.outcome === 'redeemed' ? 'fam-1' : 'fam-2'
    expect(both.find((o) => o.outcome === 'used')).toEqual({ outcome: 'used', familyId: winner })
    expect(await storage.oauth.findRefreshToken(winner === 'fam-1' ? 'r2' : 'r1')).toBeUndefined()
    expect(await storage.oauth.redeemCode('unknown', refresh('r3'), NOW)).toEqual({ outcome: 'unknown' })
  })

  it('rotates a refresh token once, and refuses a revoked one', async () => {
    const storage = await open()
    await account(storage, 0)
    await storage.oauth.insertCode(
      { codeHash: 'c', accountId: 'acct_1', clientId: 'client', redirectUri: 'https://x/cb', codeChallenge: 'ch', resource: 'https://x/mcp', scope: 'events:read', expiresAt: NOW + 60_000 },
      NOW,
    )
    await storage.oauth.redeemCode('c', refresh('r1'), NOW)
    const both = await Promise.all([storage.oauth.rotateRefreshToken('r1', refresh('r2'), NOW + 1), storage.oauth.rotateRefreshToken('r1', refresh('r3'), NOW + 1)])
    expect(both.map((o) => o.outcome).sort()).toEqual(['redeemed', 'used'])
    const next = both[0]!.outcome === 'redeemed' ? 'r2' : 'r3'
    expect(await storage.oauth.findRefreshToken(next)).toMatchObject({ family_id: 'fam-1', used_at: null, revoked_at: null })
    await storage.oauth.revokeFamily('fam-1', NOW + 2)
    expect(await storage.oauth.rotateRefreshToken(next, refresh('r4'), NOW + 3)).toEqual({ outcome: 'revoked' })
    expect(await storage.oauth.findRefreshToken('r1')).toMatchObject({ used_at: NOW + 1, revoked_at: NOW + 2 })
  })
})
