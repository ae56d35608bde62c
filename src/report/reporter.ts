import ipaddr from 'ipaddr.js'
import { invalidRequest } from '../services/errors'

/**
 * Who sent a report, as far as the service can vouch for it: the signed agent id (REST, from the
 * gateway) or the MCP account (`mcp:<account>`), else the client's network address (anonymous MCP;
 * see http/client-address.ts). Never anything the caller writes in the report itself.
 */
export type ReporterIdentity = { agentId?: string; clientAddress?: string }

/**
 * The bucket a report counts against for the daily cap (REPORT_DAILY_CAP): the agent or account;
 * else the client address, an IPv6 client by its /64 (one subscriber's network, where an attacker has
 * 2^64 addresses to rotate through); else, when no address is known (a request without a socket),
 * one shared bucket: fail safe, never one bucket per request. A caller-chosen email never picks the
 * bucket: with it, 30 emails used to buy 30 mails, and anyone could spend a victim's cap.
 */
export function reporterKey(who: ReporterIdentity): string {
  if (who.agentId) return `agent:${who.agentId}`
  const address = who.clientAddress && ipaddr.isValid(who.clientAddress) ? ipaddr.process(who.clientAddress) : undefined
  if (!address) return 'address:unknown'
  if (address.kind() === 'ipv4') return `address:${address.toString()}`
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4)
  return `address:${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`
}

/**
 * One email address as the HTML standard defines a valid one (no quoted local part), with a dotted
 * domain: no display name, no list, no spaces or line breaks, so it can only ever be one Reply-To.
 */
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/
const MAX_EMAIL = 254

/**
 * The reply address of a report, checked: exactly one address (name@example.org) of at most 254
 * characters. A comma used to become a second Reply-To address and a display name or CR/LF could shape
 * the header, so anything else is refused with `400 invalid_request` naming `email` (a tool error on MCP).
 */
export function replyAddress(email: string | undefined): string | undefined {
  if (email === undefined) return undefined
  if (!isOneAddress(email))
    throw invalidRequest(`email must be exactly one email address such as name@example.org (no display name, no list, no spaces or line breaks, at most ${MAX_EMAIL} characters)`)
  return email
}

/** True for exactly one plain email address (the rule of {@link replyAddress}, without the error). */
export function isOneAddress(email: string): boolean {
  return email.length <= MAX_EMAIL && EMAIL.test(email)
}
