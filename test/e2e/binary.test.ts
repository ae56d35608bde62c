// Pins the shipped artefact (issue 2, DESIGN §3): `npm run build`'s single executable runs from another
// folder with nothing beside it, finds its embedded migrations, boots `serve` on a fresh temp database
// and answers over real HTTP, and stops cleanly on SIGTERM; its embedded gazetteer and country names
// give a document without --tz its zone (issue 13).
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
})
