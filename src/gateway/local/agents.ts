import { randomBytes } from '../../crypto-native'
import { hashKey } from '../keyring'

export type Agent = { agentId: string; session: string }
export type IssuedAgent = Agent & { key: string }

/** Registered agents of the local gateway: each has a secret key and its own storefront session. */
export class AgentRegistry {
  private byKeyHash = new Map<string, Agent>()
  private bySession = new Map<string, Agent>()

  /** Registers an agent; a key or session may be given (dev mode keeps them stable across restarts). */
  issue(options: Partial<IssuedAgent> = {}): IssuedAgent {
    const agent: IssuedAgent = {
      agentId: options.agentId ?? `agent_${randomBytes(6).toString('hex')}`,
      session: options.session ?? `sess_${randomBytes(9).toString('base64url')}`,
      key: options.key ?? `ak_${randomBytes(24).toString('base64url')}`,
    }
    this.byKeyHash.set(hashKey(agent.key), { agentId: agent.agentId, session: agent.session })
    this.bySession.set(agent.session, { agentId: agent.agentId, session: agent.session })
    return agent
  }

  byKey(key: string): Agent | undefined {
    return this.byKeyHash.get(hashKey(key))
  }

  hasSession(session: string): boolean {
    return this.bySession.has(session)
  }
}
