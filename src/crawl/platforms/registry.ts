/**
 * The platform registry (issue 14): the one table of calendar platforms we recognise, and the functions
 * discovery calls without knowing any platform by name.
 *
 * - `platformOfUrl(url)`: the hosted platform a URL belongs to (LibCal, Tockify, Legistar, …), by host.
 * - `inScope(platform, url)`: whether that URL is an organization's own calendar on the platform
 *   (`name.libcal.com/calendar?cid=7` is; libcal.com's marketing pages are not).
 * - `calendarEndpoints(platform, url, window)`: the feed, API and HTML URLs to fetch for it, best first.
 * - `detectPlatforms(document, pageUrl, window)`: the platforms an organization's page shows (generator
 *   meta, plugin asset paths, embeds, `data-*` widgets, links to platform hosts; or the namespaces of a
 *   WordPress `/wp-json/` index), each with the endpoints the page leads to.
 * - `unreadableOnly(detections)`: recognised platforms we cannot read, when nothing readable was found,
 *   so the job reports them instead of finishing silently empty.
 *
 * Which reader reads each answer is the endpoint's `format`; the extract stage detects it from the
 * content anyway, so a mislabelled answer is still read.
 */
import { activeData } from './activedata'
import { bibliocommons } from './bibliocommons'
import { civicclerk } from './civicclerk'
import { civicplus } from './civicplus'
import { dpcalendar, drupal, jevents } from './cms'
import { communico } from './communico'
import { diligent } from './diligent'
import { escribe } from './escribe'
import { eventbrite } from './eventbrite'
import { googleCalendar } from './google-calendar'
import { indico } from './indico'
import { granicus, legistar } from './legistar'
import { libcal } from './libcal'
import { localist } from './localist'
import { boarddocs, iqm2, primegov } from './meeting-portals'
import { meetup } from './meetup'
import { opencities } from './opencities'
import { facebookEvents, finalsite, fullcalendar, planningCenter, squarespace, wix, wordpress } from './site-builders'
import { timely } from './timely'
import { tockify } from './tockify'
import { trumba } from './trumba'
import type { Detection, Endpoint, Platform, Window } from './types'
import { WORDPRESS_PLUGINS } from './wordpress-plugins'

export type { Detection, Endpoint, EndpointKind, Platform, Sign, Window } from './types'

/** Every platform, hosted ones first (a URL's host decides those), then the ones on the organization's host. */
export const PLATFORMS: readonly Platform[] = Object.freeze([
  googleCalendar,
  libcal,
  communico,
  bibliocommons,
  localist,
  trumba,
  tockify,
  timely,
  eventbrite,
  meetup,
  indico,
  legistar,
  granicus,
  civicclerk,
  escribe,
  diligent,
  iqm2,
  primegov,
  boarddocs,
  planningCenter,
  facebookEvents,
  civicplus,
  opencities,
  activeData,
  ...WORDPRESS_PLUGINS,
  drupal,
  jevents,
  dpcalendar,
  finalsite,
  squarespace,
  wix,
  fullcalendar,
  wordpress,
])

const BY_ID = new Map(PLATFORMS.map((p) => [p.id, p]))
/** Only so much of a page is scanned for signs and links (the signs sit in the head and the first widgets). */
const SCAN_CHARS = 2_000_000
const MAX_LINKS = 3000
const MAX_ENDPOINTS_PER_PLATFORM = 12

function toUrl(url: string | URL): URL | undefined {
  if (url instanceof URL) return url
  try {
    const u = new URL(url.trim().replace(/^webcal:/i, 'https:'))
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : undefined
  } catch {
    return undefined
  }
}

function resolve(platform: Platform | string): Platform | undefined {
  return typeof platform === 'string' ? BY_ID.get(platform) : platform
}

/** The platform with this id ('libcal', 'events-manager', …), or undefined. */
export function platformById(id: string): Platform | undefined {
  return BY_ID.get(id)
}

/**
 * The hosted platform a URL's host belongs to, or undefined (the organization's own host, or a host no
 * platform claims). Says nothing about scope: `www.libcal.com` is LibCal's, but no organization's calendar.
 */
export function platformOfUrl(url: string | URL): Platform | undefined {
  const u = toUrl(url)
  if (!u) return undefined
  const host = u.hostname.toLowerCase()
  return PLATFORMS.find((p) => p.hosts?.some((re) => re.test(host)))
}

/**
 * True when `url` is an organization's calendar on `platform` (its calendar page, feed, API or event
 * page), false for the rest of the platform's site. For a hosted platform the host must be one of its
 * hosts. Never throws: an unknown platform or a malformed URL is out of scope.
 */
export function inScope(platform: Platform | string, url: string | URL): boolean {
  const p = resolve(platform)
  const u = toUrl(url)
  if (!p || !u) return false
  if (p.hosts && !p.hosts.some((re) => re.test(u.hostname.toLowerCase()))) return false
  try {
    return p.scope(u)
  } catch {
    return false
  }
}

/**
 * The URLs to fetch for a calendar URL on a platform, best first (feed or API, then HTML); empty when the
 * URL is out of scope or does not say which calendar. Endpoints are absolute http(s) URLs.
 */
export function calendarEndpoints(platform: Platform | string, url: string | URL, window: Window): Endpoint[] {
  const p = resolve(platform)
  const u = toUrl(url)
  if (!p || !u || !inScope(p, u)) return []
  try {
    return dedupe(p.endpoints(u, window))
  } catch {
    return []
  }
}

