// Pins how answers the cache lets go of are freed (issue 12: a full collection every 8 MiB of dropped
// answers cost about a quarter of a varied search's CPU): an answer made by answerBytes is freed (its buffer
// detached) at the next turn of the event loop after it is dropped, never within the turn that dropped it,
// and never while someone holds it (holdAnswer; answerResponse holds what it sends until written); bytes
// made elsewhere are left to the collector and counted toward the next collection. With a budget of 0 every
// answer is dropped as soon as it is made, and the search and the billed pull (which awaits the usage
// service in between) still send it whole.
import { describe, expect, it } from 'bun:test'
import { answerResponse } from '../../src/http/answer-response'
import { countedBytes } from '../../src/memory'
import { answerBytes, dropAnswer, holdAnswer } from '../../src/services/answer-bytes'
import { AnswerCache } from '../../src/services/answer-cache'
import { makeApp } from '../helpers/app'
import { gatewayHeaders, recordingUsage } from '../helpers/gateway'
import { callTool, connect, seedRichOrganization, startMcpApp } from '../helpers/mcp'
import { seedIndexedOrganization } from '../helpers/seed'
import { forEachBackend } from '../helpers/storage'

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))
const detached = (bytes: Uint8Array) => (bytes.buffer as ArrayBuffer).detached
const answer = (text = 'x'.repeat(1000)) => answerBytes('{"a":[', new TextEncoder().encode(`"${text}"`), ']}')

describe('answerBytes', () => {
  it('holds exactly its bytes (what the cache counts is the whole buffer), from bytes or from text', () => {
    for (const middle of [new TextEncoder().encode('"é☃x"'), '"é☃x"']) {
      const bytes = answerBytes('{"é":[', middle, ']}')
      expect(new TextDecoder().decode(bytes)).toBe('{"é":["é☃x"]}')
      expect(bytes.buffer.byteLength).toBe(bytes.byteLength)
      expect(bytes.byteOffset).toBe(0)
    }
  })
})

describe('dropped answers', () => {
  it('are freed at the next turn of the event loop, and still whole in the turn that dropped them', async () => {
    const bytes = answer()
    dropAnswer(bytes)
    await Promise.resolve()
    expect(detached(bytes)).toBe(false)
    expect(JSON.parse(new TextDecoder().decode(bytes)).a[0]).toHaveLength(1000)
    await nextTurn()
    expect(detached(bytes)).toBe(true)
  })

  it('are kept while held, and freed when the last holder lets go (letting go twice counts once)', async () => {
    const bytes = answer()
    const first = holdAnswer(bytes)
    const second = holdAnswer(bytes)
    dropAnswer(bytes)
    await nextTurn()
    first()
    first()
    expect(detached(bytes)).toBe(false)
    second()
    expect(detached(bytes)).toBe(true)
  })

  it('are not counted toward a collection; bytes made elsewhere are, and are never detached', async () => {
    const before = countedBytes()
    dropAnswer(answer())
    expect(countedBytes()).toBe(before)
    const foreign = new Uint8Array(1000)
    dropAnswer(foreign, 1250)
    await nextTurn()
    expect(detached(foreign)).toBe(false)
    // Counted, unless these bytes crossed the threshold and brought on a collection (which starts the count again).
    expect([before + 1250, 0]).toContain(countedBytes())
  })

  it('are let go of by the cache when evicted, replaced or too big, through the release it was given', async () => {
    const cache = new AnswerCache(2000)
    const released: string[] = []
    const put = (key: string, size: number, nowMs = 0) =>
      cache.get(
        key,
        { generation: 0, nowMs, ttlMs: 10 },
        async () => ({ key, body: new Uint8Array(size) }),
        (v) => v.body.byteLength,
        (v) => released.push(v.key),
      )
    await put('a', 1000)
    await put('b', 1000)
    expect(released).toEqual(['a'])
    await put('b', 1000, 50)
    expect(released).toEqual(['a', 'b'])
    await put('huge', 10_000)
    expect(released).toEqual(['a', 'b', 'huge'])
  })

  it('held by a response are sent whole when dropped before it is written, then freed', async () => {
    const bytes = answer('y'.repeat(50_000))
    const response = answerResponse(bytes, { headers: { 'content-type': 'application/json' } })
    dropAnswer(bytes)
    await nextTurn()
    expect(detached(bytes)).toBe(false)
    expect(((await response.json()) as { a: string[] }).a[0]).toHaveLength(50_000)
    expect(detached(bytes)).toBe(true)
  })
})

forEachBackend('answers dropped as soon as made (CACHE_MEMORY_MB=0)', (open) => {
  it('are still sent whole by the search and by the billed pull, which awaits the usage service first', async () => {
    const usage = recordingUsage()
    const slowUsage = {
      checkAllowance: async (call: Parameters<typeof usage.client.checkAllowance>[0]) => {
        await new Promise((resolve) => setTimeout(resolve, 20))
        return usage.client.checkAllowance(call)
      },
      reportUsage: async (call: Parameters<typeof usage.client.reportUsage>[0]) => {
        await new Promise((resolve) => setTimeout(resolve, 20))
        return usage.client.reportUsage(call)
      },
    }
    const { app, storage } = makeApp({ storage: await open(), env: { CACHE_MEMORY_MB: '0' }, deps: { usage: slowUsage } })
    const orgId = await seedIndexedOrganization(storage, { events: 30 })
    for (const [path, events] of [
      ['/api/v1/search/events?limit=20', 20],
      [`/api/v1/businesses/${orgId}/events`, 30],
    ] as const) {
      const response = await app.handle(new Request(`http://localhost${path}`, { headers: gatewayHeaders('GET', path, '', { id: crypto.randomUUID() }) }))
      await nextTurn()
      expect(response.status).toBe(200)
      expect(((await response.json()) as { events: unknown[] }).events).toHaveLength(events)
    }
    expect(usage.calls.map((c) => c.kind)).toEqual(['allowance', 'usage'])
  })

  it('are still read whole by the MCP search tool', async () => {
    const app = startMcpApp({ storage: await open(), env: { CACHE_MEMORY_MB: '0' } })
    try {
      await seedRichOrganization(app.storage)
      const client = await connect(app.mcpUrl)
      const result = await callTool(client, 'search_events', { limit: 5 })
      await client.close()
      expect(result.isError ?? false).toBe(false)
      const content = result.structuredContent as { count: number; events: unknown[] }
      expect(content.count).toBeGreaterThan(0)
      expect(content.events).toHaveLength(content.count)
    } finally {
      app.stop()
    }
  })
})
