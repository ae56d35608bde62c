/**
 * Billing of the paid REST routes with the gateway's usage service (DESIGN §4), so that what the caller is
 * told is true: a request is served if and only if it is billed, once.
 *
 * A usage report can end three ways (see {@link UsageFailure}): `recorded` (2xx); `refused`, a definite
 * refusal (the service answered 4xx, or the connection was refused before anything was sent), after which
 * nothing was charged; or `unknown` (a timeout after the request was sent, a connection reset
 * mid-request, a 5xx), after which the charge may have been recorded. An unknown report is never
 * forgotten: it is re-sent with the same request id (reports are idempotent by request id) by
 * {@link settleBilling}, which the scheduler runs, until the usage service gives a definite answer.
 */
import type { Storage } from '../db/storage'
import { ROUTE_RULES, type UsageItem } from '../gateway/routes'
import { UsageUnavailable, type UsageCall, type UsageClient } from '../gateway/usage-client'
import { silentLogger, type Logger } from '../log'

/** The `orgs_index` usage of one POST /orgs (spec: quantity 1), as the route's rule declares it. */
export const INDEX_USAGE: UsageItem[] = [ROUTE_RULES['POST /api/v1/orgs'].usage!]
/** How long a served pull's unknown report is re-sent before it is abandoned (with an error in the log). */
export const PENDING_REPORT_TTL_MS = 24 * 3600_000
/** Reports or jobs settled per pass; each try may take the 2 s usage timeout, and the next pass continues. */
const BATCH = 25
const WEEK_MS = 7 * 86_400_000

export type ReportOutcome = { outcome: 'recorded' } | { outcome: 'refused' | 'unknown'; reason: string }

/** Sends one usage report and says how it ended; never throws for a usage-service failure. */
export async function sendReport(usage: UsageClient, call: UsageCall): Promise<ReportOutcome> {
  try {
    await usage.reportUsage(call)
    return { outcome: 'recorded' }
  } catch (error) {
    if (error instanceof UsageUnavailable) return { outcome: error.failure, reason: error.message }
    throw error
  }
}

/**
 * Bills a reserved index job (POST /orgs). Before sending, the job records that its report was attempted
 * (its agent and usage request id are on the job), so a process killed mid-report leaves a job the
 * scheduler can settle. `recorded` → the job is confirmed (it runs); `refused` → it is discarded
 * (nothing was charged, nothing enqueued); `unknown` → it stays reserved as "billing unknown": the caller
 * is told so (503 `usage_unknown` with the job id) and the scheduler settles it.
 */
export async function billIndexJob(storage: Storage, usage: UsageClient, job: { jobId: string; agentId: string; requestId: string }, now: () => number): Promise<ReportOutcome> {
  await storage.jobs.markReportSent(job.jobId, now())
  const result = await sendReport(usage, { requestId: job.requestId, agentId: job.agentId, usage: INDEX_USAGE })
  if (result.outcome === 'recorded') {
    // Already confirmed by the scheduler (the answer came late) counts as confirmed.
    if (!(await storage.jobs.confirm(job.jobId, now())) && (await storage.jobs.find(job.jobId))?.state === 'cancelled')
      return { outcome: 'unknown', reason: 'the job was settled differently meanwhile' }
  } else if (result.outcome === 'refused') await storage.jobs.discardReserved(job.jobId)
  else await storage.jobs.markBillingUnknown(job.jobId, now())
  return result
}

/**
 * Bills a served events pull. The allowance was granted before anything was sent and the spec settles
 * on the delivered 200's `gw-usage` header, so an `unknown` report still serves the 200: the report is
 * stored and re-sent by the scheduler until it is recorded (`queued`). A `refused` report serves nothing.
 * If even the queueing fails (the database refused the write), the report is `unknown` and not served.
 */
