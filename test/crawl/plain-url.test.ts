// Pins src/crawl/plain-url.ts: whatever plainUrl answers is exactly what the WHATWG URL parser gives (href,
// protocol, host, hostname, pathname, search), over hand-picked edge cases and many generated links; and it
// answers the plain links pages are made of, leaving everything else to the parser.
import { describe, expect, it } from 'bun:test'
import { plainUrl } from '../../src/crawl/plain-url'

const BASES = ['https://lib.example.org/events/', 'http://www.example.com/a/b?c=1#d', 'https://example.org', 'http://localhost:3000/x', 'https://xn--bcher-kva.example/', 'https://192.168.0.1/']

function agrees(value: string, base: string) {
  const fast = plainUrl(value, base)
  if (!fast) return false
  const url = new URL(value, base)
  expect({ value, base, href: fast.href, protocol: fast.protocol, host: fast.host, hostname: fast.hostname, pathname: fast.pathname, search: fast.search }).toEqual({
    value,
    base,
    href: url.href,
    protocol: url.protocol,
    host: url.host,
    hostname: url.hostname,
    pathname: url.pathname,
    search: url.search,
  })
  return true
}

describe('plain URLs resolved without the URL parser', () => {
  it('answers absolute http(s) links and paths from the root, as the parser does', () => {
    const answered = [
      'https://lib.example.org/events/storytime-12',
      'http://example.com',
      'https://a.example.org?x=1',
      'https://a.example.org/x?',
      'https://a.example.org/x#',
      'https://a.example.org/p/?q=a%20b&r=/s#frag',
      '/events/lego-club?date=2026-06-01',
      '/',
      "/a/b(c)/d;e=f:g@h!$&'*+,",
      'https://123.example.com/x',
    ]
    for (const v of answered) expect(agrees(v, BASES[0])).toBe(true)
  })

  it('leaves to the parser what it would rewrite or read specially', () => {
    const left = [
      'HTTPS://Example.com/',
      'https://Example.com/',
      'https://a.example.org/./x',
      'https://a.example.org/x/..',
      '/a/%2e/b',
      'https://a.example.org:443/',
      'https://user@a.example.org/',
      'https://1.2.3.4/',
      'https://a.0x7f/',
      'https://xn--abc.example/',
      'https://a.example.org./',
      'https://a..example.org/',
      '//cdn.example.org/x',
      'events/1',
      '?page=2',
      '#top',
      ' /x',
      '/x y',
      '/x\\y',
      'webcal://a.example.org/c.ics',
      'https://a.example.org/x"y',
      '/x?a"b',
      "/x?a'b",
      '/x#a`b',
    ]
    for (const v of left) expect(plainUrl(v, BASES[0])).toBeUndefined()
    // A root path needs a plain base to stand on.
    expect(plainUrl('/x', 'http://localhost:3000/x')).toBeUndefined()
    expect(plainUrl('/x', 'https://192.168.0.1/')).toBeUndefined()
  })

  it('agrees with the parser on every generated link it answers', () => {
    // A fixed pseudo-random sequence: the same links on every run.
    let seed = 13
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
    const pick = (s: string) => s[Math.floor(next() * s.length)]
    const alphabet = 'aZ09-._~!$&\'()*+,;=:@/?#%"<> `{}^|\\[]\t.'
    const starts = ['https://a.example.org', 'http://b-c.example.com', 'https://x.y', '/', '/p/', 'https://ex.org/a/']
    let answered = 0
    for (let n = 0; n < 20_000; n++) {
      let v = starts[Math.floor(next() * starts.length)]
      const len = Math.floor(next() * 12)
      for (let i = 0; i < len; i++) v += pick(alphabet)
      for (const base of BASES) if (agrees(v, base)) answered++
    }
    expect(answered).toBeGreaterThan(5_000)
  })
})
