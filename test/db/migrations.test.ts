// Pins storage (DESIGN §5): migrations apply to an empty file and are a no-op on a migrated one; the
// embedded copy equals drizzle/ (same hashes as drizzle's own reader); every connection has WAL, a busy
// timeout and foreign keys; the FTS5 tables follow their base tables; statistics are refreshed after migrating.
import { afterEach, describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { appliedCount, BUSY_TIMEOUT_MS, closeDatabase, embeddedMigrations, migrate, openDatabase, type Db } from '../../src/db'
import { tempDir } from '../helpers/tmp'

const DRIZZLE_DIR = join(import.meta.dir, '../../drizzle')
const TABLES = [
  'accounts',
  'credit_ledger',
  'event_categories',
  'event_search_records',
  'events',
  'events_fts',
  'index_jobs',
  'oauth_codes',
  'oauth_keys',
  'oauth_refresh_tokens',
  'organizations',
  'organizations_fts',
  'replay_keys',
  'reports',
  'sources',
  'usage_reports',
]

const open: Db[] = []
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const db of open.splice(0)) closeDatabase(db)
  for (const c of cleanups.splice(0)) c()
})

function fileDb(): { db: Db; path: string } {
  const { dir, cleanup } = tempDir()
  cleanups.push(cleanup)
  const path = join(dir, 'nested', 'event-index.sqlite')
  const db = openDatabase(path)
  open.push(db)
  return { db, path }
}

const tables = (db: Db) =>
  (
    db.$client.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%fts_%' AND name NOT LIKE '\\_\\_%' ESCAPE '\\' ORDER BY name").all() as {
      name: string
    }[]
  ).map((r) => r.name)

describe('migrations', () => {
  it('embeds exactly what drizzle-kit wrote, with the hashes drizzle computes', () => {
    const fromDisk = readMigrationFiles({ migrationsFolder: DRIZZLE_DIR })
    const embedded = embeddedMigrations()
    expect(embedded.map((m) => m.hash)).toEqual(fromDisk.map((m) => m.hash))
    expect(embedded.map((m) => m.folderMillis)).toEqual(fromDisk.map((m) => m.folderMillis))
    expect(embedded.map((m) => m.sql)).toEqual(fromDisk.map((m) => m.sql))
  })

  it('creates every table on an empty file, creating its folder', () => {
    const { db } = fileDb()
    expect(appliedCount(db)).toBe(0)
    expect(migrate(db)).toBe(embeddedMigrations().length)
    expect(tables(db)).toEqual(TABLES)
  })

  it('refreshes the planner statistics when it applied migrations (issue 12), and leaves them alone otherwise', () => {
    const { db } = fileDb()
    migrate(db)
    expect(db.$client.query("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").get()).not.toBeNull()
    db.$client.run('DELETE FROM sqlite_stat1')
    expect(migrate(db)).toBe(0)
    expect((db.$client.query('SELECT count(*) AS n FROM sqlite_stat1').get() as { n: number }).n).toBe(0)
  })

  it('applies nothing the second time, also from a new connection', () => {
    const { db, path } = fileDb()
    migrate(db)
    expect(migrate(db)).toBe(0)
    const again = openDatabase(path)
    open.push(again)
    expect(migrate(again)).toBe(0)
    expect(appliedCount(again)).toBe(embeddedMigrations().length)
  })
})

describe('connections', () => {
  it('use WAL, a busy timeout and foreign keys', () => {
    const { db } = fileDb()
    const pragma = (name: string) => Object.values(db.$client.query(`PRAGMA ${name}`).get() as object)[0]
    expect(pragma('journal_mode')).toBe('wal')
    expect(pragma('busy_timeout')).toBe(BUSY_TIMEOUT_MS)
    expect(pragma('foreign_keys')).toBe(1)
  })

  it('enforce foreign keys', () => {
    const { db } = fileDb()
    migrate(db)
    expect(() => db.$client.run("INSERT INTO events (org_id, event_id, title, starts_at, record, scraped_at, script_version) VALUES ('org_missing', 'e1', 't', 0, '{}', 0, '1')")).toThrow(
      /FOREIGN KEY/,
    )
  })
})

describe('full-text search', () => {
  function seed(db: Db) {
    migrate(db)
    const c = db.$client
    c.run(
      "INSERT INTO organizations (org_id, domain, website, name, created_at, updated_at) VALUES ('org_0000000000000001', 'springfield-library.org', 'https://springfield-library.org/', 'Springfield Public Library', 0, 0)",
    )
    const record = JSON.stringify({
      title: 'Toddler Storytime',
      description: 'Songs and rhymes for little ones',
      venue: { name: 'Children’s Room' },
      organizer: { name: 'Friends of the Library', url: null },
      categories: ['kids', 'storytime'],
    })
    c.run("INSERT INTO events (org_id, event_id, title, starts_at, city, record, scraped_at, script_version) VALUES ('org_0000000000000001', 'e1', 'Toddler Storytime', 0, 'Springfield', ?, 0, '1')", [
      record,
    ])
  }
  const orgHits = (db: Db, q: string) => (db.$client.query('SELECT rowid FROM organizations_fts WHERE organizations_fts MATCH ?').all(q) as unknown[]).length
  const eventHits = (db: Db, q: string) => (db.$client.query('SELECT rowid FROM events_fts WHERE events_fts MATCH ?').all(q) as unknown[]).length

  it('finds organizations by name, domain part and prefix, and forgets them when renamed or deleted', () => {
    const { db } = fileDb()
    seed(db)
    expect(orgHits(db, 'library')).toBe(1)
    expect(orgHits(db, 'springfield')).toBe(1)
    expect(orgHits(db, 'spring*')).toBe(1)
    db.$client.run("UPDATE organizations SET name = 'Shelbyville Museum' WHERE org_id = 'org_0000000000000001'")
    expect(orgHits(db, 'museum')).toBe(1)
    expect(orgHits(db, 'public')).toBe(0)
    db.$client.run('DELETE FROM organizations')
    expect(orgHits(db, 'museum')).toBe(0)
  })

  it('indexes event title, description, venue, organizer and organization name (issue 18), follows renames and deletes', () => {
    const { db } = fileDb()
    seed(db)
    expect(eventHits(db, 'storytime')).toBe(1)
    expect(eventHits(db, 'rhymes')).toBe(1)
    expect(eventHits(db, 'room')).toBe(1)
    expect(eventHits(db, 'friends')).toBe(1)
    expect(eventHits(db, 'springfield')).toBe(1)
    expect(eventHits(db, 'kids')).toBe(0)
    db.$client.run("UPDATE organizations SET name = 'Shelbyville Museum' WHERE org_id = 'org_0000000000000001'")
    expect(eventHits(db, 'museum')).toBe(1)
    expect(eventHits(db, 'springfield')).toBe(0)
    db.$client.run('DELETE FROM organizations')
    expect(eventHits(db, 'storytime')).toBe(0)
  })
})
