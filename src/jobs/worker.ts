/**
 * The crawler worker (a Bun Worker; DESIGN §5–6). It receives one job at a time from the runner, crawls
 * the site with the pipeline, reports progress, and posts the result back (crawl-handler.ts). It never
 * touches the database: only the runner writes. A crash here is noticed by the runner, which retries the job.
 */
import { crawlMessageHandler } from './crawl-handler'
import type { FromWorker, ToWorker } from './protocol'

declare const self: Worker

const post = (message: FromWorker) => self.postMessage(message)
const handle = crawlMessageHandler(post)

self.onmessage = (event: MessageEvent<ToWorker>) => void handle(event.data)

post({ type: 'ready' })
