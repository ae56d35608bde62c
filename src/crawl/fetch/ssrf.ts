import ipaddr from 'ipaddr.js'
import { FetchError } from './errors'
import { overrideFor, type ResolveOverride } from './resolve-overrides'

/** Address ranges a crawl may reach: ordinary public unicast only. */
const PUBLIC_RANGES = new Set(['unicast'])

/**
 * True when `ip` is a public unicast address. Loopback, private, link-local (and with it the cloud
 * metadata address 169.254.169.254), CGNAT, multicast, unspecified, reserved, documentation and the
 * IPv6 unique-local and transition ranges are refused; an IPv4-mapped IPv6 address is judged as the
 * IPv4 address it carries, and so are NAT64/6to4/Teredo forms that embed one.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false
  let address = ipaddr.parse(ip)
  if (address.kind() === 'ipv6') {
    const v6 = address as ipaddr.IPv6
    if (v6.isIPv4MappedAddress()) address = v6.toIPv4Address()
    else if (v6.range() !== 'unicast') return false
  }
  return PUBLIC_RANGES.has(address.range())
}

/** Cloud metadata endpoints: refused even when private addresses are allowed (tests, development). */
const METADATA = new Set(['169.254.169.254', '169.254.170.2', 'fd00:ec2::254', '100.100.100.200', '168.63.129.16'])

/** True for a cloud instance-metadata address (AWS, GCP, Azure, Alibaba), in any written form. */
export function isMetadataAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false
  let address = ipaddr.parse(ip)
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) address = (address as ipaddr.IPv6).toIPv4Address()
  return METADATA.has(address.toNormalizedString().replace(/(^|:)0+(?=[0-9a-f])/g, '$1')) || METADATA.has(address.toString())
}

export type Lookup = (hostname: string) => Promise<{ address: string; family: number }[]>

/** The system resolver (Bun's non-blocking one). */
export const systemLookup: Lookup = async (hostname) => (await Bun.dns.lookup(hostname, { family: 0 })).map((r) => ({ address: r.address, family: r.family }))

/**
 * Resolves a host and returns the address to connect to, refusing hosts whose addresses are not all
 * allowed (a name that resolves to both a public and a private address is refused: it is a rebinding
 * setup). The caller connects to the returned address, so the check and the connection agree.
 * `allowed` defaults to {@link isPublicAddress}; CRAWL_ALLOW_PRIVATE (tests, development) lifts it.
 * An `overrides` entry (CRAWL_RESOLVE, which the fetcher passes only with CRAWL_ALLOW_PRIVATE) stands
 * for the lookup of its host; its address is checked like a looked-up one, so a metadata address is
 * refused whatever the configuration says.
 */
export async function resolveAllowed(url: URL, options: { allowed: (ip: string) => boolean; lookup: Lookup; overrides?: readonly ResolveOverride[] }): Promise<string> {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const override = options.overrides?.length ? overrideFor(url, options.overrides) : undefined
  let addresses: string[]
  if (ipaddr.isValid(host)) addresses = [host]
  else if (override) addresses = [override.address]
  else {
    try {
      addresses = (await options.lookup(host)).map((r) => r.address)
    } catch {
      throw new FetchError('dns_failed', `cannot resolve ${host}`, url.href)
    }
    if (addresses.length === 0) throw new FetchError('dns_failed', `${host} has no address`, url.href)
  }
  if (addresses.some(isMetadataAddress)) throw new FetchError('ssrf_blocked', `${host} is a cloud metadata address; refused`, url.href)
  if (!addresses.every(options.allowed))
    throw new FetchError(
      'ssrf_blocked',
      `${host} resolves to a private or reserved address; refused (CRAWL_ALLOW_PRIVATE=true allows loopback and private addresses, for tests and development)`,
      url.href,
    )
  return addresses[0]
}
