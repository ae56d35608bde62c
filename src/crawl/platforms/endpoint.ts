/**
 * Small builders shared by the platform entries: endpoints, window arithmetic and the page scans that
 * pull identifiers (calendar ids, web names) out of an organization's HTML.
 */
import { addDays } from '../../model/dates'
import type { Format } from '../candidate-types'
import type { Endpoint, EndpointKind, Window } from './types'

const FORMAT_OF: Record<EndpointKind, Format> = { ics: 'ics', json: 'json-events', jsonp: 'json-events', rss: 'rss', atom: 'atom', html: 'html' }

/** An endpoint; the reader follows from the kind unless given. */
export function endpoint(url: string, kind: EndpointKind, note: string, options: Partial<Omit<Endpoint, 'url' | 'kind' | 'note'>> = {}): Endpoint {
  return { url, kind, format: options.format ?? FORMAT_OF[kind], expected: options.expected ?? false, note, ...strip(options) }
}

function strip(options: Partial<Endpoint>): Partial<Endpoint> {
  const { format: _f, expected: _e, ...rest } = options
  return rest
}

/** Number of days in the window, counting both ends (at least 1). */
export function windowDays(window: Window): number {
  const ms = Date.parse(`${window.end}T00:00:00Z`) - Date.parse(`${window.start}T00:00:00Z`)
  return Number.isFinite(ms) ? Math.max(1, Math.round(ms / 86_400_000) + 1) : 90
}

/** The day after the window's last day (exclusive bounds for APIs that want them). */
export function dayAfter(window: Window): string {
  return addDays(window.end, 1)
}

/** Epoch milliseconds of a day's UTC midnight. */
export function epochMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`)
}

/** The first path segment (`/calname/…` → `calname`), lower-cased; '' at the root. */
export function firstSegment(url: URL): string {
  return decodeURIComponent(url.pathname.split('/').filter(Boolean)[0] ?? '').toLowerCase()
}

/** The leftmost label of a host (`vu-nl.libcal.com` → `vu-nl`). */
export function subdomain(url: URL): string {
  return url.hostname.toLowerCase().split('.')[0]
}

/** Case-insensitive query parameter (`CID`, `cid`, `Cid` are the same to ASP.NET sites). */
export function param(url: URL, name: string): string | undefined {
  for (const [key, value] of url.searchParams) if (key.toLowerCase() === name.toLowerCase() && value.trim()) return value.trim()
  return undefined
}

/** Every distinct first capture of `re` (global) in `html`, at most `limit`. */
export function captures(html: string, re: RegExp, limit = 10): string[] {
  const out = new Set<string>()
  for (const m of html.matchAll(re)) {
    if (m[1]) out.add(m[1])
    if (out.size >= limit) break
  }
  return [...out]
}

/** The page's origin (`https://example.org`). */
export function origin(url: URL): string {
  return url.origin
}
