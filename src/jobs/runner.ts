import { randomBytes } from 'node:crypto'
import type { CrawlRequest } from '../crawl/crawl-types'
import type { Db } from '../db'
import type { JobRow } from '../db/queries/jobs'
import { findJob } from '../db/queries/jobs'
import { storeCrawlResult } from '../db/queries/store'
import type { WorkerStatus } from '../model/health'
import { silentLogger, type Logger } from '../log'
import type { FromWorker, ToWorker } from './protocol'
import { claimJob, failAttempt, LEASE_MS, recordProgress, releaseJobs, renewLease } from './queue'
import { buildCrawlRequest, type CrawlSettings } from './request'

export type RunnerOptions = {
  db: Db
  workers: number
  settings: CrawlSettings
  logger?: Logger
  now?: () => number
  /** The worker script; the real crawler by default (tests substitute scripted workers). */
  workerUrl?: string | URL
  leaseMs?: number
  pollMs?: number
  /** How long a worker may wait without a job before it is stopped (it is started again for the next job). */
  idleMs?: number
}

/** A crawler worker waiting this long for a job is stopped: an idle crawler holds ~18 MiB, and most of the time none is needed. */
export const WORKER_IDLE_MS = 30_000

type Slot = { worker: Worker; jobId?: string; progressAt: number; alive: boolean; idleSince: number }

/** Where the crawler worker lives: beside this file in a checkout, at the bundle's root in the binary. */
export function defaultWorkerUrl(): string {
  return import.meta.url.startsWith('file:///$bunfs/') ? '/$bunfs/root/jobs/worker.js' : new URL('./worker.ts', import.meta.url).href
}

/**
 * The main-thread job runner: claims jobs from the SQLite queue, hands each to a Bun Worker, renews its
 * lease while it runs, and is the ONLY writer of crawl results (one transaction per organization). Workers
 * are started when a job needs one (at most `workers`) and stopped after WORKER_IDLE_MS without a job, so
 * a service that is only being searched holds no crawler and starts faster. A
 * worker that crashes is replaced and its job retried (a counted attempt); a process that dies leaves
 * leases that expire, so the next runner claims the jobs again (an interruption, not counted); a graceful
 * stop gives its jobs back at once. Nothing is lost, nothing is written twice.
 */
export class JobRunner {
  readonly owner = `runner-${randomBytes(6).toString('hex')}`
  private slots: Slot[] = []
  private timer?: Timer
  private stopped = true
  private readonly logger: Logger
  private readonly now: () => number
  private readonly leaseMs: number

