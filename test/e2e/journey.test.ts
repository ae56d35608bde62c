// Pins the whole product path of issue 5 through real processes: the compiled binary's `serve` behind its
// own `gateway`, crawling a site on loopback, with a real SMTP sink. An agent indexes (202, orgs_index=1),
// polls until ready (free), pulls the events (200, events_pull=N), searches (free), searches businesses
// (free) and reports a problem (202, mail received); billing headers are checked at every step.
import { describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { binarySuite, freePort, startService, type Running } from '../helpers/process'
import { startEventSite } from '../helpers/event-site'
import { header, startSmtpSink } from '../helpers/smtp-sink'

const suite = binarySuite()
const tmp = suite.tmp

const SECRETS = { GW_SIGNING_KEYS: 'jk:journey-secret-0123456789abcdef0123456789', GW_USAGE_READ_KEY: 'journey-read', GW_USAGE_WRITE_KEY: 'journey-write' }

describe('index → poll → events → search → report', () => {
  it('works end to end through the local gateway with billing at each step', async () => {
    const site = startEventSite({ name: 'Riverside Library', count: 5, city: 'Riverside' })
    suite.defer(site.stop)
    const smtp = await startSmtpSink()
    suite.defer(smtp.stop)
    const gatewayPort = freePort()
    const service: Running = await startService([suite.binary, 'serve'], {
      cwd: tmp.dir,
      env: {
        ...SECRETS,
        DATABASE_PATH: join(tmp.dir, 'journey.sqlite'),
        GW_USAGE_URL: `http://127.0.0.1:${gatewayPort}/_usage`,
        CRAWL_ALLOW_PRIVATE: 'true',
        SMTP_URL: smtp.url,
        REPORT_TO: 'team@events.example',
      },
    })
    suite.defer(() => service.stop())
    const gateway = await startService([suite.binary, 'gateway', '--upstream', service.url, '--port', String(gatewayPort), '--agent-key', 'ak_journey', '--session', 'sess_journey'], {
      cwd: tmp.dir,
      env: SECRETS,
      readyMsg: 'gateway listening',
    })
    suite.defer(() => gateway.stop())
    const store = `${gateway.url}/s/sess_journey/api/v1`
    const headers = { authorization: 'Bearer ak_journey', 'content-type': 'application/json' }

    const index = await fetch(`${store}/orgs`, { method: 'POST', headers, body: JSON.stringify({ website: site.url }) })
    expect(index.status).toBe(202)
    expect(index.headers.get('gw-usage')).toBe('orgs_index=1')
    const { statusUrl } = (await index.json()) as any

    let ready: any
    for (let i = 0; i < 150 && !ready; i++) {
      const poll = await fetch(statusUrl, { headers })
      expect(poll.headers.get('gw-usage')).toBeNull()
      if (poll.status === 200) ready = await poll.json()
      else {
        expect(poll.status).toBe(202)
        await Bun.sleep(100)
      }
    }
    expect(ready).toMatchObject({ status: 'ready', eventCount: 5 })

    const events = await fetch(ready.eventsUrl, { headers })
    expect(events.status).toBe(200)
    expect(events.headers.get('gw-usage')).toBe('events_pull=5')
    const org = (await events.json()) as any
    expect(org).toMatchObject({ orgId: ready.orgId, name: 'Riverside Library', eventCount: 5 })
    expect(org.events.map((e: any) => e.title)).toEqual(site.titles)

    const search = await fetch(`${store}/search/events?city=riverside&limit=3`, { headers })
    expect(search.status).toBe(200)
    expect(search.headers.get('gw-usage')).toBeNull()
    const found = (await search.json()) as any
    expect(found.count).toBe(3)
    expect(found.events[0]._source.domain).toBe(new URL(site.url).host)

    const businesses = await fetch(`${store}/search/businesses?q=riverside`, { headers })
    expect(((await businesses.json()) as any).organizations.map((o: any) => o.orgId)).toEqual([ready.orgId])

    const report = await fetch(`${store}/report`, { method: 'POST', headers, body: JSON.stringify({ message: 'Event 3 is at the wrong branch', orgId: ready.orgId }) })
    expect(report.status).toBe(202)
    expect(report.headers.get('gw-usage')).toBeNull()
    expect(((await report.json()) as any).delivered).toBe(true)
    expect(smtp.messages).toHaveLength(1)
    expect(header(smtp.messages[0].raw, 'Subject')).toContain('Event 3 is at the wrong branch')
    expect(smtp.messages[0].raw).toContain(ready.orgId)
  }, 60_000)
})
