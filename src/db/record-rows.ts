/**
 * Raw rows of either driver (the table's columns, snake case) as the storage interface's plain records,
 * one mapping per record for both backends. Bun's PostgreSQL client answers a bigint (int8) column, such
 * as every epoch-millisecond time and every count(*), as a string, so each such value is made a number
 * here (bun:sqlite's numbers pass unchanged); milliseconds and counts stay far below 2^53.
 */
import type { JobBilling, JobState } from '../model/job-state'
import type { JobRecord, OrganizationRecord } from './storage-types'

export type Raw = Record<string, unknown>

/** An int8 (or any numeric) value as a number. */
export const num = (value: unknown): number => Number(value)

/** An optional int8 value as a number, null kept. */
export const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value))

/** The job's columns as selected by every job query (the table's, snake case). */
export function jobRecord(raw: Raw): JobRecord {
  return {
    jobId: raw.job_id as string,
    orgId: raw.org_id as string,
    website: raw.website as string,
    startDate: raw.start_date as string,
    endDate: raw.end_date as string,
    hints: raw.hints as string,
    hintReport: raw.hint_report as string,
    state: raw.state as JobState,
    attempts: num(raw.attempts),
    maxAttempts: num(raw.max_attempts),
    interruptions: num(raw.interruptions),
    leaseOwner: raw.lease_owner as string | null,
    leaseExpiresAt: numOrNull(raw.lease_expires_at),
    progress: raw.progress as string,
    error: raw.error as string | null,
    eventCount: numOrNull(raw.event_count),
    agentId: raw.agent_id as string | null,
    accountId: raw.account_id as string | null,
    requestId: raw.request_id as string | null,
    billing: raw.billing as JobBilling | null,
    createdAt: num(raw.created_at),
    updatedAt: num(raw.updated_at),
    startedAt: numOrNull(raw.started_at),
    finishedAt: numOrNull(raw.finished_at),
    expiresAt: num(raw.expires_at),
  }
}

export function organizationRecord(raw: Raw): OrganizationRecord {
  return {
    orgId: raw.org_id as string,
    domain: raw.domain as string,
    website: raw.website as string | null,
    name: raw.name as string | null,
    timezone: raw.timezone as string | null,
    platform: raw.platform as string | null,
    eventCount: num(raw.event_count),
    lastIndexedAt: numOrNull(raw.last_indexed_at),
    lastJobId: raw.last_job_id as string | null,
    createdAt: num(raw.created_at),
    updatedAt: num(raw.updated_at),
  }
}
