import type { Task } from '../frontier'
import { calendarEndpoints, inScope, platformById, platformOfUrl, type Detection, type Endpoint, type Window } from '../platforms/registry'
import type { Format } from '../candidate-types'
import { reachOf, type Org } from './scope'

/** The source kind a document of each format is reported as (`tec-json` → `tec-rest`, `json-events` → `json`, `html` → `page`). */
export const FORMAT_KIND: Readonly<Record<string, string>> = Object.freeze({
  ics: 'ics',
  'tec-json': 'tec-rest',
  'squarespace-json': 'squarespace-json',
  'localist-json': 'localist',
  'trumba-json': 'trumba',
  'json-events': 'json',
  rss: 'rss',
  atom: 'atom',
  html: 'page',
})

/** Platforms that say what a site is built with, not where its calendar is: never the organization's platform label. */
const GENERIC = new Set(['wordpress', 'drupal', 'fullcalendar'])

/**
 * One endpoint as a crawl task: feeds and APIs are probes (fetched before listing pages), HTML is a
 * calendar page; a `detect` endpoint (a WordPress `/wp-json/` index) is fetched to be handed back to the
 * registry. A POST endpoint (eSCRIBE's page method) carries its body; one without a body gives no task.
 */
function taskOf(e: Endpoint, platform: string, depth: number): Task | undefined {
  if (e.method === 'POST' && (e.body === undefined || e.detect)) return undefined
  const kind = e.detect ? 'probe' : e.kind === 'html' ? 'calendar-page' : 'probe'
  const task: Task = { url: e.url, kind, depth, platform, probeKind: e.detect ? 'detect' : (FORMAT_KIND[e.format as Format] ?? e.kind), expected: e.expected }
  if (e.detect) task.detect = true
  if (e.method === 'POST') task.post = { body: e.body!, contentType: e.contentType ?? 'application/json; charset=utf-8' }
  return task
}

/**
 * A platform's endpoints as tasks, in fallback chains: the registry lists each calendar's endpoints best
 * first (its feed, then its JSON or HTML), so an endpoint the platform certainly serves (`expected`)
 * starts a chain and the ones after it wait as its fallbacks, fetched only when it gives nothing (an
 * error, a refusal, no events). Detection documents are always fetched. What cannot be fetched (a POST
 * without its body) is returned in `skipped`.
 */
export function endpointTasks(endpoints: Endpoint[], platform: string, depth: number): { tasks: Task[]; skipped: Endpoint[] } {
  const tasks: Task[] = []
  const skipped: Endpoint[] = []
  let chain: Task | undefined
  for (const e of endpoints) {
    const task = taskOf(e, platform, depth)
    if (!task) {
      skipped.push(e)
      continue
    }
    if (task.detect) {
      tasks.push(task)
      continue
    }
    if (chain && !e.expected) {
      ;(chain.fallbacks ??= []).push(task)
      continue
    }
    chain = task
    tasks.push(task)
  }
  return { tasks, skipped }
}

/** The tasks of every readable detection of a page (see {@link endpointTasks}). */
export function detectionTasks(detections: Detection[], depth: number): { tasks: Task[]; skipped: Endpoint[] } {
  const tasks: Task[] = []
  const skipped: Endpoint[] = []
  for (const d of detections) {
    if (d.unreadable) continue
    const planned = endpointTasks(d.endpoints, d.platform, depth)
    tasks.push(...planned.tasks)
    skipped.push(...planned.skipped)
  }
  return { tasks, skipped }
}

/**
 * A listing page of the organization on a platform that runs on its own host (Squarespace, a WordPress
 * plugin, Finalsite): that platform's exports for the page (a Squarespace collection's `?format=json`).
 */
export function onSiteTasks(platforms: Iterable<string>, pageUrl: string, window: Window, depth: number): Task[] {
  const tasks: Task[] = []
  for (const id of platforms) {
    const platform = platformById(id)
    if (!platform || platform.hosts || GENERIC.has(id)) continue
    tasks.push(...endpointTasks(calendarEndpoints(platform, pageUrl, window), id, depth).tasks)
  }
  return tasks
}

/**
 * Whether a link found in a task's document may be followed: from a platform's host, only to the
 * organization's own calendar there (its next page, its event pages, its feed: what the registry calls
 * in scope) or back to the organization; from the organization's pages, anywhere the crawl's other rules allow.
 */
export function mayFollow(task: Task, url: string, org: Org): boolean {
  if (!task.platform || !platformById(task.platform)?.hosts || reachOf(task.url, org) !== 'outside') return true
  return reachOf(url, org) !== 'outside' || inScope(task.platform, url)
}

/** The hosted platform of a feed URL found on a page (an `.ics` link to `x.libcal.com`), for its source's label. */
export function platformOfFeed(url: string): string | undefined {
  const p = platformOfUrl(url)
  return p && inScope(p, url) ? p.id : undefined
}

/** The organization's platform label: the first specific platform its home page shows, else what it is built with. */
export function organizationPlatform(detections: Detection[]): string | undefined {
  return (detections.find((d) => !GENERIC.has(d.platform)) ?? detections[0])?.platform
}

/** The platform label of the organization's own pages: the first platform that runs on its host (not a hosted one). */
export function onSitePlatform(detections: Detection[]): string | undefined {
  const onSite = detections.filter((d) => !platformById(d.platform)?.hosts)
  return (onSite.find((d) => !GENERIC.has(d.platform)) ?? onSite[0])?.platform
}
