import type { SQL } from 'bun'
import type { ReportStorage } from '../../storage'
import type { NewReport, UndeliveredReport } from '../../storage-types'

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000

/** Advisory lock keys (namespace, id) of the checks that must not interleave across instances: "rprt" per reporter, "mail" for the hour's slots. */
const REPORTER_LOCK = 0x72707274
const MAIL_LOCK = 0x6d61696c

async function reportsToday(sql: SQL, reporter: string, nowMs: number): Promise<number> {
  const dayStart = Math.floor(nowMs / DAY_MS) * DAY_MS
  const [row] = await sql`SELECT count(*)::int AS n FROM reports WHERE reporter = ${reporter} AND created_at >= ${dayStart}`
  return row.n
}

async function mailsThisHour(sql: SQL, nowMs: number): Promise<number> {
  const hourStart = Math.floor(nowMs / HOUR_MS) * HOUR_MS
  const [row] = await sql`SELECT count(*)::int AS n FROM reports WHERE delivered_at >= ${hourStart}`
  return row.n
}

/**
 * Stores a report unless its reporter already made `dailyCap` today. The count and the insert are one
 * transaction holding a transaction-level advisory lock on the reporter (there is no row to lock before
 * the first report), so reports of one reporter sent at once to any instances are counted one after the other.
 */
async function insertWithinDailyCap(sql: SQL, r: NewReport, dailyCap: number): Promise<boolean> {
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${REPORTER_LOCK}, hashtext(${r.reporter}))`
    if ((await reportsToday(tx, r.reporter, r.createdAt)) >= dailyCap) return false
    await tx`INSERT INTO reports (report_id, reporter, agent_id, email, message, domain, org_id, job_id, diagnostics, created_at)
      VALUES (${r.reportId}, ${r.reporter}, ${r.agentId ?? null}, ${r.email ?? null}, ${r.message}, ${r.domain ?? null}, ${r.orgId ?? null}, ${r.jobId ?? null}, ${r.diagnostics}, ${r.createdAt})`
    return true
  })
}

/**
 * Takes one of the hour's mail slots (see the SQLite reserveMailSlot: `delivered_at` marks the slot, set
 * before the mail is sent, kept when it goes out, cleared when it fails). The count and the mark are one
 * transaction under one advisory lock shared by every instance, so two reports cannot take the last slot.
 */
async function reserveMailSlot(sql: SQL, reportId: string, nowMs: number, hourlyCap: number): Promise<boolean> {
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MAIL_LOCK}, 0)`
    if ((await mailsThisHour(tx, nowMs)) >= hourlyCap) return false
    const taken = await tx`UPDATE reports SET delivered_at = ${nowMs}, delivery_attempts = delivery_attempts + 1, last_attempt_at = ${nowMs}
      WHERE report_id = ${reportId} AND NOT delivered`
    return taken.count === 1
  })
}

/** Problem reports and their mail on PostgreSQL (storage.ts `ReportStorage`), over Bun's SQL client. */
export function pgReportStorage(sql: SQL): ReportStorage {
  return {
    countToday: (reporter, nowMs) => reportsToday(sql, reporter, nowMs),
    insertWithinDailyCap: (report, dailyCap) => insertWithinDailyCap(sql, report, dailyCap),
    mailsThisHour: (nowMs) => mailsThisHour(sql, nowMs),
    reserveMailSlot: (reportId, nowMs, hourlyCap) => reserveMailSlot(sql, reportId, nowMs, hourlyCap),
    markDelivered: async (reportId) => {
      await sql`UPDATE reports SET delivered = true, last_error = NULL WHERE report_id = ${reportId}`
    },
    markFailed: async (reportId, error) => {
      await sql`UPDATE reports SET delivered_at = NULL, last_error = ${error} WHERE report_id = ${reportId} AND NOT delivered`
    },
    /** As on SQLite: never tried, or failed longer ago than the backoff (1, 2, 4 … minutes, at most 10 tries); identified reporters first. */
    dueUndelivered: async (nowMs, limit): Promise<UndeliveredReport[]> =>
      [
        ...(await sql`SELECT report_id, reporter, email, message, domain, org_id, job_id, diagnostics FROM reports
        WHERE NOT delivered AND delivery_attempts < 10
          AND (last_attempt_at IS NULL OR last_attempt_at + (60000::bigint << LEAST(GREATEST(delivery_attempts - 1, 0), 8)) <= ${nowMs})
        ORDER BY agent_id IS NULL, created_at LIMIT ${limit}`),
      ] as UndeliveredReport[],
  }
}
