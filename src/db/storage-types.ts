/**
 * The plain data the storage interface (storage.ts) takes and gives: rows as objects of strings, numbers
 * and nulls, times in epoch milliseconds. No SQLite, drizzle or PostgreSQL type appears here, so a
 * backend is a choice of implementation, never of caller code. The SQLite implementation checks at
 * compile time that its table rows are exactly these shapes (sqlite-storage.ts).
 */
import type { CrawlResult, PreviousSource } from '../model/crawl-result'
import type { JobBilling, JobState, UsageReportState } from '../model/job-state'

export type { PreviousSource }

/** An organization as stored (table `organizations`). */
export type OrganizationRecord = {
  orgId: string
  domain: string
  website: string | null
  name: string | null
  timezone: string | null
  platform: string | null
  eventCount: number
  lastIndexedAt: number | null
  lastJobId: string | null
  createdAt: number
  updatedAt: number
}

/** An organization due for a re-crawl, with what its last successful crawl read. */
export type StaleOrganization = { orgId: string; website: string | null; hints: string | null; origin: string | null }

/** An index job as stored (table `index_jobs`); `hints`, `hintReport` and `progress` are JSON texts. */
export type JobRecord = {
  jobId: string
  orgId: string
  website: string
  startDate: string
  endDate: string
  hints: string
  hintReport: string
  state: JobState
  attempts: number
  maxAttempts: number
  interruptions: number
  leaseOwner: string | null
  leaseExpiresAt: number | null
  progress: string
  error: string | null
  eventCount: number | null
  agentId: string | null
  accountId: string | null
  requestId: string | null
  billing: JobBilling | null
  createdAt: number
  updatedAt: number
  startedAt: number | null
  finishedAt: number | null
  expiresAt: number
}

/** A paid job to reserve, with the organization it belongs to (created when new). */
export type ReservedJobInsert = {
  organization: { orgId: string; domain: string; website: string }
  jobId: string
  website: string
  startDate: string
  endDate: string
  hints: string
  hintReport: string
  agentId?: string | null
  accountId?: string | null
  requestId?: string | null
  nowMs: number
  expiresAt: number
}

/** A free system job (a re-crawl): pending at once, never billed. */
export type PendingJob = { jobId: string; orgId: string; website: string; startDate: string; endDate: string; hints: string; nowMs: number; expiresAt: number }

/** The columns a job list shows. */
export type AccountJob = { jobId: string; orgId: string; website: string; state: string; eventCount: number | null; createdAt: number; finishedAt: number | null; expiresAt: number }

export type StoreArgs = { jobId: string; owner: string; orgId: string; result: CrawlResult; nowMs: number; scriptVersion: string }
export type StoreOutcome = { stored: true; eventCount: number } | { stored: false; reason: string }

export type SourceRecord = { url: string; kind: string; platform: string | null; status: string; httpStatus: number | null; error: string | null; eventCount: number; lastFetchedAt: number | null }

/** An MCP account as stored (the key only as its SHA-256). */
export type AccountRecord = { accountId: string; email: string; keyHash: string; createdAt: number }
export type LedgerRecord = { delta: number; reason: string; tool: string | null; createdAt: number }

/** The latest debit of one call (by its hash): what a retry may replay. */
export type ChargeRecord = { result: string | null; resultHash: string | null; delta: number }

/**
 * One idempotent debit (storage.credits.debitOnce): the call's hash and the window in which an earlier
 * debit of it is a retry, what to charge, the answer to store for retries (null when too large) and its
 * fingerprint, and the reserved job this debit pays for (confirmed in the same transaction), if any.
 */
export type DebitRequest = {
  accountId: string
  tool: string
  callHash: string
  sinceMs: number
  amount: number
  idempotencyKey: string
  result: string | null
  resultHash: string
  nowMs: number
  confirmJobId?: string
}

/**
 * How a debit ended: `replayed` (an earlier debit of the call stands: its stored answer, or null when
 * only its fingerprint matched), `charged`, `insufficient` (nothing written), `job_not_confirmed` (the
 * job to confirm was no longer reserved; nothing written).
 */
export type DebitOutcome = { outcome: 'replayed'; result: string | null } | { outcome: 'charged'; charged: number } | { outcome: 'insufficient'; balance: number } | { outcome: 'job_not_confirmed' }

export type NewReport = {
  reportId: string
  reporter: string
  agentId?: string
  email?: string
  message: string
  domain?: string
  orgId?: string
  jobId?: string
  diagnostics: string
  createdAt: number
}

/** A stored report whose mail has not gone out yet. */
export type UndeliveredReport = { report_id: string; reporter: string; email: string | null; message: string; domain: string | null; org_id: string | null; job_id: string | null; diagnostics: string }

/** A served pull's usage report waiting to be re-sent (table `usage_reports`). */
export type UsageReportRecord = { agentId: string; requestId: string; usage: string; state: UsageReportState; attempts: number; lastError: string | null; createdAt: number; updatedAt: number }

/** The OAuth server's signing key pair, as stored (JWK JSON). */
export type SigningKeyRecord = { kid: string; private_jwk: string; public_jwk: string | null }

export type CodeInsert = { codeHash: string; accountId: string; clientId: string; redirectUri: string; codeChallenge: string; resource: string; scope: string; expiresAt: number }
export type CodeRecord = {
  account_id: string
  client_id: string
  redirect_uri: string
  code_challenge: string
  resource: string
  scope: string
  family_id: string | null
  used_at: number | null
  expires_at: number
}
export type RefreshInsert = { tokenHash: string; familyId: string; accountId: string; clientId: string; resource: string; scope: string; expiresAt: number }
export type RefreshRecord = { family_id: string; account_id: string; client_id: string; resource: string; scope: string; used_at: number | null; revoked_at: number | null; expires_at: number }

/** How a redemption (of a code, or of a refresh token by rotation) ended; `used` carries the grant to revoke. */
export type RedeemOutcome = { outcome: 'redeemed' } | { outcome: 'used'; familyId: string | null } | { outcome: 'revoked' } | { outcome: 'unknown' }

/** What the health check says about storage. */
export type { StorageHealth } from '../model/health'
