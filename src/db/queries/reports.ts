import type { Db } from '../client'
import type { NewReport, UndeliveredReport } from '../storage-types'

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000

/** Reports a reporter made since the start of the current UTC day (the daily cap). */
export function reportsToday(db: Db, reporter: string, nowMs: number): number {
  const dayStart = Math.floor(nowMs / DAY_MS) * DAY_MS
  return (db.$client.query('SELECT count(*) AS n FROM reports WHERE reporter = ?1 AND created_at >= ?2').get(reporter, dayStart) as { n: number }).n
}

/** Stores a report unless its reporter already made `dailyCap` today, in one immediate transaction; false when refused. */
export function insertReportWithinDailyCap(db: Db, r: NewReport, dailyCap: number): boolean {
  return db.transaction(
    () => {
      if (reportsToday(db, r.reporter, r.createdAt) >= dailyCap) return false
      insertReport(db, r)
      return true
    },
    { behavior: 'immediate' },
  )
}

export function insertReport(db: Db, r: NewReport): void {
  db.$client.run('INSERT INTO reports (report_id, reporter, agent_id, email, message, domain, org_id, job_id, diagnostics, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)', [
    r.reportId,
    r.reporter,
    r.agentId ?? null,
    r.email ?? null,
    r.message,
    r.domain ?? null,
    r.orgId ?? null,
    r.jobId ?? null,
    r.diagnostics,
    r.createdAt,
  ])
}

/** Mails sent, or being sent, since the start of the current UTC clock hour. */
export function mailsThisHour(db: Db, nowMs: number): number {
  const hourStart = Math.floor(nowMs / HOUR_MS) * HOUR_MS
  return (db.$client.query('SELECT count(*) AS n FROM reports WHERE delivered_at >= ?1').get(hourStart) as { n: number }).n
}

/**
 * Takes one of the hour's mail slots for a report, or answers false when `hourlyCap` mails are already
 * sent or being sent this hour. `delivered_at` marks the slot: set here, before the mail is sent (two
 * concurrent reports cannot both take the last slot: the count and the mark are one immediate transaction
 * and nothing awaits in between), kept when the mail goes out, cleared when it fails (a failed attempt
 * sends nothing and gives its slot back).
 */
export function reserveMailSlot(db: Db, reportId: string, nowMs: number, hourlyCap: number): boolean {
  return db.transaction(
    () => {
      if (mailsThisHour(db, nowMs) >= hourlyCap) return false
      const taken = db.$client.run('UPDATE reports SET delivered_at = ?2, delivery_attempts = delivery_attempts + 1, last_attempt_at = ?2 WHERE report_id = ?1 AND delivered = 0', [reportId, nowMs])
      return taken.changes === 1
    },
    { behavior: 'immediate' },
  )
}

/** The mail of a report went out (its slot, taken by {@link reserveMailSlot}, stays counted in its hour). */
export function markReportDelivered(db: Db, reportId: string): void {
  db.$client.run('UPDATE reports SET delivered = 1, last_error = NULL WHERE report_id = ?1', [reportId])
}

/** The mail of a report failed: the slot is given back and the report waits for the scheduler's retry. */
export function markReportFailed(db: Db, reportId: string, error: string): void {
  db.$client.run('UPDATE reports SET delivered_at = NULL, last_error = ?2 WHERE report_id = ?1 AND delivered = 0', [reportId, error])
}

/**
 * Undelivered reports due for a mail attempt: never tried (held back by the hourly ceiling), or tried and
 * failed longer ago than the backoff (1, 2, 4 … minutes, at most 10 tries). Reports of identified
 * reporters (a signed agent, an MCP account) come first, then anonymous ones, oldest first within each,
 * so a flood of anonymous reports held back by the ceiling cannot push an agent's report days back.
 */
export function dueUndeliveredReports(db: Db, nowMs: number, limit: number): UndeliveredReport[] {
  return db.$client
    .query(
      `SELECT report_id, reporter, email, message, domain, org_id, job_id, diagnostics FROM reports
       WHERE delivered = 0 AND delivery_attempts < 10 AND (last_attempt_at IS NULL OR last_attempt_at + (60000 << MIN(MAX(delivery_attempts - 1, 0), 8)) <= ?1)
       ORDER BY agent_id IS NULL, created_at LIMIT ?2`,
    )
    .all(nowMs, limit) as UndeliveredReport[]
}
