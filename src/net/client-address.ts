import ipaddr from 'ipaddr.js'
import type { Cidr } from '../config/cidr'

const peers = new WeakMap<Request, string>()

/**
 * Records the address of the socket a request arrived on. Only `startServer` calls it, with Bun's
 * `server.requestIP(request)`: no header can set it, so it is the one address a caller cannot choose.
 */
export function recordPeerAddress(request: Request, address: string | undefined): void {
  if (address) peers.set(request, address)
}

/** The socket peer of a request, or undefined for a request handed to `app.handle` without a socket (tests). */
export function peerAddress(request: Request): string | undefined {
  return peers.get(request)
}

/** An address as written by a socket or a proxy (`1.2.3.4`, `1.2.3.4:567`, `[2001:db8::1]:443`, `::ffff:1.2.3.4`), or undefined. */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  let host = text.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(host)
  if (bracketed) host = bracketed[1]
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(host)) host = host.slice(0, host.lastIndexOf(':'))
  host = host.replace(/%.*$/, '') // an IPv6 zone id names an interface, not a client
  if (!(ipaddr.IPv4.isValidFourPartDecimal(host) || (host.includes(':') && ipaddr.IPv6.isValid(host)))) return undefined
  // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d; it is the IPv4 address.
  return ipaddr.process(host)
}

const trusts = (trusted: readonly Cidr[], address: ipaddr.IPv4 | ipaddr.IPv6) => trusted.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits))

/**
 * The address of the client behind a request, for limits that must not be chosen by the caller (the
 * anonymous report cap). It is the socket peer, unless the peer is one of the TRUSTED_PROXIES: then
 * `X-Forwarded-For` is walked from the right (each trusted proxy appends the address it saw) and the
 * first hop that is not a trusted proxy is the client. Everything left of that hop was written by the
 * client itself and is ignored. A hop that is not an address stops the walk at the last proxy, so a
 * garbled header puts its sender in that proxy's (shared) bucket rather than a bucket of its choosing.
 * With no trusted proxies (the default) no header is read at all. Undefined without a socket peer.
 */
export function clientAddress(request: Request, trusted: readonly Cidr[]): string | undefined {
  const peer = peerAddress(request)
  let current = peer === undefined ? undefined : parseAddress(peer)
  if (!current) return undefined
  if (!trusts(trusted, current)) return current.toString()
  const hops = (request.headers.get('x-forwarded-for') ?? '').split(',').filter((hop) => hop.trim())
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = parseAddress(hops[i])
    if (!hop) break
    current = hop
    if (!trusts(trusted, hop)) break
  }
  return current.toString()
}
