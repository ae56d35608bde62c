/**
 * Which handler uses a fetched document, by the task's kind (its label, as in crawlee's router): one
 * table, so adding a kind of task means adding a row, and the compiler insists every kind has one.
 * Before any handler, a 304 replays the last crawl's memo and an HTTP error is reported.
 */
import type { FetchResult } from '../fetch/fetcher'
import type { Task, TaskKind } from '../frontier'
import { replayMemo } from './absorb'
import { httpFailed } from './errors'
import { handleApi } from './handlers/api'
import { handleDetail } from './handlers/detail'
import { handleFeed } from './handlers/feed'
import { handleListingPage, handleStartPage } from './handlers/page'
import { handleSitemap } from './handlers/sitemap'
import type { CrawlState } from './state'

/** Uses a fetched document; resolves to how many candidates it gave (0 lets the task's fallback run). */
export type TaskHandler = (state: CrawlState, task: Task, result: FetchResult) => Promise<number>

const ROUTES: Record<TaskKind, TaskHandler> = {
  start: handleStartPage,
  'hint-calendar': handleListingPage,
  'calendar-page': handleListingPage,
  'listing-next': handleListingPage,
  probe: handleApi,
  ics: handleFeed,
  'feed-next': handleFeed,
  'hint-event': handleDetail,
  detail: handleDetail,
  sitemap: handleSitemap,
}

/** Routes a fetched document to its task kind's handler, after the 304 and HTTP-error cases every kind shares. */
export async function routeResult(state: CrawlState, task: Task, result: FetchResult): Promise<number> {
  const replayed = replayMemo(state, task, result)
  if (replayed !== undefined) return replayed
  if (!result.ok) return httpFailed(state, task, result)
  return ROUTES[task.kind](state, task, result)
}
