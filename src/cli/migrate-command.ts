import { existsSync } from 'node:fs'
import { ConfigError, isPostgresUrl, loadConfig, type Config } from '../config'
import { copySqliteFileToPostgres, migratePostgres, redactDatabaseUrl, TargetNotEmptyError } from '../db/open-storage'
import { openConfiguredStorage } from '../service'
import { parseFlags, SERVICE_FLAGS, UsageError } from './flags'

/**
 * `event-index migrate`: applies the migrations and reports how many were new: to the PostgreSQL database
 * of DATABASE_URL when it is set, else to the SQLite file of DATABASE_PATH. `--to-postgres URL` copies the
 * SQLite file into an empty PostgreSQL database instead (see {@link copyToPostgres}).
 */
export async function migrateCommand(args: string[]): Promise<number> {
  const { values, overrides } = parseFlags(args, { db: SERVICE_FLAGS.db, 'to-postgres': { type: 'string' } })
  const config = loadConfig(process.env, overrides)
  const target = values['to-postgres']
  if (target !== undefined) return copyToPostgres(config, String(target))
  if (config.DATABASE_URL) {
    const applied = await withoutPassword(config.DATABASE_URL, () => migratePostgres(config.DATABASE_URL))
    process.stdout.write(`${redactDatabaseUrl(config.DATABASE_URL)}: ${applied} migration(s) applied\n`)
    return 0
  }
  const { storage, migrationsApplied } = await openConfiguredStorage({ DATABASE_PATH: config.DATABASE_PATH, DATABASE_URL: '' })
  await storage.close()
  process.stdout.write(`${config.DATABASE_PATH}: ${migrationsApplied} migration(s) applied\n`)
  return 0
}

/**
 * `event-index migrate --to-postgres URL`: copies the SQLite file of DATABASE_PATH (migrated first) into
 * the PostgreSQL database at URL (migrated too), verifies every table's row count and prints them. A
 * target holding any row is refused with exit 1 and nothing written. Progress goes to stderr, the
 * verified counts to stdout.
 */
async function copyToPostgres(config: Config, url: string): Promise<number> {
  if (!isPostgresUrl(url)) throw new UsageError('--to-postgres needs a postgres:// or postgresql:// URL, e.g. postgres://user:password@db.internal:5432/event_index')
  const path = config.DATABASE_PATH
  if (path === ':memory:' || !existsSync(path)) throw new ConfigError('DATABASE_PATH', `no SQLite database at ${path} to copy (set DATABASE_PATH or --db to the file the service uses)`)
  const shown = redactDatabaseUrl(url)
  const started = performance.now()
  try {
    process.stderr.write(`copying ${path} into ${shown}\n`)
    const counts = await withoutPassword(url, () => copySqliteFileToPostgres(path, url, (table, rows) => process.stderr.write(`  ${table}: ${rows} row(s) copied\n`)))
    const seconds = (performance.now() - started) / 1000
    const total = counts.reduce((sum, c) => sum + c.rows, 0)
    const width = Math.max(...counts.map((c) => c.table.length))
    for (const { table, rows } of counts) process.stdout.write(`${table.padEnd(width)}  ${rows}\n`)
    process.stdout.write(`${total} row(s) in ${counts.length} tables copied to ${shown} and verified in ${seconds.toFixed(1)} s (${Math.round(total / Math.max(seconds, 0.001))} rows/s)\n`)
    return 0
  } catch (error) {
    if (!(error instanceof TargetNotEmptyError)) throw error
    process.stderr.write(`event-index migrate: refusing to copy into ${shown}: ${error.message}\n`)
    return 1
  }
}

/** Runs `work`, taking the URL's password out of any error it throws (a driver may quote what it was given). */
async function withoutPassword<T>(url: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    const password = passwordOf(url)
    if (!password || !(error instanceof Error)) throw error
    error.message = error.message.split(password).join('***').split(encodeURIComponent(password)).join('***')
    throw error
  }
}

function passwordOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password)
  } catch {
    return ''
  }
}
