import { and, eq, lt, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { indexJobs } from '../schema'

export type JobRow = typeof indexJobs.$inferSelect
export type NewJob = typeof indexJobs.$inferInsert

/** Inserts a job in state `reserved`: not claimable until {@link confirmJob}. */
export function insertReservedJob(db: Db, job: Omit<NewJob, 'state'>): void {
  db.insert(indexJobs).values({ ...job, state: 'reserved' }).run()
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
  db.delete(indexJobs).where(and(eq(indexJobs.jobId, jobId), eq(indexJobs.state, 'reserved'))).run()
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
    db.update(indexJobs).set({ state: 'cancelled', billing, error: reason.slice(0, 1000), finishedAt: nowMs, updatedAt: nowMs }).where(reserved(jobId)).returning({ jobId: indexJobs.jobId }).all().length === 1
  )
}

/** Reserved jobs untouched since `beforeMs` (their process died, or their report's answer is unknown), oldest first. */
export function staleReservedJobs(db: Db, beforeMs: number, limit: number): JobRow[] {
  return db.select().from(indexJobs).where(and(eq(indexJobs.state, 'reserved'), lt(indexJobs.updatedAt, beforeMs))).orderBy(indexJobs.updatedAt).limit(limit).all()
}
