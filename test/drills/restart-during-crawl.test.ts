// Drill (issue 11): the compiled service is restarted three times while it crawls a paid job (SIGTERM,
// SIGKILL, SIGTERM). A restart is not the job's fault: a graceful stop gives the job back at once, a
// killed process's lease expires and the next process claims it again, and neither uses up the job's
// attempts, so the paid job ends ready (before: three restarts ended it failed for good).
import { describe, expect, it } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { startEventSite } from '../helpers/event-site'
import { gatewayHeaders, TEST_KEYRING } from '../helpers/gateway'
import { eventually } from '../helpers/jobs'
import { binarySuite, startService, type Running } from '../helpers/process'
import { startUsageServer } from '../helpers/usage-server'

const suite = binarySuite()

describe('restarts during a crawl', () => {
  it('do not use up a paid job: it ends ready after three restarts', async () => {
    const site = startEventSite({ name: 'Restart Library', count: 10, delayMs: 250 })
    suite.defer(site.stop)
    const usage = startUsageServer({ allowance: 'allow' })
    suite.defer(usage.stop)
    const database = join(suite.tmp.dir, 'restarts.sqlite')
    const env = { DATABASE_PATH: database, PORT: '0', GW_SIGNING_KEYS: TEST_KEYRING, GW_USAGE_URL: usage.url, CRAWL_ALLOW_PRIVATE: 'true', CRAWL_WORKERS: '1', JOB_LEASE_MS: '3000' }
    let service: Running = await startService([suite.binary, 'serve'], { cwd: suite.tmp.dir, env })
    suite.defer(() => service.stop('SIGKILL'))
    const body = JSON.stringify({ website: site.url })
    const res = await fetch(`${service.url}/api/v1/orgs`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...gatewayHeaders('POST', '/api/v1/orgs', body) } })
    expect(res.status).toBe(202)
    const { jobId } = (await res.json()) as { jobId: string }
    const db = new Database(database, { readonly: true })
    const job = () =>
      db.query('SELECT state, attempts, interruptions, lease_owner FROM index_jobs WHERE job_id = ?1').get(jobId) as {
        state: string
        attempts: number
        interruptions: number
        lease_owner: string | null
      }
    const owners = new Set<string>()
    for (const signal of ['SIGTERM', 'SIGKILL', 'SIGTERM'] as const) {
      await eventually(() => job().state === 'running' && job().lease_owner !== null && !owners.has(job().lease_owner!), 30_000)
      owners.add(job().lease_owner!)
      await service.stop(signal)
      expect(job().state).not.toBe('ready')
      service = await startService([suite.binary, 'serve'], { cwd: suite.tmp.dir, env })
    }
    await eventually(() => ['ready', 'failed'].includes(job().state), 60_000)
    expect(job()).toMatchObject({ state: 'ready', attempts: 1, interruptions: 1 })
    db.close()
  }, 120_000)
})
