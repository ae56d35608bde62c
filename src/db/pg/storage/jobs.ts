import type { SQL } from 'bun'
import { LEASE_MS, MAX_INTERRUPTIONS } from '../../../model/job-state'
import type { JobStorage } from '../../storage'
import type { JobRecord } from '../../storage-types'
import { ensureOrganization } from './organizations'
import { jobRecord, num, numOrNull, type Raw } from '../../record-rows'

/** How many candidates one claim tries when another instance has just started a job of the candidate's organization. */
const CLAIM_TRIES = 5

/**
 * Claims the oldest runnable job for `owner`, in one transaction on `tx`, under the rules of
 * queries/jobs.ts `claimJob` (a pending job with attempts left, or a running one whose lease expired,
 * never one past its life, never a second job of an organization being crawled). Across instances:
 * the candidate row is locked `FOR UPDATE SKIP LOCKED`, so two claimers never take the same job; and the
 * "one running job per organization" rule, which row locks alone cannot hold (two claimers may lock two
 * jobs of one organization, each seeing the other still pending), is checked again under a transaction
 * advisory lock on the organization, in a statement that sees every claim committed before it. A
 * candidate that fails that check is passed over (the next try no longer sees it as runnable). Only the
 * oldest runnable job of an organization is a candidate (unless `onlyJobId` names one), so a claimer
 * that finds it locked by another moves on to another organization instead of starting a newer job.
 */
async function claimIn(tx: SQL, owner: string, nowMs: number, leaseMs: number, onlyJobId: string | undefined): Promise<JobRecord | undefined> {
  for (let i = 0; i < CLAIM_TRIES; i++) {
    const [candidate] = await tx`SELECT j.job_id, j.org_id FROM index_jobs j
      WHERE ((j.state = 'pending' AND j.attempts < j.max_attempts) OR (j.state = 'running' AND j.lease_expires_at < ${nowMs} AND j.interruptions < ${MAX_INTERRUPTIONS}))
        AND j.expires_at > ${nowMs} AND (${onlyJobId ?? null}::text IS NULL OR j.job_id = ${onlyJobId ?? null}::text)
        AND NOT EXISTS (SELECT 1 FROM index_jobs r WHERE r.org_id = j.org_id AND r.job_id <> j.job_id AND r.state = 'running' AND r.lease_expires_at >= ${nowMs})
        AND (${onlyJobId ?? null}::text IS NOT NULL OR NOT EXISTS (SELECT 1 FROM index_jobs o WHERE o.org_id = j.org_id AND (o.created_at, o.job_id) < (j.created_at, j.job_id)
          AND ((o.state = 'pending' AND o.attempts < o.max_attempts) OR (o.state = 'running' AND o.lease_expires_at < ${nowMs} AND o.interruptions < ${MAX_INTERRUPTIONS}))
          AND o.expires_at > ${nowMs}))
      ORDER BY j.created_at, j.job_id LIMIT 1
      FOR UPDATE OF j SKIP LOCKED`
    if (!candidate) return undefined
    await tx`SELECT pg_advisory_xact_lock(hashtextextended(${`claim:${candidate.org_id}`}, 0))`
    const [busy] = await tx`SELECT 1 FROM index_jobs WHERE org_id = ${candidate.org_id} AND job_id <> ${candidate.job_id} AND state = 'running' AND lease_expires_at >= ${nowMs}`
    if (busy) continue
    const [raw] = await tx`UPDATE index_jobs SET lease_owner = ${owner}, lease_expires_at = ${nowMs + leaseMs},
        attempts = attempts + (state = 'pending')::int, interruptions = interruptions + (state = 'running')::int, state = 'running',
        started_at = COALESCE(started_at, ${nowMs}), updated_at = ${nowMs}
      WHERE job_id = ${candidate.job_id} RETURNING *`
    return jobRecord(raw)
  }
  return undefined
}

