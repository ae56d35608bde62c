// Pins the depth rule of JSON from outside (src/json-depth.ts): a parsed value and the same text still in
// bytes give the same answer, brackets inside strings never count, and a hostile nesting is refused.
import { describe, expect, it } from 'bun:test'
import { jsonBytesTooDeep, jsonTooDeep, MAX_JSON_DEPTH } from '../src/json-depth'

const bytes = (text: string) => new TextEncoder().encode(text)
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)

describe('JSON nesting depth', () => {
  it('agrees between parsed values and raw bytes at the limit and one past it', () => {
    for (const depth of [0, 1, MAX_JSON_DEPTH - 1, MAX_JSON_DEPTH, MAX_JSON_DEPTH + 1, 10_000]) {
      const text = depth === 0 ? '"x"' : nested(depth)
      expect(jsonBytesTooDeep(bytes(text))).toBe(depth > MAX_JSON_DEPTH)
      expect(jsonTooDeep(JSON.parse(text))).toBe(depth > MAX_JSON_DEPTH)
    }
  })

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ a: '['.repeat(500), b: 'say \\"[[[[\\" and {{{{', c: [[1]] })
    expect(jsonBytesTooDeep(bytes(text), 3)).toBe(false)
    expect(jsonBytesTooDeep(bytes(`{"x":"\\\\",${'['.repeat(4)}${']'.repeat(4)}}`), 4)).toBe(true)
  })

  it('counts objects and arrays alike', () => {
    expect(jsonBytesTooDeep(bytes('{"a":{"b":[{"c":1}]}}'), 3)).toBe(true)
    expect(jsonBytesTooDeep(bytes('{"a":{"b":[{"c":1}]}}'), 4)).toBe(false)
  })
})
