// Pins the shipped artefact (issue 2, DESIGN §3): `npm run build`'s single executable runs from another
// folder with nothing beside it, finds its embedded migrations, boots `serve` on a fresh temp database
// and answers over real HTTP, and stops cleanly on SIGTERM; its embedded gazetteer and country names
// give a document without --tz its zone (issue 13); its `dev` serves the demo site, which its crawler
// worker indexes, and the docs page's Swagger UI assets, all from inside the binary (issue 15).
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import pkg from '../../package.json'
import { buildBinary, run, startService } from '../helpers/process'
import { tempDir } from '../helpers/tmp'

let binary: string
const tmp = tempDir()
beforeAll(async () => {
  binary = await buildBinary()
}, 120_000)
afterAll(() => tmp.cleanup())

describe('the compiled binary', () => {
  it('prints its version from a folder without the checkout', async () => {
    const { code, stdout } = await run([binary, '--version'], { cwd: tmp.dir })
    expect(code).toBe(0)
    expect(stdout.trim()).toBe(pkg.version)
  })

  it('infers a zone from the embedded gazetteer when extract gets no --tz', async () => {
    const page = join(import.meta.dir, '../fixtures/zones/kulturhaus-dresden.html')
    const { code, stdout, stderr } = await run([binary, 'extract', page, '--base-url', 'https://www.kulturhaus-am-schloss.example/x', '--start', '2026-01-01', '--end', '2026-12-31'], { cwd: tmp.dir })
    expect(code).toBe(0)
    expect((JSON.parse(stdout) as { startDate: string }[]).map((e) => e.startDate)).toEqual(['2026-05-10T19:30:00+02:00'])
    expect(stderr).toContain('Europe/Berlin')
  })

  it('boots serve on a fresh database, answers over HTTP and stops on SIGTERM', async () => {
    const database = join(tmp.dir, 'fresh', 'db.sqlite')
    const service = await startService([binary, 'serve'], { cwd: tmp.dir, env: { DATABASE_PATH: database, GW_SIGNING_KEYS: 'ci:secret-0123456789abcdef0123456789' } })
    try {
      const health = await fetch(`${service.url}/api/v1/health`)
      expect(health.status).toBe(200)
      const body = (await health.json()) as any
      expect(body).toMatchObject({ status: 'ok', version: pkg.version, database: { status: 'ok', journalMode: 'wal' } })
      expect(body.database.migrations).toBeGreaterThan(0)
      const denied = await fetch(`${service.url}/health`)
      expect(denied.status).toBe(403)
    } finally {
      expect(await service.stop()).toBe(0)
    }
    const db = new Database(database, { readonly: true })
    const names = (db.query("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name)
    db.close()
    expect(names).toEqual(expect.arrayContaining(['organizations', 'events', 'index_jobs', 'events_fts']))
  }, 30_000)

  it('runs dev with its demo site and the docs assets from inside the binary, and indexes the demo site', async () => {
    const dev = await startService([binary, 'dev'], {
      cwd: tmp.dir,
      env: { DATABASE_PATH: join(tmp.dir, 'dev', 'dev.sqlite'), GATEWAY_PORT: '0', DEMO_PORT: '0', CRAWL_WORKERS: '1' },
      timeoutMs: 30_000,
    })
    try {
      let banner = dev.stderr()
      for (let i = 0; i < 200 && !banner.includes('4. search'); i++) {
        await Bun.sleep(25)
        banner = dev.stderr()
      }
      const demoPort = /demo site: +http:\/\/riverside\.localhost:(\d+)/.exec(banner)![1]
      expect(await (await fetch(`http://127.0.0.1:${demoPort}/events`)).text()).toContain('Upcoming events')
      const bundle = await fetch(`${dev.url}/api/v1/docs/swagger-ui-bundle.js`)
      expect(bundle.status).toBe(200)
      expect((await bundle.text()).length).toBeGreaterThan(100_000)
      const index = banner
        .split('\n')
        .map((l) => l.trim())
        .find((l) => l.startsWith('curl -s -X POST'))!
      const url = /'(http[^']+)'/.exec(index)![1]
      const headers = { authorization: `Bearer ${/Bearer ([^']+)'/.exec(index)![1]}`, 'content-type': 'application/json' }
      const accepted = await fetch(url, { method: 'POST', headers, body: /-d '([^']+)'/.exec(index)![1] })
      expect(accepted.status).toBe(202)
      const { statusUrl } = (await accepted.json()) as { statusUrl: string }
      let poll = await fetch(statusUrl, { headers })
      for (let i = 0; i < 300 && poll.status === 202; i++) {
        await Bun.sleep(100)
        poll = await fetch(statusUrl, { headers })
      }
      expect(poll.status).toBe(200)
      expect(((await poll.json()) as { eventCount: number }).eventCount).toBeGreaterThanOrEqual(15)
    } finally {
      expect(await dev.stop()).toBe(0)
    }
  }, 60_000)
})
