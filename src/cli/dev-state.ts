import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

export type DevState = {
  kid: string
  secret: string
  usageReadKey: string
  usageWriteKey: string
  adminKey: string
  agent: { agentId: string; key: string; session: string }
}

const token = (prefix: string, bytes = 24) => `${prefix}${randomBytes(bytes).toString('base64url')}`

/**
 * The development gateway's secrets, kept beside the dev database (`dev-gateway.json`, mode 0600) so that
 * the printed agent key and storefront URL stay the same from one `npm start` to the next.
 */
export function loadDevState(databasePath: string): DevState {
  const file = join(dirname(databasePath === ':memory:' ? './data/x' : databasePath), 'dev-gateway.json')
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
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, JSON.stringify(state, null, 2), { mode: 0o600 })
  return state
}
