/**
 * The storage interface (issue 17: "one storage interface, two implementations"): every write and every
 * non-search read the service makes, grouped by aggregate. Callers outside src/db/ see only this and
 * plain data (storage-types.ts), never a driver, so the same binary can run over SQLite or PostgreSQL.
 *
 * What must hold for every implementation:
 * - every method returns a Promise, and a method is a whole unit of work: whatever must not interleave
 *   with another request (read-then-write, check-then-insert, the crawl store, job claims, debits,
 *   redemptions) is ONE method holding its own transaction, never a sequence of awaits in a caller;
 * - a rejected promise means nothing of that method was written (its transaction rolled back).
 * The searches (event search, pulls, MCP lists) are the read side, `Reads` (reads.ts), opened from here.
 */
import type { ReplayStore } from '../gateway/replay'
import type { Reads } from './reads'
import type {
  AccountJob,
  AccountRecord,
  ChargeRecord,
  CodeInsert,
  CodeRecord,
  DebitOutcome,
  DebitRequest,
  JobRecord,
  LedgerRecord,
  NewReport,
  OrganizationRecord,
  PendingJob,
  PreviousSource,
  RedeemOutcome,
  RefreshInsert,
  RefreshRecord,
  ReservedJobInsert,
  SigningKeyRecord,
  SourceRecord,
  StaleOrganization,
  StorageHealth,
  StoreArgs,
  StoreOutcome,
  UndeliveredReport,
  UsageReportRecord,
} from './storage-types'

export type * from './storage-types'

export interface OrganizationStorage {
  find(orgId: string): Promise<OrganizationRecord | undefined>
  /** Indexed organizations last indexed before `beforeMs` with no job under way, least recently indexed first. */
  stale(beforeMs: number, limit: number): Promise<StaleOrganization[]>
}

export interface JobStorage {
  /** Creates the organization if new and inserts the job `reserved` (not claimable until {@link confirm}), in one transaction. */
  reserve(job: ReservedJobInsert): Promise<void>
  /** Makes a reserved job claimable (`pending`); false when it was not reserved. A job whose report was sent is marked `recorded`. */
  confirm(jobId: string, nowMs: number): Promise<boolean>
  /** Removes a reserved job whose usage could not be confirmed. */
  discardReserved(jobId: string): Promise<void>
  find(jobId: string): Promise<JobRecord | undefined>
  /** Notes on a reserved job that its usage report is about to be sent. */
  markReportSent(jobId: string, nowMs: number): Promise<void>
  /** Notes that a reserved job's report answer is unknown; it stays reserved until settled. */
  markBillingUnknown(jobId: string, nowMs: number): Promise<void>
  /** Cancels a reserved job whose billing ended without a charge; false when it was no longer reserved. */
  cancelReserved(jobId: string, billing: 'refused' | 'unknown', reason: string, nowMs: number): Promise<boolean>
  /** Reserved jobs untouched since `beforeMs`, oldest first. */
  staleReserved(beforeMs: number, limit: number): Promise<JobRecord[]>
  /**
   * Claims the oldest runnable job for `owner` (a pending one, or a running one whose lease expired), never
   * a second job of an organization being crawled; atomic, so two runners never claim the same job.
   * `onlyJobId` narrows the claim to that job.
   */
  claim(owner: string, nowMs: number, leaseMs?: number, onlyJobId?: string): Promise<JobRecord | undefined>
  /** Gives `owner`'s running jobs back to the queue, the interrupted attempt uncounted; how many. */
  release(owner: string, nowMs: number): Promise<number>
  /** Extends the lease of a job still held by `owner`; false when the lease was lost. */
  renewLease(jobId: string, owner: string, nowMs: number, leaseMs?: number): Promise<boolean>
  recordProgress(jobId: string, owner: string, progress: object, nowMs: number): Promise<void>
  /** Ends a failed attempt: `retry` (pending again), `failed`, or `lost` when `owner` no longer holds the job. */
  failAttempt(jobId: string, owner: string, reason: string, retryable: boolean, nowMs: number): Promise<'retry' | 'failed' | 'lost'>
  /** Ends jobs that can no longer finish (interrupted too often, or past their life); how many. */
  failStuck(nowMs: number): Promise<number>
  /** Cancels a job that has not finished; false when it had already ended. */
  cancel(jobId: string, nowMs: number): Promise<boolean>
  /** The index jobs an MCP account started, newest first (never the reserved ones). */
  forAccount(accountId: string, limit: number): Promise<AccountJob[]>
  /** Forgets finished jobs whose life ended before `beforeMs`; how many. */
  purgeFinished(beforeMs: number): Promise<number>
  /** Enqueues free system jobs (re-crawls), all or none. */
  enqueuePending(jobs: PendingJob[]): Promise<void>
}

