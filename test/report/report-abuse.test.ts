// Pins issue 11's report-channel limits against a real SMTP server on loopback: the reply address is
// exactly one address (400 naming `email` otherwise: no list, display name, CR/LF or overlong value);
// REST reports are capped per signed agent whatever email they carry, also when sent at once; at most REPORT_MAIL_HOURLY_CAP mails
// go out per UTC clock hour (reports past it are stored, answered `delivered: false` truthfully, and mailed
// by the scheduler in a later hour, never over the ceiling, even under concurrent submissions). The
// stored reports are checked on both backends.
import { afterEach, describe, expect, it } from 'bun:test'
import { loadConfig } from '../../src/config'
import type { Storage } from '../../src/db/storage'
import { Scheduler } from '../../src/jobs/scheduler'
import { createMailer, DEFAULT_MAIL_HOURLY_CAP } from '../../src/report/mailer'
import { retryUndelivered, submitReport } from '../../src/report/reports'
import { call, makeApp } from '../helpers/app'
import { peekRows } from '../helpers/peek'
import { header, startSmtpSink } from '../helpers/smtp-sink'
import { forEachBackend } from '../helpers/storage'

const HOUR = 3_600_000
/** 10:00:00 UTC on a fixed day: every clock in these tests is explicit, so no test straddles an hour by chance. */
const T0 = Date.UTC(2026, 5, 1, 10, 0, 0)

const sinks: { stop(): Promise<void> }[] = []
afterEach(async () => {
  for (const s of sinks.splice(0)) await s.stop()
})

async function setup(storage: Storage, env: Record<string, string> = {}) {
  const sink = await startSmtpSink()
  sinks.push(sink)
  const clock = { now: T0 + 5 * 60_000 }
  const ctx = makeApp({ storage, env: { SMTP_URL: sink.url, REPORT_TO: 'team@events.example', ...env }, deps: { now: () => clock.now } })
  const report = (body: object, agentId = 'agent-test') => call(ctx.app, 'POST', '/api/v1/report', { body, sign: { agentId, t: Math.floor(clock.now / 1000) } })
  return { ...ctx, sink, clock, report }
}

/** The stored reports by time, then reporter (the tests' clocks stand still: reports of one instant have no order of their own). */
const stored = (storage: Storage) =>
  peekRows<{ reporter: string; email: string | null; delivered: number }>(
    storage,
    'SELECT reporter, email, CASE WHEN delivered THEN 1 ELSE 0 END AS delivered FROM reports ORDER BY created_at, reporter',
  )

