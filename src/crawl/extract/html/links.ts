/**
 * Links a crawler wants from a page (DESIGN §6 "Discover"): iCalendar feeds, the next page of a listing,
 * and event detail pages. All absolute and deduplicated; `webcal:` feeds are given as https.
 */
import { memoize } from '../../../bounded-cache'
import { markupCensus } from './markup-census'
import { isTicketingLink } from '../../shared/urls'
import type { ExtractLinks } from '../../candidate-types'
import type { UrlParts } from '../../plain-url'
import { absoluteUrl, attr, collapse, type Document, type Element, resolveUrl, textOf, tokens, walk } from '../../shared/dom'

const ICS_HREF = /(\.ics|\.ical|\.ifb)(\?|#|$)|^webcal:|[?&](ical|ics)=1\b|[?&]format=(ical|ics)\b|\/ical\/|outlook-ical|\/calendar\/ical\//i
const NEXT_TEXT = /^(next|next page|next events?|more events|older( events)?|later events|›|»|→|>|next\s*[›»→>]|[›»→>]\s*next)$/i
const NOT_EVENT_PATH =
  /\/(category|categories|tag|tags|list|month|week|day|today|page|venue|venues|organizer|organizers|feed|search|photo|map)(\/|$)|[?&](page|paged|month|view|tribe-bar-date|ical|outlook-ical)=/i
const EVENT_PATH = /\/(events?|calendar|programs?|activities|whats-on|what-s-on|happenings)\/[^/?#]+|[?&](event(_?id)?|eid|tribe_events)=|\/event-detail|\/eventdetail|\/occurrence\//i

const NO_REL: string[] = []

/** A link's address as resolved against the page's base, and what its shape says (`event`: worked out when first asked). */
type Href = { url: UrlParts; abs: string; ics: boolean; event?: boolean }

function googleCalendarFeed(src: string): string | undefined {
  try {
    const url = new URL(src)
    if (url.hostname !== 'calendar.google.com' || !url.pathname.startsWith('/calendar/embed')) return undefined
    const ids = url.searchParams.getAll('src')
    return ids.length ? `https://calendar.google.com/calendar/ical/${encodeURIComponent(ids[0])}/public/basic.ics` : undefined
  } catch {
    return undefined
  }
}

function httpFeed(url: string): string {
  return url.replace(/^webcal:/i, 'https:')
}

/**
 * The calendar, next-page and event links of a page. `eventUrls` (the listing's card links) are added to
 * the event links found by URL shape.
 */
export function collectLinks(doc: Document, baseUrl: string, eventUrls: string[] = [], elements?: Element[]): ExtractLinks {
  const calendars = new Set<string>()
  const events = new Set<string>()
  let next: string | undefined
  let base = baseUrl
  // A page links one address many times (a card's image and its title, a menu shown twice): each distinct
  // href is resolved and judged once per base (a `<base>` met later starts the table over).
  let seen = new Map<string, Href | null>()
  const judged = (href: string): Href | null => {
    let hit = seen.get(href)
    if (hit === undefined) {
      const url = resolveUrl(href, base)
      hit = url ? { url, abs: url.href, ics: ICS_HREF.test(href) } : null
      seen.set(href, hit)
    }
    return hit
  }
  // The page's `<a>`, `<link>`, `<base>` and `<iframe>` elements in document order (the only ones read here).
  for (const el of elements ?? markupCensus(doc).links) {
    const tag = el.tagName
    if (tag === 'base' && attr(el, 'href')) {
      base = absoluteUrl(attr(el, 'href'), baseUrl) ?? base
      seen = new Map()
    }
    if (tag === 'link' || tag === 'a') {
      const href = attr(el, 'href')
      if (!href) continue
      const rel = attr(el, 'rel') === undefined ? NO_REL : tokens(el, 'rel').map((r) => r.toLowerCase())
      const link = judged(href)
      if (!link) continue
      const abs = link.abs
      if ((rel.includes('alternate') && (attr(el, 'type') ?? '').toLowerCase().startsWith('text/calendar')) || link.ics) calendars.add(httpFeed(abs))
      else if (rel.includes('next')) next ??= abs
      else if (tag === 'a') {
        if (!next && isNextLink(el)) next = abs
        else if ((link.event ??= isEventPage(link.url, base))) events.add(abs)
      }
    }
    if (tag === 'iframe') {
      const feed = googleCalendarFeed(attr(el, 'src') ?? '')
      if (feed) calendars.add(feed)
    }
  }
  for (const u of eventUrls) {
    const abs = absoluteUrl(u, base)
    if (abs && abs.split('#')[0] !== baseUrl.split('#')[0]) events.add(abs)
  }
  if (next) events.delete(next)
  const links: ExtractLinks = { calendars: [...calendars], events: [...events].filter((u) => !calendars.has(u)) }
  if (next) links.next = next
  return links
}

/** Every text NEXT_TEXT accepts holds one of these: a link with one text that holds none is no next link. */
const NEXT_WORD = /next|more|older|later|[›»→>]/i

/** A class attribute naming a next link (`next`, `page-next`, `nav_next`); a page repeats its class attributes: each is read once. */
const nextClass = memoize((cls: string) => /(^|[\s_-])next([\s_-]|$)/i.test(cls))

function isNextLink(el: Element): boolean {
  const cls = attr(el, 'class')
  if ((cls !== undefined && nextClass(cls)) || /next/i.test(attr(el, 'aria-label') ?? '')) return true
  const only = el.childNodes.length === 1 ? el.childNodes[0] : undefined
  if (only?.nodeName === '#text' && !NEXT_WORD.test((only as { value: string }).value)) return false
  const text = textOf(el)
  return text.length < 40 && NEXT_TEXT.test(collapse(text))
}

function isEventPage(u: UrlParts, base: string): boolean {
  // No EVENT_PATH match spans the path and the query (none crosses a `?`): most links fail before any text is joined.
  if (!EVENT_PATH.test(u.pathname) && !EVENT_PATH.test(u.search)) return false
  const path = u.pathname + u.search
  if (NOT_EVENT_PATH.test(path)) return false
  const host = u.hostname.startsWith('www.') ? u.hostname.slice(4) : u.hostname
  return host === hostOf(base) && withoutFragment(u.href) !== withoutFragment(base)
}

/** A URL up to its `#` (all of it when it has none). */
function withoutFragment(url: string): string {
  const hash = url.indexOf('#')
  return hash < 0 ? url : url.slice(0, hash)
}

let lastBase = ''
let lastHost: string | undefined

/** The base's host without "www." (the same base for every link of a page: parsed once). */
function hostOf(base: string): string | undefined {
  if (base !== lastBase) {
    lastBase = base
    try {
      lastHost = new URL(base).hostname.replace(/^www\./, '')
    } catch {
      lastHost = undefined
    }
  }
  return lastHost
}

const REGISTER_TEXT = /\b(register|registration|tickets?|rsvp|sign ?up|book (now|a seat|a spot|tickets?)|reserve (a|your) (seat|spot|place))\b/i
const CHROME = new Set(['nav', 'header', 'footer'])

/**
 * The registration or ticket link of an event page: an anchor in the page's content (not its navigation,
 * header or footer) whose text asks to register / buy tickets / RSVP, or that points to a ticketing or
 * registration service. Calendar-export links never count.
 */
export function registrationLink(doc: Document, baseUrl: string): string | undefined {
  let found: string | undefined
  walk(doc, (el) => {
    if (found || CHROME.has(el.tagName) || attr(el, 'role') === 'navigation') return false
    if (el.tagName !== 'a') return
    const href = attr(el, 'href')
    const abs = absoluteUrl(href, baseUrl)
    if (!abs || ICS_HREF.test(href ?? '')) return
    // textOf gives the text collapsed: read once for both tests.
    const text = textOf(el)
    if (/add to (my )?calendar|google calendar|outlook/i.test(text)) return
    if (REGISTER_TEXT.test(text) || isTicketingLink(abs)) found = abs
  })
  return found
}
