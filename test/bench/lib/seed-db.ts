import { closeDatabase, migrate, openDatabase, optimizeDatabase } from '../../../src/db'
import { storeCrawlResult } from '../../../src/db/queries/store'
import { claimJob, confirmJob, reserveJob } from '../../../src/db/queries/jobs'
import type { Event } from '../../../src/model/event'
import { orgIdFor } from '../../../src/model/org-identity'
import { newJobId } from '../../../src/services/index-jobs'

export const CITIES = ['Springfield', 'Shelbyville', 'Ogdenville', 'North Haverbrook', 'Capital City', 'Brockway', 'Cypress Creek', 'Waverly Hills']
export const CATEGORIES = ['kids', 'family', 'storytime', 'teens', 'music', 'art', 'science', 'outdoors', 'crafts', 'books']

/**
 * A database file with `orgs` indexed organizations of `perOrg` upcoming events each, written through
 * the production store path, with realistic record sizes (title, description, venue, offers, categories).
 * Events start on the 80 days from `nowMs`'s day, between 9:00 and 18:00 UTC, and last an hour. `onProgress` hears of
 * every 1 000 organizations written.
 */
export function seedBenchDatabase(path: string, orgs: number, perOrg: number, nowMs = Date.now(), prefix = 'bench-org', onProgress?: (orgsDone: number) => void): void {
  const db = openDatabase(path)
  // A large page cache for the seeding connection only: each crawl result is one transaction, and the
  // events' full-text index re-reads its segments at every statement of it; with the default 2 MiB a
  // million events take most of an hour, with 256 MiB a few minutes. The rows written are the same.
  db.$client.run('PRAGMA cache_size = -262144')
  migrate(db)
  // Daytime hours of each day (9:00 to 18:00 UTC), wherever in the day the seeding runs: the databases do
  // not depend on the hour they were seeded at (a start at 23:00 would end on the next day).
  const midnight = nowMs - (nowMs % 86_400_000)
  for (let o = 0; o < orgs; o++) {
    const city = CITIES[o % CITIES.length]
    const domain = `${prefix}-${o}.example.org`
    const job = { jobId: newJobId(), orgId: orgIdFor(domain) }
    reserveJob(db, {
      organization: { orgId: job.orgId, domain, website: `https://${domain}` },
      jobId: job.jobId,
      website: `https://${domain}/`,
      startDate: '2026-12-01',
      endDate: '2027-02-28',
      hints: '{"calendarUrls":[],"eventUrls":[]}',
      hintReport: '{"items":[],"count":0}',
      nowMs,
      expiresAt: nowMs + 86_400_000,
    })
    confirmJob(db, job.jobId, nowMs)
    claimJob(db, 'seed', nowMs)
    const events: Event[] = Array.from({ length: perOrg }, (_, i) => {
      const start = new Date(midnight + ((i * 7 + o) % 80) * 86_400_000 + 3600_000 * (9 + (i % 10)))
      return {
        title: `${['Storytime', 'Lego Club', 'Teen Gaming', 'Family Concert', 'Art Workshop'][i % 5]} #${i} at ${city}`,
        description: `A ${CATEGORIES[i % CATEGORIES.length]} program for the whole community. Registration is free; bring a friend. `.repeat(3),
        url: `https://${prefix}-${o}.example.org/events/${i}`,
        startDate: start.toISOString().replace(/\.\d{3}Z$/, '+00:00'),
        endDate: new Date(start.getTime() + 3600_000).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
        eventStatus: 'EventScheduled',
        attendanceMode: 'OfflineEventAttendanceMode',
        city,
        address: `${100 + i} Main Street, ${city}`,
        venue: { name: `${city} Branch Library`, address: `${100 + i} Main Street, ${city}`, latitude: 40 + o / 1000, longitude: -75 - o / 1000 },
        categories: [CATEGORIES[i % CATEGORIES.length], CATEGORIES[(i + o) % CATEGORIES.length]],
        category: CATEGORIES[i % CATEGORIES.length],
        isAccessibleForFree: true,
        event_id: `evt_${o}_${i}`,
      }
    })
    storeCrawlResult(db, {
      jobId: job.jobId,
      owner: 'seed',
      orgId: job.orgId,
      nowMs,
      scriptVersion: 'bench',
      result: {
        organization: { name: `Bench Library ${o} of ${city}`, timezone: 'America/New_York' },
        events: events.map((event) => ({ event, source: `https://${prefix}-${o}.example.org/events` })),
        sources: [],
        progress: { pagesFetched: 1, sourcesFound: 1, eventsFound: perOrg },
        warnings: [],
        refused: [],
      },
    })
    if (onProgress && (o + 1) % 1000 === 0) onProgress(o + 1)
  }
  optimizeDatabase(db)
  db.$client.run('PRAGMA wal_checkpoint(TRUNCATE)')
  closeDatabase(db)
}
