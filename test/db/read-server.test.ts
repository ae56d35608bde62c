// Pins the settings of the read workers' connections (read-server.ts): read-only, waiting out a busy
// database for BUSY_TIMEOUT_MS, and a page cache of READ_CACHE_KIB rather than SQLite's 2000 KiB
// default (issue 12: an uncached search's pages are spread over months of records, so a large cache
// held memory and spared almost no reads).
// SQLite only: the read workers are SQLite's (PostgreSQL has no reader threads).
import { afterEach, describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { closeDatabase, migrate, openDatabase } from '../../src/db'
import { BUSY_TIMEOUT_MS } from '../../src/db/client'
import { openReadOnly, READ_CACHE_KIB } from '../../src/db/read-server'
import { tempDir } from '../helpers/tmp'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

function databaseFile(): string {
  const { dir, cleanup } = tempDir('read-server-')
  cleanups.push(cleanup)
  const path = join(dir, 'events.sqlite')
  const db = openDatabase(path)
  migrate(db)
  closeDatabase(db)
  return path
}

describe('openReadOnly', () => {
  it('opens a read-only connection with the busy timeout and a page cache smaller than the default', () => {
    const sqlite = openReadOnly(databaseFile())
    cleanups.push(() => sqlite.close())
    expect(READ_CACHE_KIB).toBeLessThan(2000)
    expect(sqlite.query('PRAGMA cache_size').get()).toEqual({ cache_size: -READ_CACHE_KIB })
    expect(sqlite.query('PRAGMA busy_timeout').get()).toEqual({ timeout: BUSY_TIMEOUT_MS })
    expect(() => sqlite.run('DELETE FROM events')).toThrow(/readonly/)
  })
})
