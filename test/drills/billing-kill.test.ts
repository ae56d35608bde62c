// Drill (issue 11): the compiled service is killed (SIGKILL) while usage reports of POST /orgs are in
// flight, held by a usage service on loopback that records some of them on arrival and answers none.
// Before the kill, callers whose report timed out were told 503 usage_unknown with their job, and their
// poll said 202 awaiting_billing. After a restart the scheduler settles every reserved job: it re-sends
// each report with the same request id, so every job the usage service billed runs (once), every job it
// refuses is cancelled with nothing charged and its poll says 502 billing_refused, a job whose report was
// never sent is released, and no job stays reserved.
import { describe, expect, it } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import type { Server } from 'bun'
import { startEventSite } from '../helpers/event-site'
import { gatewayHeaders, TEST_KEYRING } from '../helpers/gateway'
import { eventually } from '../helpers/jobs'
import { binarySuite, freePort, startService, type Running } from '../helpers/process'

const suite = binarySuite()
const AGENT_KEY = 'ak_billing_drill'

/**
 * A usage service that allows everything and holds every report unanswered. The n-th report (in order of
 * arrival) is recorded on arrival when n is even. Once `settling`, a report sent again is answered: 204
 * when recorded; else refused (402) when n % 4 = 1, recorded and 204 when n % 4 = 3.
 */
function holdingUsageService() {
  const order = new Map<string, number>()
  const billed = new Map<string, number>()
  const state = { settling: false }
  const record = (id: string) => billed.set(id, (billed.get(id) ?? 0) + 1)
  const server: Server<undefined> = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    idleTimeout: 0,
    async fetch(request) {
      const body = (await request.json()) as { request_id: string }
      const id = body.request_id
      if (new URL(request.url).pathname === '/allowance') return Response.json({ allowed: true })
      if (!order.has(id)) {
        order.set(id, order.size)
        if (order.get(id)! % 2 === 0) record(id)
      } else if (state.settling) {
        if (billed.has(id)) return new Response(null, { status: 204 })
        if (order.get(id)! % 4 === 1) return Response.json({ error: 'insufficient_allowance' }, { status: 402 })
        record(id)
        return new Response(null, { status: 204 })
      }
      return new Promise<Response>(() => {})
    },
  })
  return { url: `http://127.0.0.1:${server.port}`, order, billed, state, stop: () => server.stop(true) }
}

describe('kill -9 while usage reports are in flight', () => {
  it('runs every billed job, cancels the rest without a charge, leaves nothing reserved, and polls tell the truth', async () => {
    const usage = holdingUsageService()
    suite.defer(usage.stop)
    const sites = Array.from({ length: 8 }, (_, i) => startEventSite({ name: `Kill Drill Site ${i}`, count: 2 }))
    for (const site of sites) suite.defer(site.stop)
    const database = join(suite.tmp.dir, 'billing-kill.sqlite')
    const env = {
      DATABASE_PATH: database,
      PORT: String(freePort()),
      GW_SIGNING_KEYS: TEST_KEYRING,
      GW_USAGE_URL: usage.url,
      AGENT_KEYS: `${AGENT_KEY}:agent-test`,
      CRAWL_ALLOW_PRIVATE: 'true',
      BILLING_SETTLE_AFTER_MS: '3000',
      JOB_LEASE_MS: '3000',
    }
    let service: Running = await startService([suite.binary, 'serve'], { cwd: suite.tmp.dir, env })
    suite.defer(() => service.stop('SIGKILL'))
    const index = (website: string) => {
      const body = JSON.stringify({ website })
      return fetch(`${service.url}/api/v1/orgs`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...gatewayHeaders('POST', '/api/v1/orgs', body) } })
    }
    const poll = async (jobId: string) => {
      const res = await fetch(`${service.url}/api/v1/orgs/${jobId}`, { headers: { authorization: `Bearer ${AGENT_KEY}` } })
      return { status: res.status, body: (await res.json()) as Record<string, string> }
    }

    // Four callers wait out the 2 s report timeout: each is told the truth and can poll its job.
    const told = await Promise.all(sites.slice(0, 4).map(async (site) => ({ site, res: await index(site.url) })))
    const known: string[] = []
    for (const { res } of told) {
      expect(res.status).toBe(503)
      const body = (await res.json()) as { error: string; jobId: string; statusUrl: string }
      expect(body).toMatchObject({ error: 'usage_unknown', statusUrl: `${service.url}/api/v1/orgs/${body.jobId}` })
      known.push(body.jobId)
      expect(await poll(body.jobId)).toMatchObject({ status: 202, body: { status: 'awaiting_billing' } })
    }
    // Four more are in flight when the process is killed.
    const inFlight = sites.slice(4).map((site) => index(site.url).catch(() => 'connection lost'))
    await eventually(() => usage.order.size === 8, 10_000)
    expect(await service.stop('SIGKILL')).not.toBe(0)
    expect(await Promise.all(inFlight)).toEqual(Array(4).fill('connection lost'))

    const db = new Database(database, { readonly: false })
    const jobs = () =>
      db.query('SELECT job_id, request_id, state, billing FROM index_jobs ORDER BY created_at').all() as { job_id: string; request_id: string; state: string; billing: string | null }[]
    expect(jobs().map((j) => [j.state, j.billing === 'unknown' || j.billing === 'sent'])).toEqual(Array(8).fill(['reserved', true]))
    // A ninth job whose process died before its report was sent.
    const orgId = (db.query('SELECT org_id FROM organizations LIMIT 1').get() as { org_id: string }).org_id
    const old = Date.now() - 120_000
    db.run(
      "INSERT INTO index_jobs (job_id, org_id, website, start_date, end_date, state, agent_id, request_id, created_at, updated_at, expires_at) VALUES ('job_never_reported_000000000000000', ?1, 'http://127.0.0.1:9/', '2026-01-01', '2026-03-01', 'reserved', 'agent-test', 'never-sent', ?2, ?2, ?3)",
      [orgId, old, old + 86_400_000],
    )

    usage.state.settling = true
    service = await startService([suite.binary, 'serve'], { cwd: suite.tmp.dir, env })
    await eventually(() => (db.query("SELECT count(*) AS n FROM index_jobs WHERE state = 'reserved'").get() as { n: number }).n === 0, 30_000)
    expect(db.query("SELECT count(*) AS n FROM index_jobs WHERE job_id = 'job_never_reported_000000000000000'").get()).toEqual({ n: 0 })
    const settled = jobs()
    expect(settled).toHaveLength(8)
    for (const job of settled) {
      const billedTimes = usage.billed.get(job.request_id) ?? 0
      expect(billedTimes).toBeLessThanOrEqual(1)
      if (billedTimes === 1) expect(job.billing).toBe('recorded')
      else expect(job).toMatchObject({ state: 'cancelled', billing: 'refused' })
    }
    expect(settled.filter((j) => j.billing === 'recorded')).toHaveLength(6)
    await eventually(() => jobs().every((j) => j.state === 'ready' || j.state === 'cancelled'), 30_000)
    for (const jobId of known) {
      const job = settled.find((j) => j.job_id === jobId)!
      const answer = await poll(jobId)
      if (job.billing === 'recorded') expect(answer).toMatchObject({ status: 200, body: { status: 'ready' } })
      else {
        expect(answer).toMatchObject({ status: 502, body: { error: 'billing_refused' } })
        expect(answer.body.message).toContain('nothing was charged')
      }
    }
    db.close()
  }, 90_000)
})
