// Pins the command line (DESIGN §3): --version/--help, usage on stderr with exit 2 for an unknown command
// or flag, exit 78 naming the variable for bad configuration, `serve` refusing to start without
// GW_SIGNING_KEYS, `migrate` on a fresh file, and `dev` serving until SIGTERM.
import { afterAll, describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import pkg from '../../package.json'
import { BUN, run, startService } from '../helpers/process'
import { tempDir } from '../helpers/tmp'

const CLI = [BUN, 'src/index.ts']
const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('event-index CLI', () => {
  it('prints the version', async () => {
    const { code, stdout } = await run([...CLI, '--version'])
    expect(code).toBe(0)
    expect(stdout.trim()).toBe(pkg.version)
  })

  it('prints the usage with --help on stdout', async () => {
    const { code, stdout } = await run([...CLI, '--help'])
    expect(code).toBe(0)
    for (const command of ['serve', 'dev', 'migrate']) expect(stdout).toContain(command)
  })

  const usageErrors: [string[], string][] = [
    [['frobnicate'], 'unknown command: frobnicate'],
    [[], 'a command is needed'],
    [['serve', '--colour'], "serve: Unknown option '--colour'"],
    [['migrate', '--port'], "migrate: Unknown option '--port'"],
    [['crawl'], 'crawl: crawl needs exactly one website'],
  ]
  for (const [args, reason] of usageErrors) {
    it(`says what is wrong in one line, points to --help and exits 2 for ${JSON.stringify(args)}`, async () => {
      const { code, stdout, stderr } = await run([...CLI, ...args])
      expect(code).toBe(2)
      expect(stdout).toBe('')
      const lines = stderr.trim().split('\n')
      expect(lines).toHaveLength(2)
      expect(lines[0]).toStartWith(`event-index: ${reason}`)
      expect(lines[1]).toBe('Run `event-index --help` for the commands and their options.')
    })
  }

  it('exits 78 naming the variable when a value is bad', async () => {
    const { code, stderr } = await run([...CLI, 'dev'], { env: { CRAWL_WORKERS: 'lots' } })
    expect(code).toBe(78)
    expect(stderr).toContain('CRAWL_WORKERS')
  })

  it('refuses to serve without GW_SIGNING_KEYS', async () => {
    const { code, stderr } = await run([...CLI, 'serve'], { env: { DATABASE_PATH: join(tmp.dir, 'refused.sqlite') } })
    expect(code).toBe(78)
    expect(stderr).toContain('GW_SIGNING_KEYS')
    expect(await Bun.file(join(tmp.dir, 'refused.sqlite')).exists()).toBe(false)
  })

  it('migrates a fresh file and then finds nothing to do', async () => {
    const db = join(tmp.dir, 'm', 'fresh.sqlite')
    const first = await run([...CLI, 'migrate', '--db', db])
    expect(first.code).toBe(0)
    expect(first.stdout).toMatch(/[1-9]\d* migration\(s\) applied/)
    const second = await run([...CLI, 'migrate'], { env: { DATABASE_PATH: db } })
    expect(second.stdout).toContain(': 0 migration(s) applied')
  })

  it('runs dev until SIGTERM, serving the health route', async () => {
    const service = await startService([...CLI, 'dev', '--db', join(tmp.dir, 'dev.sqlite')], { env: { GATEWAY_PORT: '0', DEMO_PORT: '0' } })
    try {
      const res = await fetch(`${service.url}/api/v1/health`)
      expect(res.status).toBe(200)
      expect(((await res.json()) as any).database.journalMode).toBe('wal')
    } finally {
      expect(await service.stop()).toBe(0)
    }
  })
})
