// Pins the fail-closed rule of gateway verification (DESIGN §4; issue 11) by fuzzing: thousands of random
// mutations of valid gw1 and gw2 requests (method, including HEAD, OPTIONS and lowercase; path and query;
// percent-encodings and other raw forms of the target; body bytes; agent; every header field, the gw2 id
// included) are never accepted unless the mutated request is the signed one as Bun would parse it, and
// none makes verification throw. Through the app, the Host (short, with a port, IPv6) changes nothing: a
// request is served exactly when its method and target are the signed ones.
// SQLite only: it fuzzes verification, which decides before storage is asked anything but whether a key
// was seen; the replay store of each backend has its own tests (replay-store.test.ts, db/pg/storage-accounts.test.ts).
import { describe, expect, it } from 'bun:test'
import fc from 'fast-check'
import { authenticate, type AuthInput } from '../../src/gateway/authenticate'
import { parseAgentKeys, parseKeyring } from '../../src/gateway/keyring'
import { sqliteReplayStore } from '../../src/db/queries/replay-keys'
import { migrate, openDatabase } from '../../src/db'
import { signRequest } from '../../src/gateway/signature'
import { call, makeApp } from '../helpers/app'
import { gatewayHeaders } from '../helpers/gateway'
import { seedIndexedOrganization } from '../helpers/seed'

const SECRET = 'fuzz-secret'
const keyring = parseKeyring(`k1:${SECRET},k2:other-secret`)
const agentKeys = parseAgentKeys('')
const T = 1_800_000_000

function store() {
  const db = openDatabase(':memory:')
  migrate(db)
  return sqliteReplayStore(db)
}

/** How Bun turns a raw request target into request.url: the definition of "the same request". */
const parsed = (target: string) => {
  try {
    return new URL(`http://h${target}`).href
  } catch {
    return `unparsable ${target}`
  }
}

function signed(method: string, signedTarget: string, received: string, body: string, id?: string): AuthInput {
  const bytes = new TextEncoder().encode(body)
  return {
    method,
    pathAndQuery: received,
    agentIdHeader: 'agent-7',
    authorization: null,
    body: bytes,
    allowAgentKey: false,
    durable: method === 'POST',
    signature: signRequest(SECRET, { t: T, kid: 'k1', id, method, pathAndQuery: signedTarget, agentId: 'agent-7', body: bytes }),
  }
}

const ORIGINALS: AuthInput[] = [
  signed('POST', '/api/v1/orgs?x=1', '/api/v1/orgs?x=1', '{"website":"example.org","hints":{"calendarUrls":["https://example.org/cal"]}}'),
  signed('GET', "/api/v1/search/events?city=O'Fallon&q=\u00e9", '/api/v1/search/events?city=O%27Fallon&q=%C3%A9', '', 'req-7.a:b_c-d'),
  signed('POST', '/api/v1/report', '/api/v1/report', '{"message":"wrong time"}', 'lgw-0123456789abcdef01234567'),
]

const deps = (replay = store()) => ({ keyring, agentKeys, replay, nowS: T })

type Mutation = (input: AuthInput) => AuthInput
const at = (text: string, index: number) => index % Math.max(text.length, 1)
const flipByte = (bytes: Uint8Array, index: number, bit: number) => {
  if (bytes.length === 0) return new Uint8Array([1 << bit])
  const copy = bytes.slice()
  copy[index % copy.length] ^= 1 << bit
  return copy
}
const changeChar = (text: string, index: number, char: string) => {
  const i = at(text, index)
  return `${text.slice(0, i)}${text[i] === char ? (char === 'a' ? 'b' : 'a') : char}${text.slice(i + 1)}`
}
const hex = (code: number, lower: boolean) => {
  const h = code.toString(16).padStart(2, '0')
  return `%${lower ? h : h.toUpperCase()}`
}
const withSignature = (x: AuthInput, edit: (s: string) => string) => ({ ...x, signature: edit(x.signature!) })

