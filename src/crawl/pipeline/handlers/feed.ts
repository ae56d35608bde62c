/** Calendar feeds (iCalendar links and exports, a feed's next page): extracted and absorbed as they are. */
import type { FetchResult } from '../../fetch/fetcher'
import type { Task } from '../../frontier'
import { extractAndAbsorb } from '../absorb'
import type { CrawlState } from '../state'

export async function handleFeed(state: CrawlState, task: Task, result: FetchResult): Promise<number> {
  return extractAndAbsorb(state, task, result).gave
}
