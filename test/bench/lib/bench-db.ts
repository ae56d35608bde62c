import { Database } from 'bun:sqlite'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { closeDatabase, embeddedMigrations, migrate, openDatabase } from '../../../src/db'
import { ROOT } from '../../helpers/process'
import { seedBenchDatabase } from './seed-db'

/** The database sizes of the benchmarks: organizations of 50 events each, seeded with the project's helper. */
export const SIZES = { '10k': 200, '100k': 2000, '1M': 20000 } as const
export type Size = keyof typeof SIZES
export const PULL_PREFIX = 'bench-pull'
const DAY_MS = 86_400_000
const RESEED_DAYS = Number(process.env.BENCH_RESEED_DAYS ?? 3)
/** Raised when the seeded data changes, so that databases seeded before are seeded again. */
const SEED_VERSION = 2

export type BenchDatabase = { path: string; size: Size; events: number; seededAt: number }

/**
 * A seeded benchmark database under data/bench/ (gitignored), kept between runs: seeded once (1M events
 * take several minutes) and again when it is more than BENCH_RESEED_DAYS (3) days old (its events move into
 * the past) or the seeded data changes (SEED_VERSION). A schema older than the code's is brought up to date
 * by the embedded migrations, as `serve` does with an operator's database. Each also holds one organization of 500
 * events for the events pull. Before use, every organization is marked freshly indexed, so the service's
 * scheduler does not start re-crawling the fictitious sites while it is measured.
 */
export function benchDatabase(size: Size): BenchDatabase {
  const dir = join(ROOT, 'data/bench')
  mkdirSync(dir, { recursive: true })
  const path = join(dir, `events-${size}.sqlite`)
  const metaPath = join(dir, `events-${size}.json`)
  const migrations = embeddedMigrations().length
  let meta: { seededAt: number; migrations: number; seedVersion?: number } | undefined
  try {
    meta = existsSync(metaPath) && existsSync(path) ? JSON.parse(readFileSync(metaPath, 'utf8')) : undefined
  } catch {
    meta = undefined
  }
  if (meta && meta.migrations !== migrations && meta.seedVersion === SEED_VERSION && Date.now() - meta.seededAt <= RESEED_DAYS * DAY_MS) {
    const started = performance.now()
    process.stdout.write(`migrating ${path} (${meta.migrations} → ${migrations} migrations) ...`)
    const db = openDatabase(path)
    migrate(db)
    closeDatabase(db)
    meta = { ...meta, migrations }
    writeFileSync(metaPath, JSON.stringify(meta))
    console.log(` done in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  }
  if (!meta || meta.migrations !== migrations || meta.seedVersion !== SEED_VERSION || Date.now() - meta.seededAt > RESEED_DAYS * DAY_MS) {
    const orgs = SIZES[size]
    const tmp = `${path}.seeding`
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${tmp}${suffix}`, { force: true })
    const started = performance.now()
    process.stdout.write(`seeding ${size} events (${orgs} organizations of 50) into ${path} ...`)
    const seededAt = Date.now()
    seedBenchDatabase(tmp, orgs, 50, seededAt, 'bench-org', (done) => process.stdout.write(` ${done}`))
    seedBenchDatabase(tmp, 1, 500, seededAt, PULL_PREFIX)
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true })
    renameSync(tmp, path)
    for (const suffix of ['-wal', '-shm']) rmSync(`${tmp}${suffix}`, { force: true })
    meta = { seededAt, migrations, seedVersion: SEED_VERSION }
    writeFileSync(metaPath, JSON.stringify(meta))
    console.log(` done in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  }
  const sqlite = new Database(path)
  sqlite.run('PRAGMA journal_mode = WAL')
  sqlite.run('UPDATE organizations SET last_indexed_at = ?1, updated_at = ?1', [Date.now()])
  const events = (sqlite.query('SELECT count(*) AS n FROM events WHERE until_at >= ?1').get(Date.now()) as { n: number }).n
  sqlite.run('PRAGMA wal_checkpoint(TRUNCATE)')
  sqlite.close()
  return { path, size, events, seededAt: meta.seededAt }
}
