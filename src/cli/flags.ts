import { parseArgs } from 'node:util'
import type { ConfigKey } from '../config'

/** Thrown for a command line that cannot be understood; the CLI prints usage and exits 2. */
export class UsageError extends Error {}

/** Flags shared by the commands that open the service's database or socket; each overrides one variable. */
export const SERVICE_FLAGS = {
  port: { type: 'string', env: 'PORT' },
  host: { type: 'string', env: 'HOST' },
  db: { type: 'string', env: 'DATABASE_PATH' },
} as const

type FlagSpec = Record<string, { type: 'string' | 'boolean'; env?: ConfigKey }>

/**
 * Parses `args` strictly (an unknown flag is a usage error, never ignored) and returns the positionals
 * plus the config overrides named by the flags' `env`.
 */
export function parseFlags(args: string[], spec: FlagSpec) {
  let parsed
  try {
    parsed = parseArgs({ args, options: Object.fromEntries(Object.entries(spec).map(([k, v]) => [k, { type: v.type }])), allowPositionals: true, strict: true })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const overrides: Partial<Record<ConfigKey, unknown>> = {}
  for (const [name, flag] of Object.entries(spec)) {
    const value = (parsed.values as Record<string, unknown>)[name]
    if (flag.env && value !== undefined) overrides[flag.env] = value
  }
  return { values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals, overrides }
}
