import { ConfigError, loadConfig } from '../config'
import { migrate as applyMigrations, closeDatabase, openDatabase } from '../db'
import { startService, type ServiceHandle } from '../service'
import { VERSION } from '../version'
import { parseFlags, SERVICE_FLAGS } from './flags'

/** `event-index serve`: production. Refuses to start without a gateway keyring, since every route needs it. */
export async function serveCommand(args: string[]): Promise<number> {
  const { overrides } = parseFlags(args, SERVICE_FLAGS)
  const config = loadConfig(process.env, overrides)
  if (!config.GW_SIGNING_KEYS) throw new ConfigError('GW_SIGNING_KEYS', 'required by `event-index serve` (kid:secret[,kid:secret]); use `event-index dev` to try the service locally')
  const handle = await startService(config)
  process.stderr.write(`event-index ${VERSION} serving on ${handle.url}\n`)
  return waitForSignal(handle)
}

/** `event-index dev` (and `npm start`): the service on loopback with the embedded SQLite file under ./data. */
export async function devCommand(args: string[]): Promise<number> {
  const { overrides } = parseFlags(args, SERVICE_FLAGS)
  const config = loadConfig(process.env, overrides)
  const handle = await startService(config)
  process.stderr.write(
    [
      `event-index ${VERSION} (dev) on ${handle.url}`,
      `database: ${config.DATABASE_PATH}`,
      `try:  curl -s ${handle.url}/api/v1/health`,
      `docs: ${handle.url}/api/v1/docs`,
      '',
    ].join('\n'),
  )
  return waitForSignal(handle)
}

/** `event-index migrate`: applies migrations and reports how many were new. */
export async function migrateCommand(args: string[]): Promise<number> {
  const { overrides } = parseFlags(args, { db: SERVICE_FLAGS.db })
  const config = loadConfig(process.env, overrides)
  const db = openDatabase(config.DATABASE_PATH)
  try {
    const applied = applyMigrations(db)
    process.stdout.write(`${config.DATABASE_PATH}: ${applied} migration(s) applied\n`)
  } finally {
    closeDatabase(db)
  }
  return 0
}

function waitForSignal(handle: ServiceHandle): Promise<number> {
  return new Promise((resolve) => {
    const stop = async (signal: string) => {
      handle.logger.info('stopping', { signal })
      await handle.stop()
      resolve(0)
    }
    process.once('SIGINT', () => void stop('SIGINT'))
    process.once('SIGTERM', () => void stop('SIGTERM'))
  })
}
