/**
 * What the crawl does with a document it could not get: a start page it cannot read fails the crawl
 * (CrawlFailure, with whether a retry may help), a refusal (robots.txt, SSRF guard, size, redirects) is
 * listed in `refused`, and a source that should have been there gets a source report saying why.
 */
import { FetchError } from '../fetch/errors'
import type { FetchResult } from '../fetch/fetcher'
import type { Task } from '../frontier'
import { platformLabel, type CrawlState } from './state'

/** A crawl that could not produce a result; `retryable` decides whether the job is tried again. */
export class CrawlFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message)
    this.name = 'CrawlFailure'
  }
}

const REFUSALS = new Set(['robots_disallowed', 'ssrf_blocked', 'too_large', 'bad_url', 'too_many_redirects'])

/** Without the start page and without a calendar hint to go on, there is nothing to crawl. */
const isFatal = (state: CrawlState, task: Task) => task.kind === 'start' && !state.request.hints.calendarUrls.length

/** A fetch that threw: rethrows what is not a FetchError (a bug) and a fatal start; records the rest. */
export function fetchFailed(state: CrawlState, task: Task, error: unknown): undefined {
  if (!(error instanceof FetchError)) throw error
  if (isFatal(state, task)) throw new CrawlFailure(`${task.url}: ${error.message}`, error.retryable)
  if (REFUSALS.has(error.code)) state.refused.push({ url: error.url, reason: `${error.code}: ${error.message}` })
  const blocked = error.code === 'robots_disallowed' || error.code === 'ssrf_blocked'
  // A probe the platform may not serve is reported only when it was refused (the calendar may be there).
  if (task.kind !== 'detail' && task.kind !== 'listing-next' && !task.detect && (task.expected || blocked || task.kind !== 'probe'))
    state.sources.push({ url: task.url, kind: task.probeKind ?? task.kind, ...platformLabel(state, task), status: blocked ? 'blocked' : 'error', error: error.message, eventCount: 0 })
  return undefined
}

/** An HTTP error answer: fatal for the start page, a source report for an endpoint that should have answered. Gave 0 candidates. */
export function httpFailed(state: CrawlState, task: Task, result: FetchResult): number {
  if (isFatal(state, task)) throw new CrawlFailure(`${task.url} answered HTTP ${result.status}`, result.status >= 500 || result.status === 429)
  if (task.expected || task.kind === 'hint-calendar' || task.kind === 'ics')
    state.sources.push({ url: task.url, kind: task.probeKind ?? task.kind, ...platformLabel(state, task), status: 'error', httpStatus: result.status, eventCount: 0 })
  return 0
}
