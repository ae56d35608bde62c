/**
 * Politeness per host: at most `concurrency` requests in flight to one host, and at least `delayMs`
 * between the starts of two requests to it. Hosts are independent, so one slow site never holds up
 * another crawl.
 */
export class HostLimiter {
  private hosts = new Map<string, { active: number; nextStart: number; waiting: (() => void)[] }>()

  constructor(
    private readonly concurrency: number,
    private readonly delayMs: number,
  ) {}

  /** Runs `task` when the host has a free slot and its politeness delay has passed. */
  async run<T>(host: string, task: () => Promise<T>): Promise<T> {
    const state = this.state(host)
    while (state.active >= this.concurrency) await new Promise<void>((resolve) => state.waiting.push(resolve))
    state.active++
    const wait = state.nextStart - Date.now()
    state.nextStart = Math.max(Date.now(), state.nextStart) + this.delayMs
    try {
      if (wait > 0) await Bun.sleep(wait)
      return await task()
    } finally {
      state.active--
      state.waiting.shift()?.()
      if (state.active === 0 && state.waiting.length === 0 && state.nextStart <= Date.now()) this.hosts.delete(host)
    }
  }

  private state(host: string) {
    let state = this.hosts.get(host)
    if (!state) this.hosts.set(host, (state = { active: 0, nextStart: 0, waiting: [] }))
    return state
  }
}
