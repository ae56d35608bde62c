// Pins crawl politeness on the path production uses (DESIGN §6, issue 12): the job runner hands the
// crawl to the real worker with the settings the service builds from its configuration, which name no
// politeness, and the fixture server's request log shows at least 500 ms between two requests to the
// host; a robots.txt Crawl-delay that asks for more (1 s here) is honoured the same way.
import { afterEach, describe, expect, it } from 'bun:test'
import { loadConfig } from '../../src/config'
import { migrate, openDatabase } from '../../src/db'
import { JobRunner } from '../../src/jobs/runner'
import { crawlSettings } from '../../src/service'
import { startFixtureSite, type FixtureSiteOptions, type RecordedRequest } from '../helpers/fixture-server'
import { eventually, insertPendingJob, jobRow } from '../helpers/jobs'
import { expectSpaced } from '../helpers/spacing'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** Crawls a fixture site as the service would, and returns the site's request log. */
async function crawlAsProduction(name: string, options: FixtureSiteOptions = {}): Promise<RecordedRequest[]> {
  const site = await startFixtureSite(name, options)
  cleanups.push(() => site.stop())
  const db = openDatabase(':memory:')
  migrate(db)
  const settings = crawlSettings(loadConfig({ CRAWL_ALLOW_PRIVATE: 'true' }))
  expect(settings).not.toHaveProperty('politenessMs')
  const runner = new JobRunner({ db, workers: 1, pollMs: 50, settings })
  cleanups.push(() => runner.stop())
  const job = insertPendingJob(db, { domain: new URL(site.url).host, website: `${site.url}/`, window: site.expected().window })
  runner.start()
  await eventually(() => jobRow(db, job.jobId).state === 'ready', 30_000)
  expect(jobRow(db, job.jobId).event_count).toBe(site.expected().events.length)
  return site.requests
}


describe('crawl politeness on the default path', () => {
  it('waits at least 500 ms between two requests to the host', async () => {
    const log = await crawlAsProduction('squarespace')
    expect(log.length).toBeGreaterThanOrEqual(5)
    expectSpaced(log.map((r) => r.at), 500)
  }, 30_000)

  it("waits as long as robots.txt's Crawl-delay asks when that is longer", async () => {
    const log = await crawlAsProduction('squarespace', { routes: { '/robots.txt': 'robots-crawl-delay.txt' } })
    expect(log[0].path).toBe('/robots.txt')
    const pages = log.slice(1)
    expect(pages.length).toBeGreaterThanOrEqual(4)
    expectSpaced(pages.map((r) => r.at), 1000)
  }, 30_000)
})