/** Other forms of a target: percent-encodings added, removed or re-cased, dot segments, backslashes, slashes. */
const targetEncoding: fc.Arbitrary<(t: string) => string> = fc.oneof(
  fc.tuple(fc.nat(), fc.boolean()).map(([i, lower]) => (t: string) => {
    const j = at(t, i)
    return `${t.slice(0, j)}${hex(t.charCodeAt(j) & 0x7f, lower)}${t.slice(j + 1)}`
  }),
  fc.nat().map((i) => (t: string) => {
    const escapes = [...t.matchAll(/%[0-9A-Fa-f]{2}/g)]
    if (!escapes.length) return `${t}%27`
    const m = escapes[i % escapes.length]
    return `${t.slice(0, m.index)}${String.fromCharCode(parseInt(m[0].slice(1), 16))}${t.slice(m.index! + 3)}`
  }),
  fc.nat().map((i) => (t: string) => {
    const escapes = [...t.matchAll(/%[0-9A-Fa-f]{2}/g)]
    if (!escapes.length) return t.replace("'", '%27')
    const m = escapes[i % escapes.length]
    const flipped = m[0] === m[0].toUpperCase() ? m[0].toLowerCase() : m[0].toUpperCase()
    return `${t.slice(0, m.index)}${flipped}${t.slice(m.index! + 3)}`
  }),
  fc.constantFrom(
    (t: string) => t.replace('%27', "'"),
    (t: string) => t.replace("'", '%27'),
    (t: string) => t.replace('/api/v1/', '/api/v1/./'),
    (t: string) => t.replace('/api/v1/', '/api/v1/x/../'),
    (t: string) => t.replace('/api/v1/', '/api/v1//'),
    (t: string) => t.replace('/api/v1/', '/api\\v1/'),
    (t: string) => t.replace('/api/v1/', '/api/v1/%2e/'),
    (t: string) => `/zzz${t}`,
    (t: string) => t.replace('/api/v1', ''),
    (t: string) => `${t}#frag`,
    (t: string) => `${t}${t.includes('?') ? '&' : '?'}`,
    (t: string) => t.replace('%C3%A9', '%c3%a9'),
    (t: string) => t.replace('%C3%A9', '\u00e9'),
  ),
)

const idMutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(fc.nat(), fc.constantFrom('a', '0', '.', ':', '_', '-', 'Z')).map(
    ([i, c]) =>
      (x: AuthInput) =>
        withSignature(x, (s) => s.replace(/,id=([^,]*)/, (_, id: string) => `,id=${changeChar(id, i, c)}`)),
  ),
  fc.constant((x: AuthInput) => withSignature(x, (s) => s.replace(/,id=[^,]*/, ''))),
  fc.stringMatching(/^[A-Za-z0-9._:-]{1,128}$/).map((id) => (x: AuthInput) => withSignature(x, (s) => (s.includes(',id=') ? s.replace(/,id=[^,]*/, `,id=${id}`) : s.replace(',v1=', `,id=${id},v1=`)))),
  fc.constantFrom('', 'a b', 'a/b', 'a,b', 'é', 'x'.repeat(129), 'a%2Fb').map((id) => (x: AuthInput) => withSignature(x, (s) => s.replace(/(,id=[^,]*)?,v1=/, `,id=${id},v1=`))),
)

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(fc.nat(), fc.integer({ min: 0, max: 7 })).map(([i, b]) => (x: AuthInput) => ({ ...x, body: flipByte(x.body, i, b) })),
  fc.uint8Array({ maxLength: 64 }).map((extra) => (x: AuthInput) => ({ ...x, body: new Uint8Array([...x.body, ...extra, 32]) })),
  fc.nat().map((n) => (x: AuthInput) => ({ ...x, body: x.body.slice(0, x.body.length ? n % x.body.length : 0) })),
  fc.constantFrom('GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE', 'POST', 'post', 'get', 'head', 'options', 'Post', 'PoST ', 'GET\n').map((m) => (x: AuthInput) => ({ ...x, method: m })),
  fc.tuple(fc.nat(), fc.constantFrom('a', '/', '%', '?', '&', '=', 'O', '#', "'")).map(([i, c]) => (x: AuthInput) => ({ ...x, pathAndQuery: changeChar(x.pathAndQuery, i, c) })),
  fc.string({ minLength: 1, maxLength: 10 }).map((q) => (x: AuthInput) => ({ ...x, pathAndQuery: `${x.pathAndQuery}&${q}` })),
  targetEncoding.map((encode) => (x: AuthInput) => ({ ...x, pathAndQuery: encode(x.pathAndQuery) })),
  fc.option(fc.string({ maxLength: 20 })).map((a) => (x: AuthInput) => ({ ...x, agentIdHeader: a === 'agent-7' ? 'agent-8' : a })),
  fc.tuple(fc.nat(), fc.constantFrom('A', '_', '-', '0', 'z')).map(
    ([i, c]) =>
      (x: AuthInput) =>
        withSignature(x, (s) => s.replace(/v1=(.*)$/, (_, v: string) => `v1=${changeChar(v, i, c)}`)),
  ),
  fc
    .integer({ min: -10_000, max: 10_000 })
    .filter((d) => d !== 0)
    .map((d) => (x: AuthInput) => withSignature(x, (s) => s.replace(/t=\d+/, `t=${T + d}`))),
  fc.constantFrom('k2', 'k3', 'K1', 'k1 ').map((k) => (x: AuthInput) => withSignature(x, (s) => s.replace('kid=k1', `kid=${k}`))),
  fc.string({ maxLength: 200 }).map((s) => (x: AuthInput) => ({ ...x, signature: s })),
  fc.nat().map((n) => (x: AuthInput) => withSignature(x, (s) => s.slice(0, n % s.length))),
  idMutation,
)

