/**
 * The crawler worker (a Bun Worker; DESIGN §5–6). It receives one job at a time from the runner, crawls
 * the site with the pipeline, reports progress, and posts the result back. It never touches the
 * database: only the runner writes. A crash here is noticed by the runner, which retries the job.
 */
import { crawlSite, CrawlFailure } from '../crawl/pipeline'
import type { FromWorker, ToWorker } from './protocol'

declare const self: Worker

const post = (message: FromWorker) => self.postMessage(message)
let current: { jobId: string; controller: AbortController } | undefined

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const message = event.data
  if (message.type === 'cancel') {
    if (current?.jobId === message.jobId) current.controller.abort()
    return
  }
  const controller = new AbortController()
  current = { jobId: message.jobId, controller }
  try {
    const result = await crawlSite(message.request, {
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

post({ type: 'ready' })
