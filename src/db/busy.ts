import { BUSY_TIMEOUT_MS } from './client'

/** Whether `error` is SQLite's "another connection holds the lock" (SQLITE_BUSY and its extended codes). */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY')
}

/** The longest pause between two tries of a busy write. */
const MAX_PAUSE_MS = 16

/**
 * Runs `work`, a whole unit of storage work (one transaction, rolled back when it throws), again and
 * again while it fails with SQLITE_BUSY, pausing between tries on timers (1, 2, 4 … 16 ms), for at most
 * `timeoutMs` (then its last error is thrown, as a connection's own busy timeout would). What this is for
 * (issue 12): the request thread's connection has no busy timeout of its own (SQLite's waits by sleeping
 * the thread), so that a write of the request thread that finds the crawl writer's transaction holding
 * the lock waits for it without stalling the requests in between. The first try runs at once,
 * synchronously, so a write that finds the lock free is exactly as before.
 */
export async function retryWhileBusy<T>(work: () => T, timeoutMs = BUSY_TIMEOUT_MS): Promise<T> {
  const deadline = performance.now() + timeoutMs
  for (let pause = 1; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
    try {
      return work()
    } catch (error) {
      if (!isBusy(error) || performance.now() >= deadline) throw error
    }
    await Bun.sleep(pause)
  }
}
