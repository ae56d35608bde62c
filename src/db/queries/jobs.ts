import { and, eq, lt, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { LEASE_MS, MAX_INTERRUPTIONS } from '../../model/job-state'
import { jobRecord } from '../record-rows'
import { indexJobs } from '../schema'
import type { AccountJob, PendingJob, ReservedJobInsert } from '../storage-types'
import { ensureOrganization } from './organizations'

export type JobRow = typeof indexJobs.$inferSelect
export type NewJob = typeof indexJobs.$inferInsert

/** Inserts a job in state `reserved`: not claimable until {@link confirmJob}. */
export function insertReservedJob(db: Db, job: Omit<NewJob, 'state'>): void {
  db.insert(indexJobs)
    .values({ ...job, state: 'reserved' })
    .run()
}

/**
 * Makes a reserved job claimable once its usage is confirmed (a usage report recorded, or the MCP debit in
 * the same transaction); false when it was not reserved. A job whose report was sent is marked `recorded`.
 */
export function confirmJob(db: Db, jobId: string, nowMs: number): boolean {
  const changed = db
    .update(indexJobs)
    .set({ state: 'pending', billing: sql`CASE WHEN ${indexJobs.billing} IS NULL THEN NULL ELSE 'recorded' END`, updatedAt: nowMs })
    .where(and(eq(indexJobs.jobId, jobId), eq(indexJobs.state, 'reserved')))
    .returning({ jobId: indexJobs.jobId })
    .all()
  return changed.length === 1
}

/** Removes a reserved job whose usage could not be confirmed, so nothing stays enqueued. */
export function discardReservedJob(db: Db, jobId: string): void {
  db.delete(indexJobs)
    .where(and(eq(indexJobs.jobId, jobId), eq(indexJobs.state, 'reserved')))
    .run()
}

export function findJob(db: Db, jobId: string): JobRow | undefined {
  return db.select().from(indexJobs).where(eq(indexJobs.jobId, jobId)).get()
}

const reserved = (jobId: string) => and(eq(indexJobs.jobId, jobId), eq(indexJobs.state, 'reserved'))

/** Notes on a reserved job that its usage report is about to be sent (before sending, so a crash mid-report leaves a trace). */
export function markReportSent(db: Db, jobId: string, nowMs: number): void {
  db.update(indexJobs).set({ billing: 'sent', updatedAt: nowMs }).where(reserved(jobId)).run()
}

/** Notes that the report's answer is unknown (it may have been recorded); the job stays reserved until settled. */
export function markBillingUnknown(db: Db, jobId: string, nowMs: number): void {
  db.update(indexJobs).set({ billing: 'unknown', updatedAt: nowMs }).where(reserved(jobId)).run()
}

/** Cancels a reserved job whose billing ended without a charge (`refused`) or without an answer by its expiry (`unknown`). */
export function cancelReservedJob(db: Db, jobId: string, billing: 'refused' | 'unknown', reason: string, nowMs: number): boolean {
  return (
    db
      .update(indexJobs)
      .set({ state: 'cancelled', billing, error: reason.slice(0, 1000), finishedAt: nowMs, updatedAt: nowMs })
      .where(reserved(jobId))
      .returning({ jobId: indexJobs.jobId })
      .all().length === 1
  )
}

/** Reserved jobs untouched since `beforeMs` (their process died, or their report's answer is unknown), oldest first. */
export function staleReservedJobs(db: Db, beforeMs: number, limit: number): JobRow[] {
  return db
    .select()
    .from(indexJobs)
    .where(and(eq(indexJobs.state, 'reserved'), lt(indexJobs.updatedAt, beforeMs)))
    .orderBy(indexJobs.updatedAt)
    .limit(limit)
    .all()
}

// The queue: claims, leases, progress and the ends of attempts (jobs/runner drives them).

export { LEASE_MS, MAX_INTERRUPTIONS } from '../../model/job-state'

type RawJob = Record<string, unknown>

const toRow = (raw: RawJob): JobRow => jobRecord(raw)

/**
 * Claims the oldest runnable job for `owner`: a pending one with attempts left, or a running one whose
 * lease expired (its process died), never one past its 24 h life, never a second job of an organization
 * that is being crawled. Claiming a pending job starts a counted attempt; claiming an expired lease
 * continues the interrupted attempt and counts an interruption instead ({@link MAX_INTERRUPTIONS}).
 * One UPDATE … RETURNING, so two runners can never claim the same job. `onlyJobId` narrows the claim
 * to that one job under the same rules (a test seeding an organization claims its own job, whatever else
 * waits in the queue).
 */
export function claimJob(db: Db, owner: string, nowMs: number, leaseMs = LEASE_MS, onlyJobId?: string): JobRow | undefined {
  const raw = db.$client
    .query(
      `UPDATE index_jobs SET lease_owner = ?1, lease_expires_at = ?2 + ?3,
         attempts = attempts + (state = 'pending'), interruptions = interruptions + (state = 'running'), state = 'running',
         started_at = COALESCE(started_at, ?2), updated_at = ?2
       WHERE job_id = (
         SELECT j.job_id FROM index_jobs j
         WHERE ((j.state = 'pending' AND j.attempts < j.max_attempts) OR (j.state = 'running' AND j.lease_expires_at < ?2 AND j.interruptions < ?4))
           AND j.expires_at > ?2 AND (?5 IS NULL OR j.job_id = ?5)
           AND NOT EXISTS (SELECT 1 FROM index_jobs r WHERE r.org_id = j.org_id AND r.job_id <> j.job_id AND r.state = 'running' AND r.lease_expires_at >= ?2)
         ORDER BY j.created_at LIMIT 1)
       RETURNING *`,
    )
    .get(owner, nowMs, leaseMs, MAX_INTERRUPTIONS, onlyJobId ?? null) as RawJob | null
  return raw ? toRow(raw) : undefined
}

/**
 * Gives the jobs `owner` is running back to the queue (a graceful shutdown): pending again at once, and
 * the interrupted attempt uncounted, so a restart never uses up a job's attempts. Returns how many.
 */
export function releaseJobs(db: Db, owner: string, nowMs: number): number {
  return db.$client.run(
    "UPDATE index_jobs SET state = 'pending', attempts = MAX(attempts - 1, 0), lease_owner = NULL, lease_expires_at = NULL, updated_at = ?2 WHERE lease_owner = ?1 AND state = 'running'",
    [owner, nowMs],
  ).changes
}

/** Extends the lease of a job still held by `owner`; false when the lease was lost. */
export function renewLease(db: Db, jobId: string, owner: string, nowMs: number, leaseMs = LEASE_MS): boolean {
  return (
    db.$client.run("UPDATE index_jobs SET lease_expires_at = ?3, updated_at = ?4 WHERE job_id = ?1 AND lease_owner = ?2 AND state = 'running'", [jobId, owner, nowMs + leaseMs, nowMs]).changes === 1
  )
}

/** Records progress so that a poll shows pages fetched, sources found and events so far. */
export function recordProgress(db: Db, jobId: string, owner: string, progress: object, nowMs: number): void {
  db.$client.run("UPDATE index_jobs SET progress = ?3, updated_at = ?4 WHERE job_id = ?1 AND lease_owner = ?2 AND state = 'running'", [jobId, owner, JSON.stringify(progress), nowMs])
}

/**
 * Ends an attempt that failed: back to `pending` when the failure may pass and attempts remain,
 * else `failed` with its reason. The organization's events are not touched (a failed re-crawl keeps
 * the old events).
 */
export function failAttempt(db: Db, jobId: string, owner: string, reason: string, retryable: boolean, nowMs: number): 'retry' | 'failed' | 'lost' {
  const row = db.$client.query("SELECT attempts, max_attempts FROM index_jobs WHERE job_id = ?1 AND lease_owner = ?2 AND state = 'running'").get(jobId, owner) as {
    attempts: number
    max_attempts: number
  } | null
  if (!row) return 'lost'
  const retry = retryable && row.attempts < row.max_attempts
  db.$client.run(
    `UPDATE index_jobs SET state = ?3, error = ?4, lease_owner = NULL, lease_expires_at = NULL, updated_at = ?5, finished_at = CASE WHEN ?3 = 'failed' THEN ?5 ELSE NULL END
     WHERE job_id = ?1 AND lease_owner = ?2`,
    [jobId, owner, retry ? 'pending' : 'failed', reason.slice(0, 1000), nowMs],
  )
  return retry ? 'retry' : 'failed'
}

/**
 * Jobs that can no longer finish: interrupted (lease expired) {@link MAX_INTERRUPTIONS} times and expired
 * again, or past their 24 h life while still waiting. They end `failed` with a reason the poll can show.
 * Returns how many were ended.
 */
export function failStuckJobs(db: Db, nowMs: number): number {
  const exhausted = db.$client.run(
    "UPDATE index_jobs SET state = 'failed', error = 'the crawl was interrupted ' || (interruptions + 1) || ' times (its process stopped each time)', lease_owner = NULL, lease_expires_at = NULL, finished_at = ?1, updated_at = ?1 WHERE state = 'running' AND lease_expires_at < ?1 AND interruptions >= ?2",
    [nowMs, MAX_INTERRUPTIONS],
  ).changes
  const expired = db.$client.run(
    "UPDATE index_jobs SET state = 'failed', error = 'the job did not complete within 24 hours', lease_owner = NULL, lease_expires_at = NULL, finished_at = ?1, updated_at = ?1 WHERE state IN ('pending', 'running') AND expires_at <= ?1",
    [nowMs],
  ).changes
  return exhausted + expired
}

/** Cancels a job that has not finished; false when it had already ended. */
export function cancelJob(db: Db, jobId: string, nowMs: number): boolean {
  return (
    db.$client.run(
      "UPDATE index_jobs SET state = 'cancelled', error = 'cancelled', lease_owner = NULL, lease_expires_at = NULL, finished_at = ?2, updated_at = ?2 WHERE job_id = ?1 AND state IN ('pending', 'running')",
      [jobId, nowMs],
    ).changes === 1
  )
}

/** The index jobs an MCP account started, newest first (reserved ones, never confirmed, are not shown). */
export function accountJobs(db: Db, accountId: string, limit: number): AccountJob[] {
  const rows = db.$client
    .query(
      `SELECT job_id, org_id, website, state, event_count, created_at, finished_at, expires_at FROM index_jobs
       WHERE account_id = ?1 AND state <> 'reserved' ORDER BY created_at DESC, job_id LIMIT ?2`,
    )
    .all(accountId, limit) as { job_id: string; org_id: string; website: string; state: string; event_count: number | null; created_at: number; finished_at: number | null; expires_at: number }[]
  return rows.map((r) => ({
    jobId: r.job_id,
    orgId: r.org_id,
    website: r.website,
    state: r.state,
    eventCount: r.event_count,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
    expiresAt: r.expires_at,
  }))
}

/** Forgets finished jobs (ready, failed, cancelled) whose life ended before `beforeMs`. Returns how many. */
export function purgeFinishedJobs(db: Db, beforeMs: number): number {
  return db.$client.run("DELETE FROM index_jobs WHERE state IN ('ready', 'failed', 'cancelled') AND expires_at < ?1", [beforeMs]).changes
}

/** Enqueues system jobs in one transaction. */
export function insertPendingJobs(db: Db, jobs: PendingJob[]): void {
  const insert = db.$client.prepare(
    "INSERT INTO index_jobs (job_id, org_id, website, start_date, end_date, hints, state, created_at, updated_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'pending', ?7, ?7, ?8)",
  )
  db.transaction(() => {
    for (const j of jobs) insert.run(j.jobId, j.orgId, j.website, j.startDate, j.endDate, j.hints, j.nowMs, j.expiresAt)
  })
}

/** Creates the job's organization if new and inserts the job `reserved`, in one transaction. */
export function reserveJob(db: Db, job: ReservedJobInsert): void {
  const { organization, nowMs, ...rest } = job
  db.transaction(() => {
    ensureOrganization(db, organization, nowMs)
    insertReservedJob(db, { ...rest, orgId: organization.orgId, createdAt: nowMs, updatedAt: nowMs })
  })
}
