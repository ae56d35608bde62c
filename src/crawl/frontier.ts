/** What a URL is expected to hold; decides its priority and how its answer is used. */
export type TaskKind = 'start' | 'hint-calendar' | 'probe' | 'ics' | 'calendar-page' | 'listing-next' | 'feed-next' | 'hint-event' | 'detail' | 'sitemap'

export type Task = {
  url: string
  kind: TaskKind
  depth: number
  probeKind?: string
  expected?: boolean
  /** An iCalendar export found on an event's own page: it repeats that event and says nothing of the site's others. */
  eventExport?: boolean
  /** On a subdomain of the organization (`events.example.org`), not its own site. */
  reach?: 'subdomain'
  /** The calendar platform (registry id) whose endpoint this is: its label, and on a hosted platform its scope. */
  platform?: string
  /** Endpoints of the same calendar to try, in order, when this one gives nothing. */
  fallbacks?: Task[]
  /** A document that says which platform a site runs (a WordPress `/wp-json/` index), handed to the registry. */
  detect?: boolean
  /** Sent as a POST with this body (a platform's page method, e.g. eSCRIBE's calendar query). */
  post?: { body: string; contentType: string }
}

/** DESIGN §6's order: the start page, caller hints, platform exports and APIs, iCalendar links, listing pages, then detail pages. */
const PRIORITY: Record<TaskKind, number> = { start: 0, 'hint-calendar': 1, probe: 2, 'feed-next': 2, ics: 3, 'calendar-page': 4, 'listing-next': 5, 'hint-event': 6, detail: 7, sitemap: 8 }

const key = (url: string) => url.split('#')[0]

/** The crawl's to-do list: each URL once, highest priority first, insertion order within a priority. */
export class Frontier {
  private queue: { task: Task; order: number }[] = []
  private seen = new Set<string>()
  private counter = 0

  /** Adds a task unless its URL was already queued or fetched (`requeue` puts a taken task back). */
  add(task: Task, requeue = false): boolean {
    const k = key(task.url)
    if (this.seen.has(k) && !requeue) return false
    this.seen.add(k)
    this.queue.push({ task, order: this.counter++ })
    return true
  }

  /** The task `next()` would take, left in place. */
  peek(): Task | undefined {
    const best = this.best()
    return best < 0 ? undefined : this.queue[best].task
  }

  next(): Task | undefined {
    const best = this.best()
    return best < 0 ? undefined : this.queue.splice(best, 1)[0].task
  }

  private best(): number {
    if (!this.queue.length) return -1
    let best = 0
    for (let i = 1; i < this.queue.length; i++) {
      const a = this.queue[i]
      const b = this.queue[best]
      if (PRIORITY[a.task.kind] < PRIORITY[b.task.kind] || (PRIORITY[a.task.kind] === PRIORITY[b.task.kind] && a.order < b.order)) best = i
    }
    return best
  }

  /** What is left, for the report of URLs the budget did not allow. */
  remaining(): Task[] {
    return this.queue.map((q) => q.task)
  }

  get size(): number {
    return this.queue.length
  }
}