export interface EventStorage {
  /**
   * Writes a finished crawl in ONE transaction: the organization's events replaced, its sources and
   * details updated, the job marked ready; nothing when `owner` lost the job's lease.
   */
  storeCrawlResult(args: StoreArgs): Promise<StoreOutcome>
  /** Deletes the events that ended before `endedBeforeMs` and refreshes their organizations' counts, in one transaction; how many. */
  pruneEnded(endedBeforeMs: number): Promise<number>
  /** The first `limit` upcoming events of an organization (stored Event JSON, start order). */
  upcomingSample(orgId: string, limit: number, nowMs: number): Promise<string[]>
  upcomingCount(orgId: string, nowMs: number): Promise<number>
  /** One stored event record (JSON text) by its `event_id`, ended ones included. */
  record(orgId: string, eventId: string): Promise<string | undefined>
  /**
   * The in-process counter of committed event writes (read caches are keyed by it). Not a storage read:
   * synchronous, since the service is its database's only event writer.
   */
  generation(): number
}

export interface SourceStorage {
  /** The sources of the last crawl that can be asked for conditionally (validator and memo), by URL. */
  previous(orgId: string): Promise<Record<string, PreviousSource>>
  count(orgId: string): Promise<number>
  /** An organization's sources, most events first. */
  forOrganization(orgId: string): Promise<SourceRecord[]>
}

export interface CreditStorage {
  /** Inserts an account and its initial grant; rejects when the email already has one (checked in the same transaction). */
  createAccount(account: { accountId: string; email: string; keyHash: string; nowMs: number }, grant?: { credits: number; reason: string }): Promise<void>
  /** Appends a grant and answers the new balance, in one transaction. */
  grant(accountId: string, credits: number, reason: string, nowMs: number): Promise<number>
  accountByEmail(email: string): Promise<AccountRecord | undefined>
  accountById(accountId: string): Promise<AccountRecord | undefined>
  accountByKeyHash(keyHash: string): Promise<AccountRecord | undefined>
  balance(accountId: string): Promise<number>
  /** The most recent ledger entries, newest first. */
  ledger(accountId: string, limit: number): Promise<LedgerRecord[]>
  /** The latest debit of a call since `sinceMs` (what a retry may replay). */
  latestCharge(accountId: string, callHash: string, sinceMs: number): Promise<ChargeRecord | undefined>
  /**
   * Debits once per call, in one transaction: an earlier debit of the call in its window is replayed
   * (its stored answer, or null when only the fingerprint matched), else the balance is checked, the
   * job named is confirmed and the debit recorded, all or nothing. Zero-amount calls write nothing.
   */
  debitOnce(request: DebitRequest): Promise<DebitOutcome>
  /** Forgets the stored answers of debits made before `beforeMs` (the ledger rows stay); how many. */
  forgetStoredResults(beforeMs: number): Promise<number>
}

export interface ReportStorage {
  /** Reports a reporter made since the start of the current UTC day. */
  countToday(reporter: string, nowMs: number): Promise<number>
  /** Stores a report unless its reporter already made `dailyCap` today (checked in the same transaction); false when refused. */
  insertWithinDailyCap(report: NewReport, dailyCap: number): Promise<boolean>
  /** Mails sent, or being sent, since the start of the current UTC clock hour. */
  mailsThisHour(nowMs: number): Promise<number>
  /** Takes one of the hour's mail slots for a report (count and mark in one transaction); false when none is left. */
  reserveMailSlot(reportId: string, nowMs: number, hourlyCap: number): Promise<boolean>
  markDelivered(reportId: string): Promise<void>
  /** The mail failed: the slot is given back. */
  markFailed(reportId: string, error: string): Promise<void>
  /** Undelivered reports due for a mail attempt, identified reporters first. */
  dueUndelivered(nowMs: number, limit: number): Promise<UndeliveredReport[]>
}

