// Pins the seeding helper's independence from the queue, on both backends: seedOrganization claims and
// stores its own job, so it works whatever other test left pending before it (tests pass in any order,
// `bun test --randomize`), and writes through the storage interface only.
import { expect, it } from 'bun:test'
import { insertPendingJob, jobRow } from './jobs'
import { countRows } from './peek'
import { seedIndexedOrganization } from './seed'
import { forEachBackend } from './storage'

forEachBackend('seedOrganization', (open) => {
  it('indexes its organization while an older job waits in the queue, leaving that job pending', async () => {
    const storage = await open()
    const waiting = await insertPendingJob(storage, { domain: 'queued.example.org', createdAt: 1 })
    const orgId = await seedIndexedOrganization(storage, { events: 2, domain: 'seeded.example.org' })
    expect(await countRows(storage, 'events', 'org_id = ?', orgId)).toBe(2)
    expect(await storage.events.upcomingCount(orgId, Date.now())).toBe(2)
    expect(await jobRow(storage, waiting.jobId)).toMatchObject({ state: 'pending', attempts: 0, leaseOwner: null })
  })
})
