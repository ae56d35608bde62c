/** The normalizer's working record, shared by the stage (`index.ts`) and the series pass (`recurrence/`). */
import type { NormalizedEvent } from '../../model/event'
import type { Candidate, WallTime } from '../candidate-types'

/** A record in the making, with what ids, series and sorting need. */
export type Draft = { event: NormalizedEvent; candidate: Candidate; startMs: number; start: WallTime; end?: WallTime; zone?: string }
