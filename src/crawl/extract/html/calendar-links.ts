/**
 * "Add to calendar" links, whose query holds the event for the calendar service: Google Calendar
 * (`calendar.google.com/calendar/render?action=TEMPLATE&text=…&dates=20261212T180000Z/20261212T210000Z&
 * location=…&ctz=…`), Outlook (`outlook.live.com/…/deeplink/compose?subject=…&startdt=…&enddt=…`) and
 * Yahoo (`calendar.yahoo.com/?v=60&title=…&st=…&et=…`). An event page whose visible text gives no readable
 * date ("This Saturday!") still names its event there; the page reader falls back on them.
 */
import type { Candidate, WallTime } from '../../candidate-types'
import { addDays } from '../../../model/dates'
import { attr, type Element } from '../../shared/dom'

/** "20261212T180000Z", "20261212T180000", "20261212" (all day), "2026-12-12T18:00:00Z" as a wall time. */
function wallTime(value: string | null, zone: string | null): WallTime | undefined {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})(?:T(\d{2}):?(\d{2})(?::?(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(value?.trim() ?? '')
  if (!m) return undefined
  const w: WallTime = { date: `${m[1]}-${m[2]}-${m[3]}` }
  if (m[4]) w.time = `${m[4]}:${m[5]}${m[6] ? `:${m[6]}` : ''}`
  if (m[4] && m[7]) w.offset = m[7]
  else if (m[4] && zone) w.zone = zone
  return w
}

/** The event a calendar service's template link holds, or undefined for any other link. */
function fromLink(href: string, sourceUrl: string): Candidate | undefined {
  let url: URL
  try {
    url = new URL(href, sourceUrl)
  } catch {
    return undefined
  }
  const q = url.searchParams
  const host = url.hostname
  let title: string | null = null
  let start: WallTime | undefined
  let end: WallTime | undefined
  if (/(^|\.)google\.com$/.test(host) && /\/calendar\/(render|event)/.test(url.pathname) && q.get('action') === 'TEMPLATE') {
    const [a, b] = (q.get('dates') ?? '').split('/')
    title = q.get('text')
    start = wallTime(a ?? null, q.get('ctz'))
    end = wallTime(b ?? null, q.get('ctz'))
  } else if (/(^|\.)(outlook\.live|outlook\.office|outlook\.office365)\.com$/.test(host) && /deeplink\/compose/.test(url.pathname)) {
    title = q.get('subject')
    start = wallTime(q.get('startdt'), null)
    end = wallTime(q.get('enddt'), null)
  } else if (/(^|\.)calendar\.yahoo\.com$/.test(host)) {
    title = q.get('title')
    start = wallTime(q.get('st'), null)
    end = wallTime(q.get('et'), null)
  }
  if (!title?.trim() || !start) return undefined
  const c: Candidate = { source: { url: sourceUrl, format: 'html', method: 'calendar-link' }, title: title.trim(), start }
  // An all-day event's end is the day after its last, exclusive, as in iCalendar.
  const last = end && start.time === undefined && end.time === undefined ? { date: addDays(end.date, -1) } : end
  if (last && last.date >= start.date && (last.time !== undefined || last.date > start.date)) c.end = last
  const location = q.get('location')?.trim()
  if (location) c.place = { name: location }
  const details = (q.get('details') ?? q.get('body') ?? q.get('desc'))?.trim()
  if (details) c.description = details
  return c
}

/** The events of a page's "add to calendar" links, one per event (links repeated for one event count once). */
export function calendarLinkCandidates(links: Element[], sourceUrl: string): Candidate[] {
  const out = new Map<string, Candidate>()
  for (const link of links) {
    const href = link.tagName === 'a' ? attr(link, 'href') : undefined
    if (!href || !/calendar|outlook/i.test(href)) continue
    const c = fromLink(href, sourceUrl)
    const key = c && `${c.title}|${c.start?.date}|${c.start?.time}`
    if (c && key && !out.has(key)) out.set(key, c)
  }
  return [...out.values()]
}
