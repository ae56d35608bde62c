import type { PolitenessClock } from '../../src/crawl/fetch/host-limiter'

/**
 * Virtual time for politeness tests: `now` moves only when a pause is asked for, by exactly that pause,
 * and the pause resolves at once. `sleeps` keeps the pauses asked for, in order, so a test asserts the
 * delays the limiter requested between requests instead of timing them (no wall-clock thresholds). As
 * nothing else moves virtual time, each pause is the whole gap the limiter put before a request start.
 */
export function virtualClock(start = 0): PolitenessClock & { sleeps: number[] } {
  let now = start
  const sleeps: number[] = []
  return {
    sleeps,
    now: () => now,
    sleep(ms: number) {
      sleeps.push(ms)
      now += ms
      return Promise.resolve()
    },
  }
}

/** Where test/fixtures/workers/virtual-time-worker.ts broadcasts a job's pauses ({ jobId, sleeps }). */
export const POLITENESS_CHANNEL = 'event-index-test-politeness'
