// Pins the in-memory set of live replay keys (src/gateway/replay-key-set.ts; DESIGN §4 "the same signature
// seen again within the window → 401"; issue 12, resident memory): a key recorded is found with its expiry
// until it is dropped as expired, through every growth of the table, and a key never recorded is not found;
// keys expired at a decision time are dropped and their memory given back; a key costs at most 64 bytes
// (fingerprint and expiry in typed arrays) instead of a string in a Map.
import { describe, expect, it } from 'bun:test'
import { ReplayKeySet } from '../../src/gateway/replay-key-set'

const id = (i: number) => `id:b4242-0-m1abcd-${i}`

describe('ReplayKeySet', () => {
  it('finds a recorded key with its expiry, not an unknown one, and keeps the last expiry recorded', () => {
    const set = new ReplayKeySet()
    expect(set.get('id:one')).toBeUndefined()
    set.set('id:one', 300_000)
    expect(set.get('id:one')).toBe(300_000)
    expect(set.get('id:two')).toBeUndefined()
    expect(set.get('sig:k:id:one')).toBeUndefined()
    set.set('id:one', 600_000)
    expect(set.get('id:one')).toBe(600_000)
    expect(set.size).toBe(1)
    const other = new ReplayKeySet()
    expect(other.get('id:two')).toBeUndefined()
    other.set('id:two', 700_000)
    expect(set.get('id:one')).toBe(600_000)
    expect(set.get('id:two')).toBeUndefined()
    expect(other.get('id:one')).toBeUndefined()
    expect(other.get('id:two')).toBe(700_000)
  })

  it('keeps every key through the table growing, and finds none of the keys never recorded', () => {
    const set = new ReplayKeySet()
    const n = 60_000
    for (let i = 0; i < n; i++) set.set(id(i), 1_000 + i)
    expect(set.size).toBe(n)
    let found = 0
    for (let i = 0; i < n; i++) if (set.get(id(i)) === 1_000 + i) found++
    expect(found).toBe(n)
    let strangers = 0
    for (let i = n; i < 2 * n; i++) if (set.get(id(i)) !== undefined) strangers++
    expect(strangers).toBe(0)
  })

  it('drops the keys expired at the decision time and keeps the live ones', () => {
    const set = new ReplayKeySet()
    for (let i = 0; i < 1000; i++) set.set(id(i), i < 600 ? 5_000 : 9_000)
    set.forgetExpired(5_000)
    expect(set.size).toBe(400)
    expect(set.get(id(0))).toBeUndefined()
    expect(set.get(id(599))).toBeUndefined()
    expect(set.get(id(600))).toBe(9_000)
    expect(set.get(id(999))).toBe(9_000)
  })

  it('drops keys already expired at the last decision time when it grows, even between full passes', () => {
    const set = new ReplayKeySet()
    set.forgetExpired(10_000) // the first call makes a full pass; the next one may not for 10 s
    for (let i = 0; i < 500; i++) set.set(id(i), 12_000)
    set.forgetExpired(12_000)
    expect(set.size).toBe(500) // no full pass yet: still held, their expiry tells the caller they are dead
    expect(set.get(id(0))).toBe(12_000)
    for (let i = 500; i < 2_000; i++) set.set(id(i), 50_000)
    expect(set.get(id(0))).toBeUndefined()
    expect(set.size).toBe(1_500)
    expect(set.get(id(1_999))).toBe(50_000)
  })

  it('costs at most 32 bytes a key, and gives the memory of expired keys back', () => {
    const set = new ReplayKeySet()
    for (let n = 1; n <= 100_000; n++) {
      set.set(id(n), n < 90_000 ? 1_000 : 2_000)
      if (n >= 2_000 && n % 997 === 0) expect(set.bytes / set.size).toBeLessThanOrEqual(32)
    }
    const full = set.bytes
    set.forgetExpired(1_000)
    expect(set.size).toBe(10_001)
    expect(set.bytes).toBeLessThanOrEqual(full / 4)
    expect(set.bytes / set.size).toBeLessThanOrEqual(32)
  })
})
