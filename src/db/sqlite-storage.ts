import { closeDatabase, journalMode, optimizeDatabase, type Db } from './client'
import { appliedCount, migrate } from './migrate'
import * as credits from './queries/credits'
import * as events from './queries/events'
import { eventsGeneration } from './queries/generation'
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
import type { CreditStorage, EventStorage, JobStorage, OAuthStorage, OrganizationStorage, ReportStorage, SourceStorage, Storage, UsageReportStorage } from './storage'
import type { JobRecord, OrganizationRecord, UsageReportRecord } from './storage-types'

/** Compile-time proof that the SQLite rows are exactly the interface's plain records (both ways). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never
const rowsMatch: [Same<jobs.JobRow, JobRecord>, Same<organizations.OrganizationRow, OrganizationRecord>, Same<usageReports.UsageReportRow, UsageReportRecord>] = [true, true, true]
void rowsMatch

/** `f(db, …)` as a method of the interface: the query runs synchronously and its result (or error) comes back as a promise. */
const on =
  <A extends unknown[], R>(db: Db, f: (db: Db, ...args: A) => R) =>
  async (...args: A): Promise<R> =>
    f(db, ...args)

/** null (a missing row, as bun:sqlite answers it) becomes undefined, as the interface says. */
const orUndefined = <T>(value: T | null | undefined): T | undefined => value ?? undefined

const organizationsOn = (db: Db): OrganizationStorage => ({
  find: on(db, organizations.findOrganization),
  stale: on(db, organizations.staleOrganizations),
})

const jobsOn = (db: Db): JobStorage => ({
  reserve: on(db, jobs.reserveJob),
  confirm: on(db, jobs.confirmJob),
  discardReserved: on(db, jobs.discardReservedJob),
  find: on(db, jobs.findJob),
  markReportSent: on(db, jobs.markReportSent),
  markBillingUnknown: on(db, jobs.markBillingUnknown),
  cancelReserved: on(db, jobs.cancelReservedJob),
  staleReserved: on(db, jobs.staleReservedJobs),
  claim: on(db, jobs.claimJob),
  release: on(db, jobs.releaseJobs),
  renewLease: on(db, jobs.renewLease),
  recordProgress: on(db, jobs.recordProgress),
  failAttempt: on(db, jobs.failAttempt),
  failStuck: on(db, jobs.failStuckJobs),
  cancel: on(db, jobs.cancelJob),
  forAccount: on(db, jobs.accountJobs),
  purgeFinished: on(db, jobs.purgeFinishedJobs),
  enqueuePending: on(db, jobs.insertPendingJobs),
})

const eventsOn = (db: Db): EventStorage => ({
  storeCrawlResult: on(db, storeCrawlResult),
  pruneEnded: on(db, events.pruneEndedEvents),
  upcomingSample: on(db, events.upcomingEventSample),
  upcomingCount: on(db, events.upcomingEventCount),
  record: on(db, events.eventRecord),
  generation: () => eventsGeneration(db),
})

const sourcesOn = (db: Db): SourceStorage => ({
  previous: on(db, sources.previousSources),
  count: on(db, sources.sourceCount),
  forOrganization: on(db, sources.organizationSources),
})

const creditsOn = (db: Db): CreditStorage => ({
  createAccount: on(db, credits.insertAccount),
  grant: on(db, credits.grantAndBalance),
  accountByEmail: on(db, credits.accountByEmail),
  accountById: on(db, credits.accountById),
  accountByKeyHash: on(db, credits.accountByKeyHash),
  balance: on(db, credits.ledgerBalance),
  ledger: on(db, credits.ledgerEntries),
  latestCharge: on(db, credits.latestCharge),
  debitOnce: on(db, credits.debitOnce),
  forgetStoredResults: on(db, credits.forgetStoredResults),
})

const reportsOn = (db: Db): ReportStorage => ({
  countToday: on(db, reports.reportsToday),
  insertWithinDailyCap: on(db, reports.insertReportWithinDailyCap),
  mailsThisHour: on(db, reports.mailsThisHour),
  reserveMailSlot: on(db, reports.reserveMailSlot),
  markDelivered: on(db, reports.markReportDelivered),
  markFailed: on(db, reports.markReportFailed),
  dueUndelivered: on(db, reports.dueUndeliveredReports),
})

const usageReportsOn = (db: Db): UsageReportStorage => ({
  queue: on(db, usageReports.insertPendingReport),
  due: on(db, usageReports.duePendingReports),
  end: on(db, usageReports.endPendingReport),
  retry: on(db, usageReports.retryPendingReport),
  purgeEnded: on(db, usageReports.purgeEndedReports),
})

const oauthOn = (db: Db): OAuthStorage => ({
  signingKey: async () => orUndefined(oauth.findSigningKey(db)),
  ensureSigningKey: on(db, oauth.ensureSigningKey),
  csrfSecret: async () => orUndefined(oauth.findCsrfSecret(db)),
  ensureCsrfSecret: on(db, oauth.ensureCsrfSecret),
  accountExists: on(db, oauth.accountExists),
  insertCode: on(db, oauth.insertAuthorizationCode),
  findCode: async (codeHash) => orUndefined(oauth.findAuthorizationCode(db, codeHash)),
  redeemCode: on(db, oauth.redeemCode),
  findRefreshToken: async (tokenHash) => orUndefined(oauth.findRefreshToken(db, tokenHash)),
  rotateRefreshToken: on(db, oauth.rotateRefreshToken),
  revokeFamily: on(db, oauth.revokeTokenFamily),
})

/**
 * The storage interface on one SQLite connection (bun:sqlite through drizzle): the query functions of
 * queries/*.ts, unchanged, each run synchronously on the connection, so every method is atomic with
 * respect to every other (nothing interleaves inside a synchronous call) and its own transaction where it
 * writes more than one statement. `path` is the database file the read pool opens (`:memory:`: inline reads).
 */
export function sqliteStorage(db: Db, options: { path?: string } = {}): Storage {
  const path = options.path ?? ':memory:'
  return {
    backend: 'sqlite',
    organizations: organizationsOn(db),
    jobs: jobsOn(db),
    events: eventsOn(db),
    sources: sourcesOn(db),
    credits: creditsOn(db),
    reports: reportsOn(db),
    usageReports: usageReportsOn(db),
    oauth: oauthOn(db),
    replayStore: (replayOptions) => sqliteReplayStore(db, replayOptions),
    openReads: ({ workers }) => (path === ':memory:' || workers <= 0 ? inlineReads(db.$client) : openReads(db.$client, { path, workers })),
    migrate: async () => migrate(db),
    health: async () => ({ backend: 'sqlite', journalMode: journalMode(db), migrations: appliedCount(db), replicationLagSeconds: null }),
    optimize: async () => optimizeDatabase(db),
    singleton: (_name, work) => work(),
    close: async () => closeDatabase(db),
  }
}
