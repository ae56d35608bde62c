/**
 * A platform's API or export endpoint that discovery planned (a probe). A detect probe (a WordPress
 * `/wp-json/` index) only tells discovery which platform runs the site; it gives no candidates.
 */
import type { FetchResult } from '../../fetch/fetcher'
import type { Task } from '../../frontier'
import { extractAndAbsorb } from '../absorb'
import type { CrawlState } from '../state'

export async function handleApi(state: CrawlState, task: Task, result: FetchResult): Promise<number> {
  if (task.detect) return (state.discovery.fromDetectDocument(task, new TextDecoder().decode(result.body), result.url), 0)
  return extractAndAbsorb(state, task, result).gave
}
