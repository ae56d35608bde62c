import type { PendingJob, Storage } from '../db/storage'
import { silentLogger, type Logger } from '../log'
import { defaultWindowEnd, utcToday } from '../model/dates'
import type { Mailer } from '../report/mailer'
import { retryUndelivered } from '../report/reports'
import { forgetOldAnswers } from '../services/credits'
import { JOB_TTL_MS, newJobId } from '../services/index-jobs'
import type { UsageClient } from '../gateway/usage-client'
import { settleBilling, type SettleReport } from '../services/usage-billing'

export type SchedulerOptions = {
  storage: Storage
  mailer: Mailer
  /** The usage service, for re-sending usage reports whose answer was unknown; without it billing is not settled. */
  usage?: UsageClient
  /** How long a reserved job or pending report waits before it is settled, and how often billing is settled (DEFAULT_SETTLE_AFTER_MS). */
  settleAfterMs?: number
  logger?: Logger
  now?: () => number
  intervalMs?: number
  /** An organization indexed longer ago than this is crawled again (0 turns re-crawls off). */
  staleAfterMs?: number
  /** Called after jobs were enqueued (re-crawls, paid jobs whose charge was confirmed), so the runner picks them up at once. */
  onEnqueued?: () => void
}

/** How long billing left unsettled by a request waits before the scheduler settles it (issue 11: "older than a minute"). */
export const DEFAULT_SETTLE_AFTER_MS = 60_000

export type TickReport = { jobsEnded: number; recrawls: number; eventsPruned: number; reportsSent: number; jobsPurged: number; answersForgotten: number }

const DAY_MS = 86_400_000
const NOTHING: TickReport = { jobsEnded: 0, recrawls: 0, eventsPruned: 0, reportsSent: 0, jobsPurged: 0, answersForgotten: 0 }

/**
 * Periodic upkeep (DESIGN §1.4): ends jobs that can no longer finish, re-crawls organizations whose index
 * is stale (free system jobs, never billed), prunes events that ended more than a day ago, resends report
 * mail that failed, forgets finished jobs after a week and MCP answers kept for retries after 24 hours. Each step is its own small transaction.
 */
export class Scheduler {
  private timer?: Timer
  private billingTimer?: Timer
  private running = false
  private settling = false
  private readonly now: () => number
  private readonly logger: Logger

  constructor(private readonly options: SchedulerOptions) {
    this.now = options.now ?? Date.now
    this.logger = options.logger ?? silentLogger
  }

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.options.intervalMs ?? 60_000)
    if (this.options.usage) this.billingTimer = setInterval(() => void this.settle(), Math.min(this.settleAfterMs, this.options.intervalMs ?? 60_000))
  }

  stop(): void {
    clearInterval(this.timer)
    clearInterval(this.billingTimer)
  }

  private get settleAfterMs(): number {
    return this.options.settleAfterMs ?? DEFAULT_SETTLE_AFTER_MS
  }

  /**
   * Settles the billing that requests left open (services/usage-billing `settleBilling`): re-sends usage
   * reports whose answer was unknown, confirms or cancels their reserved jobs, releases reserved jobs whose
   * report was never sent. Runs on its own timer, one pass at a time; a failure is logged and retried.
   */
  async settle(): Promise<SettleReport | undefined> {
    if (this.settling || !this.options.usage) return undefined
    this.settling = true
    try {
      const usage = this.options.usage
      const report = await this.options.storage.singleton('settle-billing', () =>
        settleBilling(this.options.storage, usage, { nowMs: this.now(), settleAfterMs: this.settleAfterMs, logger: this.logger }),
      )
      if (!report) return undefined
      if (report.jobsConfirmed) this.options.onEnqueued?.()
      if (Object.values(report).some((n) => n > 0)) this.logger.info('billing settled', report)
      return report
    } catch (error) {
      this.logger.error('billing settlement failed', { error: (error as Error).message })
      return undefined
    } finally {
      this.settling = false
    }
  }

  /** One pass of the upkeep, by one instance at a time (Storage.singleton); nothing when another holds it. */
  async tick(): Promise<TickReport> {
    if (this.running) return { ...NOTHING }
    this.running = true
    try {
      const report = await this.options.storage.singleton('scheduler', () => this.upkeep(this.now()))
      if (!report) return { ...NOTHING }
      if (report.recrawls) this.options.onEnqueued?.()
      if (Object.values(report).some((n) => n > 0)) this.logger.info('scheduler', report)
      return report
    } catch (error) {
      this.logger.error('scheduler failed', { error: (error as Error).message })
      return { ...NOTHING }
    } finally {
      this.running = false
    }
  }

  private async upkeep(nowMs: number): Promise<TickReport> {
    const { storage } = this.options
    const report: TickReport = {
      jobsEnded: await storage.jobs.failStuck(nowMs),
      recrawls: await this.enqueueRecrawls(nowMs),
      eventsPruned: await prunePastEvents(storage, nowMs),
      reportsSent: await retryUndelivered(storage, this.options.mailer, nowMs),
      jobsPurged: await storage.jobs.purgeFinished(nowMs - 7 * DAY_MS),
      answersForgotten: await forgetOldAnswers(storage, nowMs),
    }
    // Statistics for the planner after the last minute's bulk writes (crawl results, prunes): cheap when
    // no table changed much (the optimize pragma decides), and search plans do not depend on them.
    await storage.optimize()
    return report
  }

  private async enqueueRecrawls(nowMs: number, batch = 10): Promise<number> {
    const staleAfter = this.options.staleAfterMs ?? DAY_MS
    if (staleAfter <= 0) return 0
    const start = utcToday(nowMs)
    const jobs: PendingJob[] = []
    for (const org of await this.options.storage.organizations.stale(nowMs - staleAfter, batch)) {
      const website = org.website ?? org.origin
      if (!website) continue
      jobs.push({
        jobId: newJobId(),
        orgId: org.orgId,
        website,
        startDate: start,
        endDate: defaultWindowEnd(start),
        hints: org.hints ?? '{"calendarUrls":[],"eventUrls":[]}',
        nowMs,
        expiresAt: nowMs + JOB_TTL_MS,
      })
    }
    await this.options.storage.jobs.enqueuePending(jobs)
    return jobs.length
  }
}

/** Deletes events that ended more than a day ago and refreshes their organizations' counts (see pruneEndedEvents). */
export function prunePastEvents(storage: Storage, nowMs: number): Promise<number> {
  return storage.events.pruneEnded(nowMs - DAY_MS)
}
