// Pins `event-index crawl <website>` (DESIGN §3): the pipeline in the foreground, no database: the
// normalized events as a JSON array on stdout, progress and a summary of sources on stderr; exit 1 with
// the reason when the site cannot be crawled, exit 2 for a command line that cannot be understood.
import { afterAll, describe, expect, it } from 'bun:test'
import { startEventSite } from '../helpers/event-site'
import { startFixtureSite } from '../helpers/fixture-server'
import { BUN, run } from '../helpers/process'

const stops: (() => unknown)[] = []
afterAll(async () => {
  for (const s of stops) await s()
})

describe('event-index crawl', () => {
  it('prints the events as JSON on stdout and the sources on stderr', async () => {
    const site = startEventSite({ name: 'Cli Library', count: 3 })
    stops.push(site.stop)
    const { code, stdout, stderr } = await run([BUN, 'src/index.ts', 'crawl', site.url, '--json'], { env: { CRAWL_ALLOW_PRIVATE: 'true' } })
    expect(code).toBe(0)
    const events = JSON.parse(stdout) as { title: string; startDate: string; event_id: string }[]
    expect(events.map((e) => e.title)).toEqual(site.titles)
    expect(events.every((e) => e.event_id.startsWith('evt_') && /T10:00:00-05:00$/.test(e.startDate))).toBe(true)
    // With --json every stderr line is JSON too: progress lines, then the summary (issue 15).
    const lines = stderr
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(lines.slice(0, -1).every((l) => 'progress' in l)).toBe(true)
    const { summary } = lines[lines.length - 1]
    expect(summary.events).toBe(3)
    expect(summary.pages).toBeGreaterThan(0)
    expect(summary.organization.name).toBe('Cli Library')
    expect(summary.sources.some((s: any) => s.status === 'ok' && s.eventCount > 0)).toBe(true)
  }, 20_000) // the default politeness (500 ms between requests to the site) applies here

  it('prints a text summary of the sources without --json', async () => {
    const site = startEventSite({ name: 'Text Library', count: 2 })
    stops.push(site.stop)
    const { code, stderr } = await run([BUN, 'src/index.ts', 'crawl', site.url], { env: { CRAWL_ALLOW_PRIVATE: 'true' } })
    expect(code).toBe(0)
    expect(stderr).toContain('2 event(s) from')
    expect(stderr).toMatch(/source ok\s+\d+\s+page/)
  }, 20_000)

  it('exits 1 with the reason when the site redirects to a cloud metadata address (refused even in development)', async () => {
    const site = await startFixtureSite('redirect-private')
    stops.push(site.stop)
    const { code, stdout, stderr } = await run([BUN, 'src/index.ts', 'crawl', `${site.url}/`], { env: { CRAWL_ALLOW_PRIVATE: 'true' } })
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toContain('crawl failed: ')
    expect(stderr).toContain('cloud metadata address')
  })

  it('refuses a loopback site without CRAWL_ALLOW_PRIVATE, and a bad command line', async () => {
    const refused = await run([BUN, 'src/index.ts', 'crawl', 'http://127.0.0.1:9/'])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('public domain name')
    expect((await run([BUN, 'src/index.ts', 'crawl'])).code).toBe(2)
    expect((await run([BUN, 'src/index.ts', 'crawl', 'a.org', '--start', '2026-13-01'])).code).toBe(2)
  })
})
