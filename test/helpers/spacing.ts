import { expect } from 'bun:test'

/**
 * How late a request may be seen by an in-process test server: its handler runs when the event loop gets
 * to it, so under load an arrival can be recorded tens of milliseconds after the crawler sent it.
 */
export const ARRIVAL_JITTER_MS = 100

/**
 * Asserts that requests (arrival times in ms, in order) were spaced by at least `delayMs`, as a server
 * sees them: each gap may look shorter by the arrival jitter, but jitter does not add up, so the whole
 * span must still hold every delay. A crawler without politeness (gaps of a few ms) fails both.
 */
export function expectSpaced(times: number[], delayMs: number, jitterMs = ARRIVAL_JITTER_MS): void {
  expect(times.length).toBeGreaterThanOrEqual(3)
  const gaps = times.slice(1).map((t, i) => Math.round(t - times[i]))
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(delayMs - jitterMs)
  expect(Math.round(times.at(-1)! - times[0])).toBeGreaterThanOrEqual((times.length - 1) * delayMs - jitterMs)
}