/** A mutated request may be accepted only if it is the signed request as Bun would parse it. */
function isSignedRequest(mutated: AuthInput, original: AuthInput): boolean {
  return (
    mutated.method === original.method &&
    mutated.agentIdHeader === original.agentIdHeader &&
    mutated.signature === original.signature &&
    Buffer.from(mutated.body).equals(Buffer.from(original.body)) &&
    parsed(mutated.pathAndQuery) === parsed(original.pathAndQuery)
  )
}

describe('verification under mutation', () => {
  it('accepts each original exactly once, in its received form or its raw one', async () => {
    const d = deps()
    for (const original of ORIGINALS) {
      expect((await authenticate(original, d)).ok).toBe(true)
      expect((await authenticate(original, d)).ok).toBe(false)
    }
    const raw = { ...ORIGINALS[1], pathAndQuery: "/api/v1/search/events?city=O'Fallon&q=\u00e9" }
    expect((await authenticate(raw, deps())).ok).toBe(true)
  })

  it('never accepts a mutated request and never throws (6 000 mutations)', async () => {
    const d = deps()
    let accepted = 0
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ORIGINALS.keys()), fc.array(mutation, { minLength: 1, maxLength: 3 }), async (which, mutations) => {
        const original = ORIGINALS[which]
        const mutated = mutations.reduce((x, m) => m(x), original)
        const result = await authenticate(mutated, d)
        if (result.ok) accepted++
        if (!isSignedRequest(mutated, original)) expect(result.ok).toBe(false)
      }),
      { numRuns: 6000 },
    )
    expect(accepted).toBeLessThanOrEqual(ORIGINALS.length) // a signature serves once, whatever form its target takes
  })
})

describe('through the app', () => {
  it('never accepts a tampered signature header', async () => {
    const { app, usageCalls } = makeApp()
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 40 }), fc.nat(), fc.boolean(), async (noise, position, gw2) => {
        const body = JSON.stringify({ website: 'example.org' })
        const headers = gatewayHeaders('POST', '/api/v1/orgs', body, gw2 ? { id: 'fuzz-id-1' } : {})
        const at = (position % (headers['gw-signature'].length - 5)) + 5
        const tampered = `${headers['gw-signature'].slice(0, at)}${String.fromCharCode(65 + (noise[0] % 26))}${headers['gw-signature'].slice(at + 1)}`
        fc.pre(tampered !== headers['gw-signature'])
        const res = await call(app, 'POST', '/api/v1/orgs', { body, sign: false, headers: { ...headers, 'gw-signature': tampered } })
        expect(res.status).toBe(401)
      }),
      { numRuns: 300 },
    )
    expect(usageCalls).toEqual([])
  })

  it('serves a request exactly when its method and target are the signed ones, whatever the Host', async () => {
    const { app, storage } = makeApp()
    await seedIndexedOrganization(storage, { events: 2, city: "O'Fallon" })
    const target = "/api/v1/search/events?city=O'Fallon"
    let n = 0
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('localhost', 'a', 'ab', 'abc', 'a:8080', '[::1]', 'EXAMPLE.org', 'a.b', '127.0.0.1:3000'),
        fc.option(targetEncoding, { freq: 2 }),
        fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'OPTIONS', 'POST', 'get', 'head', 'options'),
        async (host, encode, method) => {
          const sent = encode ? encode(target) : target
          let request: Request
          try {
            request = new Request(`http://${host}${sent}`, { method, headers: gatewayHeaders('GET', target, '', { id: `fuzz-${n++}` }) })
          } catch {
            return fc.pre(false)
          }
          const res = await app.handle(request)
          const same = request.method === 'GET' && parsed(sent) === parsed(target)
          expect({ host, sent, method, status: res.status === 200 }).toEqual({ host, sent, method, status: same })
        },
      ),
      { numRuns: 400 },
    )
  })
})
