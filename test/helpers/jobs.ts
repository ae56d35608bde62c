import type { Db } from '../../src/db'
import { orgIdFor } from '../../src/model/org-identity'
import { newJobId } from '../../src/services/index-jobs'

/**
 * Inserts a pending job (and its organization) directly, with raw hints, for queue and runner tests. A
 * loopback site gives its `domain` as host:port and its `website`; the window defaults to a fixed one.
 */
export function insertPendingJob(
  db: Db,
  options: { domain?: string; website?: string; window?: { start: string; end: string }; calendarUrls?: string[]; nowMs?: number; maxAttempts?: number; createdAt?: number } = {},
) {
  const domain = options.domain ?? `site-${Math.random().toString(36).slice(2, 8)}.example.org`
  const orgId = orgIdFor(domain)
  const now = options.nowMs ?? Date.now()
  const website = options.website ?? `https://${domain}/`
  const window = options.window ?? { start: '2026-12-01', end: '2027-02-28' }
  db.$client.run('INSERT OR IGNORE INTO organizations (org_id, domain, website, created_at, updated_at) VALUES (?, ?, ?, ?, ?)', [orgId, domain, new URL(website).origin, now, now])
  const jobId = newJobId()
  db.$client.run(
    "INSERT INTO index_jobs (job_id, org_id, website, start_date, end_date, hints, state, max_attempts, created_at, updated_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?)",
    [
      jobId,
      orgId,
      website,
      window.start,
      window.end,
      JSON.stringify({ calendarUrls: options.calendarUrls ?? [], eventUrls: [] }),
      options.maxAttempts ?? 3,
      options.createdAt ?? now,
      now,
      now + 24 * 3600_000,
    ],
  )
  return { jobId, orgId, domain }
}

export const jobRow = (db: Db, jobId: string) =>
  db.$client.query('SELECT state, attempts, interruptions, error, event_count, progress, lease_owner FROM index_jobs WHERE job_id = ?').get(jobId) as {
    state: string
    attempts: number
    interruptions: number
    error: string | null
    event_count: number | null
    progress: string
    lease_owner: string | null
  }

/** Polls until `check` passes or the time is up (runner tests wait on real workers). */
export async function eventually(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time')
    await Bun.sleep(25)
  }
}
