/**
 * The crawler worker's side of the runner protocol (DESIGN §5–6): a `crawl` message starts the crawl of
 * its job, whose progress and then result (or failure, with whether a later attempt may succeed) are
 * posted back; a `cancel` message for the job in hand aborts it; a `gazetteer` message (first) hands over
 * the process's shared gazetteer memory. It never touches the database: only the
 * runner writes. Kept apart from worker.ts, which binds it to the worker's scope, so that a test worker
 * runs this same handler with its own crawl deps (virtual time for politeness).
 */
import { crawlSite, CrawlFailure, type CrawlDeps } from '../crawl/pipeline'
import { shareGazetteer } from '../geo/gazetteer'
import type { FromWorker, ToWorker } from './protocol'

export function crawlMessageHandler(post: (message: FromWorker) => void, deps: Pick<CrawlDeps, 'fetcher'> = {}): (message: ToWorker) => Promise<void> {
  let current: { jobId: string; controller: AbortController } | undefined
  return async (message) => {
    if (message.type === 'gazetteer') return shareGazetteer(message.block)
    if (message.type === 'cancel') {
      if (current?.jobId === message.jobId) current.controller.abort()
      return
    }
    const controller = new AbortController()
    current = { jobId: message.jobId, controller }
    try {
      const result = await crawlSite(message.request, {
        ...deps,
        signal: controller.signal,
        onProgress: (progress) => post({ type: 'progress', jobId: message.jobId, progress }),
      })
      post({ type: 'result', jobId: message.jobId, result })
    } catch (error) {
      const retryable = error instanceof CrawlFailure ? error.retryable : true
      post({ type: 'error', jobId: message.jobId, message: (error as Error).message?.slice(0, 500) || 'crawl failed', retryable })
    } finally {
      current = undefined
    }
  }
}
