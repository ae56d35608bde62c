// Pins how the request thread lets go of the records a read hands over (issue 12): once a search answer's
// or an organization's Blob holds a copy of them, the records' buffer is detached at once (its memory freed
// without waiting for a collection), and the answer is still the full JSON of those records.
import { describe, expect, it } from 'bun:test'
import { migrate, openDatabase } from '../../src/db'
import { inlineReads } from '../../src/db/read-ops'
import type { Reads } from '../../src/db/reads'
import { AnswerCache } from '../../src/services/answer-cache'
import { organizationEvents } from '../../src/services/org-events'
import { searchEvents } from '../../src/services/search-events'

const NOW = Date.UTC(2026, 11, 1, 12)
const RECORDS = '{"title":"Café ☕"},{"title":"Two"}'

function context(handed: Uint8Array[]) {
  const db = openDatabase(':memory:')
  migrate(db)
  const give = () => {
    const bytes = new TextEncoder().encode(RECORDS)
    handed.push(bytes)
    return bytes
  }
  const reads: Reads = {
    ...inlineReads(db.$client),
    searchEvents: async () => ({ count: 2, records: give(), last: [NOW, 2] }),
    organizationEvents: async ({ orgId }) => ({ orgId, domain: 'a.example.org', website: null, name: 'A', lastIndexedAt: NOW, count: 2, records: give() }),
  }
  return { reads, cache: new AnswerCache(1024 * 1024), generation: () => 0 }
}

describe('records handed to the request thread', () => {
  it('are let go of once a search answer holds them, and the answer is whole', async () => {
    const handed: Uint8Array[] = []
    const answer = await searchEvents(context(handed), { limit: 10 }, NOW)
    expect(handed).toHaveLength(1)
    expect((handed[0].buffer as ArrayBuffer).detached).toBe(true)
    expect(JSON.parse(new TextDecoder().decode(answer.body)).events).toEqual([{ title: 'Café ☕' }, { title: 'Two' }])
  })

  it('are let go of once an organization answer holds them, and the answer is whole', async () => {
    const handed: Uint8Array[] = []
    const answer = await organizationEvents(context(handed), 'org_1', NOW)
    expect(handed).toHaveLength(1)
    expect((handed[0].buffer as ArrayBuffer).detached).toBe(true)
    const body = JSON.parse(new TextDecoder().decode(answer!.body))
    expect(body.eventCount).toBe(2)
    expect(body.events).toEqual([{ title: 'Café ☕' }, { title: 'Two' }])
  })
})
