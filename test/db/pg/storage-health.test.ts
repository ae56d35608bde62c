// Pins what Storage.health answers on PostgreSQL (issue 17: "the health endpoint reports the backend and
// the replication lag it can see"): backend postgres and reachable; on a primary without standbys no
// lag (null); on a primary streaming to a standby, that standby and its replay lag; on the standby, the
// age of the last transaction it replayed; and an unreachable server makes health reject (so the
// service reports itself degraded).
import { afterEach, expect, it } from 'bun:test'
import { SQL } from 'bun'
import { embeddedPgMigrations, migratePostgres } from '../../../src/db/pg/migrate'
import { pgHealth } from '../../../src/db/pg/storage/health'
import { describePostgres, migratedDatabase, type PostgresCluster, sharedPostgres, startPostgres, startStandby } from '../../helpers/postgres'

/** Asks `probe` until it answers something other than undefined, at most `tries` times 25 ms apart. */
async function until<T>(probe: () => Promise<T | undefined>, tries = 400): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const answer = await probe()
    if (answer !== undefined) return answer
    await Bun.sleep(25)
  }
  throw new Error('the condition never held')
}

describePostgres('PostgreSQL storage health', () => {
  const cluster = sharedPostgres()
  const clients: SQL[] = []
  const clusters: PostgresCluster[] = []
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()))
    for (const c of clusters.splice(0).reverse()) await c.stop()
  })
  const open = (url: string, max = 2) => {
    const sql = new SQL({ url, max, connectionTimeout: 5 })
    clients.push(sql)
    return sql
  }

  it('reports a primary without standbys: postgres, reachable, no replication lag', async () => {
    const sql = open(await migratedDatabase(cluster(), migratePostgres))
    expect(await pgHealth(sql)).toEqual({
      backend: 'postgres',
      reachable: true,
      role: 'primary',
      journalMode: 'replica',
      migrations: embeddedPgMigrations().length,
      replicationLagMs: null,
      replicationLagSeconds: null,
      standbys: [],
    })
  })

  it('reports the standby a primary streams to, and on the standby the age of its last replayed transaction', async () => {
    const primaryCluster = await startPostgres()
    clusters.push(primaryCluster)
    const url = await primaryCluster.createDatabase('app')
    await migratePostgres(url)
    const standbyCluster = await startStandby(primaryCluster)
    clusters.push(standbyCluster)
    const primary = open(url)
    const standby = open(standbyCluster.url.replace(/\/postgres$/, '/app'))
    await primary`INSERT INTO accounts (account_id, email, key_hash, created_at) VALUES ('acct_1', 'a@example.org', 'h', 0)`
    await until(async () => ((await standby`SELECT 1 FROM accounts WHERE account_id = 'acct_1'`).length ? true : undefined))

    const onStandby = await pgHealth(standby)
    expect(onStandby).toMatchObject({ backend: 'postgres', reachable: true, role: 'standby', journalMode: 'replica', migrations: embeddedPgMigrations().length, standbys: [] })
    expect(onStandby.replicationLagMs).toBeGreaterThanOrEqual(0)
    expect(onStandby.replicationLagSeconds).toBe(onStandby.replicationLagMs! / 1000)

    // The primary measures a standby's lag from WAL it sends: PostgreSQL reports no lag once the standby has
    // caught up and nothing is written, so each probe writes (on a loaded machine the first probe may come late).
    const onPrimary = await until(async () => {
      await primary`UPDATE accounts SET created_at = created_at + 1 WHERE account_id = 'acct_1'`
      const health = await pgHealth(primary)
      return health.replicationLagMs === null ? undefined : health
    })
    expect(onPrimary).toMatchObject({ backend: 'postgres', reachable: true, role: 'primary' })
    expect(onPrimary.standbys).toEqual([{ name: expect.any(String), state: 'streaming', replayLagMs: onPrimary.replicationLagMs }])
    expect(onPrimary.replicationLagMs).toBeGreaterThanOrEqual(0)
  }, 60_000)

  it('rejects health when the server cannot be reached', async () => {
    const url = await migratedDatabase(cluster(), migratePostgres)
    const probe = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
    const closedPort = probe.port
    probe.stop(true)
    await expect(pgHealth(open(url.replace(`:${cluster().port}/`, `:${closedPort}/`), 1))).rejects.toThrow()
  })
})
