// Pins the gateway issue end to end (issue 3): the compiled binary's `serve` behind its own `gateway`
// command over real HTTP: an agent indexes through the free trial (202 + gw-usage each time, job
// pollable through the storefront), the next index is a 402 challenge with its price, and neither
// process ever writes the signing secret, usage keys or a signature to its logs. Also pins that
// `npm start`'s printed curl line works as printed.
import { describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { binarySuite, BUN, freePort, startService, type Running } from '../helpers/process'

const suite = binarySuite()
const tmp = suite.tmp

const SECRETS = { GW_SIGNING_KEYS: 'e2e-kid:e2e-signing-secret-value-0123456789abcdef0123456789', GW_USAGE_READ_KEY: 'e2e-read-key-value', GW_USAGE_WRITE_KEY: 'e2e-write-key-value' }

describe('the compiled binary behind its local gateway', () => {
  it('bills the free trial, then challenges, and keeps secrets out of the logs', async () => {
    const gatewayPort = freePort()
    const service = await startService([suite.binary, 'serve'], {
      cwd: tmp.dir,
      env: { ...SECRETS, DATABASE_PATH: join(tmp.dir, 'e2e.sqlite'), GW_USAGE_URL: `http://127.0.0.1:${gatewayPort}/_usage` },
    })
    suite.defer(() => service.stop())
    const gateway = await startService([suite.binary, 'gateway', '--upstream', service.url, '--port', String(gatewayPort), '--agent-key', 'ak_e2e_agent_key', '--session', 'sess_e2e'], {
      cwd: tmp.dir,
      env: SECRETS,
      readyMsg: 'gateway listening',
    })
    suite.defer(() => gateway.stop())
    const storefront = `${gateway.url}/s/sess_e2e`
    const headers = { authorization: 'Bearer ak_e2e_agent_key', 'content-type': 'application/json' }
    for (const site of ['library.example.org', 'museum.example.org', 'parks.example.org']) {
      const res = await fetch(`${storefront}/api/v1/orgs`, { method: 'POST', headers, body: JSON.stringify({ website: site }) })
      expect(res.status).toBe(202)
      expect(res.headers.get('gw-usage')).toBe('orgs_index=1')
      const job = (await res.json()) as any
      expect(job.statusUrl).toBe(`${storefront}/api/v1/orgs/${job.jobId}`)
      const poll = await fetch(job.statusUrl)
      expect([200, 202, 502]).toContain(poll.status)
    }
    const fourth = await fetch(`${storefront}/api/v1/orgs`, { method: 'POST', headers, body: JSON.stringify({ website: 'school.example.org' }) })
    expect(fourth.status).toBe(402)
    expect((await fourth.json()) as any).toMatchObject({ error: 'payment_required', usage: [{ meter: 'orgs_index', quantity: 1 }], price: { units: 4 } })
    // The request log leaves the service in batches (at most 50 ms apart, src/log.ts): wait for its lines.
    const logged = () => service.logs.some((l) => l.includes('"status":202'))
    for (let i = 0; i < 100 && !logged(); i++) await Bun.sleep(20)
    expect(logged()).toBe(true)
    const logs = [...service.logs, ...gateway.logs, service.stderr()].join('\n')
    for (const secret of ['e2e-signing-secret-value', 'e2e-read-key-value', 'e2e-write-key-value', 'v1=']) expect(logs).not.toContain(secret)
  }, 60_000)
})

describe('npm start', () => {
  it('prints a curl line that works as printed', async () => {
    const dev = await startService([BUN, 'src/index.ts', 'dev', '--port', '0', '--gateway-port', '0', '--demo-port', '0', '--db', join(tmp.dir, 'dev', 'dev.sqlite')], {
      readyMsg: 'gateway listening',
    })
    suite.defer(() => dev.stop())
    let line = ''
    for (let i = 0; i < 50 && !line; i++) {
      line =
        dev
          .stderr()
          .split('\n')
          .find((l) => l.trim().startsWith('curl ')) ?? ''
      if (!line) await Bun.sleep(50)
    }
    const url = /'(http[^']+)'/.exec(line)![1]
    const auth = /-H 'Authorization: Bearer ([^']+)'/.exec(line)![1]
    const body = /-d '([^']+)'/.exec(line)![1]
    expect(line).toContain('-X POST')
    const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json' }, body })
    expect(res.status).toBe(202)
    expect(((await res.json()) as any).jobId).toStartWith('job_')
  }, 30_000)
})
