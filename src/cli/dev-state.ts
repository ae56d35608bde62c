import { randomBytes } from '../crypto-native'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { ConfigError } from '../config'
import type { LedgerState } from '../gateway/local/ledger'

export type DevState = {
  kid: string
  secret: string
  usageReadKey: string
  usageWriteKey: string
  adminKey: string
  agent: { agentId: string; key: string; session: string }
  /** The local gateway's ledger: what the dev agent has left of its free trial and units, and the ids it debited. */
  ledger?: LedgerState
}

const token = (prefix: string, bytes = 24) => `${prefix}${randomBytes(bytes).toString('base64url')}`

/** Where `dev` keeps its gateway's state: `dev-gateway.json` beside the database (./data for `:memory:`). */
export function devStateFile(databasePath: string): string {
  return join(dirname(databasePath === ':memory:' ? './data/x' : databasePath), 'dev-gateway.json')
}

/**
 * The development gateway's secrets and ledger, kept beside the dev database (`dev-gateway.json`, mode
 * 0600) so that the printed agent key and storefront URL stay the same from one `npm start` to the next,
 * and the free trial is spent once, not once per restart.
 */
export function loadDevState(databasePath: string): DevState {
  try {
    return readOrCreate(databasePath)
  } catch (error) {
    throw new ConfigError('DATABASE_PATH', `cannot keep the dev gateway's state beside the database at ${databasePath} (in ${devStateFile(databasePath)}): ${(error as Error).message}`)
  }
}

function readOrCreate(databasePath: string): DevState {
  const file = devStateFile(databasePath)
  if (existsSync(file)) {
    try {
      const state = JSON.parse(readFileSync(file, 'utf8')) as DevState
      if (state.kid && state.secret && state.agent?.key) return state
    } catch {
      // unreadable: make a new one below
    }
  }
  const state: DevState = {
    kid: 'dev',
    secret: token('', 32),
    usageReadKey: token('ur_'),
    usageWriteKey: token('uw_'),
    adminKey: token('adm_'),
    agent: { agentId: 'agent_dev', key: token('ak_'), session: token('sess_', 9) },
  }
  saveDevState(databasePath, state)
  return state
}

/** Writes the dev state whole (a temporary file renamed over the old one, so a crash never leaves half a file). */
export function saveDevState(databasePath: string, state: DevState): void {
  const file = devStateFile(databasePath)
  mkdirSync(dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, JSON.stringify(state, null, 2), { mode: 0o600 })
  renameSync(temporary, file)
}