function dedupe(endpoints: Endpoint[]): Endpoint[] {
  const seen = new Set<string>()
  return endpoints.filter((e) => {
    const key = `${e.method ?? 'GET'} ${e.url} ${e.body ?? ''}`
    if (seen.has(key) || !/^https?:\/\//i.test(e.url)) return false
    seen.add(key)
    return true
  })
}

type Found = { platform: Platform; evidence: Set<string>; endpoints: Endpoint[] }

function found(map: Map<string, Found>, platform: Platform): Found {
  let f = map.get(platform.id)
  if (!f) map.set(platform.id, (f = { platform, evidence: new Set(), endpoints: [] }))
  return f
}

/** The namespaces of a WordPress REST index (`/wp-json/`), when the document is one. */
function restNamespaces(doc: string): string[] | undefined {
  if (!/^\s*\{/.test(doc) || !doc.includes('namespaces')) return undefined
  try {
    const ns = (JSON.parse(doc) as { namespaces?: unknown }).namespaces
    return Array.isArray(ns) ? ns.filter((x): x is string => typeof x === 'string') : undefined
  } catch {
    return undefined
  }
}

/** Absolute URLs a page names in attributes and scripts (embeds, links, widget sources). */
function pageUrls(html: string, page: URL): URL[] {
  const out = new Map<string, URL>()
  const add = (raw: string) => {
    if (out.size >= MAX_LINKS) return
    const text = raw.replace(/&amp;/g, '&').replace(/\\\//g, '/').trim()
    if (!text || /^(#|javascript:|mailto:|tel:|data:)/i.test(text)) return
    try {
      const u = new URL(text.replace(/^webcal:/i, 'https:'), page)
      if ((u.protocol === 'http:' || u.protocol === 'https:') && !out.has(u.href)) out.set(u.href, u)
    } catch {}
  }
  for (const m of html.matchAll(/\s(?:src|href|data-[\w-]+|action)\s*=\s*["']([^"'<>]{1,2048})["']/gi)) add(m[1])
  for (const m of html.matchAll(/(?:https?:|webcal:)?\\?\/\\?\/[a-z0-9.-]{1,253}\.[a-z]{2,24}(?:\\?\/[^\s"'<>()]{0,2048})?/gi)) add(/^(https?|webcal):/i.test(m[0]) ? m[0] : `https:${m[0]}`)
  return [...out.values()]
}

function scanSigns(html: string, page: URL, window: Window, map: Map<string, Found>) {
  for (const p of PLATFORMS) {
    const hits = (p.signs ?? []).filter((s) => s.pattern.test(html))
    if (!hits.length) continue
    const f = found(map, p)
    for (const s of hits) f.evidence.add(s.evidence)
    try {
      f.endpoints.push(...(p.fromPage?.(html, page, window) ?? []))
    } catch {}
  }
}

function scanLinks(html: string, page: URL, window: Window, map: Map<string, Found>) {
  for (const u of pageUrls(html, page)) {
    const p = platformOfUrl(u)
    if (!p || !inScope(p, u)) continue
    const f = found(map, p)
    f.evidence.add(`link to ${u.hostname}`)
    if (f.endpoints.length < MAX_ENDPOINTS_PER_PLATFORM * 2) f.endpoints.push(...calendarEndpoints(p, u, window))
  }
}

/**
 * The platforms a document shows, with the endpoints it leads to. `doc` is an organization's page (HTML)
 * or a WordPress REST index (`/wp-json/`, JSON: its `namespaces` name the event plugin); `pageUrl` is where
 * it was served (relative links and site-wide exports resolve against it). Response headers help
 * recognise Wix and Squarespace. Order follows the registry; endpoints are deduplicated, at most 12 a
 * platform. Never throws.
 */
export function detectPlatforms(doc: string, pageUrl: string, window: Window, headers: Headers | Record<string, string> = {}): Detection[] {
  const page = toUrl(pageUrl)
  if (!page || typeof doc !== 'string') return []
  const map = new Map<string, Found>()
  const namespaces = restNamespaces(doc)
  if (namespaces) {
    for (const p of PLATFORMS) {
      const ns = p.restNamespaces
      const hit = ns && namespaces.find((n) => ns.test(n))
      if (!hit) continue
      const f = found(map, p)
      f.evidence.add(`REST namespace ${hit}`)
      f.endpoints.push(...(p.fromPage?.('', page, window) ?? []))
    }
  } else {
    const html = doc.length > SCAN_CHARS ? doc.slice(0, SCAN_CHARS) : doc
    scanSigns(html, page, window, map)
    scanLinks(html, page, window, map)
    const header = (name: string) => (headers instanceof Headers ? headers.get(name) : (headers[name] ?? headers[name.toLowerCase()])) ?? ''
    if (header('x-wix-request-id') || /wix/i.test(header('server'))) found(map, BY_ID.get('wix')!).evidence.add('Wix response header')
    if (/squarespace/i.test(header('server'))) found(map, BY_ID.get('squarespace')!).evidence.add('Squarespace server header')
  }
  return PLATFORMS.filter((p) => map.has(p.id)).map((p) => {
    const f = map.get(p.id)!
    const d: Detection = { platform: p.id, name: p.name, evidence: [...f.evidence], endpoints: dedupe(f.endpoints).slice(0, MAX_ENDPOINTS_PER_PLATFORM) }
    if (p.unreadable) d.unreadable = p.unreadable
    return d
  })
}

/**
 * The unreadable platforms among `detections` when nothing readable was found (no endpoint, and no
 * platform that is read through its own pages): a Wix site, a page that only points to Facebook events.
 * A site that links Facebook beside a readable calendar is not reported.
 */
export function unreadableOnly(detections: Detection[]): Detection[] {
  const readable = detections.some((d) => !d.unreadable && !GENERIC.has(d.platform))
  return readable ? [] : detections.filter((d) => d.unreadable)
}

/** Platforms that say what a site is built with, not where its calendar is. */
const GENERIC = new Set(['wordpress', 'drupal', 'fullcalendar'])
