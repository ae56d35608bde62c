import type { CrawlProgress, CrawlRequest, CrawlResult } from '../crawl/crawl-types'
import type { GazetteerBlock } from '../geo/gazetteer-share'

/** Runner → worker. `gazetteer` comes first: the process's shared gazetteer memory (geo/gazetteer-share.ts). */
export type ToWorker = { type: 'crawl'; jobId: string; request: CrawlRequest } | { type: 'cancel'; jobId: string } | { type: 'gazetteer'; block: GazetteerBlock }

/** Worker → runner. Errors carry whether a later attempt may succeed. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'progress'; jobId: string; progress: CrawlProgress }
  | { type: 'result'; jobId: string; result: CrawlResult }
  | { type: 'error'; jobId: string; message: string; retryable: boolean }
