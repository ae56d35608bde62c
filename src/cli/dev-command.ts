import { listenFailure, loadConfig, type ListenTarget } from '../config'
import { DEMO_ORG } from '../dev/demo-calendar'
import { startDemoSite, type DemoSite } from '../dev/demo-site'
import { startLocalGateway, type LocalGateway } from '../gateway/local/server'
import { identifyWebsite } from '../model/org-identity'
import { startService } from '../service'
import { VERSION } from '../version'
import { loadDevState, saveDevState, type DevState } from './dev-state'
import { parseFlags, SERVICE_FLAGS } from './flags'
import { curlLine, gatewayBanner } from './gateway-commands'
import { waitForSignal } from './service-commands'
import { refusePostgres } from './sqlite-only'

/**
 * `event-index dev` (and `npm start`): the service on loopback with the embedded SQLite file under ./data,
 * the local gateway beside it (127.0.0.1:8080) with a dev agent whose key and ledger survive restarts, and
 * the built-in demo organization site (127.0.0.1:8081, as riverside.localhost), the one loopback site this
 * service may index without CRAWL_ALLOW_PRIVATE. The banner's curl lines index it, poll, read and search:
 * a whole round with no network.
 */
export async function devCommand(args: string[]): Promise<number> {
  const { overrides } = parseFlags(args, { ...SERVICE_FLAGS, 'gateway-port': { type: 'string', env: 'GATEWAY_PORT' }, 'demo-port': { type: 'string', env: 'DEMO_PORT' } })
  const base = loadConfig(process.env, overrides)
  refusePostgres(base, 'dev')
  const state = loadDevState(base.DATABASE_PATH)
  const stops: (() => Promise<void>)[] = []
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop()
  }
  try {
    const demo = listening(() => startDemoSite({ port: base.DEMO_PORT }), {
      what: 'the demo site',
      hostname: '127.0.0.1',
      port: base.DEMO_PORT,
      portSetting: { variable: 'DEMO_PORT', flag: '--demo-port' },
    })
    stops.push(() => demo.stop())
    let serviceUrl = ''
    const gateway = listening(
      () =>
        startLocalGateway({
          upstream: () => serviceUrl,
          port: base.GATEWAY_PORT,
          kid: state.kid,
          secret: state.secret,
          usageReadKey: state.usageReadKey,
          usageWriteKey: state.usageWriteKey,
          adminKey: state.adminKey,
          agents: [state.agent],
          ledgerState: state.ledger,
          onLedgerChange: (ledger) => keepLedger(base.DATABASE_PATH, { ...state, ledger }),
        }),
      { what: 'the local gateway', hostname: '127.0.0.1', port: base.GATEWAY_PORT, portSetting: { variable: 'GATEWAY_PORT', flag: '--gateway-port' } },
    )
    stops.push(() => gateway.stop())
    const config = loadConfig(process.env, {
      ...overrides,
      GW_SIGNING_KEYS: [base.GW_SIGNING_KEYS, `${state.kid}:${state.secret}`].filter(Boolean).join(','),
      GW_USAGE_URL: gateway.usageUrl,
      GW_USAGE_READ_KEY: state.usageReadKey,
      GW_USAGE_WRITE_KEY: state.usageWriteKey,
    })
    const handle = await startService(config, undefined, { loopbackSites: [demo.site] })
    serviceUrl = handle.url
    handle.logger.info('gateway listening', { url: gateway.url, demo: demo.url })
    process.stderr.write(
      [
        `event-index ${VERSION} (dev)`,
        `service:    ${handle.url}  (database ${base.DATABASE_PATH}, docs ${handle.url}/api/v1/docs)`,
        `demo site:  ${demo.url}  (${DEMO_ORG.name}, built in; open it in a browser)`,
        gatewayBanner(gateway, demoTryLines(gateway, demo)),
      ].join('\n'),
    )
    return await waitForSignal(handle)
  } finally {
    await stopAll()
  }
}

/** Saves the dev gateway's ledger; a failed write is said on stderr and never refuses the debit it follows. */
function keepLedger(databasePath: string, state: DevState): void {
  try {
    saveDevState(databasePath, state)
  } catch (error) {
    process.stderr.write(`warning: the dev gateway's ledger could not be saved: ${(error as Error).message}\n`)
  }
}

/** Starts a listener, turning a failure to listen into a ConfigError that names the address, flag and variable. */
function listening<T>(start: () => T, target: ListenTarget): T {
  try {
    return start()
  } catch (error) {
    throw listenFailure(error, target)
  }
}

/** The banner's round with the demo site: index (202), poll (200 ready), read the events, search them. */
export function demoTryLines(gateway: LocalGateway, demo: DemoSite): string[] {
  const orgId = identifyWebsite(demo.url, { loopbackSites: [demo.site] }).orgId
  return [
    'try it (no network needed: the demo site is built in):',
    '  1. index the demo site (202 with a jobId):',
    `     ${curlLine(gateway, '/api/v1/orgs', { website: demo.url })}`,
    '  2. poll the job until "status":"ready" (put the jobId of the answer above in place of JOB_ID):',
    `     ${curlLine(gateway, '/api/v1/orgs/JOB_ID')}`,
    "  3. read the organization's events:",
    `     ${curlLine(gateway, `/api/v1/businesses/${orgId}/events`)}`,
    '  4. search the events of every organization indexed:',
    `     ${curlLine(gateway, `/api/v1/search/events?city=${DEMO_ORG.city}`)}`,
  ]
}
