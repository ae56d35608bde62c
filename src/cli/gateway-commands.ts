import { readFileSync } from 'node:fs'
import { ConfigError, listenFailure, loadConfig } from '../config'
import { parseKeyring } from '../gateway/keyring'
import { startLocalGateway, type LocalGateway } from '../gateway/local/server'
import { GATEWAY_REQUEST_ID, signRequest } from '../gateway/signature'
import { createLogger } from '../log'
import { parseFlags, UsageError } from './flags'

/** The lines that tell a person where the local gateway is and who may call it; `tryLines` follow. */
export function gatewayBanner(gateway: LocalGateway, tryLines: string[]): string {
  const agent = gateway.agents[0]
  const storefront = `${gateway.url}/s/${agent.session}`
  const left = gateway.ledger.balance(agent.agentId)
  return [
    `gateway:    ${gateway.url}  (usage service ${gateway.usageUrl})`,
    `storefront: ${storefront}`,
    `agent:      ${agent.agentId}  key ${agent.key}  (free trial left: ${left.trial.orgs_index} index calls, ${left.trial.events_pull} events; ${left.units} units)`,
    `admin key:  ${gateway.adminKey}  (POST ${gateway.url}/_gateway/agents/<agentId>/credits {"units":N})`,
    ...tryLines,
    '',
  ].join('\n')
}

/** A curl line of the banner: the agent's call through its storefront, exactly as it can be pasted. */
export function curlLine(gateway: LocalGateway, path: string, body?: object): string {
  const agent = gateway.agents[0]
  const url = `'${gateway.url}/s/${agent.session}${path}'`
  const auth = `-H 'Authorization: Bearer ${agent.key}'`
  return body ? `curl -s -X POST ${url} ${auth} -H 'content-type: application/json' -d '${JSON.stringify(body)}'` : `curl -s ${url} ${auth}`
}

/** `event-index gateway --upstream URL`: the local gateway in front of a running service. */
export async function gatewayCommand(args: string[]): Promise<number> {
  const { values, overrides } = parseFlags(args, {
    upstream: { type: 'string' },
    port: { type: 'string', env: 'GATEWAY_PORT' },
    host: { type: 'string' },
    'agent-key': { type: 'string' },
    session: { type: 'string' },
  })
  const upstream = values.upstream as string | undefined
  if (!upstream || !/^https?:\/\/[^/]+\/?$/.test(upstream)) throw new UsageError('--upstream must be the service origin, e.g. --upstream http://127.0.0.1:3000')
  const config = loadConfig(process.env, overrides)
  const pairs = [...parseKeyring(config.GW_SIGNING_KEYS)]
  if (pairs.length === 0) throw new ConfigError('GW_SIGNING_KEYS', 'required by `event-index gateway`: it signs with the last kid:secret pair')
  if (!config.GW_USAGE_READ_KEY || !config.GW_USAGE_WRITE_KEY)
    throw new ConfigError('GW_USAGE_READ_KEY', "GW_USAGE_READ_KEY and GW_USAGE_WRITE_KEY are required: the service calls this gateway's usage service with them")
  const [kid, secret] = pairs[pairs.length - 1]
  const hostname = (values.host as string) ?? '127.0.0.1'
  let gateway: LocalGateway
  try {
    gateway = startLocalGateway({
      upstream: upstream.replace(/\/$/, ''),
      hostname,
      port: config.GATEWAY_PORT,
      kid,
      secret,
      usageReadKey: config.GW_USAGE_READ_KEY,
      usageWriteKey: config.GW_USAGE_WRITE_KEY,
      agents: [{ key: values['agent-key'] as string | undefined, session: values.session as string | undefined }],
    })
  } catch (error) {
    throw listenFailure(error, { what: 'the local gateway', hostname, port: config.GATEWAY_PORT, hostSetting: { flag: '--host' }, portSetting: { variable: 'GATEWAY_PORT', flag: '--port' } })
  }
  createLogger(config.LOG_LEVEL).info('gateway listening', { url: gateway.url, upstream })
  process.stderr.write(gatewayBanner(gateway, ['try:', `  ${curlLine(gateway, '/api/v1/orgs', { website: 'example.org' })}`]))
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve())
    process.once('SIGTERM', () => resolve())
  })
  await gateway.stop()
  return 0
}

/** `event-index sign`: prints the gateway headers for a request (gw2 with `--id`, else gw1), for operators and tests. */
export async function signCommand(args: string[]): Promise<number> {
  const { values } = parseFlags(args, {
    kid: { type: 'string' },
    secret: { type: 'string' },
    method: { type: 'string' },
    path: { type: 'string' },
    agent: { type: 'string' },
    body: { type: 'string' },
    t: { type: 'string' },
    id: { type: 'string' },
  })
  const kid = values.kid as string | undefined
  const path = values.path as string | undefined
  if (!kid || !path?.startsWith('/')) throw new UsageError('sign needs --kid K and --path /api/v1/… (and --secret S, or the kid in GW_SIGNING_KEYS)')
  const secret = (values.secret as string | undefined) ?? parseKeyring(loadConfig().GW_SIGNING_KEYS).get(kid)
  if (!secret) throw new UsageError(`no --secret given and ${kid} is not in GW_SIGNING_KEYS`)
  const t = values.t === undefined ? Math.floor(Date.now() / 1000) : Number(values.t)
  if (!Number.isInteger(t)) throw new UsageError('--t must be unix seconds')
  const id = values.id as string | undefined
  if (id !== undefined && !GATEWAY_REQUEST_ID.test(id)) throw new UsageError('--id must be 1–128 characters of A-Za-z0-9._:-')
  let body: Uint8Array = new Uint8Array(0)
  if (values.body !== undefined) {
    try {
      body = readFileSync(values.body as string)
    } catch {
      process.stderr.write(`cannot read --body ${values.body}\n`)
      return 1
    }
  }
  const agent = values.agent as string | undefined
  const method = ((values.method as string | undefined) ?? 'GET').toUpperCase()
  process.stdout.write(`gw-signature: ${signRequest(secret, { t, kid, id, method, pathAndQuery: path, agentId: agent, body })}\n`)
  if (agent) process.stdout.write(`gw-agent-id: ${agent}\n`)
  return 0
}
