import { retryWhileBusy } from './busy'
import { closeDatabase, journalMode, optimizeDatabase, type Db } from './client'
import { appliedCount, migrate } from './migrate'
import * as credits from './queries/credits'
import * as events from './queries/events'
import { bumpEventsGeneration, eventsGeneration } from './queries/generation'
import * as jobs from './queries/jobs'
import * as oauth from './queries/oauth'
import * as organizations from './queries/organizations'
import { sqliteReplayStore } from './queries/replay-keys'
import * as reports from './queries/reports'
import * as sources from './queries/sources'
import { storeCrawlResult } from './queries/store'
import * as usageReports from './queries/usage-reports'
import { inlineReads } from './read-ops'
import { openReads } from './read-pool'
import { storeWriter, type StoreWriter } from './store-writer'
import type { CreditStorage, EventStorage, JobStorage, OAuthStorage, OrganizationStorage, ReportStorage, SourceStorage, Storage, UsageReportStorage } from './storage'
import type { JobRecord, OrganizationRecord, StoreArgs, StoreOutcome, UsageReportRecord } from './storage-types'

/** Compile-time proof that the SQLite rows are exactly the interface's plain records (both ways). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never
const rowsMatch: [Same<jobs.JobRow, JobRecord>, Same<organizations.OrganizationRow, OrganizationRecord>, Same<usageReports.UsageReportRow, UsageReportRecord>] = [true, true, true]
void rowsMatch

/**
 * A connection and how its storage work is run: at once, synchronously, its result (or error) coming back
 * as a promise; and on the request thread's connection of a file, again while the crawl writer holds the
 * lock (busy.ts), so that a write waits for it without stalling the thread.
 */
type Conn = { db: Db; run: <T>(work: () => T) => Promise<T> }

/** `f(db, …)` as a method of the interface: the query runs synchronously and its result (or error) comes back as a promise. */
const on =
  <A extends unknown[], R>(c: Conn, f: (db: Db, ...args: A) => R) =>
  (...args: A): Promise<R> =>
    c.run(() => f(c.db, ...args))

/** null (a missing row, as bun:sqlite answers it) becomes undefined, as the interface says. */
const orUndefined = <T>(value: T | null | undefined): T | undefined => value ?? undefined

const organizationsOn = (c: Conn): OrganizationStorage => ({
  find: on(c, organizations.findOrganization),
  stale: on(c, organizations.staleOrganizations),
})

const jobsOn = (c: Conn): JobStorage => ({
  reserve: on(c, jobs.reserveJob),
  confirm: on(c, jobs.confirmJob),
  discardReserved: on(c, jobs.discardReservedJob),
  find: on(c, jobs.findJob),
  markReportSent: on(c, jobs.markReportSent),
  markBillingUnknown: on(c, jobs.markBillingUnknown),
  cancelReserved: on(c, jobs.cancelReservedJob),
  staleReserved: on(c, jobs.staleReservedJobs),
  claim: on(c, jobs.claimJob),
  release: on(c, jobs.releaseJobs),
  renewLease: on(c, jobs.renewLease),
  recordProgress: on(c, jobs.recordProgress),
  failAttempt: on(c, jobs.failAttempt),
  failStuck: on(c, jobs.failStuckJobs),
  cancel: on(c, jobs.cancelJob),
  forAccount: on(c, jobs.accountJobs),
  purgeFinished: on(c, jobs.purgeFinishedJobs),
  enqueuePending: on(c, jobs.insertPendingJobs),
})

const eventsOn = (c: Conn, writer: StoreWriter | undefined): EventStorage => ({
  storeCrawlResult: writer ? storedBy(c.db, writer) : on(c, storeCrawlResult),
  pruneEnded: writer ? prunedBy(c.db, writer) : on(c, events.pruneEndedEvents),
  upcomingSample: on(c, events.upcomingEventSample),
  upcomingCount: on(c, events.upcomingEventCount),
  record: on(c, events.eventRecord),
  generation: () => eventsGeneration(c.db),
})

const sourcesOn = (c: Conn): SourceStorage => ({
  previous: on(c, sources.previousSources),
  count: on(c, sources.sourceCount),
  forOrganization: on(c, sources.organizationSources),
})

const creditsOn = (c: Conn): CreditStorage => ({
  createAccount: on(c, credits.insertAccount),
  grant: on(c, credits.grantAndBalance),
  accountByEmail: on(c, credits.accountByEmail),
  accountById: on(c, credits.accountById),
  accountByKeyHash: on(c, credits.accountByKeyHash),
  balance: on(c, credits.ledgerBalance),
  ledger: on(c, credits.ledgerEntries),
  latestCharge: on(c, credits.latestCharge),
  debitOnce: on(c, credits.debitOnce),
  forgetStoredResults: on(c, credits.forgetStoredResults),
})

