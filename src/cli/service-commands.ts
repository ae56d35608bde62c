import { ConfigError, loadConfig } from '../config'
import { startService, type ServiceHandle } from '../service'
import { VERSION } from '../version'
import { parseFlags, SERVICE_FLAGS } from './flags'

// `event-index dev` lives in dev-command.ts, so that `serve` never loads the demo site and the local gateway.

/** `event-index serve`: production. Refuses to start without a gateway keyring, since every route needs it. */
export async function serveCommand(args: string[]): Promise<number> {
  const { overrides } = parseFlags(args, SERVICE_FLAGS)
  const config = loadConfig(process.env, overrides)
  if (!config.GW_SIGNING_KEYS) throw new ConfigError('GW_SIGNING_KEYS', 'required by `event-index serve` (kid:secret[,kid:secret]); use `event-index dev` to try the service locally')
  const handle = await startService(config)
  // console.error writes natively; process.stderr would first build node's stream classes (a cold-start cost).
  console.error(`event-index ${VERSION} serving on ${handle.url}`)
  return waitForSignal(handle)
}

/** Resolves with exit code 0 once SIGINT or SIGTERM has stopped the service gracefully. */
export function waitForSignal(handle: ServiceHandle): Promise<number> {
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
