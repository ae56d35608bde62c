import { randomBytes } from 'node:crypto'
import type { Db } from '../db'
import { AppError } from '../errors'
import { collectDiagnostics, type Diagnostics } from './diagnostics'
import type { Mailer } from './mailer'

export type ReportInput = { message: string; email?: string; domain?: string; orgId?: string; jobId?: string; agentId?: string }

const DAY_MS = 86_400_000

/** Whose daily cap a report counts against: the agent, else the email, else the anonymous pool. */
export function reporterKey(input: { agentId?: string; email?: string }): string {
  return input.agentId ? `agent:${input.agentId}` : input.email ? `email:${input.email.trim().toLowerCase()}` : 'anonymous'
}

/** Reports a reporter made since the start of the current UTC day. */
export function reportsToday(db: Db, reporter: string, nowMs: number): number {
  const dayStart = Math.floor(nowMs / DAY_MS) * DAY_MS
  return (db.$client.query('SELECT count(*) AS n FROM reports WHERE reporter = ?1 AND created_at >= ?2').get(reporter, dayStart) as { n: number }).n
}

function mailOf(reportId: string, input: ReportInput, reporter: string, diagnostics: Diagnostics) {
  const about = diagnostics.organization?.domain ?? input.domain ?? input.orgId ?? 'no organization'
  return {
    subject: `[event-index] report ${reportId} (${about}): ${input.message.replace(/\s+/g, ' ').slice(0, 60)}`,
    text: [`Report ${reportId} from ${reporter}${input.email ? ` <${input.email}>` : ''}`, '', input.message, '', 'Diagnostics:', JSON.stringify(diagnostics, null, 2)].join('\n'),
    replyTo: input.email,
  }
}

/**
 * Takes a report: refuses it with 429 past the reporter's daily cap, stores it with its diagnostics
 * (the audit record), then mails the service team. A mail failure loses nothing: the report stays,
 * marked undelivered, and the scheduler sends it later. `delivered` says whether the mail went out.
 */
export async function submitReport(db: Db, mailer: Mailer, input: ReportInput, options: { nowMs: number; dailyCap: number; baseUrl: string; allowPrivate: boolean }) {
  const reporter = reporterKey(input)
  if (reportsToday(db, reporter, options.nowMs) >= options.dailyCap)
    throw new AppError(429, 'report_cap_reached', `this reporter has sent ${options.dailyCap} reports today (UTC); try again tomorrow`, {}, { 'retry-after': String(Math.ceil((DAY_MS - (options.nowMs % DAY_MS)) / 1000)) })
  const diagnostics = collectDiagnostics(db, input, options)
  const reportId = `rpt_${randomBytes(12).toString('base64url')}`
  db.$client.run(
    'INSERT INTO reports (report_id, reporter, agent_id, email, message, domain, org_id, job_id, diagnostics, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)',
    [reportId, reporter, input.agentId ?? null, input.email ?? null, input.message, input.domain ?? null, input.orgId ?? null, input.jobId ?? null, JSON.stringify(diagnostics), options.nowMs],
  )
  const delivered = await deliver(db, mailer, reportId, mailOf(reportId, input, reporter, diagnostics), options.nowMs)
  return { status: 'received' as const, reportId, delivered }
}

async function deliver(db: Db, mailer: Mailer, reportId: string, mail: ReturnType<typeof mailOf>, nowMs: number): Promise<boolean> {
  if (!mailer.configured) return false
  const sent = await mailer.send(mail)
  if (sent.ok) db.$client.run('UPDATE reports SET delivered = 1, delivered_at = ?2, delivery_attempts = delivery_attempts + 1, last_attempt_at = ?2, last_error = NULL WHERE report_id = ?1', [reportId, nowMs])
  else db.$client.run('UPDATE reports SET delivery_attempts = delivery_attempts + 1, last_attempt_at = ?2, last_error = ?3 WHERE report_id = ?1', [reportId, nowMs, sent.error])
  return sent.ok
}

/**
 * Sends stored reports whose mail failed, oldest first, backing off (1, 2, 4 … minutes, at most 10 tries)
 * so a mail server that is down is not hammered. Returns how many went out.
 */
export async function retryUndelivered(db: Db, mailer: Mailer, nowMs: number, batch = 20): Promise<number> {
  if (!mailer.configured) return 0
  const due = db.$client
    .query(
      `SELECT report_id, reporter, email, message, domain, org_id, job_id, diagnostics FROM reports
       WHERE delivered = 0 AND delivery_attempts < 10 AND (last_attempt_at IS NULL OR last_attempt_at + (60000 << MIN(MAX(delivery_attempts - 1, 0), 8)) <= ?1)
       ORDER BY created_at LIMIT ?2`,
    )
    .all(nowMs, batch) as { report_id: string; reporter: string; email: string | null; message: string; domain: string | null; org_id: string | null; job_id: string | null; diagnostics: string }[]
  let sent = 0
  for (const r of due) {
    const input: ReportInput = { message: r.message, email: r.email ?? undefined, domain: r.domain ?? undefined, orgId: r.org_id ?? undefined, jobId: r.job_id ?? undefined }
    if (await deliver(db, mailer, r.report_id, mailOf(r.report_id, input, r.reporter, JSON.parse(r.diagnostics)), nowMs)) sent++
  }
  return sent
}