/** Ends a failed attempt in one statement: `pending` again when retryable with attempts left, else `failed`; lost when `owner` no longer holds it. */
async function failAttempt(sql: SQL, jobId: string, owner: string, reason: string, retryable: boolean, nowMs: number): Promise<'retry' | 'failed' | 'lost'> {
  const [row] = await sql`UPDATE index_jobs SET
      state = CASE WHEN ${retryable} AND attempts < max_attempts THEN 'pending' ELSE 'failed' END,
      finished_at = CASE WHEN ${retryable} AND attempts < max_attempts THEN NULL ELSE ${nowMs}::bigint END,
      error = ${reason.slice(0, 1000)}, lease_owner = NULL, lease_expires_at = NULL, updated_at = ${nowMs}
    WHERE job_id = ${jobId} AND lease_owner = ${owner} AND state = 'running' RETURNING state`
  if (!row) return 'lost'
  return row.state === 'pending' ? 'retry' : 'failed'
}

/** Jobs that can no longer finish (interrupted too often and expired again, or past their life) end `failed`, in one transaction. */
async function failStuck(sql: SQL, nowMs: number): Promise<number> {
  return sql.begin(async (tx) => {
    const exhausted = await tx`UPDATE index_jobs SET state = 'failed', error = 'the crawl was interrupted ' || (interruptions + 1) || ' times (its process stopped each time)',
        lease_owner = NULL, lease_expires_at = NULL, finished_at = ${nowMs}, updated_at = ${nowMs}
      WHERE state = 'running' AND lease_expires_at < ${nowMs} AND interruptions >= ${MAX_INTERRUPTIONS}`
    const expired = await tx`UPDATE index_jobs SET state = 'failed', error = 'the job did not complete within 24 hours', lease_owner = NULL, lease_expires_at = NULL,
        finished_at = ${nowMs}, updated_at = ${nowMs}
      WHERE state IN ('pending', 'running') AND expires_at <= ${nowMs}`
    return exhausted.count + expired.count
  })
}

/**
 * The jobs group of the storage interface on PostgreSQL (Bun's SQL client): the state machine of
 * queries/jobs.ts, statement for statement, each method one statement or one transaction, so it holds
 * across instances sharing the database (claims: see {@link claimIn}).
 */
