/**
 * Rule: the PostgreSQL test helper starts a real throw-away cluster from Debian's package on a free
 * loopback port, gives each test its own database, and leaves nothing behind when stopped. When the
 * package is missing the PostgreSQL suites announce in one line that they did not run.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { SQL } from 'bun'
import { existsSync } from 'node:fs'
import { findPostgresBin, startPostgres, type PostgresCluster } from './postgres'

const bin = findPostgresBin()
if (!bin) console.log('PostgreSQL suites did not run: no PostgreSQL found (apt-get install postgresql, or set PG_BIN)')
else
  describe('throw-away PostgreSQL cluster', () => {
    let cluster: PostgresCluster
    beforeAll(async () => {
      cluster = await startPostgres()
    }, 60_000)
    afterAll(() => cluster?.stop())

    test('answers queries on loopback in a database of its own', async () => {
      const url = await cluster.createDatabase()
      const sql = new SQL(url)
      const [row] = await sql`select current_database() as db, inet_server_addr()::text as addr, current_setting('port') as port`
      expect(url.endsWith(`/${row.db}`)).toBe(true)
      expect(row.addr).toBe('127.0.0.1/32')
      expect(Number(row.port)).toBe(cluster.port)
      await sql.close()
    })

    test('two databases are separate', async () => {
      const a = new SQL(await cluster.createDatabase())
      const b = new SQL(await cluster.createDatabase())
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
