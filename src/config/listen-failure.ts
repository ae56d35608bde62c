import { ConfigError } from './load'
import type { ConfigKey } from './schema'

/** A socket a command opens, and the variable and flag that choose its address and port. */
export type ListenTarget = {
  /** What listens there, for people: "the service", "the local gateway", "the demo site". */
  what: string
  hostname: string
  port: number
  /** The variable (or, when none exists, the flag) that sets the host; absent when the host is fixed. */
  hostSetting?: { variable?: ConfigKey; flag: string }
  portSetting: { variable: ConfigKey; flag: string }
}

const code = (error: unknown) => String((error as { code?: string } | null)?.code ?? '')

/**
 * Turns a failure to listen into a ConfigError that names the address that failed and the flag and
 * variable that fix it (exit 78), so a busy port or a host that is not this machine's reads as what it
 * is, never as a raw system error. Other errors are returned unchanged.
 */
export function listenFailure(error: unknown, target: ListenTarget): unknown {
  const address = `${target.hostname.includes(':') ? `[${target.hostname}]` : target.hostname}:${target.port}`
  const { variable, flag } = target.portSetting
  const choosePort = `choose another port with ${flag} N or ${variable}=N (0 picks a free one)`
  switch (code(error)) {
    case 'EADDRINUSE':
      return new ConfigError(variable, `${address} (${target.what}) is already in use; ${choosePort}`)
    case 'EACCES':
      return new ConfigError(variable, `no permission to listen on ${address} (${target.what}): ports below 1024 need privileges; ${choosePort}`)
    case 'EADDRNOTAVAIL':
    case 'EINVAL':
    case 'ENOTFOUND':
    case 'EAI_NONAME':
    case 'EAI_AGAIN': {
      const name = target.hostSetting?.variable ?? target.hostSetting?.flag ?? variable
      const how = target.hostSetting ? ` (set ${[target.hostSetting.flag, target.hostSetting.variable].filter(Boolean).join(' or ')})` : ''
      return new ConfigError(
        name,
        `cannot listen on ${address} (${target.what}): ${target.hostname} is not an address of this machine; use 127.0.0.1 (this machine only), 0.0.0.0 (every interface) or an address of one of its interfaces${how}`,
      )
    }
    default:
      return error
  }
}
