import { ConfigError, loadConfig } from '../config'
import { migrate as applyMigrations, closeDatabase, openDatabase } from '../db'
import { startService, type ServiceHandle } from '../service'
import { VERSION } from '../version'
import { startLocalGateway } from '../gateway/local/server'
import { loadDevState } from './dev-state'
import { parseFlags, SERVICE_FLAGS, UsageError } from './flags'
import { gatewayBanner } from './gateway-commands'

/** `event-index serve`: production. Refuses to start without a gateway keyring, since every route needs it. */
export async function serveCommand(args: string[]): Promise<number> {
  const { overrides } = parseFlags(args, SERVICE_FLAGS)
  const config = loadConfig(process.env, overrides)
  if (!config.GW_SIGNING_KEYS) throw new ConfigError('GW_SIGNING_KEYS', 'required by `event-index serve` (kid:secret[,kid:secret]); use `event-index dev` to try the service locally')
  const handle = await startService(config)
  process.stderr.write(`event-index ${VERSION} serving on ${handle.url}\n`)
  return waitForSignal(handle)
}

/**
 * `event-index dev` (and `npm start`): the service on loopback with the embedded SQLite file under ./data,
 * and the local gateway beside it (127.0.0.1:8080) with a dev agent whose key survives restarts.
 */
export async function devCommand(args: string[]): Promise<number> {
  const { values, overrides } = parseFlags(args, { ...SERVICE_FLAGS, 'gateway-port': { type: 'string' } })
  const base = loadConfig(process.env, overrides)
  const state = loadDevState(base.DATABASE_PATH)
  const gatewayPort = values['gateway-port'] === undefined ? 8080 : Number(values['gateway-port'])
  if (!Number.isInteger(gatewayPort) || gatewayPort < 0 || gatewayPort > 65535) throw new UsageError('--gateway-port must be a port number')
  let serviceUrl = ''
  const gateway = startLocalGateway({
    upstream: () => serviceUrl,
    port: gatewayPort,
    kid: state.kid,
    secret: state.secret,
    usageReadKey: state.usageReadKey,
    usageWriteKey: state.usageWriteKey,
    adminKey: state.adminKey,
    agents: [state.agent],
  })
  let handle: ServiceHandle
  try {
    const config = loadConfig(process.env, {
      ...overrides,
      GW_SIGNING_KEYS: [base.GW_SIGNING_KEYS, `${state.kid}:${state.secret}`].filter(Boolean).join(','),
      GW_USAGE_URL: gateway.usageUrl,
      GW_USAGE_READ_KEY: state.usageReadKey,
      GW_USAGE_WRITE_KEY: state.usageWriteKey,
    })
    handle = await startService(config)
  } catch (error) {
    await gateway.stop()
    throw error
  }
  serviceUrl = handle.url
  handle.logger.info('gateway listening', { url: gateway.url })
  process.stderr.write(
    [`event-index ${VERSION} (dev)`, `service:    ${handle.url}  (database ${base.DATABASE_PATH}, docs ${handle.url}/api/v1/docs)`, gatewayBanner(gateway)].join('\n'),
  )
  const code = await waitForSignal(handle)
  await gateway.stop()
  return code
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
