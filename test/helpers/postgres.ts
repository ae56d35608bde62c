import { beforeAll, describe, test } from 'bun:test'
import { SQL } from 'bun'
import { accessSync, chownSync, constants, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'

/** A throw-away PostgreSQL cluster started for one test file. */
export type PostgresCluster = {
  /** `postgres://…` URL of the cluster's `postgres` database over TCP on loopback. */
  url: string
  port: number
  /** The temporary folder holding the data directory, socket and log. */
  dir: string
  /** Creates a fresh empty database and returns its URL (one per test keeps tests isolated). */
  createDatabase(name?: string): Promise<string>
  /** The cluster's own connection to its `postgres` database (CREATE/DROP DATABASE), opened on first use and closed by `stop`. */
  admin(): SQL
  /** Runs `close` when the cluster stops, before the server does (connections the helpers keep open). */
  onStop(close: () => Promise<unknown>): void
  stop(): Promise<void>
}

const SEARCH = ['/usr/lib/postgresql']

/**
 * The folder holding Debian's `initdb`/`pg_ctl`/`postgres` (newest major first), or undefined when the
 * package is not installed. `PG_BIN` overrides it.
 */
export function findPostgresBin(): string | undefined {
  if (process.env.PG_BIN) return existsSync(join(process.env.PG_BIN, 'initdb')) ? process.env.PG_BIN : undefined
  for (const root of SEARCH) {
    if (!existsSync(root)) continue
    const majors = readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a))
    for (const major of majors) if (existsSync(join(root, major, 'bin', 'initdb'))) return join(root, major, 'bin')
  }
  return undefined
}

/** A port the kernel just handed out on loopback (closed again, so the cluster can bind it). */
function freePort(): number {
  const probe = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = probe.port
  probe.stop(true)
  return port
}

/** Runs a PostgreSQL program as the cluster's owner: `postgres` when we are root (initdb refuses root). */
async function asOwner(cmd: string[], owner: string | undefined): Promise<string> {
  const argv = owner ? ['runuser', '-u', owner, '--', ...cmd] : cmd
  const proc = Bun.spawn(argv, { stdout: 'pipe', stderr: 'pipe', env: { PATH: process.env.PATH ?? '', LANG: 'C.UTF-8' } })
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  if (code !== 0) throw new Error(`${cmd[0]} failed (${code}): ${err || out}`)
  return out
}

/** Where a cluster's folder goes: memory (/dev/shm, when this machine has it) for `inMemory`, else the temp folder. */
function clusterRoot(inMemory: boolean): string {
  if (!inMemory) return tmpdir()
  try {
    accessSync('/dev/shm', constants.W_OK)
    return '/dev/shm'
  } catch {
    return tmpdir()
  }
}

/**
 * Starts a cluster with `initdb` in a temporary folder on a free loopback port, trusting local
 * connections only, with fsync off from initdb on (a test cluster holds nothing worth a crash-safe write). When run as
 * root the folder is handed to the `postgres` system user, because PostgreSQL refuses to run as root.
 * `inMemory` puts the folder on /dev/shm where there is one: the run's shared cluster creates a database
 * per test (a copy of the migrated template), which costs a few milliseconds in memory and several
 * times more on a busy disk; benchmarks keep the default, a disk like a real server's.
 */
