// Pins what the PostgreSQL storage must hold across instances sharing one database (issue 17), each
// instance its own pool of connections: claims made at once never give one job to two runners nor start
// a second job of an organization; a crawl stored by one instance advances the events generation every
// instance sees (LISTEN/NOTIFY, and the row read by a new instance), and so does a prune; a store racing a
// takeover of its job's expired lease ends one way only; the events' text vectors and categories are written;
// jobs of one new organization reserved at once all succeed (its row is made once, whichever unique index races).
import { afterEach, expect, it } from 'bun:test'
import { SQL } from 'bun'
import type { CrawlResult } from '../../../src/crawl/crawl-types'
import { migratePostgres } from '../../../src/db/pg/migrate'
import type { Storage } from '../../../src/db/storage'
import { describePostgres, migratedDatabase, sharedPostgres } from '../../helpers/postgres'
import { openPgStorage } from '../../../src/db/pg/pg-storage'

const NOW = Date.parse('2026-06-01T12:00:00Z')
const DAY = 86_400_000

const opened: { close(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()))
})

/** `n` instances on the database at `url`, each with its own pool. */
async function instances(url: string, n: number): Promise<Storage[]> {
  const all = await Promise.all(Array.from({ length: n }, () => openPgStorage(url, { max: 3 })))
  opened.push(...all)
  return all
}

function sqlOn(url: string): SQL {
  const sql = new SQL({ url, max: 1 })
  opened.push(sql)
  return sql
}

/** A confirmed (claimable) job of `domain`'s organization. */
async function pending(storage: Storage, jobId: string, domain: string, nowMs = NOW) {
  const orgId = `org_${domain.replace(/\W/g, '_')}`
  await storage.jobs.reserve({
    organization: { orgId, domain, website: `https://${domain}` },
    jobId,
    website: `https://${domain}/`,
    startDate: '2026-06-01',
    endDate: '2026-08-30',
    hints: '{}',
    hintReport: '{}',
    nowMs,
    expiresAt: nowMs + DAY,
  })
  expect(await storage.jobs.confirm(jobId, nowMs)).toBe(true)
  return { jobId, orgId }
}

function crawl(domain: string, events: { id: string; start: string; title: string; categories?: string[] }[]): CrawlResult {
  const source = `https://${domain}/events`
  return {
    organization: { name: 'Springfield Public Library', timezone: 'America/New_York' },
    events: events.map((e) => ({
      event: { title: e.title, startDate: e.start, event_id: e.id, categories: e.categories, venue: { name: 'Main Branch', address: null, latitude: null, longitude: null } },
      source,
    })),
    sources: [{ url: source, kind: 'page', status: 'ok', eventCount: events.length }],
    progress: { pagesFetched: 1, sourcesFound: 1, eventsFound: events.length },
    warnings: [],
    refused: [],
  }
}

/** Resolves once `probe` holds (a notification is awaited, not a fixed delay); fails after 10 s. */
async function until(probe: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 10_000; !probe(); await Bun.sleep(5)) if (Date.now() > deadline) throw new Error('the condition never held')
}

