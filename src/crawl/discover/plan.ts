import type { Document } from '../shared/dom'
import type { Task } from '../frontier'
import { discoverLinks, type FoundLink } from './navigation'
import type { Org } from './scope'

/** Score a link on a calendar page needs to be followed one level further (a hub page's "Full calendar"). */
const HUB_LINK_SCORE = 6
/** Deepest level discovery follows listing links to: home (0) → listing or hub (1) → listing (2). */
const MAX_DEPTH = 2

/**
 * How many listing pages of the organization the home page may send the crawl to: a tenth of the page
 * budget, at least 2 and at most 8, so discovery leaves most of the budget to the listings' own pages
 * (pagination, detail pages) and keeps only the best-scored links when a site has many.
 */
export function listingBudget(maxPages: number): number {
  return Math.min(8, Math.max(2, Math.ceil(maxPages / 10)))
}

/**
 * The listing pages to fetch from one page of the organization (its home at depth 0, a listing or hub
 * page below): the best-scored links on its own site and its subdomains. From the home page up to
 * {@link listingBudget}; from a deeper page only strong links (a hub's "Events calendar"), up to 3, and
 * never below {@link MAX_DEPTH}. Off-host platform calendars are planned by the platform registry from
 * the same {@link FoundLink}s.
 */
export function listingTasks(links: FoundLink[], depth: number, maxPages: number): Task[] {
  if (depth >= MAX_DEPTH) return []
  const own = links.filter((l) => l.via === 'link' && l.reach !== 'outside')
  const chosen = depth === 0 ? own.slice(0, listingBudget(maxPages)) : own.filter((l) => l.score >= HUB_LINK_SCORE).slice(0, 3)
  return chosen.map((l) => ({ url: l.url, kind: 'calendar-page', depth: depth + 1, ...(l.reach === 'subdomain' ? { reach: 'subdomain' as const } : {}) }))
}

/** Every link and embed of a page that discovery scores (see {@link discoverLinks}). */
export function pageLinks(doc: Document, pageUrl: string, org: Org): FoundLink[] {
  return discoverLinks(doc, pageUrl, org)
}
