import ipaddr from 'ipaddr.js'

/** One parsed CIDR range (an address and its prefix length). */
export type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number]

/**
 * Parses a comma-separated list of CIDR ranges (`127.0.0.1/32,10.0.0.0/8,fd00::/8`); a bare address counts
 * as its own /32 or /128. Returns undefined when any entry is not a range, so the config schema can refuse
 * the whole value (TRUSTED_PROXIES) with a message that names the variable. An empty list is valid.
 */
export function parseCidrList(text: string): Cidr[] | undefined {
  const ranges: Cidr[] = []
  for (const raw of text.split(',')) {
    const entry = raw.trim()
    if (!entry) continue
    const [host, bits, extra] = entry.split('/')
    // Only the usual written forms: ipaddr.js would also read `10` or `0x0a` as an IPv4 address.
    if (extra !== undefined || !(ipaddr.IPv4.isValidFourPartDecimal(host) || (host.includes(':') && ipaddr.IPv6.isValid(host)))) return undefined
    const address = ipaddr.parse(host)
    const max = address.kind() === 'ipv4' ? 32 : 128
    if (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= max)) return undefined
    ranges.push([address, bits === undefined ? max : Number(bits)])
  }
  return ranges
}