forEachBackend('report channel limits', (open) => {
  describe('the reply address of a report', () => {
    const refused = [
      'ops@agent.example, boss@agent.example',
      'ops@agent.example,boss@agent.example',
      'Ops Team <ops@agent.example>',
      '<ops@agent.example>',
      'ops@agent.example\r\nBcc: everyone@agent.example',
      'ops@agent.example\n',
      'ops @agent.example',
      '"ops"@agent.example',
      'ops@agent.example; boss@agent.example',
      'ops@localhost',
      'ops@agent.example.',
      'no-at-sign',
      `${'a'.repeat(65)}@agent.example`,
      `ops@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(60)}.example`,
      'x'.repeat(100_000),
    ]
    for (const email of refused) {
      it(`refuses ${JSON.stringify(email.slice(0, 60))} with 400 naming email, storing nothing`, async () => {
        const { storage, report, sink } = await setup(await open())
        const res = await report({ message: 'Storytime is at the wrong time', email })
        expect(res.status).toBe(400)
        expect(res.json.error).toBe('invalid_request')
        expect(res.json.message).toStartWith('email ')
        expect(await stored(storage)).toEqual([])
        expect(sink.messages).toEqual([])
      })
    }

    it('takes one plain address and mails it as the only Reply-To', async () => {
      const { report, sink } = await setup(await open())
      const res = await report({ message: 'x', email: "o'brien+events@mail.agent-co.example" })
      expect(res.status).toBe(202)
      expect(res.json.delivered).toBe(true)
      expect(header(sink.messages[0].raw, 'Reply-To')).toBe("o'brien+events@mail.agent-co.example")
      const longest = `ops@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(50)}.example`
      expect(longest).toHaveLength(254)
      expect((await report({ message: 'y', email: longest })).status).toBe(202)
    })

    it('keeps a header-shaped domain out of the subject line', async () => {
      const { report, sink } = await setup(await open())
      await report({ message: 'x', domain: 'evil.example\r\nBcc: everyone@agent.example' })
      expect(header(sink.messages[0].raw, 'Bcc')).toBeUndefined()
      expect(sink.messages[0].to).toEqual(['team@events.example'])
    })
  })

  describe('the daily cap of REST reports', () => {
    it('counts per signed agent: new emails buy no extra reports', async () => {
      const { storage, report } = await setup(await open(), { REPORT_DAILY_CAP: '2' })
      const statuses: number[] = []
      for (let i = 0; i < 5; i++) statuses.push((await report({ message: `r${i}`, email: `reporter${i}@agent.example` })).status)
      expect(statuses).toEqual([202, 202, 429, 429, 429])
      expect((await stored(storage)).map((r) => r.reporter)).toEqual(['agent:agent-test', 'agent:agent-test'])
      expect((await report({ message: 'another agent' }, 'agent-other')).status).toBe(202)
    })

    it('holds against reports sent at once: the count and the insert are one storage transaction', async () => {
      const { storage, report } = await setup(await open(), { REPORT_DAILY_CAP: '2' })
      const statuses = (await Promise.all([0, 1, 2, 3, 4].map((i) => report({ message: `at once ${i}` })))).map((r) => r.status)
      expect(statuses.sort()).toEqual([202, 202, 429, 429, 429])
      expect(await stored(storage)).toHaveLength(2)
    })
  })

  describe('the hourly ceiling on report mail', () => {
    it('defaults to REPORT_MAIL_HOURLY_CAP of the config schema', () => {
      expect(loadConfig({}).REPORT_MAIL_HOURLY_CAP).toBe(30)
      expect(DEFAULT_MAIL_HOURLY_CAP).toBe(30)
      expect(createMailer('smtp://127.0.0.1:1', 'team@events.example').hourlyCap).toBe(30)
    })

    it('stores reports past the ceiling undelivered and answers delivered:false; a later hour mails them', async () => {
      const { storage, report, sink, clock } = await setup(await open(), { REPORT_MAIL_HOURLY_CAP: '2' })
      const answers = []
      for (const agent of ['a1', 'a2', 'a3', 'a4']) answers.push((await report({ message: `from ${agent}` }, agent)).json)
      expect(answers.map((a) => [a.status, a.delivered])).toEqual([
        ['received', true],
        ['received', true],
        ['received', false],
        ['received', false],
      ])
      expect(sink.messages).toHaveLength(2)
      expect((await stored(storage)).map((r) => r.delivered)).toEqual([1, 1, 0, 0])
      const mailer = createMailer(sink.url, 'team@events.example', 2)
      expect(await retryUndelivered(storage, mailer, T0 + 59 * 60_000)).toBe(0)
      expect(sink.messages).toHaveLength(2)
      clock.now = T0 + HOUR + 60_000
      expect(await retryUndelivered(storage, mailer, clock.now)).toBe(2)
      expect(sink.messages).toHaveLength(4)
      expect((await report({ message: 'late' }, 'a5')).json.delivered).toBe(false)
    })

    it('never sends more than the ceiling when reports arrive at once', async () => {
      const { storage, report, sink } = await setup(await open(), { REPORT_MAIL_HOURLY_CAP: '2' })
      const answers = await Promise.all(['a1', 'a2', 'a3', 'a4', 'a5', 'a6'].map((agent) => report({ message: `from ${agent}` }, agent)))
      expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202, 202, 202])
      expect(answers.filter((a) => a.json.delivered).length).toBe(2)
      expect(sink.messages).toHaveLength(2)
      expect((await stored(storage)).filter((r) => r.delivered).length).toBe(2)
    })

    it('gives a failed attempt its slot back: nothing was sent', async () => {
      const { storage, report, sink, clock } = await setup(await open(), { REPORT_MAIL_HOURLY_CAP: '1' })
      sink.state.reject = true
      expect((await report({ message: 'first' }, 'a1')).json.delivered).toBe(false)
      sink.state.reject = false
      expect((await report({ message: 'second' }, 'a2')).json.delivered).toBe(true)
      expect(sink.messages).toHaveLength(1)
      clock.now += 2 * 60_000
      expect(await retryUndelivered(storage, createMailer(sink.url, 'team@events.example', 1), clock.now)).toBe(0)
    })

    it('holds the scheduler to the ceiling, mailing identified reporters first', async () => {
      const { storage, sink } = await setup(await open())
      const down = createMailer('smtp://127.0.0.1:1', 'team@events.example', 2)
      const options = { dailyCap: 20, baseUrl: 'http://public.test', allowPrivate: false }
      for (const [i, who] of [{ clientAddress: '203.0.113.1' }, { clientAddress: '203.0.113.2' }, { agentId: 'agent-late' }, { clientAddress: '203.0.113.3' }, { agentId: 'mcp:acct_1' }].entries())
        await submitReport(storage, down, { message: `report ${i}`, ...who }, { ...options, nowMs: T0 + i })
      expect((await stored(storage)).map((r) => r.delivered)).toEqual([0, 0, 0, 0, 0])
      let now = T0 + 2 * 60_000
      const scheduler = new Scheduler({ storage: storage, mailer: createMailer(sink.url, 'team@events.example', 2), now: () => now, staleAfterMs: 0 })
      expect((await scheduler.tick()).reportsSent).toBe(2)
      now += 10 * 60_000
      expect((await scheduler.tick()).reportsSent).toBe(0)
      now = T0 + HOUR
      expect((await scheduler.tick()).reportsSent).toBe(2)
      now = T0 + 2 * HOUR
      expect((await scheduler.tick()).reportsSent).toBe(1)
      const order = sink.messages.map((m) => /report (\d)/.exec(m.raw)![1])
      expect(order).toEqual(['2', '4', '0', '1', '3'])
    })
  })
})
