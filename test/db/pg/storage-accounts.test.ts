// Pins what the PostgreSQL account storage must hold across instances (issue 17: "state that must be
// shared lives in the database"), each instance being its own connection pool on one database: debits
// made at once on several instances charge each call once and never take a balance below zero, and the
// debit and its job's confirmation commit together or not at all; one email gets one account; instances
// starting at once store one signing key and one CSRF secret and all use them; a gateway signature stored
// by one instance's replay store is refused by another's (durable or free read, and when both see it at
// once), an expired key is taken over and expired rows are pruned. (Health: storage-health.test.ts.)
import { afterEach, expect, it } from 'bun:test'
import { SQL } from 'bun'
import { migratePostgres } from '../../../src/db/pg/migrate'
import { pgCreditStorage } from '../../../src/db/pg/storage/credits'
import { pgOAuthStorage } from '../../../src/db/pg/storage/oauth'
import { pgReplayStore } from '../../../src/db/pg/storage/replay-keys'
import type { DebitRequest } from '../../../src/db/storage'
import { describePostgres, migratedDatabase, sharedPostgres } from '../../helpers/postgres'

const NOW = Date.parse('2026-06-01T12:00:00Z')

describePostgres('PostgreSQL account storage across instances', () => {
  const cluster = sharedPostgres()
  const clients: SQL[] = []
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()))
  })

  /** `n` instances (a pool each) on one fresh migrated database. */
  async function instances(n: number): Promise<SQL[]> {
    const url = await migratedDatabase(cluster(), migratePostgres)
    const opened = Array.from({ length: n }, () => new SQL({ url, max: 4, connectionTimeout: 10 }))
    clients.push(...opened)
    return opened
  }

  const debit = (over: Partial<DebitRequest>): DebitRequest => ({
    accountId: 'acct_1',
    tool: 'get_event',
    callHash: 'call',
    sinceMs: NOW - 600_000,
    amount: 3,
    idempotencyKey: `key-${crypto.randomUUID()}`,
    result: null,
    resultHash: 'fp',
    nowMs: NOW,
    ...over,
  })

  it('charges each call once and never below zero when three instances debit one small balance at once', async () => {
    const sqls = await instances(3)
    const credits = sqls.map(pgCreditStorage)
    await credits[0]!.createAccount({ accountId: 'acct_1', email: 'a@example.org', keyHash: 'h', nowMs: NOW }, { credits: 10, reason: 'initial grant' })
    const calls = Array.from({ length: 8 }, (_, i) => `call-${i}`)
    // every call is sent twice, to two different instances, all at once
    const sent = calls.flatMap((callHash, i) => [0, 1].map((copy) => ({ callHash, outcome: credits[(i + copy) % 3]!.debitOnce(debit({ callHash })) })))
    const outcomes = await Promise.all(sent.map(async (s) => ({ callHash: s.callHash, outcome: (await s.outcome).outcome })))
    const byCall = calls.map((c) =>
      outcomes
        .filter((o) => o.callHash === c)
        .map((o) => o.outcome)
        .sort(),
    )
    expect(byCall.filter((o) => o[0] === 'charged')).toHaveLength(3)
    for (const pair of byCall)
      expect([
        ['charged', 'replayed'],
        ['insufficient', 'insufficient'],
      ]).toContainEqual(pair)
    expect(await credits[2]!.balance('acct_1')).toBe(1)
    const [{ n }] = await sqls[0]!`SELECT count(*)::int AS n FROM credit_ledger WHERE delta < 0 GROUP BY account_id`
    expect(n).toBe(3)
  })

  it('creates one account when two instances create the same email at once, refusing the other plainly', async () => {
    const [a, b] = await instances(2)
    const create = (sql: SQL, accountId: string) =>
      pgCreditStorage(sql).createAccount({ accountId, email: 'same@example.org', keyHash: `h-${accountId}`, nowMs: NOW }, { credits: 5, reason: 'initial grant' })
    const both = await Promise.allSettled([create(a!, 'acct_a'), create(b!, 'acct_b')])
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect((both.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason.message).toBe('an account for same@example.org already exists')
    const [{ n, credits }] = await a!`SELECT count(DISTINCT account_id)::int AS n, sum(delta)::int AS credits FROM credit_ledger`
    expect({ n, credits }).toEqual({ n: 1, credits: 5 })
  })

  it('confirms a reserved job with one debit only, when two instances pay for it at once', async () => {
    const [a, b] = await instances(2)
    await a!`INSERT INTO organizations (org_id, domain, website, created_at, updated_at) VALUES ('org_1', 'lib.example.org', 'https://lib.example.org', ${NOW}, ${NOW})`
    await a!`INSERT INTO index_jobs (job_id, org_id, website, start_date, end_date, state, created_at, updated_at, expires_at)
      VALUES ('job_1', 'org_1', 'https://lib.example.org/', '2026-06-01', '2026-08-30', 'reserved', ${NOW}, ${NOW}, ${NOW + 86_400_000})`
    await pgCreditStorage(a!).createAccount({ accountId: 'acct_1', email: 'a@example.org', keyHash: 'h', nowMs: NOW }, { credits: 100, reason: 'initial grant' })
    const both = await Promise.all([
      pgCreditStorage(a!).debitOnce(debit({ callHash: 'first', amount: 40, confirmJobId: 'job_1' })),
      pgCreditStorage(b!).debitOnce(debit({ callHash: 'second', amount: 40, confirmJobId: 'job_1' })),
    ])
    expect(both.map((o) => o.outcome).sort()).toEqual(['charged', 'job_not_confirmed'])
    expect(await pgCreditStorage(b!).balance('acct_1')).toBe(60)
    const [job] = await b!`SELECT state FROM index_jobs WHERE job_id = 'job_1'`
    expect(job.state).toBe('pending')
  })

  it('stores one signing key and one CSRF secret when four instances start at once, and all of them use it', async () => {
    const sqls = await instances(4)
    const key = (kid: string) => ({ kid, alg: 'ES256', privateJwk: `{"d":"${kid}"}`, publicJwk: `{"x":"${kid}"}` })
    const keys = await Promise.all(sqls.map((sql, i) => pgOAuthStorage(sql).ensureSigningKey(key(`kid-${i}`), NOW + i)))
    const secrets = await Promise.all(sqls.map((sql, i) => pgOAuthStorage(sql).ensureCsrfSecret(`csrf-${i}`, `secret-${i}`, NOW + i)))
    expect(new Set(keys.map((k) => k.kid)).size).toBe(1)
    expect(new Set(secrets).size).toBe(1)
    const rows = await sqls[0]!`SELECT use, count(*)::int AS n FROM oauth_keys GROUP BY use ORDER BY use`
    expect([...rows]).toEqual([
      { use: 'csrf', n: 1 },
      { use: 'jwt', n: 1 },
    ])
  })

  it('refuses through a second instance a replay key stored through the first, durable or free read', async () => {
    const [a, b] = await instances(2)
    const first = pgReplayStore(a!, { now: () => NOW })
    const second = pgReplayStore(b!, { now: () => NOW })
    expect(await first.remember('sig:k1:abc', NOW + 300_000, NOW, true)).toBe(true)
    expect(await second.remember('sig:k1:abc', NOW + 300_000, NOW + 1, true)).toBe(false)
    expect(await first.remember('sig:k1:free', NOW + 300_000, NOW, false)).toBe(true)
    expect(await second.remember('sig:k1:free', NOW + 300_000, NOW + 1, false)).toBe(false)
    expect(await first.remember('sig:k1:free', NOW + 300_000, NOW + 2, false)).toBe(false)
    const atOnce = await Promise.all([first.remember('id:gw-1', NOW + 300_000, NOW, true), second.remember('id:gw-1', NOW + 300_000, NOW, false)])
    expect(atOnce.sort()).toEqual([false, true])
    const twiceInOneTurn = await Promise.all([first.remember('id:gw-2', NOW + 300_000, NOW, false), first.remember('id:gw-2', NOW + 300_000, NOW, false)])
    expect(twiceInOneTurn).toEqual([true, false])
    await Promise.all([first.flush(), second.flush()])
  })

  it('takes over an expired key, and prunes expired rows', async () => {
    const [a, b] = await instances(2)
    const first = pgReplayStore(a!, { now: () => NOW })
    expect(await first.remember('sig:old', NOW + 1_000, NOW, true)).toBe(true)
    expect(await first.remember('sig:live', NOW + 300_000, NOW, true)).toBe(true)
    const second = pgReplayStore(b!, { now: () => NOW })
    expect(await second.remember('sig:old', NOW + 301_000, NOW + 1_000, true)).toBe(true)
    expect(await first.remember('sig:gone', NOW + 2_000, NOW, true)).toBe(true)
    // 30 s later, the next write prunes what has expired by then
    expect(await first.remember('sig:late', NOW + 330_000, NOW + 30_000, true)).toBe(true)
    await first.flush() // the prune runs after the callers are answered
    const rows = await a!`SELECT key FROM replay_keys ORDER BY key`
    expect(rows.map((r: { key: string }) => r.key)).toEqual(['sig:late', 'sig:live', 'sig:old'])
    expect(await second.remember('sig:old', NOW + 331_000, NOW + 31_000, false)).toBe(false)
  })
})
