/**
 * Series that a source publishes as separate events (The Events Calendar gives each occurrence its own id;
 * Localist lists instances): occurrences sharing a `seriesKey` are described by one recurrence rule when
 * their dates follow one, so each record can carry `schedule`.
 */
import type { Draft } from './index'

/** Attaches `schedule` to drafts of one series whose dates follow a rule (pending the recurrence module). */
export function attachSeriesSchedules(_drafts: Draft[]): void {}