export function pgJobStorage(sql: SQL): JobStorage {
  return {
    async reserve(job) {
      const { organization, nowMs } = job
      await sql.begin(async (tx) => {
        await ensureOrganization(tx, organization, nowMs)
        await tx`INSERT INTO index_jobs (job_id, org_id, website, start_date, end_date, hints, hint_report, state, agent_id, account_id, request_id, created_at, updated_at, expires_at)
          VALUES (${job.jobId}, ${organization.orgId}, ${job.website}, ${job.startDate}, ${job.endDate}, ${job.hints}, ${job.hintReport}, 'reserved',
            ${job.agentId ?? null}, ${job.accountId ?? null}, ${job.requestId ?? null}, ${nowMs}, ${nowMs}, ${job.expiresAt})`
      })
    },
    async confirm(jobId, nowMs) {
      const changed = await sql`UPDATE index_jobs SET state = 'pending', billing = CASE WHEN billing IS NULL THEN NULL ELSE 'recorded' END, updated_at = ${nowMs}
        WHERE job_id = ${jobId} AND state = 'reserved' RETURNING job_id`
      return changed.length === 1
    },
    async discardReserved(jobId) {
      await sql`DELETE FROM index_jobs WHERE job_id = ${jobId} AND state = 'reserved'`
    },
    async find(jobId) {
      const [raw] = await sql`SELECT * FROM index_jobs WHERE job_id = ${jobId}`
      return raw ? jobRecord(raw) : undefined
    },
    async markReportSent(jobId, nowMs) {
      await sql`UPDATE index_jobs SET billing = 'sent', updated_at = ${nowMs} WHERE job_id = ${jobId} AND state = 'reserved'`
    },
    async markBillingUnknown(jobId, nowMs) {
      await sql`UPDATE index_jobs SET billing = 'unknown', updated_at = ${nowMs} WHERE job_id = ${jobId} AND state = 'reserved'`
    },
    async cancelReserved(jobId, billing, reason, nowMs) {
      const changed = await sql`UPDATE index_jobs SET state = 'cancelled', billing = ${billing}, error = ${reason.slice(0, 1000)}, finished_at = ${nowMs}, updated_at = ${nowMs}
        WHERE job_id = ${jobId} AND state = 'reserved' RETURNING job_id`
      return changed.length === 1
    },
    async staleReserved(beforeMs, limit) {
      const rows = await sql`SELECT * FROM index_jobs WHERE state = 'reserved' AND updated_at < ${beforeMs} ORDER BY updated_at, job_id LIMIT ${limit}`
      return (rows as Raw[]).map(jobRecord)
    },
    claim: (owner, nowMs, leaseMs = LEASE_MS, onlyJobId) => sql.begin((tx) => claimIn(tx, owner, nowMs, leaseMs, onlyJobId)),
    async release(owner, nowMs) {
      const result = await sql`UPDATE index_jobs SET state = 'pending', attempts = GREATEST(attempts - 1, 0), lease_owner = NULL, lease_expires_at = NULL, updated_at = ${nowMs}
        WHERE lease_owner = ${owner} AND state = 'running'`
      return result.count
    },
    async renewLease(jobId, owner, nowMs, leaseMs = LEASE_MS) {
      const result = await sql`UPDATE index_jobs SET lease_expires_at = ${nowMs + leaseMs}, updated_at = ${nowMs} WHERE job_id = ${jobId} AND lease_owner = ${owner} AND state = 'running'`
      return result.count === 1
    },
    async recordProgress(jobId, owner, progress, nowMs) {
      await sql`UPDATE index_jobs SET progress = ${JSON.stringify(progress)}, updated_at = ${nowMs} WHERE job_id = ${jobId} AND lease_owner = ${owner} AND state = 'running'`
    },
    failAttempt: (jobId, owner, reason, retryable, nowMs) => failAttempt(sql, jobId, owner, reason, retryable, nowMs),
    failStuck: (nowMs) => failStuck(sql, nowMs),
    async cancel(jobId, nowMs) {
      const result = await sql`UPDATE index_jobs SET state = 'cancelled', error = 'cancelled', lease_owner = NULL, lease_expires_at = NULL, finished_at = ${nowMs}, updated_at = ${nowMs}
        WHERE job_id = ${jobId} AND state IN ('pending', 'running')`
      return result.count === 1
    },
    async forAccount(accountId, limit) {
      const rows = await sql`SELECT job_id, org_id, website, state, event_count, created_at, finished_at, expires_at FROM index_jobs
        WHERE account_id = ${accountId} AND state <> 'reserved' ORDER BY created_at DESC, job_id LIMIT ${limit}`
      return (rows as Raw[]).map((r) => ({
        jobId: r.job_id as string,
        orgId: r.org_id as string,
        website: r.website as string,
        state: r.state as string,
        eventCount: numOrNull(r.event_count),
        createdAt: num(r.created_at),
        finishedAt: numOrNull(r.finished_at),
        expiresAt: num(r.expires_at),
      }))
    },
    async purgeFinished(beforeMs) {
      const result = await sql`DELETE FROM index_jobs WHERE state IN ('ready', 'failed', 'cancelled') AND expires_at < ${beforeMs}`
      return result.count
    },
    async enqueuePending(jobs) {
      await sql.begin(async (tx) => {
        for (const j of jobs)
          await tx`INSERT INTO index_jobs (job_id, org_id, website, start_date, end_date, hints, state, created_at, updated_at, expires_at)
            VALUES (${j.jobId}, ${j.orgId}, ${j.website}, ${j.startDate}, ${j.endDate}, ${j.hints}, 'pending', ${j.nowMs}, ${j.nowMs}, ${j.expiresAt})`
      })
    },
  }
}
