// Pins (issue 16): every write to the events table goes through one function (db/queries/events.ts
// `writeEvents`), which advances the read-cache generation once the write committed a change, so a cached
// answer older than the write is never served: a stored crawl and a prune each advance it; a prune that
// deletes nothing and a store refused for a lost lease leave it alone. No other module writes events, but
// PostgreSQL's (db/pg/storage/events.ts), whose two writes each advance the shared generation. The
// generation rules run on both backends, through the storage interface.
import { describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { seedOrganization } from '../helpers/seed'
import { forEachBackend } from '../helpers/storage'

const NOW = Date.parse('2026-06-01T12:00:00Z')

forEachBackend('writes to events', (open) => {
  it('a stored crawl advances the generation', async () => {
    const storage = await open()
    const before = storage.events.generation()
    await seedOrganization(storage, { events: [{ title: 'Story time', startDate: '2026-06-02T10:00:00-04:00', event_id: 'e1' }], nowMs: NOW })
    expect(storage.events.generation()).toBe(before + 1)
  })

  it('a prune advances it when it deleted events, and not when it deleted none', async () => {
    const storage = await open()
    await seedOrganization(storage, { events: [{ title: 'Past', startDate: '2026-05-01T10:00:00-04:00', event_id: 'old' }], nowMs: NOW })
    const afterSeed = storage.events.generation()
    expect(await storage.events.pruneEnded(NOW - 86_400_000)).toBe(1)
    expect(storage.events.generation()).toBe(afterSeed + 1)
    expect(await storage.events.pruneEnded(NOW - 86_400_000)).toBe(0)
    expect(storage.events.generation()).toBe(afterSeed + 1)
  })

  it('a store refused because the lease was lost leaves the generation alone', async () => {
    const storage = await open()
    const before = storage.events.generation()
    const outcome = await storage.events.storeCrawlResult({
      jobId: 'job_missing',
      owner: 'nobody',
      orgId: 'org_missing',
      result: { organization: {}, events: [], sources: [], progress: { pagesFetched: 0, sourcesFound: 0, eventsFound: 0 }, warnings: [], refused: [] },
      nowMs: NOW,
      scriptVersion: 't',
    })
    expect(outcome.stored).toBe(false)
    expect(storage.events.generation()).toBe(before)
  })
})

describe('writes to events', () => {
  it('no module but db/queries/events.ts and the crawl store (through writeEvents), and on PostgreSQL pg/storage/events.ts (advancing the shared generation), holds a statement that writes events', () => {
    const src = join(import.meta.dir, '../../src')
    const writers = [...new Bun.Glob('**/*.ts').scanSync(src)].filter((f) => /\b(INSERT\s+INTO|DELETE\s+FROM|UPDATE)\s+events\b/.test(readFileSync(join(src, f), 'utf8'))).sort()
    expect(writers).toEqual(['db/pg/storage/events.ts', 'db/queries/events.ts', 'db/queries/store.ts'])
    expect(readFileSync(join(src, 'db/queries/store.ts'), 'utf8')).toContain('return writeEvents(')
    const pg = readFileSync(join(src, 'db/pg/storage/events.ts'), 'utf8')
    expect(pg.match(/generation: await advanceGeneration\(tx\)/g)).toHaveLength(2)
  })
})
