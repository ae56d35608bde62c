/**
 * The longest pause between two requests to one host that a robots.txt `Crawl-delay` can ask of us
 * (10 s). A longer or absurd value (`Crawl-delay: 86400`) is honoured up to this, so a crawl still
 * ends inside its wall-clock budget (a few dozen pages in 10 minutes) instead of holding a worker for days.
 */
export const MAX_CRAWL_DELAY_MS = 10_000

/**
 * The pause between request starts to a host: the configured politeness, or the host's robots.txt
 * `Crawl-delay` (seconds) when that asks for more, at most {@link MAX_CRAWL_DELAY_MS}. A missing,
 * negative or unreadable Crawl-delay leaves the configured pause.
 */
export function hostDelayMs(politenessMs: number, crawlDelayS: number | undefined): number {
  const asked = typeof crawlDelayS === 'number' && crawlDelayS > 0 ? Math.min(crawlDelayS * 1000, MAX_CRAWL_DELAY_MS) : 0
  return Math.max(politenessMs, asked)
}

/**
 * The time politeness reads and waits on: the system clock in production. A test passes virtual time
 * (`now` advanced by each `sleep`) and reads the pauses the limiter asked for, instead of timing requests.
 */
export type PolitenessClock = { now(): number; sleep(ms: number): Promise<void> }

export const systemClock: PolitenessClock = { now: () => Date.now(), sleep: (ms) => Bun.sleep(ms) }

/**
 * Politeness per host: at most `concurrency` requests in flight to one host, and at least a delay
 * between the starts of two requests to it (the default one, or the one a call asks for, e.g. from
 * robots.txt's Crawl-delay). Hosts are independent, so one slow site never holds up another crawl.
 */
export class HostLimiter {
  private hosts = new Map<string, { active: number; nextStart: number; waiting: (() => void)[] }>()

  constructor(
    private readonly concurrency: number,
    private readonly delayMs: number,
    private readonly clock: PolitenessClock = systemClock,
  ) {
    // A NaN or missing delay once made every wait `NaN > 0`, false: no pause at all. Refuse it loudly.
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`per-host concurrency must be a positive integer, not ${concurrency}`)
    if (!Number.isFinite(delayMs) || delayMs < 0) throw new RangeError(`politeness delay must be a finite number of ms ≥ 0, not ${delayMs}`)
  }

  /** Runs `task` when the host has a free slot and its politeness delay (`delayMs` if given and valid) has passed. */
  async run<T>(host: string, task: () => Promise<T>, delayMs = this.delayMs): Promise<T> {
    const delay = Number.isFinite(delayMs) && delayMs >= this.delayMs ? delayMs : this.delayMs
    const state = this.state(host)
    while (state.active >= this.concurrency) await new Promise<void>((resolve) => state.waiting.push(resolve))
    state.active++
    const now = this.clock.now()
    const wait = state.nextStart - now
    state.nextStart = Math.max(now, state.nextStart) + delay
    try {
      if (wait > 0) await this.clock.sleep(wait)
      return await task()
    } finally {
      state.active--
      state.waiting.shift()?.()
      if (state.active === 0 && state.waiting.length === 0 && state.nextStart <= this.clock.now()) this.hosts.delete(host)
    }
  }

  private state(host: string) {
    let state = this.hosts.get(host)
    if (!state) this.hosts.set(host, (state = { active: 0, nextStart: 0, waiting: [] }))
    return state
  }
}
