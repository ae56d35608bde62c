import { eq } from 'drizzle-orm'
import type { Db } from '../../src/db'
import { accounts, creditLedger, indexJobs, oauthCodes, oauthKeys, oauthRefreshTokens, replayKeys, reports, usageReports } from '../../src/db/schema'
import { sqliteStorage } from '../../src/db/sqlite-storage'
import type { Event } from '../../src/model/event'
import { seedOrganization } from './seed'

/** A time past 2038 in milliseconds (needs 64 bits), so a copy that narrows it shows. */
export const FAR_MS = 4_102_444_800_123

/**
 * Fills every table of a migrated SQLite database with rows that test a copy: organizations indexed
 * through the crawl store (sources, events with categories and coordinates, ready jobs), a pending job,
 * reports (one delivered), accounts with a ledger (grant, debit with a stored result), a pending usage
 * report, OAuth keys, codes and refresh tokens, and replay keys of which the first were pruned (so
 * sqlite_sequence runs ahead of the rows). Values include NULLs, empty strings, accents and emoji,
 * 64-bit millisecond times and doubles with all their digits. Returns the organizations' ids.
 */
export async function seedEveryTable(db: Db, nowMs = 1_780_000_000_000): Promise<string[]> {
  const event = (i: number, extra: Partial<Event> = {}): Event => ({
    title: `Café concert ${i} 🎻`,
    description: `Strings & “quotes” – night ${i}\nsecond line\r\n\ttab, back\\slash \\N`,
    startDate: new Date(nowMs + (i + 1) * 86_400_000).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
    event_id: `ev-${i}`,
    city: 'Montréal',
    categories: ['music', 'family'],
    venue: { name: 'Salle Émile', address: '1 rue X', latitude: 45.508888123456789, longitude: -73.561668765432101 },
    organizer: { name: 'Les Amis', url: null },
    isAccessibleForFree: i % 2 === 0,
    ...extra,
  })
  const storage = sqliteStorage(db)
  const orgs = [
    await seedOrganization(storage, { domain: 'cafe-musique.example.org', name: 'Café Musique', events: [0, 1, 2].map((i) => event(i)), nowMs }),
    await seedOrganization(storage, { domain: 'library.example.org', name: 'Library', events: [event(3, { startDate: '2027-01-05', city: null, venue: undefined })], nowMs: nowMs + 1 }),
  ]
  db.insert(indexJobs)
    .values({
      jobId: 'job_pending_1',
      orgId: orgs[1]!,
      website: 'https://library.example.org/',
      startDate: '2027-01-01',
      endDate: '2027-03-31',
      state: 'pending',
      createdAt: nowMs,
      updatedAt: nowMs,
      expiresAt: FAR_MS,
      billing: 'recorded',
      agentId: 'agent-1',
      requestId: 'req-1',
    })
    .run()
  db.insert(reports)
    .values([
      {
        reportId: 'rep_1',
        reporter: 'agent:agent-1',
        agentId: 'agent-1',
        message: 'Wrong time ⏰\nsecond line\r\n\ttab, back\\slash \\N',
        domain: 'library.example.org',
        orgId: orgs[1]!,
        diagnostics: '{"b":1,"a":[2, 3]}',
        createdAt: nowMs,
      },
      {
        reportId: 'rep_2',
        reporter: 'ip:203.0.113.7',
        email: 'x@example.org',
        message: '',
        delivered: true,
        deliveryAttempts: 2,
        lastError: null,
        lastAttemptAt: nowMs,
        deliveredAt: FAR_MS,
        createdAt: nowMs,
      },
    ])
    .run()
  db.insert(accounts)
    .values([
      { accountId: 'acct_1', email: 'ann@example.org', keyHash: 'a'.repeat(64), createdAt: nowMs },
      { accountId: 'acct_2', email: 'bob@example.org', keyHash: 'b'.repeat(64), createdAt: nowMs },
    ])
    .run()
  db.insert(creditLedger)
    .values([
      { accountId: 'acct_1', delta: 1_000_000_000, reason: 'grant', createdAt: nowMs },
      {
        accountId: 'acct_1',
        delta: -3,
        reason: 'debit',
        tool: 'search_events',
        idempotencyKey: 'idem-1',
        callHash: 'c'.repeat(64),
        result: '{"events":[],"z":1,"a":0}',
        resultHash: 'd'.repeat(64),
        createdAt: nowMs + 5,
      },
      { accountId: 'acct_2', delta: 50, reason: 'grant', createdAt: FAR_MS },
    ])
    .run()
  db.insert(usageReports)
    .values({ agentId: 'agent-1', requestId: 'req-2', usage: '[{"meter":"events_pull","quantity":37}]', state: 'pending', attempts: 2, lastError: 'timeout', createdAt: nowMs, updatedAt: nowMs })
    .run()
  db.insert(oauthKeys)
    .values([
      { kid: 'k-jwt', use: 'jwt', alg: 'ES256', privateJwk: '{"kty":"EC","d":"secret"}', publicJwk: '{"kty":"EC"}', createdAt: nowMs },
      { kid: 'k-csrf', use: 'csrf', alg: 'HS256', privateJwk: 'hmac-secret', publicJwk: null, createdAt: nowMs },
    ])
    .run()
  db.insert(oauthCodes)
    .values({
      codeHash: 'e'.repeat(64),
      accountId: 'acct_1',
      clientId: 'https://client.example/meta.json',
      redirectUri: 'https://client.example/cb',
      codeChallenge: 'ch',
      resource: 'https://svc.example/mcp',
      scope: 'mcp',
      familyId: 'fam-1',
      usedAt: nowMs,
      expiresAt: nowMs + 60_000,
      createdAt: nowMs,
    })
    .run()
  db.insert(oauthRefreshTokens)
    .values([
      {
        tokenHash: 'f'.repeat(64),
        familyId: 'fam-1',
        accountId: 'acct_1',
        clientId: 'https://client.example/meta.json',
        resource: 'https://svc.example/mcp',
        scope: 'mcp',
        expiresAt: FAR_MS,
        createdAt: nowMs,
      },
      {
        tokenHash: '0'.repeat(64),
        familyId: 'fam-1',
        accountId: 'acct_1',
        clientId: 'https://client.example/meta.json',
        resource: 'https://svc.example/mcp',
        scope: 'mcp',
        usedAt: nowMs,
        revokedAt: nowMs,
        expiresAt: FAR_MS,
        createdAt: nowMs,
      },
    ])
    .run()
  db.insert(replayKeys)
    .values(Array.from({ length: 5 }, (_, i) => ({ key: `gw2:agent-1:req-${i}`, expiresAt: nowMs + i })))
    .run()
  db.delete(replayKeys).where(eq(replayKeys.key, 'gw2:agent-1:req-4')).run()
  db.delete(replayKeys).where(eq(replayKeys.key, 'gw2:agent-1:req-0')).run()
  return orgs
}
