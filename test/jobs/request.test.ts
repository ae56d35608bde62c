// Pins what the runner hands a worker (issue 12): settings that are not set stay absent, never
// `undefined` over a default (that once switched politeness off); stored hints are read whatever was
// written; and the sources of the last crawl come with their validators only when a memo can stand for them.
import { sqliteStorage } from '../../src/db/sqlite-storage'
import { describe, expect, it } from 'bun:test'
import { migrate, openDatabase } from '../../src/db'
import { findJob } from '../../src/db/queries/jobs'
import { buildCrawlRequest } from '../../src/jobs/request'
import { insertPendingJob } from '../helpers/jobs'

const settings = { maxPages: 200, budgetMs: 600_000, userAgent: 'event-index/1.0', allowPrivate: false, scriptVersion: '1.0.0' }

function setup() {
  const db = openDatabase(':memory:')
  migrate(db)
  const job = insertPendingJob(db, { domain: 'lib.example.org' })
  const row = () => findJob(db, job.jobId)!
  return { db, job, row }
}

describe('buildCrawlRequest', () => {
  it('leaves unset settings and an unknown zone absent instead of undefined', async () => {
    const { db, row } = setup()
    const request = await buildCrawlRequest(sqliteStorage(db), row(), settings)
    for (const key of ['politenessMs', 'timezone']) expect(Object.keys(request)).not.toContain(key)
    expect(Object.entries(request).filter(([, v]) => v === undefined)).toEqual([])
    expect((await buildCrawlRequest(sqliteStorage(db), row(), { ...settings, politenessMs: 0 })).politenessMs).toBe(0)
  })

  it('reads hints stored as the column default, or damaged, as two lists of URLs', async () => {
    const { db, job, row } = setup()
    for (const stored of ['{}', 'not json', '{"calendarUrls":"x","eventUrls":["https://lib.example.org/e/1",7]}']) {
      db.$client.run('UPDATE index_jobs SET hints = ?1 WHERE job_id = ?2', [stored, job.jobId])
      expect((await buildCrawlRequest(sqliteStorage(db), row(), settings)).hints).toEqual({ calendarUrls: [], eventUrls: stored.includes('e/1') ? ['https://lib.example.org/e/1'] : [] })
    }
  })

  it('passes the validators of the last crawl only for sources that have a memo', async () => {
    const { db, job, row } = setup()
    const insert = db.$client.prepare("INSERT INTO sources (org_id, url, kind, status, etag, last_modified, memo) VALUES (?1, ?2, 'page', 'ok', ?3, ?4, ?5)")
    insert.run(job.orgId, 'https://lib.example.org/a', '"a"', null, '{"a":1}')
    insert.run(job.orgId, 'https://lib.example.org/b', null, 'Sun, 01 Nov 2026 10:00:00 GMT', '{"b":1}')
    insert.run(job.orgId, 'https://lib.example.org/c', '"c"', null, null)
    insert.run(job.orgId, 'https://lib.example.org/d', null, null, '{"d":1}')
    expect((await buildCrawlRequest(sqliteStorage(db), row(), settings)).previous).toEqual({
      'https://lib.example.org/a': { etag: '"a"', memo: '{"a":1}' },
      'https://lib.example.org/b': { lastModified: 'Sun, 01 Nov 2026 10:00:00 GMT', memo: '{"b":1}' },
    })
  })
})
