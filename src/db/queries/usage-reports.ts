import { and, eq, inArray, lt } from 'drizzle-orm'
import type { Db } from '../client'
import { usageReports } from '../schema'

export type UsageReportRow = typeof usageReports.$inferSelect

/** Queues the report of a served pull whose answer was unknown; a second queueing of the same (agent, request id) changes nothing. */
export function insertPendingReport(db: Db, report: { agentId: string; requestId: string; usage: string; error: string; nowMs: number }): void {
  db.insert(usageReports)
    .values({ agentId: report.agentId, requestId: report.requestId, usage: report.usage, state: 'pending', lastError: report.error, createdAt: report.nowMs, updatedAt: report.nowMs })
    .onConflictDoNothing()
    .run()
}

/** Pending reports last tried before `beforeMs`, oldest first. */
export function duePendingReports(db: Db, beforeMs: number, limit: number): UsageReportRow[] {
  return db
    .select()
    .from(usageReports)
    .where(and(eq(usageReports.state, 'pending'), lt(usageReports.updatedAt, beforeMs)))
    .orderBy(usageReports.updatedAt)
    .limit(limit)
    .all()
}

const key = (r: { agentId: string; requestId: string }) => and(eq(usageReports.agentId, r.agentId), eq(usageReports.requestId, r.requestId), eq(usageReports.state, 'pending'))

/** Ends a pending report: `recorded` by the usage service, or `abandoned` after its last try. */
export function endPendingReport(db: Db, report: { agentId: string; requestId: string }, state: 'recorded' | 'abandoned', error: string | null, nowMs: number): void {
  db.update(usageReports).set({ state, lastError: error, updatedAt: nowMs }).where(key(report)).run()
}

/** Records one more failed try of a pending report. */
export function retryPendingReport(db: Db, report: { agentId: string; requestId: string; attempts: number }, error: string, nowMs: number): void {
  db.update(usageReports)
    .set({ attempts: report.attempts + 1, lastError: error, updatedAt: nowMs })
    .where(key(report))
    .run()
}

/** Forgets ended reports last touched before `beforeMs`; returns how many. */
export function purgeEndedReports(db: Db, beforeMs: number): number {
  return db
    .delete(usageReports)
    .where(and(inArray(usageReports.state, ['recorded', 'abandoned']), lt(usageReports.updatedAt, beforeMs)))
    .returning({ a: usageReports.agentId })
    .all().length
}
