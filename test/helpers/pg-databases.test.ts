// Pins the recycling of the tests' PostgreSQL databases (test/helpers/pg-databases.ts), on which every
// PostgreSQL run of forEachBackend relies for isolation: a database given back is handed out again only
// empty, as a fresh copy of the migrated template would be (no row in any table, identities and
// sequences restarted, the events generation back at 0); one that cannot be emptied because a session
// still locks it is dropped, never handed out.
import { expect, it } from 'bun:test'
import { SQL } from 'bun'
import { openPgStorage } from '../../src/db/pg/pg-storage'
import { giveBackDatabase, testDatabase } from './pg-databases'
import { seedOrganization } from './seed'
import { describePostgres, sharedPostgres } from './postgres'

const NOW = Date.parse('2026-06-01T12:00:00Z')
const event = (id: string) => ({ title: id, startDate: '2026-06-02T10:00:00-04:00', event_id: id })

/** Every table of the schema that holds a row, and the id of the first event a crawl stores. */
async function state(url: string) {
  const sql = new SQL({ url, max: 1 })
  try {
    const tables: { name: string }[] = await sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`
    const filled: string[] = []
    for (const { name } of tables) if ((await sql.unsafe(`SELECT EXISTS (SELECT 1 FROM "${name}") AS any`))[0].any) filled.push(name)
    return filled
  } finally {
    await sql.close()
  }
}

describePostgres('recycled test databases', () => {
  const cluster = sharedPostgres()

  it('hands a database back out only emptied, its identities restarted and its generation at 0', async () => {
    const url = await testDatabase(cluster())
    const first = await openPgStorage(url, { max: 2 })
    await seedOrganization(first, { domain: 'a.example.org', events: [event('a1'), event('a2')], nowMs: NOW })
    await first.credits.createAccount({ accountId: 'acct_1', email: 'a@example.org', keyHash: 'h', nowMs: NOW }, { credits: 5, reason: 'grant' })
    await first.replayStore().remember('k', NOW + 300_000, NOW, true)
    expect(first.events.generation()).toBe(1)
    await first.close()
    expect(await state(url)).toEqual(expect.arrayContaining(['accounts', 'credit_ledger', 'events', 'index_jobs', 'organizations', 'replay_keys', 'sources']))

    await giveBackDatabase(cluster(), url)
    expect(await state(url)).toEqual([])
    // Other suites' databases may wait before it: it comes out after them, not as a new copy.
    const before: string[] = []
    let next = await testDatabase(cluster())
    while (next !== url && before.length < 20) {
      before.push(next)
      next = await testDatabase(cluster())
    }
    await Promise.all(before.map((other) => giveBackDatabase(cluster(), other)))
    expect(next).toBe(url)
    const again = await openPgStorage(url, { max: 2 })
    try {
      expect(again.events.generation()).toBe(0)
      const orgId = await seedOrganization(again, { domain: 'b.example.org', events: [event('b1')], nowMs: NOW })
      const sql = new SQL({ url, max: 1 })
      expect((await sql`SELECT id::int AS id FROM events WHERE org_id = ${orgId}`)[0].id).toBe(1)
      await sql.close()
    } finally {
      await again.close()
      await giveBackDatabase(cluster(), url)
    }
  })

  it('drops a database a session still locks instead of handing it out', async () => {
    const url = await testDatabase(cluster())
    const holder = new SQL({ url, max: 1 })
    const locked = holder.begin(async (tx) => {
      await tx`LOCK TABLE events IN ACCESS SHARE MODE`
      await Bun.sleep(5000)
    })
    locked.catch(() => {})
    await Bun.sleep(50)
    await giveBackDatabase(cluster(), url)
    const [{ exists }] = await cluster().admin()`SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = ${new URL(url).pathname.slice(1)}) AS exists`
    expect(exists).toBe(false)
    const other = await testDatabase(cluster())
    expect(other).not.toBe(url)
    await giveBackDatabase(cluster(), other)
    await holder.close().catch(() => {})
  }, 15_000)
})
