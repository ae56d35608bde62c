// Pins the fail-closed rule of gateway verification (DESIGN §4) by fuzzing: thousands of random
// mutations of a valid signed request (method, path, query, body bytes, agent, header fields) are
// never accepted, and none makes verification throw.
import { describe, expect, it } from 'bun:test'
import fc from 'fast-check'
import { authenticate, type AuthInput } from '../../src/gateway/authenticate'
import { parseAgentKeys, parseKeyring } from '../../src/gateway/keyring'
import { ReplayCache } from '../../src/gateway/replay'
import { signRequest } from '../../src/gateway/signature'
import { call, makeApp } from '../helpers/app'
import { gatewayHeaders } from '../helpers/gateway'

const SECRET = 'fuzz-secret'
const keyring = parseKeyring(`k1:${SECRET},k2:other-secret`)
const agentKeys = parseAgentKeys('')
const T = 1_800_000_000
const original: AuthInput = {
  method: 'POST',
  pathAndQuery: '/api/v1/orgs?x=1',
  agentIdHeader: 'agent-7',
  authorization: null,
  body: new TextEncoder().encode('{"website":"example.org","hints":{"calendarUrls":["https://example.org/cal"]}}'),
  allowAgentKey: false,
  signature: '',
}
original.signature = signRequest(SECRET, { t: T, kid: 'k1', method: original.method, pathAndQuery: original.pathAndQuery, agentId: 'agent-7', body: original.body })

const deps = () => ({ keyring, agentKeys, replay: new ReplayCache(), nowS: T })

type Mutation = (input: AuthInput) => AuthInput
const flipByte = (bytes: Uint8Array, index: number, bit: number) => {
  const copy = bytes.slice()
  copy[index % copy.length] ^= 1 << bit
  return copy
}
const changeChar = (text: string, index: number, char: string) => {
  const i = index % text.length
  return text[i] === char ? `${text.slice(0, i)}${char === 'a' ? 'b' : 'a'}${text.slice(i + 1)}` : `${text.slice(0, i)}${char}${text.slice(i + 1)}`
}

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(fc.nat(), fc.integer({ min: 0, max: 7 })).map(([i, b]) => (x: AuthInput) => ({ ...x, body: flipByte(x.body, i, b) })),
  fc.uint8Array({ maxLength: 64 }).map((extra) => (x: AuthInput) => ({ ...x, body: new Uint8Array([...x.body, ...extra, 32]) })),
  fc.nat().map((n) => (x: AuthInput) => ({ ...x, body: x.body.slice(0, n % x.body.length) })),
  fc.constantFrom('GET', 'PUT', 'PATCH', 'DELETE', 'post').map((m) => (x: AuthInput) => ({ ...x, method: m === 'post' ? 'PoST ' : m })),
  fc.tuple(fc.nat(), fc.constantFrom('a', '/', '%', '?', '&', '=', 'O')).map(([i, c]) => (x: AuthInput) => ({ ...x, pathAndQuery: changeChar(x.pathAndQuery, i, c) })),
  fc.string({ minLength: 1, maxLength: 10 }).map((q) => (x: AuthInput) => ({ ...x, pathAndQuery: `${x.pathAndQuery}&${q}` })),
  fc.option(fc.string({ maxLength: 20 })).map((a) => (x: AuthInput) => ({ ...x, agentIdHeader: a === 'agent-7' ? 'agent-8' : a })),
  fc.tuple(fc.nat(), fc.constantFrom('A', '_', '-', '0', 'z')).map(([i, c]) => (x: AuthInput) => ({ ...x, signature: x.signature!.replace(/v1=(.*)$/, (_, v) => `v1=${changeChar(v, i, c)}`) })),
  fc.integer({ min: -10_000, max: 10_000 }).filter((d) => d !== 0).map((d) => (x: AuthInput) => ({ ...x, signature: x.signature!.replace(/t=\d+/, `t=${T + d}`) })),
  fc.constantFrom('k2', 'k3', 'K1', 'k1 ').map((k) => (x: AuthInput) => ({ ...x, signature: x.signature!.replace('kid=k1', `kid=${k}`) })),
  fc.string({ maxLength: 200 }).map((s) => (x: AuthInput) => ({ ...x, signature: s })),
  fc.nat().map((n) => (x: AuthInput) => ({ ...x, signature: x.signature!.slice(0, n % x.signature!.length) })),
)

describe('verification under mutation', () => {
  it('accepts the original exactly once', () => {
    const d = deps()
    expect(authenticate(original, d).ok).toBe(true)
    expect(authenticate(original, d).ok).toBe(false)
  })

  it('never accepts a mutated request and never throws', () => {
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), (mutations) => {
        const mutated = mutations.reduce((x, m) => m(x), original)
        const same =
          mutated.method === original.method &&
          mutated.pathAndQuery === original.pathAndQuery &&
          mutated.agentIdHeader === original.agentIdHeader &&
          mutated.signature === original.signature &&
          Buffer.from(mutated.body).equals(Buffer.from(original.body))
        fc.pre(!same)
        expect(authenticate(mutated, deps()).ok).toBe(false)
      }),
      { numRuns: 5000 },
    )
  })

  it('never accepts a mutated request through the app either', async () => {
    const { app, usageCalls } = makeApp()
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 40 }), fc.nat(), async (noise, position) => {
        const body = JSON.stringify({ website: 'example.org' })
        const headers = gatewayHeaders('POST', '/api/v1/orgs', body)
        const at = position % (headers['gw-signature'].length - 5) + 5
        const tampered = `${headers['gw-signature'].slice(0, at)}${String.fromCharCode(65 + (noise[0] % 26))}${headers['gw-signature'].slice(at + 1)}`
        fc.pre(tampered !== headers['gw-signature'])
        const res = await call(app, 'POST', '/api/v1/orgs', { body, sign: false, headers: { ...headers, 'gw-signature': tampered } })
        expect(res.status).toBe(401)
      }),
      { numRuns: 300 },
    )
    expect(usageCalls).toEqual([])
  })
})
