// Drill (issue 11): 200 concurrent paid pulls through the real local gateway (the compiled binary's
// `gateway` in front of its `serve`, each its own process as in production), against an agent whose
// balance covers exactly 50 of them: a 2-event organization, where the 50-event trial pays 25 pulls and
// 50 units pay 25 more. The gateway's allowance holds what it grants, so exactly the debited pulls are
// served, every other one is a 402 challenge, and the balance is never seen below 0 during the run.
// SQLite only: it drives the compiled binary on its default embedded file (the binary over PostgreSQL has
// its own drill, postgres-instances.test.ts).
import { describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { migrate, openDatabase, closeDatabase } from '../../src/db'
import { sqliteStorage } from '../../src/db/sqlite-storage'
import { seedIndexedOrganization } from '../helpers/seed'
import { binarySuite, freePort, startService } from '../helpers/process'

const suite = binarySuite()
const SECRETS = { GW_SIGNING_KEYS: 'drill-kid:drill-signing-secret-0123456789abcdef0123456789', GW_USAGE_READ_KEY: 'drill-read-key', GW_USAGE_WRITE_KEY: 'drill-write-key' }
type Account = { balance: { trial: { orgs_index: number; events_pull: number }; units: number }; held: { trial: { events_pull: number }; units: number }; debits: number }

describe('200 concurrent paid pulls against a balance of exactly 50', () => {
  it('serves exactly the pulls that were debited and never lets the balance go below 0', async () => {
    const database = join(suite.tmp.dir, 'double-spend.sqlite')
    const db = openDatabase(database)
    migrate(db)
    const orgId = await seedIndexedOrganization(sqliteStorage(db), { events: 2 })
    closeDatabase(db)
    const gatewayPort = freePort()
    const service = await startService([suite.binary, 'serve'], { cwd: suite.tmp.dir, env: { ...SECRETS, DATABASE_PATH: database, GW_USAGE_URL: `http://127.0.0.1:${gatewayPort}/_usage` } })
    suite.defer(() => service.stop())
    const gateway = await startService([suite.binary, 'gateway', '--upstream', service.url, '--port', String(gatewayPort), '--agent-key', 'ak_drill_spender', '--session', 'sess_drill'], {
      cwd: suite.tmp.dir,
      env: SECRETS,
      readyMsg: 'gateway listening',
    })
    suite.defer(() => gateway.stop())
    let adminKey = ''
    for (let i = 0; i < 100 && !adminKey; i++) {
      adminKey = /admin key:\s+(\S+)/.exec(gateway.stderr())?.[1] ?? ''
      if (!adminKey) await Bun.sleep(20)
    }
    const agentId = /agent:\s+(\S+)/.exec(gateway.stderr())![1]
    const admin = async (init?: RequestInit) =>
      (await (await fetch(`${gateway.url}/_gateway/agents/${agentId}${init ? '/credits' : ''}`, { ...init, headers: { authorization: `Bearer ${adminKey}` } })).json()) as Account
    expect((await admin({ method: 'POST', body: JSON.stringify({ units: 50 }) })).balance).toEqual({ trial: { orgs_index: 3, events_pull: 50 }, units: 50 })

    const lowest = { trial: Infinity, units: Infinity }
    let done = false
    const sampler = (async () => {
      while (!done) {
        const { balance } = await admin()
        lowest.trial = Math.min(lowest.trial, balance.trial.events_pull)
        lowest.units = Math.min(lowest.units, balance.units)
      }
    })()
    const answers = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const res = await fetch(`${gateway.url}/s/sess_drill/api/v1/businesses/${orgId}/events?pull=${i}`, { headers: { authorization: 'Bearer ak_drill_spender' } })
        const body = (await res.json()) as { events?: unknown[] }
        return { status: res.status, usage: res.headers.get('gw-usage'), events: body.events?.length }
      }),
    )
    done = true
    await sampler

    const served = answers.filter((a) => a.status === 200)
    const after = await admin()
    expect(served).toHaveLength(50)
    expect(answers.filter((a) => a.status === 402)).toHaveLength(150)
    for (const a of served) expect(a).toEqual({ status: 200, usage: 'events_pull=2', events: 2 })
    expect(after.debits).toBe(served.length)
    expect(after.balance).toEqual({ trial: { orgs_index: 3, events_pull: 0 }, units: 0 })
    expect(after.held).toMatchObject({ trial: { events_pull: 0 }, units: 0 })
    expect(lowest.trial).toBeGreaterThanOrEqual(0)
    expect(lowest.units).toBeGreaterThanOrEqual(0)
  }, 60_000)
})