export interface UsageReportStorage {
  /** Queues the report of a served pull whose answer was unknown; a second queueing of the same (agent, request id) changes nothing. */
  queue(report: { agentId: string; requestId: string; usage: string; error: string; nowMs: number }): Promise<void>
  /** Pending reports last tried before `beforeMs`, oldest first. */
  due(beforeMs: number, limit: number): Promise<UsageReportRecord[]>
  end(report: { agentId: string; requestId: string }, state: 'recorded' | 'abandoned', error: string | null, nowMs: number): Promise<void>
  retry(report: { agentId: string; requestId: string; attempts: number }, error: string, nowMs: number): Promise<void>
  /** Forgets ended reports last touched before `beforeMs`; how many. */
  purgeEnded(beforeMs: number): Promise<number>
}

export interface OAuthStorage {
  signingKey(): Promise<SigningKeyRecord | undefined>
  /** Stores `key` unless a signing key exists, and answers the one stored (instances racing all get the first). */
  ensureSigningKey(key: { kid: string; alg: string; privateJwk: string; publicJwk: string }, nowMs: number): Promise<SigningKeyRecord>
  csrfSecret(): Promise<string | undefined>
  /** Stores `secret` unless one exists, and answers the one stored. */
  ensureCsrfSecret(kid: string, secret: string, nowMs: number): Promise<string>
  accountExists(accountId: string): Promise<boolean>
  insertCode(code: CodeInsert, nowMs: number): Promise<void>
  findCode(codeHash: string): Promise<CodeRecord | undefined>
  /** Marks a code used (only if unused) and stores the refresh token of its grant, in one transaction; `used` carries the grant of the first exchange. */
  redeemCode(codeHash: string, refresh: RefreshInsert, nowMs: number): Promise<RedeemOutcome>
  findRefreshToken(tokenHash: string): Promise<RefreshRecord | undefined>
  /** Marks a refresh token used (only if unused and not revoked) and stores its successor, in one transaction. */
  rotateRefreshToken(tokenHash: string, next: RefreshInsert, nowMs: number): Promise<RedeemOutcome>
  /** Revokes every refresh token of one grant. */
  revokeFamily(familyId: string, nowMs: number): Promise<void>
}

export interface Storage {
  readonly backend: 'sqlite' | 'postgres'
  readonly organizations: OrganizationStorage
  readonly jobs: JobStorage
  readonly events: EventStorage
  readonly sources: SourceStorage
  readonly credits: CreditStorage
  readonly reports: ReportStorage
  readonly usageReports: UsageReportStorage
  readonly oauth: OAuthStorage
  /** The gateway's replay store on this storage (it batches its own writes; see gateway/replay.ts). */
  replayStore(options?: { lazyMs?: number; now?: () => number }): ReplayStore
  /** The read side: `workers` reader threads where the backend has them (0: reads on this connection). */
  openReads(options: { workers: number }): Reads
  /** Applies the migrations this build embeds that storage has not recorded yet; how many. */
  migrate(): Promise<number>
  /** Whether storage answers, its journal mode and applied migrations; rejects when it cannot be read. */
  health(): Promise<StorageHealth>
  /** Refreshes the planner's statistics after bulk writes (cheap when nothing changed much). */
  optimize(): Promise<void>
  /**
   * Runs `work` as the one instance doing the upkeep named `name` (the scheduler's singleton work: stuck
   * jobs, re-crawls, pruning, report mail, billing settlement), and answers its result; undefined, without
   * running it, while another instance on the same storage holds that name. Over SQLite the file has one
   * service, so `work` always runs; over PostgreSQL it is `pg_try_advisory_lock` on the name.
   */
  singleton<T>(name: string, work: () => Promise<T>): Promise<T | undefined>
  close(): Promise<void>
}
