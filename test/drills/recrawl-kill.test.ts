// Drill (issue 7): the process is killed (SIGKILL) while it re-crawls an indexed organization. The old
// events stay readable during the re-crawl, after the kill and after the restart, until the new set
// commits in one transaction; then the new set replaces them entirely.
import { describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { binarySuite, freePort, startService, type Running } from '../helpers/process'
import { startEventSite } from '../helpers/event-site'
import { eventually } from '../helpers/jobs'
import { AGENT } from './lib'

const suite = binarySuite()
const tmp = suite.tmp

async function titles(base: string, orgId: string): Promise<string[]> {
  const res = await fetch(`${base}/api/v1/businesses/${orgId}/events`, { headers: { authorization: `Bearer ${AGENT.key}` } })
  expect(res.status).toBe(200)
  return ((await res.json()) as { events: { title: string }[] }).events.map((e) => e.title)
}

async function untilReady(base: string, jobId: string, timeoutMs: number): Promise<{ orgId: string }> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    const res = await fetch(`${base}/api/v1/orgs/${jobId}`, { headers: { authorization: `Bearer ${AGENT.key}` } })
    if (res.status === 200) return (await res.json()) as { orgId: string }
    await Bun.sleep(100)
  }
  throw new Error(`job ${jobId} not ready in time`)
}

describe('kill during a re-crawl', () => {
  it('keeps the old events readable until the new set commits', async () => {
    const sitePort = freePort()
    let site = startEventSite({ name: 'Harbor Library', prefix: 'Old', count: 3, port: sitePort })
    const env = {
      DATABASE_PATH: join(tmp.dir, 'recrawl.sqlite'),
      PORT: '0',
      GW_SIGNING_KEYS: 'k:drill-secret-0123456789abcdef0123456789',
      AGENT_KEYS: `${AGENT.key}:agent-drill`,
      CRAWL_ALLOW_PRIVATE: 'true',
      // A killed service's lease runs out in 3 s (JOB_LEASE_MS), not the default 15.
      JOB_LEASE_MS: '3000',
    }
    const usage = AGENT.startUsage()
    suite.defer(usage.stop)
    let service: Running = await startService([suite.binary, 'serve'], { cwd: tmp.dir, env: { ...env, GW_USAGE_URL: usage.url } })
    suite.defer(() => service.stop('SIGKILL'))
    const first = await AGENT.index(service.url, site.url, 'gw-req-first-crawl')
    const { orgId } = await untilReady(service.url, first, 20_000)
    expect(await titles(service.url, orgId)).toEqual(['Old Event 1', 'Old Event 2', 'Old Event 3'])

    site.stop()
    site = startEventSite({ name: 'Harbor Library', prefix: 'New', count: 4, port: sitePort, delayMs: 400 })
    suite.defer(site.stop)
    const second = await AGENT.index(service.url, site.url, 'gw-req-re-crawl') // its own request id: a new request, not a replay
    // The re-crawl is halfway: it has read the listing and asked for an event page (each answered 400 ms
    // late, four of them), and the old events still show.
    await eventually(() => site.requests.some((path) => path.startsWith('/events/e')), 20_000)
    expect(await titles(service.url, orgId)).toEqual(['Old Event 1', 'Old Event 2', 'Old Event 3'])
    await service.stop('SIGKILL')

    service = await startService([suite.binary, 'serve'], { cwd: tmp.dir, env: { ...env, GW_USAGE_URL: usage.url } })
    expect(await titles(service.url, orgId)).toEqual(['Old Event 1', 'Old Event 2', 'Old Event 3'])
    await untilReady(service.url, second, 45_000)
    expect(await titles(service.url, orgId)).toEqual(['New Event 1', 'New Event 2', 'New Event 3', 'New Event 4'])
  }, 90_000)
})
