/**
 * The crawl loop: up to CONCURRENCY documents in flight (the fetcher still keeps 2 per host), tasks taken
 * from the frontier in priority order as slots free up, so a listing's next page is fetched before its
 * detail pages. Each task is fetched (conditionally when the last crawl's memo fits), its document routed
 * to its kind's handler, and when it gave nothing its calendar's next endpoint is queued.
 */
import { withDefaults } from '../../with-defaults'
import type { FetchResult } from '../fetch/fetcher'
import type { Task } from '../frontier'
import { fetchFailed } from './errors'
import { routeResult } from './router'
import { previousSource, type CrawlState } from './state'

/** Documents fetched at once; the fetcher's per-host limit (2) and politeness still apply. */
const CONCURRENCY = 4
/** Calendar feeds on these hosts are subscriptions the site publishes, read like a feed reader would: without their robots.txt. */
const FEED_HOSTS = /(^|\.)calendar\.google\.com$|(^|\.)outlook\.(office365|live)\.com$/
/** Tasks that cannot lead to a calendar feed; any other may, and detail pages wait for it (see the dispatch loop). */
const FEEDLESS = new Set<Task['kind']>(['detail', 'hint-event', 'sitemap'])

/** The loop's own bookkeeping: what is in flight, how much of it may still find a feed, the first unexpected error. */
type Flight = { inFlight: Set<Promise<void>>; feedsInFlight: number; fatal: unknown }

/** Runs tasks until the frontier is empty or the budget is spent; throws the first error a handler did not expect. */
export async function runCrawlLoop(state: CrawlState): Promise<void> {
  const flight: Flight = { inFlight: new Set(), feedsInFlight: 0, fatal: undefined }
  for (;;) {
    while (flight.inFlight.size < CONCURRENCY && flight.fatal === undefined) {
      const task = nextTask(state, flight)
      if (!task) break
      const p = start(state, flight, task)
      if (task.kind === 'start') await p
    }
    if (flight.inFlight.size === 0) break
    await Promise.race(flight.inFlight)
  }
  if (flight.fatal !== undefined) throw flight.fatal
}

/** Takes the next task to run, or undefined when none may start now. */
function nextTask(state: CrawlState, flight: Flight): Task | undefined {
  const { frontier, request, progress, deps } = state
  for (;;) {
    const task = frontier.peek()
    if (!task) return undefined
    // Detail pages are skipped once a feed gave events; decide that only when no task that could still
    // find a feed is in flight, so the same site always gives the same pages (and events).
    if (task.kind === 'detail' && flight.feedsInFlight > 0) return undefined
    if (task.kind === 'detail' && state.feedEvents > 0) {
      frontier.next()
      continue
    }
    const overBudget = progress.pagesFetched + flight.inFlight.size >= request.maxPages || state.now() - state.started > request.budgetMs || deps.signal?.aborted
    if (overBudget) return undefined
    return frontier.next()
  }
}

function start(state: CrawlState, flight: Flight, task: Task): Promise<void> {
  const feedCapable = !FEEDLESS.has(task.kind) && !task.eventExport
  if (feedCapable) flight.feedsInFlight++
  const p: Promise<void> = runTask(state, task)
    .catch((error) => void (flight.fatal ??= error))
    .finally(() => {
      flight.inFlight.delete(p)
      if (feedCapable) flight.feedsInFlight--
    })
  flight.inFlight.add(p)
  return p
}

async function runTask(state: CrawlState, task: Task): Promise<void> {
  const result = await fetchTask(state, task)
  let gave = 0
  if (result) {
    state.progress.pagesFetched++
    gave = await routeResult(state, task, result)
    state.deps.onProgress?.({ ...state.progress })
  }
  // An endpoint that gave nothing (an error, a refusal, no events) hands over to the next of its calendar's.
  const [next, ...rest] = gave === 0 ? (task.fallbacks ?? []) : []
  if (next) state.frontier.add(rest.length ? { ...next, fallbacks: rest } : next)
}

/** Fetches a task's URL: feeds ask for calendar types, a known source is asked for conditionally. */
async function fetchTask(state: CrawlState, task: Task): Promise<FetchResult | undefined> {
  const isFeed = task.kind === 'probe' || task.kind === 'ics' || task.kind === 'feed-next' || task.kind === 'hint-calendar'
  const external = FEED_HOSTS.test(new URL(task.url).hostname)
  const known = task.kind === 'start' || task.post ? undefined : previousSource(state, task.url)
  const accept = isFeed ? 'text/calendar, application/json, */*;q=0.5' : 'text/html, */*;q=0.5'
  const options = withDefaults({ accept }, task.post ? { post: task.post } : known && { etag: known.etag, lastModified: known.lastModified })
  try {
    return await (isFeed && external ? state.feedFetcher : state.fetcher).fetch(task.url, options)
  } catch (error) {
    return fetchFailed(state, task, error)
  }
}