  constructor(private readonly options: RunnerOptions) {
    this.logger = options.logger ?? silentLogger
    this.now = options.now ?? Date.now
    this.leaseMs = options.leaseMs ?? LEASE_MS
  }

  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.timer = setInterval(() => this.tick(), this.options.pollMs ?? 500)
    this.tick()
  }

  /**
   * Stops claiming, terminates the workers and gives their jobs back to the queue at once (a graceful
   * shutdown is not the job's fault: the attempt is not counted, and the next process claims the job
   * without waiting for the lease to expire). If the database refuses, the leases expire instead.
   */
  async stop(): Promise<void> {
    if (this.stopped) return
    this.stopped = true
    clearInterval(this.timer)
    for (const slot of this.slots) slot.worker.terminate()
    this.slots = []
    try {
      const released = releaseJobs(this.options.db, this.owner, this.now())
      if (released) this.logger.info('runner: jobs released for the next start', { released })
    } catch (error) {
      this.logger.error('runner: could not release its jobs; they are claimed again when their leases expire', { error: (error as Error).message })
    }
  }

  /** Looks for work now (called when a job was just enqueued). */
  kick(): void {
    queueMicrotask(() => this.tick())
  }

  status(): WorkerStatus {
    return {
      status: this.stopped ? 'stopped' : 'running',
      configured: this.options.workers,
      alive: this.slots.filter((s) => s.alive).length,
      busy: this.slots.filter((s) => s.jobId).length,
    }
  }

  private spawn(): Slot {
    const worker = new Worker(this.options.workerUrl ?? defaultWorkerUrl())
    const slot: Slot = { worker, progressAt: 0, alive: true, idleSince: this.now() }
    worker.onmessage = (event: MessageEvent<FromWorker>) => this.onMessage(slot, event.data)
    worker.onerror = (event) => this.onCrash(slot, event.message || 'worker error')
    worker.addEventListener('close', () => this.onCrash(slot, 'worker exited'))
    return slot
  }

  private tick(): void {
    if (this.stopped) return
    try {
      this.claimAndRenew()
    } catch (error) {
      // The database refused a write (disk full, read-only): claim nothing now; leases run out and the
      // jobs are claimed again once it recovers.
      this.logger.error('runner: database unavailable', { error: (error as Error).message })
    }
  }

  private claimAndRenew(): void {
    const nowMs = this.now()
    for (const slot of [...this.slots]) {
      if (slot.jobId) {
        if (!renewLease(this.options.db, slot.jobId, this.owner, nowMs, this.leaseMs)) this.abandon(slot, 'lease lost or job cancelled')
      } else if (nowMs - slot.idleSince >= (this.options.idleMs ?? WORKER_IDLE_MS)) this.retire(slot)
    }
    for (;;) {
      let slot = this.slots.find((s) => s.alive && !s.jobId)
      if (!slot && this.slots.length >= this.options.workers) break
      const job = claimJob(this.options.db, this.owner, nowMs, this.leaseMs)
      if (!job) break
      if (!slot) this.slots.push((slot = this.spawn()))
      this.dispatch(slot, job)
    }
  }

  /** Stops a worker that has had no job for a while; the next job starts another. */
  private retire(slot: Slot): void {
    slot.alive = false
    slot.worker.terminate()
    this.slots = this.slots.filter((s) => s !== slot)
  }

  private dispatch(slot: Slot, job: JobRow): void {
    let request: CrawlRequest
    try {
      request = buildCrawlRequest(this.options.db, job, this.options.settings)
    } catch (error) {
      failAttempt(this.options.db, job.jobId, this.owner, `cannot start: ${(error as Error).message}`, false, this.now())
      return
    }
    slot.jobId = job.jobId
    this.logger.info('crawl started', { jobId: job.jobId, orgId: job.orgId, attempt: job.attempts })
    slot.worker.postMessage({ type: 'crawl', jobId: job.jobId, request } satisfies ToWorker)
  }

  private onMessage(slot: Slot, message: FromWorker): void {
    if (message.type === 'ready' || message.jobId !== slot.jobId) return
    const { db } = this.options
    const nowMs = this.now()
    if (message.type === 'progress') {
      if (nowMs - slot.progressAt < 250) return
      slot.progressAt = nowMs
      try {
        recordProgress(db, message.jobId, this.owner, message.progress, nowMs)
      } catch {
        // progress is informative; a failed write must not stop the crawl
      }
      return
    }
    const jobId = message.jobId
    slot.jobId = undefined
    slot.idleSince = nowMs
    try {
      this.finish(jobId, message, nowMs)
    } catch (error) {
      // Storing failed (disk full, read-only): the job keeps its lease until it expires and is crawled
      // again; the organization's previous events are untouched because the transaction rolled back.
      this.logger.error('runner: could not store the crawl', { jobId, error: (error as Error).message })
    }
    this.tick()
  }

  private finish(jobId: string, message: Extract<FromWorker, { type: 'result' | 'error' }>, nowMs: number): void {
    const { db } = this.options
    if (message.type === 'result') {
      const orgId = findJob(db, jobId)?.orgId
      const outcome = orgId
        ? storeCrawlResult(db, { jobId, owner: this.owner, orgId, result: message.result, nowMs, scriptVersion: this.options.settings.scriptVersion })
        : { stored: false as const, reason: 'job vanished' }
      this.logger.info('crawl finished', { jobId, ...(outcome.stored ? { eventCount: outcome.eventCount } : { discarded: outcome.reason }) })
    } else {
      const outcome = failAttempt(db, jobId, this.owner, message.message, message.retryable, nowMs)
      this.logger.warn('crawl failed', { jobId, reason: message.message, outcome })
    }
  }

  private onCrash(slot: Slot, reason: string): void {
    if (!slot.alive) return
    slot.alive = false
    if (this.stopped) return
    if (slot.jobId) {
      try {
        const outcome = failAttempt(this.options.db, slot.jobId, this.owner, `the crawler worker crashed: ${reason}`, true, this.now())
        this.logger.error('worker crashed', { jobId: slot.jobId, reason, outcome })
      } catch (error) {
        this.logger.error('worker crashed; its job will be claimed again when its lease expires', { jobId: slot.jobId, reason, error: (error as Error).message })
      }
      slot.jobId = undefined
    }
    this.slots = this.slots.filter((s) => s !== slot)
    this.tick()
  }

  /** The job is no longer ours (cancelled, or its lease expired): stop its worker; the next job starts afresh. */
  private abandon(slot: Slot, reason: string): void {
    this.logger.warn('crawl abandoned', { jobId: slot.jobId, reason })
    slot.jobId = undefined
    this.retire(slot)
  }
}
