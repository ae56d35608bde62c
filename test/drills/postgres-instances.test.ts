// Pins issue 17's drill: three `dist/event-index serve` processes, each with 2 crawl workers, on one
// PostgreSQL database index 30 fixture organizations submitted round-robin through all three. One is
// killed with SIGKILL mid-crawl and not restarted: every job still ends `ready` (the dead instance's
// leases expire and the others resume its jobs), no event is stored twice, every paid request was billed
// exactly once, an organization's events are served by another instance within a second of its job
// turning ready (the events generation travels by NOTIFY), and a signed request replayed to a second
// instance is refused (the replay keys are shared).
import { expect, it } from 'bun:test'
import { SQL } from 'bun'
import { join } from 'node:path'
import { migratePostgres } from '../../src/db/pg/migrate'
import { startEventSite } from '../helpers/event-site'
import { gatewayHeaders, TEST_KEYRING } from '../helpers/gateway'
import { describePostgres, migratedDatabase, sharedPostgres } from '../helpers/postgres'
import { binarySuite, startService, type Running } from '../helpers/process'
import { startUsageServer } from '../helpers/usage-server'

const suite = binarySuite()
const SITES = 30
/** Events per fixture organization (each is a detail page the crawl reads, 500 ms apart per host). */
const EVENTS = 2

/** Waits for an asynchronous condition (a query on the shared database), polling every `everyMs`. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 30_000, everyMs = 50): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time')
    await Bun.sleep(everyMs)
  }
}

describePostgres('three instances over one PostgreSQL', () => {
  const cluster = sharedPostgres()

  it('loses no job and bills each request once when one instance is killed, shares new events at once and refuses replays across instances', async () => {
    const url = await migratedDatabase(cluster(), migratePostgres)
    const db = new SQL({ url, max: 2 })
    suite.defer(() => db.close())
    const usage = startUsageServer({ allowance: 'allow' })
    suite.defer(usage.stop)
    const sites = Array.from({ length: SITES }, (_, i) => startEventSite({ name: `Drill Library ${i}`, count: EVENTS, delayMs: 60 }))
    for (const s of sites) suite.defer(s.stop)
    const env = {
      DATABASE_URL: url,
      DATABASE_PATH: join(suite.tmp.dir, 'unused.sqlite'),
      PORT: '0',
      GW_SIGNING_KEYS: TEST_KEYRING,
      GW_USAGE_URL: usage.url,
      CRAWL_ALLOW_PRIVATE: 'true',
      CRAWL_WORKERS: '2',
      // The dead instance's leases run out in 3 s (JOB_LEASE_MS), not the default 15.
      JOB_LEASE_MS: '3000',
    }
    const instances: Running[] = []
    for (let i = 0; i < 3; i++) instances.push(await startService([suite.binary, 'serve'], { cwd: suite.tmp.dir, env }))
    for (const s of instances) suite.defer(() => s.stop('SIGKILL'))

    const health = (await (await fetch(`${instances[1].url}/api/v1/health`)).json()) as { database: { backend: string; replicationLagSeconds: number | null } }
    expect(health.database).toMatchObject({ backend: 'postgres', replicationLagSeconds: null })

    const jobIds: string[] = []
    for (const [i, site] of sites.entries()) {
      const body = JSON.stringify({ website: site.url })
      const res = await fetch(`${instances[i % 3].url}/api/v1/orgs`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...gatewayHeaders('POST', '/api/v1/orgs', body) } })
      expect(res.status).toBe(202)
      jobIds.push(((await res.json()) as { jobId: string }).jobId)
    }
    const states = async () => (await db`SELECT state, count(*)::int AS n FROM index_jobs GROUP BY state`) as { state: string; n: number }[]
    await eventually(async () => (await states()).some((s) => s.state === 'running'))
    expect(await instances[0].stop('SIGKILL')).not.toBe(0)

    // A job turning ready is served by another instance within a second.
    const [{ job_id: watched, org_id: watchedOrg }] = await db`SELECT job_id, org_id FROM index_jobs WHERE state <> 'ready' ORDER BY created_at DESC LIMIT 1`
    const pullPath = `/api/v1/businesses/${watchedOrg}/events`
    await eventually(async () => (await db`SELECT 1 FROM index_jobs WHERE job_id = ${watched} AND state = 'ready'`).length > 0, 60_000, 5)
    const readyAt = performance.now()
    let seen = 0
    while (performance.now() - readyAt < 1000 && seen < EVENTS) {
      const res = await fetch(`${instances[2].url}${pullPath}`, { headers: gatewayHeaders('GET', pullPath, '') })
      seen = res.status === 200 ? ((await res.json()) as { events: unknown[] }).events.length : 0
    }
    expect(seen).toBe(EVENTS)

    await eventually(async () => (await states()).every((s) => s.state === 'ready' || s.state === 'failed') && (await states()).reduce((n, s) => n + s.n, 0) === SITES, 90_000)
    expect(await states()).toEqual([{ state: 'ready', n: SITES }])
    const perOrg = (await db`SELECT o.domain, count(*)::int AS n, count(DISTINCT e.event_id)::int AS distinct_ids FROM events e JOIN organizations o ON o.org_id = e.org_id GROUP BY o.domain`) as {
      domain: string
      n: number
      distinct_ids: number
    }[]
    expect(perOrg).toHaveLength(SITES)
    for (const row of perOrg) expect(row).toMatchObject({ n: EVENTS, distinct_ids: EVENTS })
    // Each POST /orgs was billed once: one usage report per job, none twice.
    const orgUsage = usage.received.filter((r) => r.path === '/usage' && r.body?.usage?.some((u: { meter: string }) => u.meter === 'orgs_index'))
    const ids = orgUsage.map((r) => r.body.request_id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.length).toBe(SITES)

    // A signed request replayed to another instance is refused.
    const path = `/api/v1/orgs/${jobIds[1]}`
    const signed = gatewayHeaders('GET', path, '')
    expect((await fetch(`${instances[1].url}${path}`, { headers: signed })).status).toBe(200)
    const replay = await fetch(`${instances[2].url}${path}`, { headers: signed })
    expect(replay.status).toBe(401)
    expect(((await replay.json()) as { error: string }).error).toBe('invalid_gateway_signature')
  }, 180_000)
})
