// Pins the SSRF guard (DESIGN §6, issue 5): only public unicast addresses are reachable; loopback,
// private, link-local/metadata, CGNAT, multicast, unspecified and reserved ranges are refused, IPv4-mapped
// IPv6 included, and a name resolving to any refused address is refused as a whole.
import { describe, expect, it } from 'bun:test'
import { FetchError } from '../../../src/crawl/fetch/errors'
import { isPublicAddress, resolveAllowed } from '../../../src/crawl/fetch/ssrf'

describe('isPublicAddress', () => {
  const refused = [
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.0.10',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.251',
    '239.255.255.250',
    '255.255.255.255',
    '192.0.2.55',
    '198.51.100.7',
    '203.0.113.9',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    '2001:db8::1',
    'not-an-ip',
    '',
  ]
  for (const ip of refused) it(`refuses ${ip || '(empty)'}`, () => expect(isPublicAddress(ip)).toBe(false))
  for (const ip of ['8.8.8.8', '93.184.216.34', '151.101.1.69', '2606:4700:4700::1111', '::ffff:8.8.4.4']) it(`allows ${ip}`, () => expect(isPublicAddress(ip)).toBe(true))
})

describe('resolveAllowed', () => {
  const lookupOf = (table: Record<string, string[]>) => async (host: string) => (table[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))

  it('returns the address to connect to for a public name', async () => {
    expect(await resolveAllowed(new URL('https://library.example/x'), { allowed: isPublicAddress, lookup: lookupOf({ 'library.example': ['93.184.216.34'] }) })).toBe('93.184.216.34')
  })

  it('refuses a name with one private address among public ones (rebinding)', async () => {
    const attempt = resolveAllowed(new URL('https://rebind.example/'), { allowed: isPublicAddress, lookup: lookupOf({ 'rebind.example': ['93.184.216.34', '10.0.0.7'] }) })
    await expect(attempt).rejects.toMatchObject({ code: 'ssrf_blocked', retryable: false })
  })

  it('names CRAWL_ALLOW_PRIVATE, the switch for loopback and private addresses, when it refuses one (issue 15)', async () => {
    const attempt = resolveAllowed(new URL('http://intranet.example/'), { allowed: isPublicAddress, lookup: lookupOf({ 'intranet.example': ['127.0.0.1'] }) })
    await expect(attempt).rejects.toThrow(/private or reserved address; refused \(CRAWL_ALLOW_PRIVATE=true allows/)
  })

  it('refuses literal metadata and mapped loopback addresses without a lookup', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://[::ffff:127.0.0.1]:8080/', 'http://[::1]/'])
      await expect(resolveAllowed(new URL(url), { allowed: isPublicAddress, lookup: lookupOf({}) })).rejects.toBeInstanceOf(FetchError)
  })

  it('refuses cloud metadata addresses even when private addresses are allowed', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://[fd00:ec2::254]/', 'http://[::ffff:169.254.169.254]/'])
      await expect(resolveAllowed(new URL(url), { allowed: () => true, lookup: lookupOf({}) })).rejects.toMatchObject({ code: 'ssrf_blocked' })
    await expect(resolveAllowed(new URL('http://metadata.internal/'), { allowed: () => true, lookup: lookupOf({ 'metadata.internal': ['169.254.169.254'] }) })).rejects.toMatchObject({
      code: 'ssrf_blocked',
    })
  })

  it('reports an unresolvable name as dns_failed, which may be retried', async () => {
    await expect(resolveAllowed(new URL('https://nowhere.example/'), { allowed: isPublicAddress, lookup: lookupOf({}) })).rejects.toMatchObject({ code: 'dns_failed', retryable: true })
  })
})
