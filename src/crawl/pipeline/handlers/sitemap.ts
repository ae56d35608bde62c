/**
 * A sitemap (robots.txt's or `/sitemap.xml`): nested sitemaps, listing pages and event pages on the
 * organization's reach. Read only while no feed gave events, and at most two levels deep. Gives no candidates.
 */
import { reachOf } from '../../discover/scope'
import { readSitemap, sitemapEventPages } from '../../discover/sitemap'
import type { FetchResult } from '../../fetch/fetcher'
import type { Task } from '../../frontier'
import type { CrawlState } from '../state'

export async function handleSitemap(state: CrawlState, task: Task, result: FetchResult): Promise<number> {
  if (state.feedEvents > 0 || task.depth > 2) return 0
  const { frontier, org } = state
  const { sitemaps, pages } = readSitemap(new TextDecoder().decode(result.body))
  const own = (url: string) => reachOf(url, org) !== 'outside'
  for (const url of sitemaps.filter(own).slice(0, 5)) frontier.add({ url, kind: 'sitemap', depth: task.depth + 1 })
  const { listings, details } = sitemapEventPages(pages.filter(own), 50)
  for (const url of listings.slice(0, 5)) frontier.add({ url, kind: 'calendar-page', depth: 2 })
  for (const url of details) frontier.add({ url, kind: 'detail', depth: task.depth + 1 })
  return 0
}
