// Pins what the runner hands a worker (issue 12), on both backends: settings that are not set stay absent,
// never `undefined` over a default (that once switched politeness off); stored hints are read whatever was
// written; and the sources of the last crawl come with their validators only when a memo can stand for them.
import { expect, it } from 'bun:test'
import type { Storage } from '../../src/db/storage'
import { buildCrawlRequest } from '../../src/jobs/request'
import { insertPendingJob, jobRow } from '../helpers/jobs'
import { seedOrganization } from '../helpers/seed'
import { forEachBackend } from '../helpers/storage'

const settings = { maxPages: 200, budgetMs: 600_000, userAgent: 'event-index/1.0', allowPrivate: false, scriptVersion: '1.0.0' }

async function setup(storage: Storage) {
  const job = await insertPendingJob(storage, { domain: 'lib.example.org' })
  return { job, row: () => jobRow(storage, job.jobId) }
}

forEachBackend('buildCrawlRequest', (open) => {
  it('leaves unset settings and an unknown zone absent instead of undefined', async () => {
    const storage = await open()
    const { row } = await setup(storage)
    const request = await buildCrawlRequest(storage, await row(), settings)
    for (const key of ['politenessMs', 'timezone']) expect(Object.keys(request)).not.toContain(key)
    expect(Object.entries(request).filter(([, v]) => v === undefined)).toEqual([])
    expect((await buildCrawlRequest(storage, await row(), { ...settings, politenessMs: 0 })).politenessMs).toBe(0)
  })

  it('reads hints stored as the column default, or damaged, as two lists of URLs', async () => {
    const storage = await open()
    const { row } = await setup(storage)
    for (const stored of ['{}', 'not json', '{"calendarUrls":"x","eventUrls":["https://lib.example.org/e/1",7]}']) {
      expect((await buildCrawlRequest(storage, { ...(await row()), hints: stored }, settings)).hints).toEqual({
        calendarUrls: [],
        eventUrls: stored.includes('e/1') ? ['https://lib.example.org/e/1'] : [],
      })
    }
  })

  it('passes the validators of the last crawl only for sources that have a memo', async () => {
    const storage = await open()
    const source = (url: string, validators: { etag?: string; lastModified?: string; memo?: string }) => ({ url, kind: 'page' as const, status: 'ok' as const, eventCount: 0, ...validators })
    await seedOrganization(storage, {
      domain: 'lib.example.org',
      events: [],
      sources: [
        source('https://lib.example.org/a', { etag: '"a"', memo: '{"a":1}' }),
        source('https://lib.example.org/b', { lastModified: 'Sun, 01 Nov 2026 10:00:00 GMT', memo: '{"b":1}' }),
        source('https://lib.example.org/c', { etag: '"c"' }),
        source('https://lib.example.org/d', { memo: '{"d":1}' }),
      ],
    })
    const { row } = await setup(storage)
    expect((await buildCrawlRequest(storage, await row(), settings)).previous).toEqual({
      'https://lib.example.org/a': { etag: '"a"', memo: '{"a":1}' },
      'https://lib.example.org/b': { lastModified: 'Sun, 01 Nov 2026 10:00:00 GMT', memo: '{"b":1}' },
    })
  })
})