const reportsOn = (c: Conn): ReportStorage => ({
  countToday: on(c, reports.reportsToday),
  insertWithinDailyCap: on(c, reports.insertReportWithinDailyCap),
  mailsThisHour: on(c, reports.mailsThisHour),
  reserveMailSlot: on(c, reports.reserveMailSlot),
  markDelivered: on(c, reports.markReportDelivered),
  markFailed: on(c, reports.markReportFailed),
  dueUndelivered: on(c, reports.dueUndeliveredReports),
})

const usageReportsOn = (c: Conn): UsageReportStorage => ({
  queue: on(c, usageReports.insertPendingReport),
  due: on(c, usageReports.duePendingReports),
  end: on(c, usageReports.endPendingReport),
  retry: on(c, usageReports.retryPendingReport),
  purgeEnded: on(c, usageReports.purgeEndedReports),
})

const oauthOn = (c: Conn): OAuthStorage => ({
  signingKey: () => c.run(() => orUndefined(oauth.findSigningKey(c.db))),
  ensureSigningKey: on(c, oauth.ensureSigningKey),
  csrfSecret: () => c.run(() => orUndefined(oauth.findCsrfSecret(c.db))),
  ensureCsrfSecret: on(c, oauth.ensureCsrfSecret),
  accountExists: on(c, oauth.accountExists),
  insertCode: on(c, oauth.insertAuthorizationCode),
  findCode: (codeHash) => c.run(() => orUndefined(oauth.findAuthorizationCode(c.db, codeHash))),
  redeemCode: on(c, oauth.redeemCode),
  findRefreshToken: (tokenHash) => c.run(() => orUndefined(oauth.findRefreshToken(c.db, tokenHash))),
  rotateRefreshToken: on(c, oauth.rotateRefreshToken),
  revokeFamily: on(c, oauth.revokeTokenFamily),
})

/** Ended events deleted by the writer (a bulk delete, off the request thread); a delete advances the read caches' generation here. */
const prunedBy =
  (db: Db, writer: StoreWriter) =>
  async (endedBeforeMs: number): Promise<number> => {
    const deleted = await writer.prune(endedBeforeMs)
    if (deleted > 0) bumpEventsGeneration(db)
    return deleted
  }

/** A crawl stored by the writer; committed, it advances the read caches' generation here, where they are read. */
const storedBy =
  (db: Db, writer: StoreWriter) =>
  async (args: StoreArgs): Promise<StoreOutcome> => {
    const outcome = await writer.store(args)
    if (outcome.stored) bumpEventsGeneration(db)
    return outcome
  }

/**
 * The storage interface on one SQLite connection (bun:sqlite through drizzle): the query functions of
 * queries/*.ts, unchanged, each run synchronously on the connection, so every method is atomic with
 * respect to every other (nothing interleaves inside a synchronous call) and its own transaction where it
 * writes more than one statement. `path` is the database file the read pool opens (`:memory:`: inline
 * reads and stores). On a file, crawl results are stored, and ended events pruned, by the crawl writer, a worker with its own
 * connection (store-writer.ts; `writerUrl` substitutes its module in drills), and this connection waits
 * for no lock on its thread: it has no busy timeout, and a method that finds the lock held is tried
 * again on timers (busy.ts); the replay store does the same with its batched writes.
 */
export function sqliteStorage(db: Db, options: { path?: string; writerUrl?: string } = {}): Storage {
  const path = options.path ?? ':memory:'
  const writer = path === ':memory:' ? undefined : storeWriter({ path, workerUrl: options.writerUrl })
  if (writer) db.$client.run('PRAGMA busy_timeout = 0')
  const c: Conn = { db, run: writer ? retryWhileBusy : async (work) => work() }
  return {
    backend: 'sqlite',
    organizations: organizationsOn(c),
    jobs: jobsOn(c),
    events: eventsOn(c, writer),
    sources: sourcesOn(c),
    credits: creditsOn(c),
    reports: reportsOn(c),
    usageReports: usageReportsOn(c),
    oauth: oauthOn(c),
    replayStore: (replayOptions) => sqliteReplayStore(db, replayOptions),
    openReads: ({ workers }) => (path === ':memory:' || workers <= 0 ? inlineReads(db.$client) : openReads(db.$client, { path, workers })),
    migrate: () => c.run(() => migrate(db)),
    health: () => c.run(() => ({ backend: 'sqlite' as const, journalMode: journalMode(db), migrations: appliedCount(db), replicationLagSeconds: null })),
    optimize: () => c.run(() => optimizeDatabase(db)),
    singleton: (_name, work) => work(),
    close: async () => {
      await writer?.close()
      closeDatabase(db)
    },
  }
}
