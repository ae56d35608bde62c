// Pins what the service says and does when a usage report fails (issue 11): a definite refusal (4xx, or
// a connection refused before anything was sent) charges nothing, creates no job and serves nothing; an
// unknown answer (a timeout after sending, a reset mid-request, a 5xx) may have been recorded, so
// POST /orgs answers 503 usage_unknown with the job id, keeps the job reserved and polls truthfully
// (202 awaiting_billing) until the scheduler re-sends the report with the same request id: recorded →
// the job runs, refused → 502 billing_refused, nothing charged. An events pull whose report is unknown
// is served (the allowance was granted, gw-usage settles it) and its report queued until recorded.
// On both backends.
import { afterEach, describe, expect, it } from 'bun:test'
import { createServer } from 'node:net'
import { createApp } from '../../src/app'
import { loadConfig } from '../../src/config'
import type { Storage } from '../../src/db/storage'
import { createUsageClient, type UsageClient } from '../../src/gateway/usage-client'
import { Scheduler } from '../../src/jobs/scheduler'
import { createLogger } from '../../src/log'
import { createMailer } from '../../src/report/mailer'
import { reserveIndexJob } from '../../src/services/index-jobs'
import { call } from '../helpers/app'
import { TEST_KEYRING } from '../helpers/gateway'
import { countRows, peekRows } from '../helpers/peek'
import { seedIndexedOrganization } from '../helpers/seed'
import { forEachBackend } from '../helpers/storage'
import { deadUrl, startUsageServer, type UsageBehaviour } from '../helpers/usage-server'

const stops: (() => unknown)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

