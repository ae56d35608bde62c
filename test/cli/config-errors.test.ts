// Pins the README's promise for configuration the CLI can only check by using it (issue 15): a port
// that is taken, a HOST that is not an address of this machine, a DATABASE_PATH that cannot be opened or
// written stop start-up with exit 78 and one line naming the variable (and, for a socket, the address
// that failed and the flag and variable that fix it), never a raw system error or a crash.
// Bad values checked at load time are pinned for every variable in test/config/load.test.ts.
import { afterAll, afterEach, describe, expect, it } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Server } from 'bun'
import { BUN, run } from '../helpers/process'
import { tempDir } from '../helpers/tmp'

const CLI = [BUN, 'src/index.ts']
const tmp = tempDir()
afterAll(() => tmp.cleanup())
const blockers: Server<undefined>[] = []
afterEach(() => {
  for (const b of blockers.splice(0)) b.stop(true)
})

/** A port someone else holds on 127.0.0.1. */
function takenPort(): number {
  const blocker = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('busy') })
  blockers.push(blocker)
  return blocker.port!
}

const FREE = { PORT: '0', GATEWAY_PORT: '0', DEMO_PORT: '0' }
const KEYS = { GW_SIGNING_KEYS: 'k:0123456789abcdef0123456789abcdef' }

/** Exit 78 and a single `configuration error: VARIABLE: …` line. */
function expectConfigError(result: { code: number; stderr: string }, variable: string): string {
  expect({ code: result.code, first: result.stderr.split('\n')[0].split(':').slice(0, 2).join(':') }).toEqual({ code: 78, first: `configuration error: ${variable}` })
  expect(result.stderr.trim().split('\n')).toHaveLength(1)
  return result.stderr
}

describe('a port that is taken', () => {
  it('names the service address, --port and PORT', async () => {
    const port = takenPort()
    const stderr = expectConfigError(await run([...CLI, 'dev', '--db', join(tmp.dir, 'a.sqlite')], { env: { ...FREE, PORT: String(port) } }), 'PORT')
    expect(stderr).toContain(`127.0.0.1:${port} (the service) is already in use`)
    expect(stderr).toContain('--port N or PORT=N')
  })

  it("names the local gateway's address, --gateway-port and GATEWAY_PORT", async () => {
    const port = takenPort()
    const stderr = expectConfigError(await run([...CLI, 'dev', '--gateway-port', String(port), '--db', join(tmp.dir, 'b.sqlite')], { env: { PORT: '0', DEMO_PORT: '0' } }), 'GATEWAY_PORT')
    expect(stderr).toContain(`127.0.0.1:${port} (the local gateway) is already in use`)
    expect(stderr).toContain('--gateway-port N or GATEWAY_PORT=N')
  })

  it("names the demo site's address, --demo-port and DEMO_PORT", async () => {
    const port = takenPort()
    const stderr = expectConfigError(await run([...CLI, 'dev', '--db', join(tmp.dir, 'c.sqlite')], { env: { ...FREE, DEMO_PORT: String(port) } }), 'DEMO_PORT')
    expect(stderr).toContain(`127.0.0.1:${port} (the demo site) is already in use`)
  })

  it('names GATEWAY_PORT for `event-index gateway` too', async () => {
    const port = takenPort()
    const env = { ...KEYS, GW_USAGE_READ_KEY: 'r', GW_USAGE_WRITE_KEY: 'w', GATEWAY_PORT: String(port) }
    const stderr = expectConfigError(await run([...CLI, 'gateway', '--upstream', 'http://127.0.0.1:3000'], { env }), 'GATEWAY_PORT')
    expect(stderr).toContain(`127.0.0.1:${port} (the local gateway) is already in use`)
  })
})

describe('a HOST that is not an address of this machine', () => {
  for (const host of ['not-a-host', '10.99.99.99']) {
    it(`names HOST for ${host}, not "in use"`, async () => {
      const stderr = expectConfigError(await run([...CLI, 'serve'], { env: { ...KEYS, PORT: '0', HOST: host, DATABASE_PATH: join(tmp.dir, `${host}.sqlite`) } }), 'HOST')
      expect(stderr).toContain(`cannot listen on ${host}:0 (the service): ${host} is not an address of this machine`)
      expect(stderr).not.toContain('in use')
    })
  }
})

describe('a DATABASE_PATH that cannot be opened or written', () => {
  const file = join(tmp.dir, 'a-file')
  writeFileSync(file, 'not a folder')
  const folder = join(tmp.dir, 'a-folder.sqlite')
  mkdirSync(folder)
  const notADatabase = join(tmp.dir, 'text.sqlite')
  writeFileSync(notADatabase, 'this is not a SQLite file, and it is long enough for SQLite to read its header and refuse it')
  const cases: [string, string][] = [
    ['under a regular file', join(file, 'db.sqlite')],
    ['a folder', folder],
    ['not a database', notADatabase],
  ]
  for (const [what, path] of cases)
    for (const command of ['serve', 'dev', 'migrate'])
      it(`names DATABASE_PATH for ${command} when the path is ${what}`, async () => {
        const stderr = expectConfigError(await run([...CLI, command], { env: { ...KEYS, ...FREE, DATABASE_PATH: path } }), 'DATABASE_PATH')
        expect(stderr).toContain(path)
      })
})
