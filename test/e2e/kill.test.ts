// Pins crash safety (DESIGN §5, issue 5): the compiled binary is killed with SIGKILL while it crawls
// several sites; after a restart on the same database every job ends ready or failed, every site's events
// are there exactly once, and SQLite's integrity check passes.
import { describe, expect, it } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { binarySuite, startService, type Running } from '../helpers/process'
import { startEventSite } from '../helpers/event-site'
import { gatewayHeaders, TEST_KEYRING } from '../helpers/gateway'
import { startUsageServer } from '../helpers/usage-server'
import { eventually } from '../helpers/jobs'

const suite = binarySuite()
const tmp = suite.tmp

describe('kill -9 during crawls', () => {
  it('loses no job, duplicates no event and keeps the database intact', async () => {
    const sites = ['Alpha Library', 'Beta Museum', 'Gamma Park'].map((name) => startEventSite({ name, count: 6, delayMs: 250 }))
    for (const s of sites) suite.defer(s.stop)
    const usage = startUsageServer({ allowance: 'allow' })
    suite.defer(usage.stop)
    const database = join(tmp.dir, 'kill.sqlite')
    const env = { DATABASE_PATH: database, PORT: '0', GW_SIGNING_KEYS: TEST_KEYRING, GW_USAGE_URL: usage.url, CRAWL_ALLOW_PRIVATE: 'true', CRAWL_WORKERS: '2', JOB_LEASE_MS: '3000' }
    let service: Running = await startService([suite.binary, 'serve'], { cwd: tmp.dir, env })
    suite.defer(() => service.stop('SIGKILL'))
    for (const site of sites) {
      const body = JSON.stringify({ website: site.url })
      const res = await fetch(`${service.url}/api/v1/orgs`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...gatewayHeaders('POST', '/api/v1/orgs', body) } })
      expect(res.status).toBe(202)
    }
    const db = new Database(database, { readonly: true })
    await eventually(() => (db.query("SELECT count(*) AS n FROM index_jobs WHERE state = 'running'").get() as { n: number }).n > 0)
    // The configured lease (JOB_LEASE_MS) is the one claims take: never more than 3 s ahead.
    const ahead = db.query("SELECT max(lease_expires_at) - ?1 AS ms FROM index_jobs WHERE state = 'running'").get(Date.now()) as { ms: number }
    expect(ahead.ms).toBeLessThanOrEqual(3000)
    expect(await service.stop('SIGKILL')).not.toBe(0)
    const states = db.query('SELECT state FROM index_jobs').all() as { state: string }[]
    expect(states.some((s) => s.state === 'ready')).toBe(false)

    service = await startService([suite.binary, 'serve'], { cwd: tmp.dir, env })
    await eventually(() => (db.query("SELECT count(*) AS n FROM index_jobs WHERE state IN ('ready', 'failed')").get() as { n: number }).n === 3, 60_000)
    expect(db.query("SELECT count(*) AS n FROM index_jobs WHERE state = 'ready'").get()).toEqual({ n: 3 })
    for (const site of sites) {
      const titles = (
        db.query('SELECT e.title FROM events e JOIN organizations o ON o.org_id = e.org_id WHERE o.domain = ? ORDER BY e.starts_at').all(new URL(site.url).host) as { title: string }[]
      ).map((r) => r.title)
      expect(titles).toEqual(site.titles)
    }
    expect(db.query('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' })
    db.close()
  }, 90_000)
})
