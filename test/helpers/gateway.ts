import { signRequest } from '../../src/gateway/signature'
import type { UsageCall, UsageClient } from '../../src/gateway/usage-client'

export const TEST_KID = 'test'
export const TEST_SECRET = 'test-secret-0123456789abcdef0123456789'
export const TEST_KEYRING = `${TEST_KID}:${TEST_SECRET}`
export const TEST_AGENT = 'agent-test'

/** `id` signs with gw2 (the gateway's request id); without it the signature is gw1. */
export type SignOptions = { agentId?: string | null; kid?: string; secret?: string; t?: number; id?: string; headers?: Record<string, string> }

/** The headers the gateway would add to a request: `gw-signature` and, for an agent, `gw-agent-id`. */
export function gatewayHeaders(method: string, pathAndQuery: string, body: string | Uint8Array, options: SignOptions = {}): Record<string, string> {
  const agentId = options.agentId === undefined ? TEST_AGENT : (options.agentId ?? undefined)
  const t = options.t ?? Math.floor(Date.now() / 1000)
  const kid = options.kid ?? TEST_KID
  const signature = signRequest(options.secret ?? TEST_SECRET, { t, kid, id: options.id, method, pathAndQuery, agentId, body })
  return { 'gw-signature': signature, ...(agentId ? { 'gw-agent-id': agentId } : {}), ...options.headers }
}

/** A usage client double that answers `allowed` (or throws `error`) and records every call. */
export function recordingUsage(options: { allowed?: boolean; error?: Error } = {}) {
  const calls: { kind: 'allowance' | 'usage'; call: UsageCall }[] = []
  const client: UsageClient = {
    async checkAllowance(call) {
      calls.push({ kind: 'allowance', call })
      if (options.error) throw options.error
      return options.allowed ?? true
    },
    async reportUsage(call) {
      calls.push({ kind: 'usage', call })
      if (options.error) throw options.error
    },
  }
  return { client, calls }
}
