import { Value } from '@sinclair/typebox/value'
import type { TSchema } from '@sinclair/typebox'
import { ConfigSchema, SECRET_KEYS, type Config, type ConfigKey } from './schema'

/** A configuration value that cannot be used; start-up stops and the message names the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`${variable}: ${detail}`)
    this.name = 'ConfigError'
  }
}

type Env = Record<string, string | undefined>

const properties = ConfigSchema.properties as Record<ConfigKey, TSchema>

/** Every configuration variable, in the order of the schema. */
export const configKeys = Object.keys(properties) as ConfigKey[]

/**
 * Reads the configuration from an environment (the process environment by default; this module is the
 * only place that touches `process.env`). An empty variable counts as unset. Overrides (CLI flags) win
 * over the environment and are validated the same way. Throws {@link ConfigError} naming the first
 * variable whose value is not acceptable, so a typo never starts a half-configured service.
 */
export function loadConfig(env: Env = process.env, overrides: Partial<Record<ConfigKey, unknown>> = {}): Config {
  const out: Record<string, unknown> = {}
  for (const key of configKeys) {
    const schema = properties[key]
    const override = overrides[key]
    const raw = override !== undefined ? override : env[key]
    const value = raw === undefined || raw === '' ? schema.default : convert(key, schema, raw)
    if (!Value.Check(schema, value)) throw new ConfigError(key, describe(schema, value))
    out[key] = value
  }
  return out as Config
}

function convert(key: string, schema: TSchema, raw: unknown): unknown {
  if (typeof raw !== 'string') return raw
  const text = raw.trim()
  if (schema.type === 'integer') {
    if (!/^-?\d+$/.test(text)) throw new ConfigError(key, `expected an integer, got ${JSON.stringify(raw)}`)
    return Number(text)
  }
  if (schema.type === 'boolean') {
    const lower = text.toLowerCase()
    if (['1', 'true', 'yes', 'on'].includes(lower)) return true
    if (['0', 'false', 'no', 'off'].includes(lower)) return false
    throw new ConfigError(key, `expected true or false, got ${JSON.stringify(raw)}`)
  }
  return text
}

function describe(schema: TSchema, value: unknown): string {
  const shown = JSON.stringify(value)
  if (schema.type === 'integer') return `expected an integer from ${schema.minimum} to ${schema.maximum}, got ${shown}`
  if (schema.anyOf) return `expected one of ${schema.anyOf.map((s: TSchema) => s.const).join(', ')}, got ${shown}`
  if (schema.pattern || schema.form) return `has the wrong form; expected ${schema.form ?? 'the form in the README'} (value not shown)`
  return `not acceptable: ${Value.Errors(schema, value).First()?.message ?? 'invalid value'}`
}

/** The configuration with secrets masked, safe to print or log. */
export function redactConfig(config: Config): Record<string, unknown> {
  const shown: Record<string, unknown> = { ...config }
  for (const key of SECRET_KEYS) if (shown[key]) shown[key] = '***'
  return shown
}
