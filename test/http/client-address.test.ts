// Pins how the service names a client for limits the client must not choose (issue 11): the socket peer
// that startServer records, never a header by default; behind TRUSTED_PROXIES, X-Forwarded-For walked
// from the right to the first hop that is not a trusted proxy; no socket → no address. And the report
// bucket built on it: agent first, else the address (IPv6 by /64), else one shared bucket.
import { describe, expect, it } from 'bun:test'
import { parseCidrList } from '../../src/config/cidr'
import { clientAddress, peerAddress, recordPeerAddress } from '../../src/net/client-address'
import { reporterKey } from '../../src/report/reporter'

const trusted = (list: string) => parseCidrList(list)!

function request(peer: string | undefined, forwardedFor?: string | string[]) {
  const headers = new Headers()
  for (const value of [forwardedFor ?? []].flat()) headers.append('x-forwarded-for', value)
  const r = new Request('http://localhost/mcp', { headers })
  recordPeerAddress(r, peer)
  return r
}

describe('clientAddress', () => {
  it('is the socket peer, and no header is read without trusted proxies (the default)', () => {
    expect(clientAddress(request('198.51.100.7', '203.0.113.1'), [])).toBe('198.51.100.7')
    expect(clientAddress(request('198.51.100.7', '203.0.113.1'), trusted(''))).toBe('198.51.100.7')
  })

  it('is undefined without a socket (app.handle), whatever the headers and the trust', () => {
    const r = request(undefined, '203.0.113.1')
    expect(peerAddress(r)).toBeUndefined()
    expect(clientAddress(r, trusted('0.0.0.0/0,::/0'))).toBeUndefined()
  })

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    expect(clientAddress(request('198.51.100.7', '203.0.113.1'), trusted('10.0.0.0/8'))).toBe('198.51.100.7')
  })

  it('walks X-Forwarded-For from the right to the first untrusted hop; hops a client wrote on the left are ignored', () => {
    const proxies = trusted('10.0.0.0/8,192.0.2.10')
    expect(clientAddress(request('10.0.0.2', '203.0.113.5'), proxies)).toBe('203.0.113.5')
    expect(clientAddress(request('10.0.0.2', '1.1.1.1, 203.0.113.5'), proxies)).toBe('203.0.113.5')
    expect(clientAddress(request('10.0.0.2', '1.1.1.1, 203.0.113.5, 192.0.2.10, 10.0.0.9'), proxies)).toBe('203.0.113.5')
    expect(clientAddress(request('10.0.0.2', ['1.1.1.1, 203.0.113.5', '10.0.0.9']), proxies)).toBe('203.0.113.5')
  })

  it('stops at the last trusted hop when the header is missing, garbled or all proxies', () => {
    const proxies = trusted('10.0.0.0/8')
    expect(clientAddress(request('10.0.0.2'), proxies)).toBe('10.0.0.2')
    expect(clientAddress(request('10.0.0.2', 'not-an-address'), proxies)).toBe('10.0.0.2')
    expect(clientAddress(request('10.0.0.2', '203.0.113.5, unknown, 10.0.0.3'), proxies)).toBe('10.0.0.3')
    expect(clientAddress(request('10.0.0.2', '10.0.0.4, 10.0.0.3'), proxies)).toBe('10.0.0.4')
  })

  it('reads ports, brackets and IPv4-mapped IPv6 as the address they carry', () => {
    const proxies = trusted('127.0.0.1,::1')
    expect(clientAddress(request('::ffff:127.0.0.1', '203.0.113.5:4711'), proxies)).toBe('203.0.113.5')
    expect(clientAddress(request('::1', '[2001:db8::5]:443'), proxies)).toBe('2001:db8::5')
    expect(clientAddress(request('::ffff:198.51.100.7'), [])).toBe('198.51.100.7')
  })
})

describe('reporterKey', () => {
  it('keys on the agent first, never on an address or an email', () => {
    expect(reporterKey({ agentId: 'agent-1', clientAddress: '203.0.113.5' })).toBe('agent:agent-1')
  })

  it('keys an anonymous reporter on its address, an IPv6 one on its /64', () => {
    expect(reporterKey({ clientAddress: '203.0.113.5' })).toBe('address:203.0.113.5')
    expect(reporterKey({ clientAddress: '2001:db8:1:2::5' })).toBe('address:2001:db8:1:2::/64')
    expect(reporterKey({ clientAddress: '2001:db8:1:2:ffff:ffff:ffff:ffff' })).toBe('address:2001:db8:1:2::/64')
    expect(reporterKey({ clientAddress: '2001:db8:1:3::5' })).toBe('address:2001:db8:1:3::/64')
  })

  it('puts every reporter without an address in one shared bucket', () => {
    expect(reporterKey({})).toBe('address:unknown')
    expect(reporterKey({ clientAddress: 'garbage' })).toBe('address:unknown')
  })
})
