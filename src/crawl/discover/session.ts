import { parse } from 'parse5'
import type { SourceReport } from '../crawl-types'
import type { Task } from '../frontier'
import { calendarEndpoints, detectPlatforms, inScope, platformOfUrl, unreadableOnly, type Detection, type Endpoint, type Window } from '../platforms/registry'
import { siteName } from './site-name'
import { listingTasks, pageLinks } from './plan'
import { detectionTasks, endpointTasks, mayFollow, onSitePlatform, onSiteTasks, organizationPlatform, platformOfFeed } from './platform-tasks'
import { reachOf, type Org } from './scope'

/** Where discovery sends the crawl next; the pipeline's frontier. */
export type AddTask = (task: Task) => void

/**
 * Discovery for one crawl (DESIGN §6 "Discover"): what the organization's pages say about where its
 * events are. The home page gives the platforms it shows (the registry: generator, plugin assets,
 * embeds, widgets, links to platform hosts) with their feeds and APIs, the listing pages its navigation
 * names in its language, on its site and its subdomains, and its sitemaps. A listing or hub page gives
 * its own embeds and strong links one level further. Platform hosts are reached only for the
 * organization's own calendar there. Every task goes through `add` (the frontier, which counts every
 * fetch against the page budget); the fetcher applies robots.txt, politeness and the SSRF guard to all.
 */
export class DiscoverySession {
  /** The organization's name as its home page states it. */
  name?: string
  /** The organization's platform label (the first specific platform its home page shows). */
  platform?: string
  private onSite?: string
  private readonly detected: { detection: Detection; page: string }[] = []
  private readonly onSiteIds = new Set<string>()
  /** Endpoints the fetcher cannot ask for (POST), for the crawl's warnings. */
  readonly skipped: Endpoint[] = []

  constructor(
    private readonly org: Org,
    private readonly window: Window,
    private readonly maxPages: number,
    private readonly add: AddTask,
  ) {}

  /** The home page: platforms and their endpoints, listing pages in the site's language, sitemaps come from the pipeline (robots.txt). */
  fromHome(html: string, pageUrl: string, headers: Headers): void {
    this.name = siteName(html)
    const detections = this.detect(html, pageUrl, headers, 1)
    this.platform = organizationPlatform(detections)
    this.onSite = onSitePlatform(detections)
    for (const task of listingTasks(pageLinks(parse(html), pageUrl, this.org), 0, this.maxPages)) this.add(task)
  }

  /**
   * A listing or hub page of the organization (its site or a subdomain): the platforms it embeds, the
   * on-site platform's exports for it (a Squarespace collection's JSON), and its strong links one level on.
   * Returns the tasks instead of adding them, so that the page's memo keeps them: a 304 for the page
   * plans them again ({@link replan}).
   */
  fromListing(task: Task, html: string, pageUrl: string, headers: Headers): Task[] {
    if (task.platform || reachOf(pageUrl, this.org) === 'outside') return []
    const tasks: Task[] = []
    this.detect(html, pageUrl, headers, task.depth + 1, (t) => tasks.push(t))
    tasks.push(...onSiteTasks(this.onSiteIds, pageUrl, this.window, task.depth + 1))
    tasks.push(...listingTasks(pageLinks(parse(html), pageUrl, this.org), task.depth, this.maxPages))
    return tasks
  }

  /** Tasks a listing page led to when it was last read (its memo), for a 304 that stands for it. */
  replan(tasks: Task[] | undefined): void {
    for (const t of tasks ?? []) this.add(t)
  }

  /** A document fetched to say which platform a site runs (a WordPress `/wp-json/` index). */
  fromDetectDocument(task: Task, text: string, url: string): void {
    this.detect(text, url, new Headers(), task.depth + 1)
  }

  /** Whether a link in `task`'s document may be followed (platform hosts: the organization's own calendar only). */
  mayFollow(task: Task, url: string): boolean {
    return mayFollow(task, url, this.org)
  }

  /** The platform label of a source read for `task`. */
  platformOf(task: Task): string | undefined {
    if (task.platform) return task.platform
    if (task.kind === 'ics' || task.kind === 'feed-next') {
      const hosted = platformOfFeed(task.url)
      if (hosted) return hosted
    }
    return reachOf(task.url, this.org) === 'site' ? this.onSite : undefined
  }

  /**
   * A caller's calendar hint on a platform host (`x.libcal.com/calendar?cid=7`): the platform's feeds and
   * APIs for it, as if the home page had linked it (the hint page itself is fetched too).
   */
  fromHint(url: string): void {
    const platform = platformOfUrl(url)
    if (!platform || !inScope(platform, url)) return
    const planned = endpointTasks(calendarEndpoints(platform, url, this.window), platform.id, 1)
    for (const task of planned.tasks) this.add(task)
    this.skipped.push(...planned.skipped)
  }

  /**
   * The calendars recognised on a platform we cannot read (Wix, Facebook events, BoardDocs): reported as
   * sources with status `unreadable`, so the job says so instead of finishing silently empty. When the
   * crawl found no events, every one of them; otherwise those the registry reports when nothing readable
   * was recognised beside them.
   */
  unreadableSources(eventsFound: number): SourceReport[] {
    const all = this.detected.map((d) => d.detection)
    const report = new Set(eventsFound === 0 ? all.filter((d) => d.unreadable) : unreadableOnly(all))
    const seen = new Set<string>()
    const out: SourceReport[] = []
    for (const { detection, page } of this.detected) {
      if (!report.has(detection) || seen.has(detection.platform)) continue
      seen.add(detection.platform)
      out.push({ url: page, kind: detection.platform, platform: detection.platform, status: 'unreadable', error: detection.unreadable, eventCount: 0 })
    }
    return out
  }

  private detect(doc: string, pageUrl: string, headers: Headers, depth: number, add: AddTask = this.add): Detection[] {
    const detections = detectPlatforms(doc, pageUrl, this.window, headers)
    for (const detection of detections) {
      this.detected.push({ detection, page: pageUrl })
      if (!detection.unreadable) this.onSiteIds.add(detection.platform)
    }
    const { tasks, skipped } = detectionTasks(detections, depth)
    for (const task of tasks) add(task)
    this.skipped.push(...skipped)
    return detections
  }
}
