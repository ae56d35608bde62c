// Drill (issue 7): the SMTP server is down when reports arrive. Every report is accepted (202,
// delivered:false) and kept; when the mail server comes back, the scheduler sends each of them once.
// On both backends.
import { afterEach, expect, it } from 'bun:test'
import { createApp } from '../../src/app'
import { loadConfig } from '../../src/config'
import { Scheduler } from '../../src/jobs/scheduler'
import { createMailer } from '../../src/report/mailer'
import { call } from '../helpers/app'
import { recordingUsage, TEST_KEYRING } from '../helpers/gateway'
import { freePort } from '../helpers/process'
import { countRows } from '../helpers/peek'
import { startSmtpSink } from '../helpers/smtp-sink'
import { forEachBackend } from '../helpers/storage'

const stops: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const s of stops.splice(0)) await s()
})

forEachBackend('SMTP down, then back', (open) => {
  it('keeps every report and sends each once when the server returns', async () => {
    const port = freePort()
    const smtpUrl = `smtp://127.0.0.1:${port}`
    const storage = await open()
    const config = loadConfig({ GW_SIGNING_KEYS: TEST_KEYRING, SMTP_URL: smtpUrl, REPORT_TO: 'team@events.example' })
    const app = createApp({ config, storage, usage: recordingUsage().client })
    for (const message of ['first problem', 'second problem', 'third problem']) {
      const res = await call(app, 'POST', '/api/v1/report', { body: { message } })
      expect(res.status).toBe(202)
      expect(res.json.delivered).toBe(false)
    }
    expect(await countRows(storage, 'reports', 'NOT delivered')).toBe(3)
    const sink = await startSmtpSink({ port })
    stops.push(sink.stop)
    let now = Date.now()
    const scheduler = new Scheduler({ storage, mailer: createMailer(smtpUrl, 'team@events.example'), now: () => now })
    expect((await scheduler.tick()).reportsSent).toBe(0)
    now += 61_000
    expect((await scheduler.tick()).reportsSent).toBe(3)
    now += 3600_000
    expect((await scheduler.tick()).reportsSent).toBe(0)
    expect(sink.messages.map((m) => m.raw.includes('problem'))).toEqual([true, true, true])
    expect(await countRows(storage, 'reports', 'delivered')).toBe(3)
  })
})
