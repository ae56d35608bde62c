// Pins the memo tables' rules (src/bounded-cache.ts): an answer is computed once per argument, falsy answers
// (undefined included) are remembered too, and a table never holds more than its limit.
import { describe, expect, it } from 'bun:test'
import { BoundedCache, memoize } from '../src/bounded-cache'

describe('bounded memo tables', () => {
  it('computes each distinct argument once, undefined and false answers included', () => {
    const calls: string[] = []
    const f = memoize((k: string) => {
      calls.push(k)
      return k === 'none' ? undefined : k === 'no' ? false : k.length
    })
    expect([f('abc'), f('abc'), f('none'), f('none'), f('no'), f('no')]).toEqual([3, 3, undefined, undefined, false, false])
    expect(calls).toEqual(['abc', 'none', 'no'])
  })

  it('never holds more entries than its limit, and still answers right after starting over', () => {
    const cache = new BoundedCache<number, number>(3)
    for (let i = 0; i < 10; i++) {
      cache.set(i, i * 2)
      expect(cache.size).toBeLessThanOrEqual(3)
    }
    expect(cache.get(9)).toBe(18)
    const f = memoize((k: string) => k.toUpperCase(), 2)
    expect(['a', 'b', 'c', 'a'].map(f)).toEqual(['A', 'B', 'C', 'A'])
  })

  it('remembers an undefined answer as undefined, before and after the table starts over', () => {
    const calls: string[] = []
    const f = memoize((k: string) => {
      calls.push(k)
      return k.startsWith('n') ? undefined : k
    }, 2)
    expect(['n1', 'n1', 'a', 'n1', 'b', 'n1', 'n1', 'a'].map(f)).toEqual([undefined, undefined, 'a', undefined, 'b', undefined, undefined, 'a'])
    // Full at 2 entries: 'b' empties the table, so 'n1' and then 'a' are worked out again.
    expect(calls).toEqual(['n1', 'a', 'b', 'n1', 'a'])
  })
})
