import { and, eq } from 'drizzle-orm'
import type { Db } from '../client'
import { indexJobs } from '../schema'

export type JobRow = typeof indexJobs.$inferSelect
export type NewJob = typeof indexJobs.$inferInsert

/** Inserts a job in state `reserved`: not claimable until {@link confirmJob}. */
export function insertReservedJob(db: Db, job: Omit<NewJob, 'state'>): void {
  db.insert(indexJobs).values({ ...job, state: 'reserved' }).run()
}

/** Makes a reserved job claimable once its usage is confirmed; false when it was not reserved. */
export function confirmJob(db: Db, jobId: string, nowMs: number): boolean {
  const changed = db
    .update(indexJobs)
    .set({ state: 'pending', updatedAt: nowMs })
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