describePostgres('PostgreSQL storage across instances', () => {
  const cluster = sharedPostgres()

  it('gives each job to one runner and starts one job per organization, whatever claims race on separate connections', async () => {
    const url = await migratedDatabase(cluster(), migratePostgres)
    const runners = await instances(url, 4)
    const orgs = ['a.example', 'b.example', 'c.example', 'd.example', 'e.example', 'f.example']
    for (const [i, domain] of orgs.entries()) for (const k of [1, 2, 3]) await pending(runners[0]!, `job_${i}_${k}`, domain, NOW + k)
    const claims = await Promise.all(runners.flatMap((r, i) => Array.from({ length: 6 }, (_, k) => r.jobs.claim(`runner-${i}-${k}`, NOW + 10))))
    const claimed = claims.filter((c) => c !== undefined)
    expect(new Set(claimed.map((c) => c.jobId)).size).toBe(claimed.length)
    expect(claimed.map((c) => c.orgId).sort()).toEqual(orgs.map((d) => `org_${d.replace(/\W/g, '_')}`).sort())
    // The oldest job of each organization is the one started.
    expect(claimed.map((c) => c.jobId.slice(-1))).toEqual(orgs.map(() => '1'))
    const [{ n }] = await sqlOn(url)`SELECT count(*)::int AS n FROM index_jobs WHERE state = 'running'`
    expect(n).toBe(orgs.length)
    expect(await Promise.all(runners.map((r) => r.jobs.claim('late', NOW + 11)))).toEqual([undefined, undefined, undefined, undefined])
  })

  it('never starts a second job of an organization, even when a claim names its newer job while another takes its older one', async () => {
    const url = await migratedDatabase(cluster(), migratePostgres)
    const runners = await instances(url, 4)
    for (let round = 0; round < 8; round++) {
      const domain = `round${round}.example`
      const older = await pending(runners[0]!, `job_${round}_older`, domain, NOW)
      const newer = await pending(runners[0]!, `job_${round}_newer`, domain, NOW + 1)
      const claims = await Promise.all([
        runners[0]!.jobs.claim('any-0', NOW + 10),
        runners[1]!.jobs.claim('named-1', NOW + 10, 15_000, newer.jobId),
        runners[2]!.jobs.claim('any-2', NOW + 10),
        runners[3]!.jobs.claim('named-3', NOW + 10, 15_000, newer.jobId),
      ])
      const started = claims.filter((c) => c !== undefined).map((c) => c.jobId)
      expect(started).toHaveLength(1)
      expect([older.jobId, newer.jobId]).toContain(started[0]!)
      expect(await runners[0]!.jobs.cancel(started[0]!, NOW + 11)).toBe(true)
      const other = started[0] === older.jobId ? newer.jobId : older.jobId
      expect(await runners[0]!.jobs.cancel(other, NOW + 11)).toBe(true)
    }
  })

  it('reserves jobs of a new organization asked for at once on several instances: its row is made once, and no reserve fails on its unique domain', async () => {
    const url = await migratedDatabase(cluster(), migratePostgres)
    const all = await instances(url, 4)
    // The race is between two inserts of the same row on two connections; one organization rarely loses
    // it, so 40 new organizations are each reserved 8 times at once.
    const reserve = (org: number, i: number) =>
      all[i % all.length].jobs.reserve({
        organization: { orgId: `org_race_${org}`, domain: `race-${org}.example`, website: `https://race-${org}.example` },
        jobId: `job_race_${org}_${i}`,
        website: `https://race-${org}.example/`,
        startDate: '2026-06-01',
        endDate: '2026-08-30',
        hints: '{}',
        hintReport: '{}',
        nowMs: NOW,
        expiresAt: NOW + DAY,
      })
    const failures: string[] = []
    for (let org = 0; org < 40; org++) {
      const settled = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => reserve(org, i)))
      for (const r of settled) if (r.status === 'rejected') failures.push(String(r.reason))
    }
    expect(failures).toEqual([])
    const sql = sqlOn(url)
    expect(Number((await sql`SELECT count(*) AS n FROM organizations WHERE domain LIKE 'race-%'`)[0].n)).toBe(40)
    expect(await sql`SELECT org_id, domain FROM organizations WHERE domain = 'race-7.example'`).toEqual([{ org_id: 'org_race_7', domain: 'race-7.example' }])
    expect(Number((await sql`SELECT count(*) AS n FROM index_jobs WHERE org_id LIKE 'org_race_%'`)[0].n)).toBe(320)
  })

  it('gives one job claimed by eight instances at once to exactly one of them', async () => {
    const url = await migratedDatabase(cluster(), migratePostgres)
    const runners = await instances(url, 8)
    const job = await pending(runners[0]!, 'job_only', 'lib.example')
    const claims = await Promise.all(runners.map((r, i) => r.jobs.claim(`runner-${i}`, NOW + 1, 15_000, job.jobId)))
    const winners = claims.filter((c) => c !== undefined)
    expect(winners).toHaveLength(1)
    expect(await runners[0]!.jobs.find(job.jobId)).toMatchObject({ state: 'running', attempts: 1, leaseOwner: winners[0]!.leaseOwner })
  })

  it('advances the events generation every instance sees when one stores a crawl or prunes, and writes text vectors and categories', async () => {
    const url = await migratedDatabase(cluster(), migratePostgres)
    const [writer, reader] = await instances(url, 2)
    expect([writer!.events.generation(), reader!.events.generation()]).toEqual([0, 0])
    const job = await pending(writer!, 'job_store', 'springfield.example')
    await writer!.jobs.claim('w', NOW, 15_000, job.jobId)
    const events = [
      { id: 'past', start: '2026-05-01T10:00:00-04:00', title: 'Spring book sale', categories: ['Sale'] },
      { id: 'story', start: '2026-06-02T10:00:00-04:00', title: 'Toddler story time', categories: ['Kids', 'Reading'] },
    ]
    expect(await writer!.events.storeCrawlResult({ jobId: job.jobId, owner: 'w', orgId: job.orgId, result: crawl('springfield.example', events), nowMs: NOW, scriptVersion: 't' })).toEqual({
      stored: true,
      eventCount: 2,
    })
    expect(writer!.events.generation()).toBe(1)
    await until(() => reader!.events.generation() === 1)
    const [late] = await instances(url, 1)
    expect(late!.events.generation()).toBe(1)
    const sql = sqlOn(url)
    const matched = await sql`SELECT event_id FROM events WHERE text_search @@ to_tsquery('event_index_text', 'toddler & springfield & main') ORDER BY event_id`
    expect(matched.map((r: { event_id: string }) => r.event_id)).toEqual(['story'])
    const categories = await sql`SELECT e.event_id, c.category FROM event_categories c JOIN events e ON e.id = c.event_pk ORDER BY 1, 2`
    expect([...categories].map((r) => `${r.event_id}:${r.category}`)).toEqual(['past:sale', 'story:kids', 'story:reading'])
    expect(await reader!.events.pruneEnded(NOW - DAY)).toBe(1)
    expect(reader!.events.generation()).toBe(2)
    await until(() => writer!.events.generation() === 2 && late!.events.generation() === 2)
    expect(await writer!.events.pruneEnded(NOW - DAY)).toBe(0)
    expect(writer!.events.generation()).toBe(2)
    expect(await sql`SELECT count(*)::int AS n FROM event_categories`).toEqual([{ n: 2 }])
  })

  it('ends a store racing a takeover of its expired lease one way only: stored, or lost to the new runner', async () => {
    const url = await migratedDatabase(cluster(), migratePostgres)
    const [first, second] = await instances(url, 2)
    for (let round = 0; round < 5; round++) {
      const job = await pending(first!, `job_race_${round}`, `race${round}.example`)
      await first!.jobs.claim('old', NOW, 1_000, job.jobId)
      const later = NOW + 5_000
      const [stored, taken] = await Promise.all([
        first!.events.storeCrawlResult({
          jobId: job.jobId,
          owner: 'old',
          orgId: job.orgId,
          result: crawl(`race${round}.example`, [{ id: 'e', start: '2026-06-02', title: 'Fair' }]),
          nowMs: later,
          scriptVersion: 't',
        }),
        second!.jobs.claim('new', later, 15_000, job.jobId),
      ])
      const row = await first!.jobs.find(job.jobId)
      if (stored.stored) expect({ taken, state: row?.state, count: await first!.events.upcomingCount(job.orgId, NOW) }).toEqual({ taken: undefined, state: 'ready', count: 1 })
      else
        expect({ stored, taken: taken?.leaseOwner, state: row?.state, interruptions: row?.interruptions }).toEqual({
          stored: { stored: false, reason: 'lease lost' },
          taken: 'new',
          state: 'running',
          interruptions: 1,
        })
    }
  })
})
