/**
 * Job states. `reserved` exists only between the allowance check and the confirmed usage report of
 * POST /orgs (or the credit debit of index_organization): it is never claimed, so a refused report leaves
 * nothing enqueued. A reserved job whose report's answer is unknown stays reserved until the scheduler
 * settles it (see {@link JOB_BILLING}).
 */
export const JOB_STATES = ['reserved', 'pending', 'running', 'ready', 'failed', 'cancelled'] as const
export type JobState = (typeof JOB_STATES)[number]

/**
 * Where a paid job's usage report stands. NULL: no report was attempted (MCP jobs, whose debit commits with
 * the confirmation; free re-crawls; a REST job whose process died before sending). `sent`: recorded just
 * before the report goes out, so a crash mid-report leaves a trace. `unknown`: the report was sent and its
 * answer is unknown (timeout, reset, 5xx): the usage service may have recorded it. `recorded`: the usage
 * service confirmed it (the job runs). `refused`: the usage service refused it (nothing charged; the job is
 * cancelled and never runs).
 */
export const JOB_BILLING = ['sent', 'unknown', 'recorded', 'refused'] as const
export type JobBilling = (typeof JOB_BILLING)[number]

/** Where the re-sent usage report of a served events pull stands (see services/usage-billing). */
export const USAGE_REPORT_STATES = ['pending', 'recorded', 'abandoned'] as const
export type UsageReportState = (typeof USAGE_REPORT_STATES)[number]

/** How long a claimed job stays leased without a heartbeat (the runner renews it every poll, 500 ms) before another runner may claim it. */
export const LEASE_MS = 15_000
/**
 * How many times a job may be claimed again after its lease expired (its process died, or stopped
 * renewing) before it ends `failed`. Such interruptions are not the job's fault (a restart, a deploy) and
 * do not count against `max_attempts`; this separate bound exists so that a job that kills its whole
 * process every time still ends, after at most 10 × (lease + restart) instead of looping for 24 hours.
 * A worker crash the runner sees is a counted attempt, and a graceful shutdown counts nowhere.
 */
export const MAX_INTERRUPTIONS = 10
