import { randomBytes } from '../crypto-native'
import type { Storage } from '../db/storage'
import { DomainError } from '../services/errors'
import { collectDiagnostics, type Diagnostics } from './diagnostics'
import type { Mail, Mailer } from './mailer'
import { isOneAddress, replyAddress, reporterKey, type ReporterIdentity } from './reporter'

export type ReportInput = { message: string; email?: string; domain?: string; orgId?: string; jobId?: string } & ReporterIdentity

export type ReportOptions = { nowMs: number; dailyCap: number; baseUrl: string; allowPrivate: boolean }

const DAY_MS = 86_400_000

/** The 429 of a reporter past its daily cap, with the seconds until the next UTC day. */
const capReached = (options: ReportOptions) =>
  new DomainError('report_cap_reached', `this reporter has sent ${options.dailyCap} reports today (UTC); try again tomorrow`, {}, Math.ceil((DAY_MS - (options.nowMs % DAY_MS)) / 1000))

const oneLine = (text: string, max: number) => text.replace(/\s+/g, ' ').trim().slice(0, max)

function mailOf(reportId: string, input: Omit<ReportInput, keyof ReporterIdentity>, reporter: string, diagnostics: Diagnostics): Mail {
  const about = oneLine(diagnostics.organization?.domain ?? input.domain ?? input.orgId ?? 'no organization', 100)
  return {
    subject: `[event-index] report ${reportId} (${about}): ${oneLine(input.message, 60)}`,
    text: [`Report ${reportId} from ${reporter}${input.email ? ` <${input.email}>` : ''}`, '', input.message, '', 'Diagnostics:', JSON.stringify(diagnostics, null, 2)].join('\n'),
    replyTo: input.email,
  }
}

/**
 * Takes a report, for both surfaces (REST `POST /api/v1/report` and MCP `report_issue`): checks the reply
 * address (exactly one, else 400), refuses it with 429 past its reporter's daily cap (reporter.ts says
 * whose), stores it with its diagnostics (the audit record), then mails the service team if the hour's
 * mail ceiling (the mailer's `hourlyCap`) allows. A report that is not mailed now loses nothing: it stays,
 * marked undelivered, and the scheduler mails it later. `delivered` says whether the mail went out.
 */
export async function submitReport(storage: Storage, mailer: Mailer, input: ReportInput, options: ReportOptions) {
  const email = replyAddress(input.email)
  const reporter = reporterKey(input)
  // Counted first so that a reporter past the cap costs no diagnostics; counted again where the report is
  // stored (one transaction), so two reports racing for the last place cannot both take it.
  if ((await storage.reports.countToday(reporter, options.nowMs)) >= options.dailyCap) throw capReached(options)
  const diagnostics = await collectDiagnostics(storage, input, options)
  const reportId = `rpt_${randomBytes(12).toString('base64url')}`
  const report = { message: input.message, email, domain: input.domain, orgId: input.orgId, jobId: input.jobId }
  const stored = { ...report, reportId, reporter, agentId: input.agentId, diagnostics: JSON.stringify(diagnostics), createdAt: options.nowMs }
  if (!(await storage.reports.insertWithinDailyCap(stored, options.dailyCap))) throw capReached(options)
  const delivered = await deliver(storage, mailer, reportId, mailOf(reportId, report, reporter, diagnostics), options.nowMs)
  return { status: 'received' as const, reportId, delivered }
}

/** Sends one report's mail if a slot of this hour is free; false when held back or when the mail failed. */
async function deliver(storage: Storage, mailer: Mailer, reportId: string, mail: Mail, nowMs: number): Promise<boolean> {
  if (!mailer.configured || !(await storage.reports.reserveMailSlot(reportId, nowMs, mailer.hourlyCap))) return false
  const sent = await mailer.send(mail)
  if (sent.ok) await storage.reports.markDelivered(reportId)
  else await storage.reports.markFailed(reportId, sent.error)
  return sent.ok
}

/**
 * Sends stored reports whose mail failed or was held back by the hourly ceiling, within what is left of
 * this hour's ceiling, backing off failed ones (1, 2, 4 … minutes, at most 10 tries) so a mail server that
 * is down is not hammered. The scheduler calls it every minute. Returns how many went out.
 */
export async function retryUndelivered(storage: Storage, mailer: Mailer, nowMs: number, batch = 20): Promise<number> {
  if (!mailer.configured) return 0
  const room = Math.min(batch, mailer.hourlyCap - (await storage.reports.mailsThisHour(nowMs)))
  if (room <= 0) return 0
  let sent = 0
  for (const r of await storage.reports.dueUndelivered(nowMs, room)) {
    // A reply address stored before the one-address rule existed is dropped rather than mailed as a list.
    const email = r.email && isOneAddress(r.email) ? r.email : undefined
    const input = { message: r.message, email, domain: r.domain ?? undefined, orgId: r.org_id ?? undefined, jobId: r.job_id ?? undefined }
    if (await deliver(storage, mailer, r.report_id, mailOf(r.report_id, input, r.reporter, JSON.parse(r.diagnostics)), nowMs)) sent++
  }
  return sent
}
