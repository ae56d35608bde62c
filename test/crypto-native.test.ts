// Rule pinned: the native stand-ins of crypto-native.ts give exactly node:crypto's results (digests in every
// encoding we use, HMACs, random lengths and encodings) and the comparison keeps node's contract: equal
// lengths compare in constant time, unequal lengths throw (signature.ts relies on both).
import { describe, expect, test } from 'bun:test'
import * as node from 'node:crypto'
import { createHash, createHmac, randomBytes, timingSafeEqual } from '../src/crypto-native'

const inputs: (string | Uint8Array)[] = ['', 'abc', 'é€😀 mixed text', new Uint8Array([0, 1, 2, 255]), new TextEncoder().encode('x'.repeat(100_000))]

describe('crypto-native', () => {
  test('SHA-256 digests equal node:crypto in hex, base64 and base64url', () => {
    for (const input of inputs) {
      for (const enc of ['hex', 'base64', 'base64url'] as const) {
        expect(createHash('sha256').update(input).digest(enc)).toBe(node.createHash('sha256').update(input).digest(enc))
      }
    }
    expect(createHash('sha256').update('ab').update('c').digest('hex')).toBe(node.createHash('sha256').update('abc').digest('hex'))
    expect(createHash('sha256').update('é', 'utf8').digest('hex')).toBe(node.createHash('sha256').update('é', 'utf8').digest('hex'))
  })

  test('HMAC-SHA-256 equals node:crypto for string and byte keys', () => {
    for (const key of ['secret', new Uint8Array([9, 8, 7]), 'k'.repeat(200)]) {
      for (const input of inputs) expect(createHmac('sha256', key).update(input).digest('base64url')).toBe(node.createHmac('sha256', key).update(input).digest('base64url'))
    }
  })

  test('randomBytes gives n fresh bytes as a Buffer', () => {
    const a = randomBytes(32)
    expect(Buffer.isBuffer(a)).toBe(true)
    expect(a.length).toBe(32)
    expect(a.toString('hex')).toMatch(/^[0-9a-f]{64}$/)
    expect(randomBytes(32).equals(a)).toBe(false)
    expect(randomBytes(24).toString('base64url')).toMatch(/^[A-Za-z0-9_-]{32}$/)
  })

  test('timingSafeEqual compares equal lengths and throws on unequal ones', () => {
    expect(timingSafeEqual(Buffer.from('abc'), Buffer.from('abc'))).toBe(true)
    expect(timingSafeEqual(Buffer.from('abc'), Buffer.from('abd'))).toBe(false)
    expect(() => timingSafeEqual(Buffer.from('abc'), Buffer.from('abcd'))).toThrow()
  })
})
