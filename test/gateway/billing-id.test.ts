// Pins who chooses the request id sent to the usage service (DESIGN §4 `gw2`; issue 11 finding 1): never an
// unsigned header. A gw2 signature carries the gateway's id, which is the replay key (the same id twice in the
// window is a replay, identical requests with different ids are not) and, scoped to the agent, the usage
// request_id; a gw1 signature's id derives from the signature; a bearer-key caller gets a fresh id per request.
// On both backends (the replay keys and the jobs are stored).
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'bun:test'
import { scopedUsageRequestId } from '../../src/gateway/usage-id'
import { call, makeApp } from '../helpers/app'
import { gatewayHeaders, TEST_AGENT, TEST_KID } from '../helpers/gateway'
import { peekRows } from '../helpers/peek'
import { seedIndexedOrganization } from '../helpers/seed'
import { forEachBackend } from '../helpers/storage'

const sha = (text: string) => createHash('sha256').update(text).digest('hex')
const usageIds = (calls: { kind: string; call: { requestId: string } }[]) => calls.filter((c) => c.kind === 'usage').map((c) => c.call.requestId)
const ORGS = '/api/v1/orgs'
const BODY = JSON.stringify({ website: 'example.org' })

forEachBackend('billing ids', (open) => {
  describe('bearer-key callers', () => {
    const env = { AGENT_KEYS: 'ak_one:agent-one,ak_two:agent-two' }

    it('get a fresh usage request id on every pull, whatever x-request-id they send', async () => {
      const { app, storage, usageCalls } = makeApp({ storage: await open(), env })
      const orgId = await seedIndexedOrganization(storage, { events: 3 })
      for (let i = 0; i < 3; i++) {
        const res = await call(app, 'GET', `/api/v1/businesses/${orgId}/events`, { sign: false, headers: { authorization: 'Bearer ak_one', 'x-request-id': 'chosen-by-caller-1' } })
        expect(res.status).toBe(200)
        expect(res.headers.get('gw-usage')).toBe('events_pull=3')
      }
      const ids = usageIds(usageCalls)
      expect(ids).toHaveLength(3)
      expect(new Set(ids).size).toBe(3)
      for (const id of ids) expect(id).toMatch(/^key-[0-9a-f]{32}$/)
    })

    it('never share a usage request id with another agent that sends the same x-request-id', async () => {
      const { app, storage, usageCalls } = makeApp({ storage: await open(), env })
      const orgId = await seedIndexedOrganization(storage, { events: 2 })
      for (const key of ['ak_one', 'ak_two'])
        expect((await call(app, 'GET', `/api/v1/businesses/${orgId}/events`, { sign: false, headers: { authorization: `Bearer ${key}`, 'x-request-id': 'shared-id-0001' } })).status).toBe(200)
      const [first, second] = usageCalls.filter((c) => c.kind === 'usage').map((c) => c.call)
      expect(first.agentId).toBe('agent-one')
      expect(second.agentId).toBe('agent-two')
      expect(first.requestId).not.toBe(second.requestId)
    })
  })

  describe('gw1 signatures', () => {
    it('bill under an id derived from the signature, never from x-request-id', async () => {
      const { app, usageCalls } = makeApp({ storage: await open() })
      const headers = gatewayHeaders('POST', ORGS, BODY, { headers: { 'x-request-id': 'caller-chosen-id' } })
      const res = await call(app, 'POST', ORGS, { body: BODY, sign: false, headers })
      expect(res.status).toBe(202)
      const v1 = headers['gw-signature'].split('v1=')[1]
      expect(usageIds(usageCalls)).toEqual([`sig-${sha(`${TEST_KID}:${v1}`).slice(0, 32)}`])
      expect(usageCalls.map((c) => c.call.requestId)).not.toContain('caller-chosen-id')
    })
  })

  describe('gw2 signatures', () => {
    it('bill under the signed id scoped to the agent', async () => {
      const { app, storage, usageCalls } = makeApp({ storage: await open() })
      const res = await call(app, 'POST', ORGS, { body: BODY, sign: { id: 'gw-req-0001' }, headers: { 'x-request-id': 'something-else' } })
      expect(res.status).toBe(202)
      const expected = `gw2-${sha(`${TEST_AGENT}\ngw-req-0001`).slice(0, 32)}`
      expect(scopedUsageRequestId(TEST_AGENT, 'gw-req-0001')).toBe(expected)
      expect(usageCalls.map((c) => [c.kind, c.call.requestId])).toEqual([
        ['allowance', expected],
        ['usage', expected],
      ])
      expect(await peekRows(storage, 'SELECT request_id FROM index_jobs')).toEqual([{ request_id: expected }])
    })

    it('scope the same id to each agent', () => {
      expect(scopedUsageRequestId('agent-a', 'id-1')).not.toBe(scopedUsageRequestId('agent-b', 'id-1'))
      expect(scopedUsageRequestId('agent-a', 'id-1')).toMatch(/^gw2-[0-9a-f]{32}$/)
    })

    it('serve and bill two identical requests signed in the same second with different ids', async () => {
      const { app, usageCalls } = makeApp({ storage: await open() })
      const t = Math.floor(Date.now() / 1000)
      const a = await call(app, 'POST', ORGS, { body: BODY, sign: { t, id: 'req-a' } })
      const b = await call(app, 'POST', ORGS, { body: BODY, sign: { t, id: 'req-b' } })
      expect([a.status, b.status]).toEqual([202, 202])
      expect(new Set(usageIds(usageCalls)).size).toBe(2)
    })

    it('refuse the same id twice within the window, even re-signed with another timestamp or agent', async () => {
      const { app, usageCalls } = makeApp({ storage: await open() })
      const t = Math.floor(Date.now() / 1000)
      expect((await call(app, 'POST', ORGS, { body: BODY, sign: { t, id: 'req-same' } })).status).toBe(202)
      const again = await call(app, 'POST', ORGS, { body: BODY, sign: { t: t - 1, id: 'req-same' } })
      expect(again).toMatchObject({ status: 401, json: { error: 'invalid_gateway_signature', message: expect.stringContaining('already') } })
      const otherAgent = await call(app, 'POST', ORGS, { body: BODY, sign: { t, id: 'req-same', agentId: 'agent-other' } })
      expect(otherAgent.status).toBe(401)
      expect(usageIds(usageCalls)).toHaveLength(1)
    })

    it('carry the usage request id in a 402, not the x-request-id', async () => {
      const { app } = makeApp({ storage: await open(), deps: { usage: { checkAllowance: async () => false, reportUsage: async () => {} } } })
      const res = await call(app, 'POST', ORGS, { body: BODY, sign: { id: 'req-402' }, headers: { 'x-request-id': 'not-this-one' } })
      expect(res.status).toBe(402)
      expect(res.json.request_id).toBe(scopedUsageRequestId(TEST_AGENT, 'req-402'))
    })

    for (const [name, id] of [
      ['empty', ''],
      ['too long', 'x'.repeat(129)],
      ['with a slash', 'a/b'],
      ['with a space', 'a b'],
      ['with a comma', 'a,b'],
    ] as const) {
      it(`refuse a header whose id is ${name}`, async () => {
        const { app, usageCalls } = makeApp({ storage: await open() })
        const good = gatewayHeaders('POST', ORGS, BODY, { id: 'valid-id' })['gw-signature']
        const res = await call(app, 'POST', ORGS, { body: BODY, sign: false, headers: { 'gw-agent-id': TEST_AGENT, 'gw-signature': good.replace('id=valid-id', `id=${id}`) } })
        expect(res).toMatchObject({ status: 401, json: { error: 'invalid_gateway_signature' } })
        expect(usageCalls).toEqual([])
      })
    }

    it('accept an id of exactly 128 characters', async () => {
      const { app } = makeApp({ storage: await open() })
      expect((await call(app, 'POST', ORGS, { body: BODY, sign: { id: `A-z0.9_:${'x'.repeat(120)}` } })).status).toBe(202)
    })

    it('refuse a gw2 MAC presented without its id, and a gw1 MAC presented with one', async () => {
      const { app } = makeApp({ storage: await open() })
      const gw2 = gatewayHeaders('POST', ORGS, BODY, { id: 'req-strip' })
      const stripped = gw2['gw-signature'].replace(',id=req-strip', '')
      expect((await call(app, 'POST', ORGS, { body: BODY, sign: false, headers: { ...gw2, 'gw-signature': stripped } })).status).toBe(401)
      const gw1 = gatewayHeaders('POST', ORGS, BODY)
      const added = gw1['gw-signature'].replace(',v1=', ',id=req-added,v1=')
      expect((await call(app, 'POST', ORGS, { body: BODY, sign: false, headers: { ...gw1, 'gw-signature': added } })).status).toBe(401)
    })
  })
})
