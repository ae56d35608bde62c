/**
 * Rule: the PostgreSQL test helper starts a real throw-away cluster from Debian's package on a free
 * loopback port, gives each test its own database, and leaves nothing behind when stopped. When the
 * package is missing the PostgreSQL suites announce in one line (for the whole run) that they did not
 * run, and with REQUIRE_POSTGRES=1 (CI) a missing server fails the run instead.
 */
import { describe, expect, test } from 'bun:test'
import { SQL } from 'bun'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describePostgres, POSTGRES_SKIPPED, sharedPostgres, startPostgres } from './postgres'
import { tempDir } from './tmp'

describePostgres('throw-away PostgreSQL cluster', () => {
  const cluster = sharedPostgres()

  test('answers queries on loopback in a database of its own', async () => {
    const url = await cluster().createDatabase()
    const sql = new SQL(url)
    const [row] = await sql`select current_database() as db, inet_server_addr()::text as addr, current_setting('port') as port`
    expect(url.endsWith(`/${row.db}`)).toBe(true)
    expect(row.addr).toBe('127.0.0.1/32')
    expect(Number(row.port)).toBe(cluster().port)
    await sql.close()
  })

  test('two databases are separate', async () => {
    const a = new SQL(await cluster().createDatabase())
    const b = new SQL(await cluster().createDatabase())
    await a`create table only_here (x int)`
    const [{ n }] = await b`select count(*)::int as n from information_schema.tables where table_name = 'only_here'`
    expect(n).toBe(0)
    await Promise.all([a.close(), b.close()])
  })

  test('stop removes the cluster folder', async () => {
    const other = await startPostgres()
    const sql = new SQL(other.url)
    const [{ v }] = await sql`select 1 as v`
    expect(v).toBe(1)
    await sql.close()
    expect(existsSync(other.dir)).toBe(true)
    await other.stop()
    expect(existsSync(other.dir)).toBe(false)
    const after = new SQL(other.url)
    await expect(after`select 1`).rejects.toThrow()
  }, 60_000)
})

describe('without PostgreSQL', () => {
  /** Runs a test file holding two PostgreSQL suites with no PostgreSQL to be found (PG_BIN names an empty folder). */
  async function runWithout(env: Record<string, string>): Promise<{ code: number; out: string }> {
    const { dir, cleanup } = tempDir()
    try {
      const helper = join(import.meta.dir, 'postgres.ts')
      const body = `import { test } from 'bun:test'\nimport { describePostgres } from ${JSON.stringify(helper)}\ntest('sqlite side', () => {})\ndescribePostgres('a', () => test('x', () => {}))\ndescribePostgres('b', () => test('y', () => {}))\n`
      writeFileSync(join(dir, 'gate.test.ts'), body)
      const proc = Bun.spawn([process.execPath, 'test'], { cwd: dir, stdout: 'pipe', stderr: 'pipe', env: { PATH: process.env.PATH ?? '', PG_BIN: dir, ...env } })
      const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
      return { code, out: out + err }
    } finally {
      cleanup()
    }
  }

  test('the suites are left out with one line, and the run passes', async () => {
    const { code, out } = await runWithout({})
    expect(code).toBe(0)
    expect(out.split(POSTGRES_SKIPPED).length - 1).toBe(1)
    expect(out).toContain('1 pass')
  }, 30_000)

  test('REQUIRE_POSTGRES=1 turns the missing server into a failure', async () => {
    const { code, out } = await runWithout({ REQUIRE_POSTGRES: '1' })
    expect(code).not.toBe(0)
    expect(out).toContain('needs PostgreSQL (REQUIRE_POSTGRES=1)')
    expect(out).not.toContain(POSTGRES_SKIPPED)
  }, 30_000)
})
