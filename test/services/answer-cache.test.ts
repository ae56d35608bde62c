// Pins the answer cache (issue 12: caches bounded by bytes, not by count): the bytes held never pass the
// budget, an answer counts at what it costs in memory (more than its bytes), the least recently used
// answer goes first, an answer bigger than the budget is not kept, an answer is reused only within its
// time to live and its write generation, identical questions asked together are computed once, a failed
// computation is not kept; the service's budget is CACHE_MEMORY_MB (64 MiB by default). Search answers of
// the service itself stay within a small budget, on both backends.
import { describe, expect, it } from 'bun:test'
import { loadConfig } from '../../src/config'
import { AnswerCache, answerCacheFor, MEMORY_PER_BYTE } from '../../src/services/answer-cache'
import { searchEvents } from '../../src/services/search-events'
import { readContext } from '../helpers/app'
import { seedOrganization } from '../helpers/seed'
import { forEachBackend } from '../helpers/storage'

const KIB = 1024
const policy = (nowMs = 0, generation = 0) => ({ generation, nowMs, ttlMs: 2000 })

function counted(cache: AnswerCache) {
  const computed: string[] = []
  const get = (key: string, bytes: number, p = policy()) =>
    cache.get(
      key,
      p,
      async () => {
        computed.push(key)
        return new Uint8Array(bytes)
      },
      (v) => v.byteLength,
    )
  return { computed, get }
}

describe('answer cache', () => {
  it('never holds more bytes than its budget, dropping the least recently used first', async () => {
    const cache = new AnswerCache(100 * KIB)
    const { computed, get } = counted(cache)
    for (const key of ['a', 'b', 'c']) await get(key, 25 * KIB)
    await get('a', 25 * KIB) // a is now the most recently used
    await get('d', 25 * KIB) // over budget: b (least recently used) goes
    expect(cache.bytes).toBeLessThanOrEqual(100 * KIB)
    computed.length = 0
    await get('a', 25 * KIB)
    await get('c', 25 * KIB)
    await get('d', 25 * KIB)
    expect(computed).toEqual([])
    await get('b', 25 * KIB)
    expect(computed).toEqual(['b'])
    expect(cache.bytes).toBeLessThanOrEqual(100 * KIB)
  })

  it('counts an answer at what it costs in memory, more than its bytes, so that the budget bounds real memory', async () => {
    // Measured (answer-cache.ts): the memory an answer takes grows about 1.25 times its bytes.
    expect(MEMORY_PER_BYTE).toBeGreaterThanOrEqual(1.25)
    const cache = new AnswerCache(100 * KIB)
    const { computed, get } = counted(cache)
    for (const key of ['a', 'b', 'c']) await get(key, 30 * KIB) // 90 KiB of bytes, 112.5 KiB of memory: a goes
    expect(cache.size).toBe(2)
    expect(cache.bytes).toBeGreaterThanOrEqual(2 * 30 * KIB * MEMORY_PER_BYTE)
    computed.length = 0
    await get('b', 30 * KIB)
    await get('c', 30 * KIB)
    await get('a', 30 * KIB)
    expect(computed).toEqual(['a'])
  })

  it('keeps no answer bigger than the whole budget, and nothing with a budget of 0', async () => {
    const small = counted(new AnswerCache(10 * KIB))
    await small.get('big', 20 * KIB)
    await small.get('big', 20 * KIB)
    expect(small.computed).toEqual(['big', 'big'])
    const none = new AnswerCache(0)
    const off = counted(none)
    await off.get('x', 1)
    await off.get('x', 1)
    expect(off.computed).toEqual(['x', 'x'])
    expect(none.bytes).toBe(0)
  })

  it('reuses an answer only within its time to live and write generation', async () => {
    const { computed, get } = counted(new AnswerCache(100 * KIB))
    await get('q', 10, policy(1000, 1))
    await get('q', 10, policy(2999, 1))
    expect(computed).toEqual(['q'])
    await get('q', 10, policy(3000, 1))
    expect(computed).toEqual(['q', 'q'])
    await get('q', 10, policy(3001, 2))
    expect(computed).toEqual(['q', 'q', 'q'])
  })

  it('computes identical questions asked together once, and keeps no failure', async () => {
    const cache = new AnswerCache(100 * KIB)
    let runs = 0
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const compute = async () => {
      runs++
      await gate
      return 'answer'
    }
    const both = Promise.all([cache.get('k', policy(), compute, () => 6), cache.get('k', policy(), compute, () => 6)])
    release()
    expect(await both).toEqual(['answer', 'answer'])
    expect(runs).toBe(1)
    const failing = () => Promise.reject(new Error('disk'))
    await expect(cache.get('f', policy(), failing, () => 1)).rejects.toThrow('disk')
    expect(
      await cache.get(
        'f',
        policy(),
        async () => 'ok',
        () => 2,
      ),
    ).toBe('ok')
  })

  it('has the configured budget: CACHE_MEMORY_MB MiB, 64 by default', () => {
    expect(answerCacheFor(loadConfig({})).budgetBytes).toBe(64 * 1024 * 1024)
    expect(answerCacheFor(loadConfig({ CACHE_MEMORY_MB: '3' })).budgetBytes).toBe(3 * 1024 * 1024)
  })
})

forEachBackend('the answer cache of the service', (open) => {
  it('holds the service’s own search answers within a small budget', async () => {
    const storage = await open()
    const now = Date.UTC(2026, 11, 1)
    const description = 'x'.repeat(2000)
    await seedOrganization(storage, {
      nowMs: now,
      events: Array.from({ length: 200 }, (_, i) => ({ title: `E${i}`, description, event_id: `e${i}`, city: 'Springfield', startDate: new Date(now + (i + 1) * 3600_000).toISOString() })),
    })
    const ctx = readContext(storage, 256 * KIB)
    for (let limit = 1; limit <= 200; limit += 7) {
      const answer = await searchEvents(ctx, { limit }, now)
      expect(answer.count).toBe(limit)
      expect(ctx.cache.bytes).toBeLessThanOrEqual(256 * KIB)
    }
    expect(ctx.cache.size).toBeGreaterThan(0)
  })
})
