/** An event's own page (found on a listing or a sitemap, or given by the caller): its one event, and any iCalendar export it links. */
import type { FetchResult } from '../../fetch/fetcher'
import type { Task } from '../../frontier'
import { extractAndAbsorb } from '../absorb'
import type { CrawlState } from '../state'

export async function handleDetail(state: CrawlState, task: Task, result: FetchResult): Promise<number> {
  return extractAndAbsorb(state, task, result).gave
}
