/**
 * The crawl writer (a Bun Worker started by store-writer.ts): writes the job runner's finished crawls,
 * each in one transaction on its own connection, so that no crawl store runs on the request thread. It
 * writes nothing else, and only what the runner hands it.
 */
import { storeCrawlResult } from './queries/store'
import { serveWrites } from './write-server'

declare const self: Worker

serveWrites(storeCrawlResult, self as never)