/** A usage endpoint that reads the request and resets the connection without answering. */
async function resettingServer(): Promise<string> {
  const server = createServer((socket) => socket.once('data', () => socket.resetAndDestroy())).listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  stops.push(() => server.close())
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`
}

/**
 * The app with a real usage service on loopback whose answers the test changes through `behaviour`
 * (reports may go to another URL), a client timeout of 300 ms, and a scheduler on the test's clock.
 */
function setup(storage: Storage, initial: UsageBehaviour, options: { reportUrl?: string } = {}) {
  const behaviour = { ...initial }
  const usage = startUsageServer(behaviour)
  stops.push(usage.stop)
  let clock = Date.now()
  const client = (url: string) => createUsageClient({ url, readKey: 'r', writeKey: 'w', service: 'event-index', timeoutMs: 300 })
  const allowance = client(usage.url)
  const reports = client(options.reportUrl ?? usage.url)
  const composed: UsageClient = { checkAllowance: (c) => allowance.checkAllowance(c), reportUsage: (c) => reports.reportUsage(c) }
  const app = createApp({ config: loadConfig({ GW_SIGNING_KEYS: TEST_KEYRING, PUBLIC_BASE_URL: 'http://public.test' }), storage, usage: composed, now: () => clock })
  let enqueued = 0
  const logs: string[] = []
  const logger = createLogger('info', (line) => void logs.push(line))
  const scheduler = new Scheduler({ storage, mailer: createMailer('', ''), usage: composed, logger, now: () => clock, staleAfterMs: 0, onEnqueued: () => enqueued++ })
  const job = (jobId: string) => storage.jobs.find(jobId)
  const jobs = () => countRows(storage, 'index_jobs')
  const reportRows = () => peekRows(storage, 'SELECT agent_id, request_id, usage, state, attempts FROM usage_reports')
  return { app, storage, usage, behaviour, scheduler, job, jobs, reportRows, logs, enqueued: () => enqueued, now: () => clock, later: (ms: number) => (clock += ms) }
}

const index = (app: ReturnType<typeof setup>['app'], requestId = 'gw-req-unknown-1') =>
  call(app, 'POST', '/api/v1/orgs', { body: { website: 'library.example.org' }, sign: { headers: { 'x-request-id': requestId } } })

const reportIds = (usage: ReturnType<typeof setup>['usage']) => usage.received.filter((r) => r.path === '/usage').map((r) => r.body.request_id as string)

forEachBackend('usage reports that fail', (open) => {
  describe('POST /api/v1/orgs when the usage report fails', () => {
    it('tells the truth when the report was recorded but answered too late, and runs the job once settled', async () => {
      const { app, usage, behaviour, scheduler, job, later, enqueued } = setup(await open(), { allowance: 'allow', usage: 'late' })
      const res = await index(app)
      expect(res.status).toBe(503)
      const jobId = res.json.jobId as string
      expect(jobId).toMatch(/^job_/)
      expect(res.json).toMatchObject({ error: 'usage_unknown', jobId, statusUrl: `http://public.test/api/v1/orgs/${jobId}` })
      expect(res.json.message).toContain('may have been recorded')
      expect(res.json.message).not.toContain('nothing was charged')
      expect(res.headers.get('gw-usage')).toBeNull()
      const [requestId] = reportIds(usage)
      expect(usage.recorded.has(requestId)).toBe(true)
      expect(await job(res.json.jobId)).toMatchObject({ state: 'reserved', billing: 'unknown', agentId: 'agent-test', requestId })
      const poll = await call(app, 'GET', `/api/v1/orgs/${res.json.jobId}`)
      expect(poll.status).toBe(202)
      expect(poll.json).toMatchObject({ jobId: res.json.jobId, status: 'awaiting_billing', statusUrl: res.json.statusUrl })

      behaviour.usage = 204
      expect(await scheduler.settle()).toMatchObject({ jobsConfirmed: 0 })
      later(61_000)
      expect(await scheduler.settle()).toMatchObject({ jobsConfirmed: 1 })
      expect(reportIds(usage)).toEqual([requestId, requestId])
      expect(enqueued()).toBe(1)
      expect(await job(res.json.jobId)).toMatchObject({ state: 'pending', billing: 'recorded' })
      const again = await call(app, 'GET', `/api/v1/orgs/${jobId}`, { sign: { t: Math.floor(Date.now() / 1000) + 61 } })
      expect(again.json).toMatchObject({ status: 'pending' })
    })

    it('cancels the job and says nothing was charged when the re-sent report is refused', async () => {
      const { app, behaviour, scheduler, job, later } = setup(await open(), { allowance: 'allow', usage: 500 })
      const res = await index(app)
      expect(res.json.error).toBe('usage_unknown')
      behaviour.usage = 402
      later(61_000)
      expect(await scheduler.settle()).toMatchObject({ jobsRefused: 1 })
      expect(await job(res.json.jobId)).toMatchObject({ state: 'cancelled', billing: 'refused' })
      const poll = await call(app, 'GET', `/api/v1/orgs/${res.json.jobId}`)
      expect(poll.status).toBe(502)
      expect(poll.json).toMatchObject({ error: 'billing_refused', jobId: res.json.jobId, indexUrl: 'http://public.test/api/v1/orgs' })
      expect(poll.json.message).toContain('nothing was charged')
    })

    it('keeps trying while the answer stays unknown, then gives up at the job expiry without running it', async () => {
      const { app, usage, scheduler, job, later } = setup(await open(), { allowance: 'allow', usage: 503 })
      const res = await index(app)
      later(61_000)
      expect(await scheduler.settle()).toMatchObject({ jobsConfirmed: 0, jobsRefused: 0, jobsAbandoned: 0 })
      expect(await scheduler.settle()).toMatchObject({ jobsConfirmed: 0 })
      expect(reportIds(usage)).toHaveLength(2)
      later(61_000)
      await scheduler.settle()
      expect(reportIds(usage)).toHaveLength(3)
      expect(await job(res.json.jobId)).toMatchObject({ state: 'reserved', billing: 'unknown' })
      later(24 * 3600_000)
      expect(await scheduler.settle()).toMatchObject({ jobsAbandoned: 1 })
      expect(await job(res.json.jobId)).toMatchObject({ state: 'cancelled', billing: 'unknown' })
    })

    it('treats a connection reset mid-request as unknown', async () => {
      const { app, job } = setup(await open(), { allowance: 'allow' }, { reportUrl: await resettingServer() })
      const res = await index(app)
      expect(res.json.error).toBe('usage_unknown')
      expect(await job(res.json.jobId)).toMatchObject({ state: 'reserved', billing: 'unknown' })
    })

    for (const [name, behaviour, reportUrl] of [
      ['a 400 on the report', { allowance: 'allow', usage: 400 }, undefined],
      ['a 402 on the report', { allowance: 'allow', usage: 402 }, undefined],
      ['a refused connection on the report', { allowance: 'allow' }, 'dead'],
    ] as const) {
      it(`says nothing was charged and keeps no job on ${name}`, async () => {
        const { app, jobs } = setup(await open(), behaviour as UsageBehaviour, { reportUrl: reportUrl === 'dead' ? deadUrl() : undefined })
        const res = await index(app)
        expect(res.status).toBe(503)
        expect(res.json.error).toBe('usage_unavailable')
        expect(res.json.message).toContain('nothing was charged')
        expect(res.json.jobId).toBeUndefined()
        expect(await jobs()).toBe(0)
      })
    }
  })

  describe('the scheduler and reserved jobs', () => {
    it('releases, after a minute, a reserved job whose report was never sent (the process died first)', async () => {
      const { storage, scheduler, jobs, now, later, usage } = setup(await open(), { allowance: 'allow' })
      // What a request leaves when its process dies between reserving the job and sending the report.
      await reserveIndexJob(storage, { website: 'library.example.org', agentId: 'agent-test', requestId: 'gw2-died' }, { nowMs: now(), allowPrivate: false })
      expect(await jobs()).toBe(1)
      expect(await scheduler.settle()).toMatchObject({ jobsReleased: 0 })
      later(61_000)
      expect(await scheduler.settle()).toMatchObject({ jobsReleased: 1 })
      expect(await jobs()).toBe(0)
      expect(reportIds(usage)).toHaveLength(0)
    })
  })

  describe('GET /api/v1/businesses/{id}/events when the usage report fails', () => {
    it('serves the pull with gw-usage when the report is unknown, and re-sends it until it is recorded', async () => {
      const { app, storage, usage, behaviour, scheduler, reportRows, later } = setup(await open(), { allowance: 'allow', usage: 'late' })
      const orgId = await seedIndexedOrganization(storage, { events: 3 })
      const res = await call(app, 'GET', `/api/v1/businesses/${orgId}/events`)
      expect(res.status).toBe(200)
      expect(res.headers.get('gw-usage')).toBe('events_pull=3')
      expect(res.json.events).toHaveLength(3)
      const [requestId] = reportIds(usage)
      expect(await reportRows()).toEqual([{ agent_id: 'agent-test', request_id: requestId, usage: '[{"meter":"events_pull","quantity":3}]', state: 'pending', attempts: 1 }])
      behaviour.usage = 500
      later(61_000)
      expect(await scheduler.settle()).toMatchObject({ reportsRecorded: 0 })
      expect((await reportRows())[0]).toMatchObject({ state: 'pending', attempts: 2 })
      behaviour.usage = 204
      later(61_000)
      expect(await scheduler.settle()).toMatchObject({ reportsRecorded: 1 })
      expect((await reportRows())[0]).toMatchObject({ state: 'recorded' })
      expect(reportIds(usage)).toEqual([requestId, requestId, requestId])
      expect(usage.received.filter((r) => r.path === '/usage').every((r) => JSON.stringify(r.body.usage) === '[{"meter":"events_pull","quantity":3}]')).toBe(true)
    })

    it('serves nothing on a definite refusal', async () => {
      const { app, storage, reportRows } = setup(await open(), { allowance: 'allow', usage: 400 })
      const orgId = await seedIndexedOrganization(storage, { events: 2 })
      const res = await call(app, 'GET', `/api/v1/businesses/${orgId}/events`)
      expect(res.status).toBe(503)
      expect(res.json).toMatchObject({ error: 'usage_unavailable' })
      expect(res.json.events).toBeUndefined()
      expect(res.headers.get('gw-usage')).toBeNull()
      expect(await reportRows()).toEqual([])
    })

    it('abandons a pending report after 24 hours, with an error in the log', async () => {
      const { app, storage, scheduler, reportRows, logs, later } = setup(await open(), { allowance: 'allow', usage: 503 })
      const orgId = await seedIndexedOrganization(storage, { events: 1 })
      expect((await call(app, 'GET', `/api/v1/businesses/${orgId}/events`)).status).toBe(200)
      later(24 * 3600_000 + 1)
      expect(await scheduler.settle()).toMatchObject({ reportsAbandoned: 1 })
      expect((await reportRows())[0]).toMatchObject({ state: 'abandoned' })
      const logged = logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'billing: abandoned the usage report of a served events pull')
      expect(logged).toMatchObject({ level: 'error', agentId: 'agent-test' })
      expect(logs.join('')).not.toContain('Bearer')
    })
  })
})
