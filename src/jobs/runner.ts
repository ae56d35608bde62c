import { randomBytes } from '../crypto-native'
import type { CrawlRequest } from '../crawl/crawl-types'
import type { JobRecord, Storage } from '../db/storage'
import { gazetteerBlock } from '../geo/gazetteer'
import type { WorkerStatus } from '../model/health'
import { silentLogger, type Logger } from '../log'
import type { FromWorker, ToWorker } from './protocol'
import { LEASE_MS } from './queue'
import { buildCrawlRequest, type CrawlSettings } from './request'

export type RunnerOptions = {
  storage: Storage
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
 * lease while it runs, and is the ONLY writer of crawl results (one transaction per organization, through
 * `storage.events.storeCrawlResult`, which SQLite runs on its crawl writer thread, off the request thread:
 * db/store-writer.ts). Workers
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
  /** The pass under way (claims and renewals run one pass at a time), and whether another was asked for meanwhile. */
  private ticking: Promise<void> | undefined
  private again = false
  /** Writes of finished attempts under way; `stop` waits for them before giving the jobs back. */
  private readonly finishing = new Set<Promise<void>>()

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
    // A claim under way is seen through (its job is then released below), and so are the writes of
    // attempts that ended just before.
    await this.ticking
    await Promise.allSettled([...this.finishing])
    try {
      const released = await this.options.storage.jobs.release(this.owner, this.now())
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
    // The gazetteer is decoded once per process, in memory every worker shares (not once per worker).
    worker.postMessage({ type: 'gazetteer', block: gazetteerBlock() } satisfies ToWorker)
    return slot
  }

  /** Runs a pass now, or right after the one under way (passes never overlap: a claim is awaited before the next). */
  private tick(): void {
    if (this.stopped) return
    if (this.ticking) {
      this.again = true
      return
    }
    this.ticking = this.passes()
  }

  private async passes(): Promise<void> {
    do {
      this.again = false
      try {
        await this.claimAndRenew()
      } catch (error) {
        // The database refused a write (disk full, read-only): claim nothing now; leases run out and the
        // jobs are claimed again once it recovers.
        this.logger.error('runner: database unavailable', { error: (error as Error).message })
      }
    } while (this.again && !this.stopped)
    this.ticking = undefined
  }

  private async claimAndRenew(): Promise<void> {
    const nowMs = this.now()
    const { jobs } = this.options.storage
    for (const slot of [...this.slots]) {
      const jobId = slot.jobId
      if (jobId) {
        // The slot may have finished its job while the lease was renewed: only a slot still on it is abandoned.
        if (!(await jobs.renewLease(jobId, this.owner, nowMs, this.leaseMs)) && slot.jobId === jobId) this.abandon(slot, 'lease lost or job cancelled')
      } else if (nowMs - slot.idleSince >= (this.options.idleMs ?? WORKER_IDLE_MS)) this.retire(slot)
    }
    while (!this.stopped) {
      if (!this.freeSlot() && this.slots.length >= this.options.workers) break
      const job = await jobs.claim(this.owner, nowMs, this.leaseMs)
      // Stopped meanwhile: `stop` waits for this pass and releases the job with the others.
      if (!job || this.stopped) break
      let slot = this.freeSlot()
      if (!slot) this.slots.push((slot = this.spawn()))
      await this.dispatch(slot, job)
    }
  }

  private freeSlot(): Slot | undefined {
    return this.slots.find((s) => s.alive && !s.jobId)
  }

  /** Stops a worker that has had no job for a while; the next job starts another. */
  private retire(slot: Slot): void {
    slot.alive = false
    slot.worker.terminate()
    this.slots = this.slots.filter((s) => s !== slot)
  }

  private async dispatch(slot: Slot, job: JobRecord): Promise<void> {
    let request: CrawlRequest
    try {
      request = await buildCrawlRequest(this.options.storage, job, this.options.settings)
    } catch (error) {
      await this.options.storage.jobs.failAttempt(job.jobId, this.owner, `cannot start: ${(error as Error).message}`, false, this.now())
      return
    }
    slot.jobId = job.jobId
    this.logger.info('crawl started', { jobId: job.jobId, orgId: job.orgId, attempt: job.attempts })
    slot.worker.postMessage({ type: 'crawl', jobId: job.jobId, request } satisfies ToWorker)
  }

  private onMessage(slot: Slot, message: FromWorker): void {
    if (message.type === 'ready' || message.jobId !== slot.jobId) return
    const { jobs } = this.options.storage
    const nowMs = this.now()
    if (message.type === 'progress') {
      if (nowMs - slot.progressAt < 250) return
      slot.progressAt = nowMs
      // progress is informative; a failed write must not stop the crawl
      jobs.recordProgress(message.jobId, this.owner, message.progress, nowMs).catch(() => undefined)
      return
    }
    const jobId = message.jobId
    slot.jobId = undefined
    slot.idleSince = nowMs
    this.track(
      this.finish(jobId, message, nowMs).catch((error: unknown) => {
        // Storing failed (disk full, read-only): the job keeps its lease until it expires and is crawled
        // again; the organization's previous events are untouched because the transaction rolled back.
        this.logger.error('runner: could not store the crawl', { jobId, error: (error as Error).message })
      }),
    )
  }

  /** Keeps a finishing write until it settles (for `stop`), then looks for the next job. */
  private track(write: Promise<void>): void {
    this.finishing.add(write)
    void write.finally(() => {
      this.finishing.delete(write)
      this.tick()
    })
  }

  private async finish(jobId: string, message: Extract<FromWorker, { type: 'result' | 'error' }>, nowMs: number): Promise<void> {
    const { storage } = this.options
    if (message.type === 'result') {
      const orgId = (await storage.jobs.find(jobId))?.orgId
      const outcome = orgId
        ? await storage.events.storeCrawlResult({ jobId, owner: this.owner, orgId, result: message.result, nowMs, scriptVersion: this.options.settings.scriptVersion })
        : { stored: false as const, reason: 'job vanished' }
      this.logger.info('crawl finished', { jobId, ...(outcome.stored ? { eventCount: outcome.eventCount } : { discarded: outcome.reason }) })
    } else {
      const outcome = await storage.jobs.failAttempt(jobId, this.owner, message.message, message.retryable, nowMs)
      this.logger.warn('crawl failed', { jobId, reason: message.message, outcome })
    }
  }

  private onCrash(slot: Slot, reason: string): void {
    if (!slot.alive) return
    slot.alive = false
    if (this.stopped) return
    const jobId = slot.jobId
    slot.jobId = undefined
    this.slots = this.slots.filter((s) => s !== slot)
    if (!jobId) return this.tick()
    this.track(
      this.options.storage.jobs.failAttempt(jobId, this.owner, `the crawler worker crashed: ${reason}`, true, this.now()).then(
        (outcome) => this.logger.error('worker crashed', { jobId, reason, outcome }),
        (error: unknown) => this.logger.error('worker crashed; its job will be claimed again when its lease expires', { jobId, reason, error: (error as Error).message }),
      ),
    )
  }

  /** The job is no longer ours (cancelled, or its lease expired): stop its worker; the next job starts afresh. */
  private abandon(slot: Slot, reason: string): void {
    this.logger.warn('crawl abandoned', { jobId: slot.jobId, reason })
    slot.jobId = undefined
    this.retire(slot)
  }
}
