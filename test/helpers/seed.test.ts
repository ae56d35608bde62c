// Pins the seeding helper's independence from the queue: seedOrganization claims and stores its own job,
// so it works whatever other test left pending before it (tests pass in any order, `bun test --randomize`).
import { describe, expect, it } from 'bun:test'
import { migrate, openDatabase } from '../../src/db'
import { insertPendingJob, jobRow } from './jobs'
import { seedIndexedOrganization } from './seed'

describe('seedOrganization', () => {
  it('indexes its organization while an older job waits in the queue, leaving that job pending', () => {
    const db = openDatabase(':memory:')
    migrate(db)
    const waiting = insertPendingJob(db, { domain: 'queued.example.org', createdAt: 1 })
    const orgId = seedIndexedOrganization(db, { events: 2, domain: 'seeded.example.org' })
    expect(db.$client.query('SELECT count(*) AS n FROM events WHERE org_id = ?1').get(orgId)).toEqual({ n: 2 })
    expect(jobRow(db, waiting.jobId)).toMatchObject({ state: 'pending', attempts: 0, lease_owner: null })
  })
})