export async function startPostgres(where: { inMemory?: boolean } = {}): Promise<PostgresCluster> {
  const bin = findPostgresBin()
  if (!bin) throw new Error('PostgreSQL not found: install Debian package postgresql (or set PG_BIN)')
  const owner = userInfo().uid === 0 ? 'postgres' : undefined
  const dir = mkdtempSync(join(clusterRoot(where.inMemory ?? false), 'event-index-pg-'))
  if (owner) {
    const { uid, gid } = ownerIds(owner)
    chownSync(dir, uid, gid)
  }
  const data = join(dir, 'data')
  await asOwner([join(bin, 'initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions', '--no-sync'], owner)
  const port = freePort()
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`
  await asOwner([join(bin, 'pg_ctl'), '-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '30', 'start'], owner)
  const base = `postgres://postgres@127.0.0.1:${port}`
  let serial = 0
  let admin: SQL | undefined
  const closers: (() => Promise<unknown>)[] = []
  return {
    url: `${base}/postgres`,
    port,
    dir,
    async createDatabase(name = `t${process.pid}_${++serial}_${Date.now().toString(36)}`) {
      await asOwner([join(bin, 'createdb'), '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name], undefined)
      return `${base}/${name}`
    },
    admin: () => (admin ??= new SQL({ url: `${base}/postgres`, max: 2 })),
    onStop: (close) => void closers.push(close),
    async stop() {
      await Promise.all(closers.splice(0).map((close) => close().catch(() => {})))
      await admin?.close().catch(() => {})
      await asOwner([join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop'], owner).catch(() => {})
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

function ownerIds(owner: string): { uid: number; gid: number } {
  const uid = Number(Bun.spawnSync(['id', '-u', owner]).stdout.toString().trim())
  const gid = Number(Bun.spawnSync(['id', '-g', owner]).stdout.toString().trim())
  return { uid, gid }
}

/** The one line `npm test` prints when the PostgreSQL suites cannot run here. */
export const POSTGRES_SKIPPED = 'PostgreSQL suites did not run: no PostgreSQL found (apt-get install postgresql, or set PG_BIN)'

let announced = false

/**
 * `describe` for a PostgreSQL suite. Without PostgreSQL the suite does not run and the whole run prints
 * {@link POSTGRES_SKIPPED} once (not once per file); with `REQUIRE_POSTGRES=1` (set by `.ci/run`) a
 * missing server is a failing test instead, so CI cannot pass without running them.
 */
export function describePostgres(name: string, fn: () => void): void {
  if (findPostgresBin()) return describe(name, fn)
  if (process.env.REQUIRE_POSTGRES === '1') {
    describe(name, () => {
      test('needs PostgreSQL (REQUIRE_POSTGRES=1)', () => {
        throw new Error(`REQUIRE_POSTGRES=1 but no PostgreSQL was found under ${SEARCH.join(', ')} or PG_BIN: install Debian package postgresql`)
      })
    })
    return
  }
  if (announced) return
  announced = true
  console.log(POSTGRES_SKIPPED)
}

let processCluster: Promise<PostgresCluster> | undefined

/**
 * The cluster shared by every PostgreSQL suite of the test run (`bun test` runs its files in one process,
 * and a cluster start costs two or three seconds): started before the first test that needs it, stopped
 * after the last test of the run by {@link stopSharedPostgres} (test/preload.ts). Tests stay isolated because each takes a fresh database (`createDatabase()` or
 * `migratedDatabase()`); a test that needs a server of its own (a standby, a primary to watch) starts one.
 */
export function sharedPostgres(): () => PostgresCluster {
  let cluster: PostgresCluster | undefined
  beforeAll(async () => {
    processCluster ??= startPostgres({ inMemory: true })
    cluster = await processCluster
  }, 60_000)
  return () => {
    if (!cluster) throw new Error('the PostgreSQL cluster is not started (call sharedPostgres() inside describePostgres)')
    return cluster
  }
}

/** Stops the run's shared cluster, if one was started (a global afterAll: `bun test` fires no exit event). */
export async function stopSharedPostgres(): Promise<void> {
  const started = processCluster
  processCluster = undefined
  if (started) await (await started.catch(() => undefined))?.stop()
}

type Copies = { template: Promise<string>; strategy: Promise<string>; spare?: Promise<string> }

const copiesOf = new WeakMap<PostgresCluster, Copies>()
let copies = 0

/**
 * A fresh database holding the whole PostgreSQL schema: a copy (CREATE DATABASE … TEMPLATE) of one
 * database per cluster migrated once with `migrate`, which costs a fraction of migrating each anew.
 * The next copy is made while the caller uses this one (a test's database is ready when it asks), and by
 * file copy where the server has it (PostgreSQL 15+: cheaper than the default for a small database).
 * Tests of the migrations themselves take an empty `createDatabase()` instead. {@link dropDatabase} frees one.
 */
export async function migratedDatabase(cluster: PostgresCluster, migrate: (url: string) => Promise<unknown>): Promise<string> {
  let known = copiesOf.get(cluster)
  if (!known) {
    const template = cluster.createDatabase(`migrated_${process.pid}`).then(async (url) => {
      await migrate(url)
      return url.slice(url.lastIndexOf('/') + 1)
    })
    const strategy = cluster.admin()`SELECT current_setting('server_version_num')::int >= 150000 AS fileCopy`.then(([row]: { filecopy: boolean }[]) => (row?.filecopy ? ' STRATEGY FILE_COPY' : ''))
    known = { template, strategy }
    copiesOf.set(cluster, known)
  }
  const next = known.spare ?? copyTemplate(cluster, known)
  const spare = copyTemplate(cluster, known)
  spare.catch(() => {})
  known.spare = spare
  return next
}

async function copyTemplate(cluster: PostgresCluster, known: Copies): Promise<string> {
  const name = `m${process.pid}_${++copies}_${Date.now().toString(36)}`
  await cluster.admin().unsafe(`CREATE DATABASE "${name}" TEMPLATE "${await known.template}"${await known.strategy}`)
  return `${cluster.url.slice(0, cluster.url.lastIndexOf('/'))}/${name}`
}

/** Drops the database at `url` of `cluster`, closing any connection left to it (a test's database, once its storage closed). */
export async function dropDatabase(cluster: PostgresCluster, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1)
  await cluster.admin().unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
}

/**
 * A streaming standby of `primary` (issue 17: the health check reports the replication lag it can see):
 * `pg_basebackup -R` of the primary into a temporary folder, started read-only on a free loopback port.
 * `url` is its `postgres` database; `createDatabase` is refused (a standby takes no writes).
 */
export async function startStandby(primary: PostgresCluster): Promise<PostgresCluster> {
  const bin = findPostgresBin()
  if (!bin) throw new Error('PostgreSQL not found: install Debian package postgresql (or set PG_BIN)')
  const owner = userInfo().uid === 0 ? 'postgres' : undefined
  const dir = mkdtempSync(join(tmpdir(), 'event-index-pg-standby-'))
  if (owner) {
    const { uid, gid } = ownerIds(owner)
    chownSync(dir, uid, gid)
  }
  const data = join(dir, 'data')
  await asOwner([join(bin, 'pg_basebackup'), '-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', data, '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync'], owner)
  const port = freePort()
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=200 -c hot_standby=on`
  await asOwner([join(bin, 'pg_ctl'), '-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '30', 'start'], owner)
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  let admin: SQL | undefined
  const closers: (() => Promise<unknown>)[] = []
  return {
    url,
    port,
    dir,
    async createDatabase() {
      throw new Error('a standby takes no writes: create databases on its primary')
    },
    admin: () => (admin ??= new SQL({ url, max: 1 })),
    onStop: (close) => void closers.push(close),
    async stop() {
      await Promise.all(closers.splice(0).map((close) => close().catch(() => {})))
      await admin?.close().catch(() => {})
      await asOwner([join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop'], owner).catch(() => {})
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
