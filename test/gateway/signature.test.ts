// Pins the signature contract (DESIGN §4): the gw1 and gw2 base strings, the body digest, base64url
// HMAC-SHA256 with the secret's UTF-8 bytes, strict header parsing (the gw2 id included), and a constant-time comparison that refuses a MAC of
// the wrong length without throwing. The expected MACs come from openssl, not from the code under test.
import { describe, expect, it } from 'bun:test'
import { bodyDigest, mac, macEquals, parseSignatureHeader, signatureBase, signRequest } from '../../src/gateway/signature'

describe('fixed test vectors (computed with openssl)', () => {
  // D=$(printf '%s' '{"website":"example.org"}' | openssl dgst -sha256 -binary | base64)
  // printf 'gw1\n1700000000\nk2026\nPOST\n/api/v1/orgs\nagent-42\nsha-256=:%s:' "$D" \
  //   | openssl dgst -sha256 -hmac 'correct horse battery staple' -binary | base64 | tr '+/' '-_' | tr -d '='
  it('signs a POST with a body and an agent', () => {
    const parts = { t: 1700000000, kid: 'k2026', method: 'POST', pathAndQuery: '/api/v1/orgs', agentId: 'agent-42', body: '{"website":"example.org"}' }
    expect(bodyDigest(parts.body)).toBe('sha-256=:9L+pBUy1E+VakWpH6oPZJw2Ni1OSIbXo0gfmMfwiLMQ=:')
    expect(signatureBase(parts)).toBe('gw1\n1700000000\nk2026\nPOST\n/api/v1/orgs\nagent-42\nsha-256=:9L+pBUy1E+VakWpH6oPZJw2Ni1OSIbXo0gfmMfwiLMQ=:')
    expect(mac('correct horse battery staple', signatureBase(parts))).toBe('nBu6MP9Qcm0NBPl8Ok6ndB1TyMZxYIBoUM_l7ItMmpU')
    expect(signRequest('correct horse battery staple', parts)).toBe('t=1700000000,kid=k2026,v1=nBu6MP9Qcm0NBPl8Ok6ndB1TyMZxYIBoUM_l7ItMmpU')
  })

  // E=$(printf '' | openssl dgst -sha256 -binary | base64)
  // printf 'gw1\n1700000000\nk2026\nGET\n/api/v1/search/events?city=Springfield&limit=5\n\nsha-256=:%s:' "$E" \
  //   | openssl dgst -sha256 -hmac 'correct horse battery staple' -binary | base64 | tr '+/' '-_' | tr -d '='
  it('signs an anonymous GET with a query and an empty body', () => {
    const parts = { t: 1700000000, kid: 'k2026', method: 'get', pathAndQuery: '/api/v1/search/events?city=Springfield&limit=5', body: new Uint8Array(0) }
    expect(bodyDigest(parts.body)).toBe('sha-256=:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=:')
    expect(mac('correct horse battery staple', signatureBase(parts))).toBe('qo3QZnM3r6HS7UI2PzKRiRMIriAUm_N9mPbG9liQWtM')
  })
})

describe('gw2 test vectors (computed with openssl)', () => {
  // D as above; printf 'gw2\n1700000000\nk2026\nlgw-0123abcd\nPOST\n/api/v1/orgs\nagent-42\nsha-256=:%s:' "$D" \
  //   | openssl dgst -sha256 -hmac 'correct horse battery staple' -binary | base64 | tr '+/' '-_' | tr -d '='
  it('signs a POST with its request id on the line after the kid', () => {
    const parts = { t: 1700000000, kid: 'k2026', id: 'lgw-0123abcd', method: 'POST', pathAndQuery: '/api/v1/orgs', agentId: 'agent-42', body: '{"website":"example.org"}' }
    expect(signatureBase(parts)).toBe('gw2\n1700000000\nk2026\nlgw-0123abcd\nPOST\n/api/v1/orgs\nagent-42\nsha-256=:9L+pBUy1E+VakWpH6oPZJw2Ni1OSIbXo0gfmMfwiLMQ=:')
    expect(signRequest('correct horse battery staple', parts)).toBe('t=1700000000,kid=k2026,id=lgw-0123abcd,v1=wmDQFHHkinxHI8SLB7dtyFHx2-8zekoJqHTC4fLUi1c')
  })

  // printf "gw2\n1700000000\nk2026\nreq.1:a_b-c\nGET\n/api/v1/search/events?city=O'Fallon\n\nsha-256=:%s:" "$E" | openssl …
  it('signs an anonymous GET whose target has a raw apostrophe', () => {
    const parts = { t: 1700000000, kid: 'k2026', id: 'req.1:a_b-c', method: 'GET', pathAndQuery: "/api/v1/search/events?city=O'Fallon", body: '' }
    expect(signRequest('correct horse battery staple', parts)).toBe('t=1700000000,kid=k2026,id=req.1:a_b-c,v1=_6S07Ch0nLBZnvez-9NSPEnmip8-ZSS7-_k0UNryx_M')
  })

  it('refuses to sign an id outside 1–128 characters of A-Za-z0-9._:-', () => {
    for (const id of ['', 'a b', 'a,b', 'x'.repeat(129)]) expect(() => signRequest('s', { t: 1, kid: 'k', id, method: 'GET', pathAndQuery: '/', body: '' })).toThrow()
  })
})

describe('parseSignatureHeader', () => {
  it('reads t, kid and v1', () => {
    expect(parseSignatureHeader('t=1700000000,kid=k2026,v1=abc_-DEF')).toEqual({ t: 1700000000, kid: 'k2026', v1: 'abc_-DEF' })
  })

  it('reads the id of a gw2 header', () => {
    expect(parseSignatureHeader('t=1700000000,kid=k2026,id=lgw-1.a:b_c,v1=abc')).toEqual({ t: 1700000000, kid: 'k2026', id: 'lgw-1.a:b_c', v1: 'abc' })
  })

  for (const header of [
    '',
    't=1700000000,kid=k2026',
    'kid=k2026,t=1700000000,v1=abc',
    't=1700000000, kid=k2026, v1=abc',
    't=17e8,kid=k2026,v1=abc',
    't=1700000000,kid=k2026,v1=abc,v2=def',
    't=1700000000,kid=,v1=abc',
    't=1700000000,kid=k 1,v1=abc',
    't=1700000000,kid=k2026,v1=ab+c/==',
    `t=1700000000,kid=k2026,v1=${'a'.repeat(129)}`,
    't=1700000000,kid=k2026,id=,v1=abc',
    `t=1700000000,kid=k2026,id=${'a'.repeat(129)},v1=abc`,
    't=1700000000,kid=k2026,id=a/b,v1=abc',
    't=1700000000,id=a,kid=k2026,v1=abc',
    't=1700000000,kid=k2026,v1=abc,id=a',
    't=1700000000,kid=k2026,id=a,id=b,v1=abc',
  ]) {
    it(`refuses ${JSON.stringify(header.slice(0, 50))}`, () => expect(parseSignatureHeader(header)).toBeUndefined())
  }
})

describe('macEquals', () => {
  const good = mac('s', 'base')
  it('accepts the same MAC and refuses one differing in the last character', () => {
    expect(macEquals(good, good)).toBe(true)
    expect(macEquals(good, `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`)).toBe(false)
  })

  it('refuses MACs of the wrong length without throwing', () => {
    for (const given of ['', 'x', good.slice(0, -1), `${good}A`, good.repeat(2)]) expect(macEquals(good, given)).toBe(false)
  })
})
