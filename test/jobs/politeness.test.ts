// Pins crawl politeness on the path production uses (DESIGN §6, issue 12): the job runner hands the
// crawl to the crawler worker's handler with the settings the service builds from its configuration,
// which name no politeness, and the fetcher's limiter asks to wait the default 500 ms before every
// request to the host after the first; a robots.txt Crawl-delay that asks for more (1 s here) is
// honoured the same way. The worker runs on virtual time (test/fixtures/workers/virtual-time-worker.ts)
// and reports the pauses it was asked for, so nothing here times requests on the wall clock. On both
// backends (the runner stores the crawl).
import { afterEach, expect, it } from 'bun:test'
import { loadConfig } from '../../src/config'
import { FETCH_DEFAULTS } from '../../src/crawl/fetch/fetcher'
import type { Storage } from '../../src/db/storage'
import { JobRunner } from '../../src/jobs/runner'
import { crawlSettings } from '../../src/service'
import { startFixtureSite, type FixtureSiteOptions, type RecordedRequest } from '../helpers/fixture-server'
import { eventually, insertPendingJob, jobRow } from '../helpers/jobs'
import { forEachBackend } from '../helpers/storage'
import { POLITENESS_CHANNEL } from '../helpers/virtual-clock'

const VIRTUAL_TIME_WORKER = new URL('../fixtures/workers/virtual-time-worker.ts', import.meta.url).href

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** Crawls a fixture site as the service would, and returns the site's request log and the pauses the limiter asked for. */
async function crawlAsProduction(storage: Storage, name: string, options: FixtureSiteOptions = {}): Promise<{ log: RecordedRequest[]; sleeps: number[] }> {
  const site = await startFixtureSite(name, options)
  cleanups.push(() => site.stop())
  const settings = crawlSettings(loadConfig({ CRAWL_ALLOW_PRIVATE: 'true' }))
  expect(settings).not.toHaveProperty('politenessMs')
  const runner = new JobRunner({ storage, workers: 1, pollMs: 50, settings, workerUrl: VIRTUAL_TIME_WORKER })
  cleanups.push(() => runner.stop())
  const job = await insertPendingJob(storage, { domain: new URL(site.url).host, website: `${site.url}/`, window: site.expected().window })
  const channel = new BroadcastChannel(POLITENESS_CHANNEL)
  cleanups.push(() => channel.close())
  const reported = new Promise<number[]>((resolve) => {
    channel.onmessage = (event) => {
      const report = event.data as { jobId: string; sleeps: number[] }
      if (report.jobId === job.jobId) resolve(report.sleeps)
    }
  })
  runner.start()
  const sleeps = await reported
  await eventually(async () => (await jobRow(storage, job.jobId)).state === 'ready', 30_000)
  expect((await jobRow(storage, job.jobId)).eventCount).toBe(site.expected().events.length)
  return { log: site.requests, sleeps }
}

forEachBackend('crawl politeness on the default path', (open) => {
  it('asks to wait the default 500 ms before each request to the host after the first', async () => {
    expect(FETCH_DEFAULTS.politenessMs).toBe(500)
    const { log, sleeps } = await crawlAsProduction(await open(), 'squarespace')
    expect(log.length).toBeGreaterThanOrEqual(5)
    // Virtual time moves only by these pauses, so each is the whole gap before the next request start.
    expect(sleeps).toEqual(Array(log.length - 1).fill(500))
  }, 30_000)

  it("asks to wait as long as robots.txt's Crawl-delay when that is longer", async () => {
    const { log, sleeps } = await crawlAsProduction(await open(), 'squarespace', { routes: { '/robots.txt': 'robots-crawl-delay.txt' } })
    expect(log[0].path).toBe('/robots.txt')
    const pages = log.slice(1)
    expect(pages.length).toBeGreaterThanOrEqual(4)
    // robots.txt is read first, on the default pause; every page after the first waits the Crawl-delay (1 s).
    expect(sleeps).toHaveLength(log.length - 1)
    expect(sleeps.slice(1)).toEqual(Array(pages.length - 1).fill(1000))
  }, 30_000)
})