export async function billEventsPull(storage: Storage, usage: UsageClient, call: UsageCall, now: () => number): Promise<ReportOutcome | { outcome: 'queued' }> {
  const result = await sendReport(usage, call)
  if (result.outcome !== 'unknown') return result
  try {
    await storage.usageReports.queue({ agentId: call.agentId, requestId: call.requestId, usage: JSON.stringify(call.usage), error: result.reason, nowMs: now() })
  } catch {
    return { outcome: 'unknown', reason: `${result.reason}, and the report could not be queued for a retry` }
  }
  return { outcome: 'queued' }
}

export type SettleReport = { jobsConfirmed: number; jobsReleased: number; jobsRefused: number; jobsAbandoned: number; reportsRecorded: number; reportsAbandoned: number }

/**
 * The scheduler's billing pass, for whatever a request left unsettled at least `settleAfterMs` ago:
 * - a reserved job whose report was never attempted (its process died before sending) is released
 *   (deleted) without billing: nobody was charged and nobody was given its id;
 * - a reserved job whose report was attempted is re-sent (same request id, idempotent): recorded → the
 *   job is confirmed and runs; refused → it is cancelled (`billing_refused`, nothing charged); unknown →
 *   tried again next pass; still unknown at the job's expiry → cancelled, billing unknown, error logged;
 * - a served pull's pending report is re-sent until recorded (a refusal is retried too: the pull was
 *   served, and a refusal from a misconfiguration or a short balance may pass); after
 *   {@link PENDING_REPORT_TTL_MS} it is abandoned with an error in the log (served, possibly unbilled).
 * Never holds a transaction across the network.
 */
export async function settleBilling(storage: Storage, usage: UsageClient, options: { nowMs: number; settleAfterMs: number; logger?: Logger }): Promise<SettleReport> {
  const { nowMs, settleAfterMs } = options
  const logger = options.logger ?? silentLogger
  const report: SettleReport = { jobsConfirmed: 0, jobsReleased: 0, jobsRefused: 0, jobsAbandoned: 0, reportsRecorded: 0, reportsAbandoned: 0 }
  for (const job of await storage.jobs.staleReserved(nowMs - settleAfterMs, BATCH)) {
    if (job.billing === null || !job.agentId || !job.requestId) {
      await storage.jobs.discardReserved(job.jobId)
      report.jobsReleased++
      continue
    }
    if (nowMs > job.expiresAt) {
      if (await storage.jobs.cancelReserved(job.jobId, 'unknown', 'billing could not be confirmed before the job expired; the job did not run', nowMs)) report.jobsAbandoned++
      logger.error('billing: gave up on an index job whose usage report stayed unknown', { jobId: job.jobId, agentId: job.agentId })
      continue
    }
    const result = await sendReport(usage, { requestId: job.requestId, agentId: job.agentId, usage: INDEX_USAGE })
    if (result.outcome === 'recorded') {
      if (await storage.jobs.confirm(job.jobId, options.nowMs)) report.jobsConfirmed++
    } else if (result.outcome === 'refused') {
      if (await storage.jobs.cancelReserved(job.jobId, 'refused', `the usage service refused the charge (${result.reason}); nothing was charged`, nowMs)) report.jobsRefused++
    } else await storage.jobs.markBillingUnknown(job.jobId, nowMs)
  }
  for (const pending of await storage.usageReports.due(nowMs - settleAfterMs, BATCH)) {
    const result = await sendReport(usage, { requestId: pending.requestId, agentId: pending.agentId, usage: JSON.parse(pending.usage) as UsageItem[] })
    if (result.outcome === 'recorded') {
      await storage.usageReports.end(pending, 'recorded', null, nowMs)
      report.reportsRecorded++
    } else if (nowMs - pending.createdAt >= PENDING_REPORT_TTL_MS) {
      await storage.usageReports.end(pending, 'abandoned', result.reason, nowMs)
      report.reportsAbandoned++
      logger.error('billing: abandoned the usage report of a served events pull', { agentId: pending.agentId, requestId: pending.requestId, attempts: pending.attempts + 1, reason: result.reason })
    } else await storage.usageReports.retry(pending, result.reason, nowMs)
  }
  await storage.usageReports.purgeEnded(nowMs - WEEK_MS)
  return report
}
