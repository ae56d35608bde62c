// Pins POST /api/v1/report (spec "Endpoints"; issue 5) against a real SMTP server on loopback: the report
// is stored with its diagnostics and mailed to REPORT_TO; 202 {status, reportId, delivered}; 400 without
// message; 429 past the daily cap per reporter; a mail failure keeps the report undelivered and the
// scheduler's retry sends it later. On both backends.
import { afterEach, expect, it } from 'bun:test'
import type { Storage } from '../../src/db/storage'
import { createMailer } from '../../src/report/mailer'
import { retryUndelivered } from '../../src/report/reports'
import { call, makeApp } from '../helpers/app'
import { deadUrl } from '../helpers/usage-server'
import { peekRows } from '../helpers/peek'
import { seedOrganization } from '../helpers/seed'
import { forEachBackend } from '../helpers/storage'
import { header, startSmtpSink } from '../helpers/smtp-sink'

const sinks: { stop(): Promise<void> }[] = []
afterEach(async () => {
  for (const s of sinks.splice(0)) await s.stop()
})

async function setup(storage: Storage, options: { cap?: string; smtp?: 'sink' | 'down' | 'none' } = {}) {
  const sink = await startSmtpSink()
  sinks.push(sink)
  const smtpUrl = options.smtp === 'down' ? deadUrl().replace('http', 'smtp') : options.smtp === 'none' ? '' : sink.url
  const ctx = makeApp({ storage, env: { SMTP_URL: smtpUrl, REPORT_TO: 'team@events.example', REPORT_DAILY_CAP: options.cap ?? '20' } })
  return { ...ctx, sink }
}

const rows = (storage: Storage) => peekRows<any>(storage, 'SELECT report_id, reporter, CASE WHEN delivered THEN 1 ELSE 0 END AS delivered, delivery_attempts, last_error, diagnostics FROM reports')

forEachBackend('POST /api/v1/report', (open) => {
  it('stores the report with diagnostics and mails the team', async () => {
    const { app, storage, sink } = await setup(await open())
    const orgId = await seedOrganization(storage, {
      domain: 'springfield-library.org',
      events: [{ title: 'Storytime', startDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), event_id: 'e1', url: 'https://springfield-library.org/e1' }],
    })
    const job = (await call(app, 'POST', '/api/v1/orgs', { body: { website: 'springfield-library.org' } })).json.jobId
    const res = await call(app, 'POST', '/api/v1/report', { body: { message: 'Storytime shows the wrong time', email: 'ops@agent.example', orgId, jobId: job } })
    expect(res.status).toBe(202)
    expect(res.json).toEqual({ status: 'received', reportId: expect.stringMatching(/^rpt_/), delivered: true })
    const [stored] = await rows(storage)
    expect(stored).toMatchObject({ report_id: res.json.reportId, reporter: 'agent:agent-test', delivered: 1, delivery_attempts: 1 })
    const diagnostics = JSON.parse(stored.diagnostics)
    expect(diagnostics).toMatchObject({
      scriptVersion: expect.any(String),
      organization: { orgId, domain: 'springfield-library.org', indexed: true, eventCount: 1, upcomingEventCount: 1, eventsUrl: `http://public.test/api/v1/businesses/${orgId}/events` },
      sampleEvents: [{ title: 'Storytime', url: 'https://springfield-library.org/e1' }],
      job: { jobId: job, status: 'pending' },
    })
    expect(sink.messages).toHaveLength(1)
    const mail = sink.messages[0]
    expect(mail.to).toEqual(['team@events.example'])
    expect(header(mail.raw, 'Subject')).toContain(res.json.reportId)
    expect(header(mail.raw, 'Reply-To')).toBe('ops@agent.example')
    expect(mail.raw).toContain('Storytime shows the wrong time')
  })

  it('resolves the organization from a domain alone', async () => {
    const { app, storage } = await setup(await open())
    const orgId = await seedOrganization(storage, { domain: 'museum-example.org', events: [] })
    await call(app, 'POST', '/api/v1/report', { body: { message: 'No events found', domain: 'https://www.museum-example.org/calendar' } })
    expect(JSON.parse((await rows(storage))[0].diagnostics).organization.orgId).toBe(orgId)
  })

  it('keeps the report when the mail server is down, and the retry sends it later', async () => {
    const { app, storage, sink } = await setup(await open())
    sink.state.reject = true
    const res = await call(app, 'POST', '/api/v1/report', { body: { message: 'Events missing' } })
    expect(res.status).toBe(202)
    expect(res.json.delivered).toBe(false)
    expect((await rows(storage))[0]).toMatchObject({ delivered: 0, delivery_attempts: 1 })
    expect((await rows(storage))[0].last_error).toContain('451')
    sink.state.reject = false
    const mailer = createMailer(sink.url, 'team@events.example')
    expect(await retryUndelivered(storage, mailer, Date.now())).toBe(0)
    expect(await retryUndelivered(storage, mailer, Date.now() + 61_000)).toBe(1)
    expect((await rows(storage))[0]).toMatchObject({ delivered: 1, delivery_attempts: 2 })
    expect(sink.messages).toHaveLength(1)
  })

  it('answers delivered:false quickly when nothing listens on the SMTP port', async () => {
    const { app, storage } = await setup(await open(), { smtp: 'down' })
    const res = await call(app, 'POST', '/api/v1/report', { body: { message: 'x' } })
    expect(res.json.delivered).toBe(false)
    expect(await rows(storage)).toHaveLength(1)
  })

  it('stores without mailing when no SMTP server is configured', async () => {
    const { app, storage } = await setup(await open(), { smtp: 'none' })
    expect((await call(app, 'POST', '/api/v1/report', { body: { message: 'x' } })).json.delivered).toBe(false)
    expect((await rows(storage))[0]).toMatchObject({ delivered: 0, delivery_attempts: 0 })
  })

  it('answers 429 past the daily cap of one reporter, and counts reporters apart', async () => {
    const { app } = await setup(await open(), { cap: '2' })
    for (let i = 0; i < 2; i++) expect((await call(app, 'POST', '/api/v1/report', { body: { message: `r${i}` } })).status).toBe(202)
    const capped = await call(app, 'POST', '/api/v1/report', { body: { message: 'r3' } })
    expect(capped.status).toBe(429)
    expect(capped.json.error).toBe('report_cap_reached')
    expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await call(app, 'POST', '/api/v1/report', { body: { message: 'other' }, sign: { agentId: 'agent-other' } })).status).toBe(202)
  })

  it('answers 400 without a message', async () => {
    const { app, storage } = await setup(await open())
    const res = await call(app, 'POST', '/api/v1/report', { body: { email: 'a@b.example' } })
    expect(res.status).toBe(400)
    expect(res.json.message).toContain('message')
    expect(await rows(storage)).toHaveLength(0)
  })
})
