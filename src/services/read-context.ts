import type { Reads } from '../db/reads'
import type { AnswerCache } from './answer-cache'

/**
 * What the read services need: the storage reads (off the request thread), the answer cache, and the
 * events write generation (answers computed before the last write are never reused).
 */
export type ReadContext = { reads: Reads; cache: AnswerCache; generation: () => number }
