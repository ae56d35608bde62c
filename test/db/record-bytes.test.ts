// Pins the records' byte path (issue 12): a search's and an organization's records are read as UTF-8
// bytes, joined with commas and handed from the read worker to the request thread as one buffer. What
// arrives, through the real worker pool on a real file, is exactly the stored records in start order,
// non-ASCII text included, and the answers built from them are the same JSON as before.
// SQLite only: the bytes come from SQLite's read-worker pool (PostgreSQL has no reader threads).
import { afterEach, describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { closeDatabase, migrate, openDatabase } from '../../src/db'
import { joinRecordBytes } from '../../src/db/queries/record-bytes'
import { readPool } from '../../src/db/read-pool'
import type { Event } from '../../src/model/event'
import { sqliteStorage } from '../../src/db/sqlite-storage'
import { seedOrganization } from '../helpers/seed'
import { tempDir } from '../helpers/tmp'

const NOW = Date.UTC(2026, 11, 1, 15)
const DAY = 86_400_000
const bytes = (text: string) => new TextEncoder().encode(text)
const text = (b: Uint8Array) => new TextDecoder().decode(b)

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

describe('joinRecordBytes', () => {
  it('joins records with commas into a buffer of their own', () => {
    const joined = joinRecordBytes([bytes('{"a":1}'), bytes('{"b":"é"}'), bytes('{}')])
    expect(text(joined)).toBe('{"a":1},{"b":"é"},{}')
    expect(joined.byteOffset).toBe(0)
    expect(joined.buffer.byteLength).toBe(joined.byteLength)
  })

  it('gives an empty buffer for no records and the record itself for one', () => {
    expect(joinRecordBytes([]).byteLength).toBe(0)
    expect(text(joinRecordBytes([bytes('{"only":true}')]))).toBe('{"only":true}')
  })
})

describe('records read by the worker pool', () => {
  it('arrive as the stored records in start order, byte for byte, non-ASCII text included', async () => {
    const tmp = tempDir()
    cleanups.push(tmp.cleanup)
    const path = join(tmp.dir, 'bytes.sqlite')
    const db = openDatabase(path)
    migrate(db)
    const titles = ['Café concert ☕', 'Łódź 🎉 night', 'Plain talk', 'Ελληνικά', '日本語の会']
    const events: Event[] = titles.map((title, i) => ({
      title,
      event_id: `e${i}`,
      city: 'Springfield',
      // Stored out of start order, so that the order must come from the read.
      startDate: new Date(NOW + ((i * 3) % 5) * DAY + DAY).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
    }))
    const orgId = await seedOrganization(sqliteStorage(db), { domain: 'bytes.example.org', events, nowMs: NOW })
    const stored = db.$client.query('SELECT record, search_record FROM events ORDER BY starts_at, id').all() as { record: string; search_record: string }[]
    const reads = readPool({ path, workers: 1 })
    cleanups.push(async () => {
      await reads.close()
      closeDatabase(db)
    })

    const found = await reads.searchEvents({ startDate: '2026-12-01', endDate: '2026-12-31', cityKey: null, category: null, limit: 10, nowMs: NOW })
    expect(found.records).toBeInstanceOf(Uint8Array)
    expect(found.count).toBe(5)
    expect(text(found.records)).toBe(stored.map((r) => r.search_record).join(','))
    expect(JSON.parse(`[${text(found.records)}]`).map((e: Event) => e.title)).toEqual(stored.map((r) => JSON.parse(r.record).title))

    const org = await reads.organizationEvents({ orgId, nowMs: NOW })
    expect(org?.count).toBe(5)
    expect(text(org!.records)).toBe(stored.map((r) => r.record).join(','))
  })

  it('arrive empty when nothing matches', async () => {
    const tmp = tempDir()
    cleanups.push(tmp.cleanup)
    const path = join(tmp.dir, 'empty.sqlite')
    const db = openDatabase(path)
    migrate(db)
    const orgId = await seedOrganization(sqliteStorage(db), { domain: 'none.example.org', events: [], nowMs: NOW })
    const reads = readPool({ path, workers: 1 })
    cleanups.push(async () => {
      await reads.close()
      closeDatabase(db)
    })
    const found = await reads.searchEvents({ startDate: '2026-12-01', endDate: '2026-12-31', cityKey: null, category: null, limit: 10, nowMs: NOW })
    expect(found).toEqual({ count: 0, records: new Uint8Array(0), last: null })
    const org = await reads.organizationEvents({ orgId, nowMs: NOW })
    expect(org?.count).toBe(0)
    expect(org?.records.byteLength).toBe(0)
  })
})
