/**
 * The test web: fixture sites under real-looking names (`https://www.springfield-library.org/`,
 * `https://springfieldlib.libcal.com/…`) on loopback, reached through CRAWL_RESOLVE and CRAWL_ALLOW_PRIVATE
 * exactly as an operator would configure them, and indexed end to end: `POST /api/v1/orgs` on a fresh app,
 * the real job runner and crawler worker, the job polled until it ends, then the organization's events
 * read from `GET /api/v1/businesses/{id}/events`. Politeness is 0 (tests that check it say so).
 */
import { randomUUID } from 'node:crypto'
import type { Storage } from '../../src/db/storage'
import { JobRunner } from '../../src/jobs/runner'
import { crawlSettings } from '../../src/service'
import { call, makeApp } from './app'
import { startFixtureSite, TEST_WEB_CA, type FixtureSite } from './fixture-server'

export type TestWeb = {
  sites: FixtureSite[]
  app: ReturnType<typeof makeApp>['app']
  storage: Storage
  /** Indexes `website` through the API and waits for the job: its last poll answer and the organization's events. */
  index(website: string, body?: Record<string, unknown>): Promise<{ poll: any; pollStatus: number; events: any[]; orgId?: string }>
  stop(): Promise<void>
}

/** A signed request with a fresh gw2 id, so that polling twice in one second is not a replay. */
const signed = (app: TestWeb['app'], method: string, path: string, body?: object) => call(app, method, path, { body, sign: { id: randomUUID() } })

/**
 * Starts the named fixture sites (dates relative to the real now, so the default window holds them), an
 * app over `storage` (a fresh SQLite one when not given) whose configuration maps every site's names to
 * its server, and one crawler worker.
 */
export async function startTestWeb(names: string[], options: { storage?: Storage; maxPages?: number; env?: Record<string, string> } = {}): Promise<TestWeb> {
  const sites = await Promise.all(names.map((name) => startFixtureSite(name)))
  const env = {
    CRAWL_ALLOW_PRIVATE: 'true',
    CRAWL_RESOLVE: sites
      .map((s) => s.resolve())
      .filter(Boolean)
      .join(','),
    CRAWL_MAX_PAGES: String(options.maxPages ?? 60),
    ...options.env,
  }
  let runner: JobRunner | undefined
  const { app, storage, config } = makeApp({ storage: options.storage, env, deps: { onJobQueued: () => runner?.kick() } })
  runner = new JobRunner({ storage, workers: 1, pollMs: 50, settings: { ...crawlSettings(config), budgetMs: 60_000, politenessMs: 0, ca: TEST_WEB_CA } })
  runner.start()
  return {
    sites,
    app,
    storage,
    async index(website, body = {}) {
      const created = await signed(app, 'POST', '/api/v1/orgs', { website, ...body })
      if (created.status !== 202) throw new Error(`POST /api/v1/orgs answered ${created.status}: ${created.text}`)
      const path = new URL(created.json.statusUrl).pathname
      let poll: Awaited<ReturnType<typeof signed>> | undefined
      const until = Date.now() + 60_000
      for (;;) {
        poll = await signed(app, 'GET', path)
        if (poll.status !== 202 || Date.now() > until) break
        await Bun.sleep(25)
      }
      if (poll.status !== 200) return { poll: poll.json, pollStatus: poll.status, events: [] }
      const events = await signed(app, 'GET', `/api/v1/businesses/${poll.json.orgId}/events`)
      return { poll: poll.json, pollStatus: poll.status, events: events.json?.events ?? [], orgId: poll.json.orgId }
    },
    async stop() {
      await runner?.stop()
      await Promise.all(sites.map((s) => s.stop()))
    },
  }
}
