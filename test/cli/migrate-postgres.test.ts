// Pins `event-index migrate` with PostgreSQL (issue 17): `--to-postgres URL` copies the SQLite file of
// DATABASE_PATH into an empty PostgreSQL database and prints each table's verified count, and a second run
// into the same database is refused (exit 1, nothing written); with DATABASE_URL set `migrate` applies the
// PostgreSQL migrations; `serve`, `dev` and `accounts` refuse DATABASE_URL in one line (PostgreSQL serving
// is not built yet); a URL that is not postgres:// is a usage error; no password is ever printed.
import { afterAll, describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { closeDatabase, migrate, openDatabase } from '../../src/db'
import { SQLITE_ONLY_TABLES } from '../../src/db/pg/copy-from-sqlite'
import { embeddedPgMigrations, migratePostgres } from '../../src/db/pg/migrate'
import { BUN, freePort, run } from '../helpers/process'
import { describePostgres, migratedDatabase, sharedPostgres } from '../helpers/postgres'
import { seedEveryTable } from '../helpers/seed-every-table'
import { tempDir } from '../helpers/tmp'

const CLI = [BUN, 'src/index.ts']
const PASSWORD = 'pw-Secret-42'
const tmp = tempDir()
afterAll(() => tmp.cleanup())

/** The cluster trusts loopback, so any password is accepted: one is put in the URL to check it never shows. */
const withPassword = (url: string) => url.replace('postgres://postgres@', `postgres://postgres:${PASSWORD}@`)

async function seededFile(name: string): Promise<{ path: string; counts: Map<string, number> }> {
  const path = join(tmp.dir, name)
  const db = openDatabase(path)
  migrate(db)
  await seedEveryTable(db)
  const tables = db.$client.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%fts%' AND name NOT LIKE '\\_\\_%' ESCAPE '\\'").all() as {
    name: string
  }[]
  const copied = tables.filter(({ name }) => !SQLITE_ONLY_TABLES.has(name))
  const counts = new Map(copied.map(({ name }) => [name, (db.$client.query(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n]))
  closeDatabase(db)
  return { path, counts }
}

describe('DATABASE_URL on the command line', () => {
  const env = (url: string) => ({ DATABASE_URL: url, DATABASE_PATH: join(tmp.dir, 'unused.sqlite'), GW_SIGNING_KEYS: 'k:0123456789abcdef0123456789abcdef', PORT: '0' })

  it('`dev` refuses to start in one line naming DATABASE_URL, without its password (its round keeps its own SQLite file)', async () => {
    const { code, stdout, stderr } = await run([...CLI, 'dev'], { env: env(`postgres://app:${PASSWORD}@db.internal/event_index`) })
    expect(code).toBe(78)
    expect(stderr.trim().split('\n')).toHaveLength(1)
    expect(stderr).toStartWith('configuration error: DATABASE_URL: `event-index dev` runs on its own SQLite file only')
    expect(stdout + stderr).not.toContain(PASSWORD)
  })

  for (const command of ['serve', 'accounts show --email a@example.org'])
    it(`\`${command}\` over a PostgreSQL server that cannot be reached stops in one line naming DATABASE_URL, without its password`, async () => {
      const url = `postgres://app:${PASSWORD}@127.0.0.1:${freePort()}/event_index`
      const { code, stdout, stderr } = await run([...CLI, ...command.split(' ')], { env: env(url) })
      expect(code).toBe(78)
      expect(stderr.trim().split('\n')).toHaveLength(1)
      expect(stderr).toStartWith('configuration error: DATABASE_URL: cannot open the database at postgres://app:***@127.0.0.1:')
      expect(stdout + stderr).not.toContain(PASSWORD)
    })

  it('refuses a --to-postgres URL that is not postgres:// as a usage error', async () => {
    const { code, stderr } = await run([...CLI, 'migrate', '--to-postgres', 'mysql://u:p@db/x', '--db', join(tmp.dir, 'x.sqlite')])
    expect(code).toBe(2)
    expect(stderr).toContain('--to-postgres needs a postgres:// or postgresql:// URL')
  })
})

describePostgres('event-index migrate with PostgreSQL', () => {
  const cluster = sharedPostgres()

  it('copies the SQLite file, prints each verified count, and refuses a second copy into the same database', async () => {
    const { path, counts } = await seededFile('copy.sqlite')
    const url = withPassword(await migratedDatabase(cluster(), migratePostgres))
    const first = await run([...CLI, 'migrate', '--to-postgres', url], { env: { DATABASE_PATH: path } })
    expect({ code: first.code, stderr: first.stderr }).toMatchObject({ code: 0 })
    const printed = new Map(
      first.stdout
        .trim()
        .split('\n')
        .slice(0, -1)
        .map((line) => line.trim().split(/\s+/) as [string, string])
        .map(([table, n]) => [table, Number(n)]),
    )
    expect(printed).toEqual(counts)
    const total = [...counts.values()].reduce((a, b) => a + b, 0)
    expect(first.stdout).toContain(`${total} row(s) in ${counts.size} tables copied to postgres://postgres:***@127.0.0.1:${cluster().port}/`)
    expect(first.stdout + first.stderr).not.toContain(PASSWORD)

    const second = await run([...CLI, 'migrate', '--to-postgres', url, '--db', path])
    expect(second.code).toBe(1)
    expect(second.stderr).toContain('refusing to copy into postgres://postgres:***@')
    expect(second.stderr).toContain('the PostgreSQL database is not empty (')
    for (const table of ['organizations', 'events', 'index_jobs']) expect(second.stderr).toContain(`${table}: ${counts.get(table)}`)
    expect(second.stdout + second.stderr).not.toContain(PASSWORD)
  })

  it('refuses to copy a SQLite file that does not exist (DATABASE_PATH, exit 78)', async () => {
    const url = await migratedDatabase(cluster(), migratePostgres)
    const { code, stderr } = await run([...CLI, 'migrate', '--to-postgres', url, '--db', join(tmp.dir, 'missing', 'none.sqlite')])
    expect(code).toBe(78)
    expect(stderr).toStartWith('configuration error: DATABASE_PATH: no SQLite database at')
  })

  it('applies the PostgreSQL migrations when DATABASE_URL is set, then finds nothing to do', async () => {
    const url = withPassword(await cluster().createDatabase())
    const shown = url.replace(PASSWORD, '***')
    const first = await run([...CLI, 'migrate'], { env: { DATABASE_URL: url } })
    expect({ code: first.code, out: first.stdout.trim() }).toEqual({ code: 0, out: `${shown}: ${embeddedPgMigrations().length} migration(s) applied` })
    const second = await run([...CLI, 'migrate'], { env: { DATABASE_URL: url } })
    expect({ code: second.code, out: second.stdout.trim() }).toEqual({ code: 0, out: `${shown}: 0 migration(s) applied` })
  })
})
