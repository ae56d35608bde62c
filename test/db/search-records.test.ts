// Pins the clustered search records (issue 12): `event_search_records` holds each event's search record
// under recordKey(start, id), kept in step with `events` by migration 0014's triggers whatever writes them
// (a crawl's store, a re-crawl replacing an organization's events, the prune of ended events, an update, a
// delete cascaded from the organization), and the migration fills it from the events already stored. The
// key the read computes (recordKey, in JavaScript) agrees with the one the triggers compute (in SQL) for
// every start, before 1970, at the clamps and beyond them.
// SQLite only: `event_search_records` and its triggers exist only there (PostgreSQL reads `events` itself).
import { describe, expect, it } from 'bun:test'
import type { MigrationMeta } from 'drizzle-orm/migrator'
import { embeddedMigrations, migrate, openDatabase, type Db } from '../../src/db'
import { recordKey } from '../../src/db/queries/search-records'
import { pruneEndedEvents } from '../../src/db/queries/events'
import type { Event } from '../../src/model/event'
import { sqliteStorage } from '../../src/db/sqlite-storage'
import { seedOrganization } from '../helpers/seed'

const NOW = Date.UTC(2026, 11, 1, 15)
const DAY = 86_400_000
const HOUR = 3_600_000

/** The table's rows, and what they should be: one per event, under recordKey of its start and id. */
function rows(db: Db) {
  const got = db.$client.query('SELECT key, record FROM event_search_records ORDER BY key').values() as [number, string][]
  const events = db.$client.query('SELECT id, starts_at, search_record FROM events').values() as [number, number, string][]
  const want = events.map(([id, at, record]) => [recordKey(at, id), record] as [number, string]).sort((a, b) => a[0] - b[0])
  return { got, want }
}

function events(count: number, offsetDays = 1, prefix = 'e'): Event[] {
  return Array.from({ length: count }, (_, i) => ({
    title: `${prefix} ${i} café`,
    event_id: `${prefix}${i}`,
    city: 'Springfield',
    startDate: new Date(NOW + (offsetDays + i) * DAY + (i % 5) * HOUR).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
  }))
}

function fresh(): Db {
  const db = openDatabase(':memory:')
  migrate(db)
  return db
}

describe('event_search_records', () => {
  it('holds every stored event under recordKey, and follows a re-crawl, the prune of ended events and a cascaded delete', async () => {
    const db = fresh()
    const a = await seedOrganization(sqliteStorage(db), { domain: 'a.example.org', events: events(6), nowMs: NOW })
    await seedOrganization(sqliteStorage(db), { domain: 'b.example.org', events: events(4, -3, 'old'), nowMs: NOW })
    let r = rows(db)
    expect(r.got).toHaveLength(10)
    expect(r.got).toEqual(r.want)

    // A re-crawl replaces the organization's events (new ids).
    await seedOrganization(sqliteStorage(db), { domain: 'a.example.org', events: events(3, 2, 'again'), nowMs: NOW })
    r = rows(db)
    expect(r.got).toHaveLength(7)
    expect(r.got).toEqual(r.want)

    // Ended events are pruned.
    expect(pruneEndedEvents(db, NOW)).toBeGreaterThan(0)
    r = rows(db)
    expect(r.got).toEqual(r.want)
    expect(r.got.length).toBe((db.$client.query('SELECT count(*) AS n FROM events').get() as { n: number }).n)

    // A deleted organization takes its events and their records with it.
    db.$client.run('DELETE FROM organizations WHERE org_id = ?1', [a])
    r = rows(db)
    expect(r.got).toEqual(r.want)
    expect(r.got.length).toBe((db.$client.query('SELECT count(*) AS n FROM events').get() as { n: number }).n)
  })

  it('follows a change of start or record', async () => {
    const db = fresh()
    await seedOrganization(sqliteStorage(db), { domain: 'a.example.org', events: events(3), nowMs: NOW })
    db.$client.run(`UPDATE events SET starts_at = starts_at + 40 * ${DAY}, search_record = json_set(search_record, '$.title', 'moved') WHERE event_id = 'e1'`)
    const r = rows(db)
    expect(r.got).toHaveLength(3)
    expect(r.got).toEqual(r.want)
    expect(r.got.some(([, record]) => JSON.parse(record).title === 'moved')).toBe(true)
  })

  it('computes in the triggers the key recordKey computes, for any start', async () => {
    const db = fresh()
    const orgId = await seedOrganization(sqliteStorage(db), { domain: 'a.example.org', events: [], nowMs: NOW })
    const starts = [NOW, NOW + 1, NOW - 1, 0, 1, -1, -HOUR, -HOUR - 1, -DAY * 365 * 60 + 123, Date.UTC(2209, 0, 1), Date.UTC(2300, 0, 1), Date.UTC(1600, 0, 1), 8.64e15, -8.64e15, NOW + 0.5]
    const insert = db.$client.prepare(`INSERT INTO events (org_id, event_id, title, starts_at, record, search_record, scraped_at, script_version) VALUES (?1, ?2, 't', ?3, '{}', ?4, ?5, 'test')`)
    starts.forEach((at, i) => insert.run(orgId, `k${i}`, at, `{"i":${i}}`, NOW))
    const r = rows(db)
    expect(r.got).toHaveLength(starts.length)
    expect(r.got).toEqual(r.want)
    for (const [key] of r.got) expect(Number.isSafeInteger(key)).toBe(true)
  })

  it('keeps the records of a window side by side: keys in start order, then id', async () => {
    expect(recordKey(NOW, 5)).toBeLessThan(recordKey(NOW, 6))
    expect(recordKey(NOW, 2 ** 32 - 1)).toBeLessThan(recordKey(NOW + HOUR, 1))
    expect(recordKey(-HOUR - 1, 7)).toBeLessThan(recordKey(0, 1))
  })

  it('is filled by its migration from the events stored before it', async () => {
    const db = openDatabase(':memory:')
    const all = embeddedMigrations()
    const at = all.findIndex((m) => m.sql.some((s) => s.includes('CREATE TABLE `event_search_records`')))
    expect(at).toBeGreaterThan(0)
    const { dialect, session } = db as unknown as { dialect: { migrate(m: MigrationMeta[], s: unknown, c: object): void }; session: unknown }
    dialect.migrate(all.slice(0, at), session, { migrationsFolder: 'embedded' })
    await seedOrganization(sqliteStorage(db), { domain: 'a.example.org', events: events(5), nowMs: NOW })
    await seedOrganization(sqliteStorage(db), { domain: 'b.example.org', events: events(3, 4, 'b'), nowMs: NOW })
    expect(migrate(db)).toBe(all.length - at)
    const r = rows(db)
    expect(r.got).toHaveLength(8)
    expect(r.got).toEqual(r.want)
  })
})
