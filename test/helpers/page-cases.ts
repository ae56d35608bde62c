/**
 * Runs the own held-out-style page cases (test/fixtures/pages/cases.json) through the repository's pipeline
 * and checks the answers with the same semantics as the shared corpus scorer
 * (`../shared/corpus/pages/score.ts`), plus the checks that scorer lacks: `count_max`, `status`,
 * `no_start_date` and `geo`. Independent of the extractor on purpose: it only reads the Event records.
 *
 * Check vocabulary (one kind per check object; text compared with whitespace collapsed):
 * - `count_min`: at least N events. `count_max`: at most N events and, unless N is 0 (a page whose answer
 *   is "no events"), at least one, so that an extraction that found nothing cannot pass a precision check.
 * - `no_title_contains`: at least one event, and no title containing any of the strings.
 * - `no_start_date`: at least one event, and none whose startDate begins with that day.
 * - otherwise a field check: the events matching `title` (exact), `title_contains` or `title_any` are the
 *   candidates; it passes when one candidate has every listed field right: `start`/`end` (local wall
 *   time and offset as written, seconds ignored, `Z` = `+00:00`), `start_instant`/`end_instant`,
 *   `start_date` (prefix of startDate), `venue_contains`/`address_contains` (case-insensitive substring
 *   of venue name, venue address and address joined), `city` (equal, case-insensitive), `cost_contains`,
 *   `url` (equals url or website), `performer`, `status` (eventStatus, schema.org prefix ignored),
 *   `geo` ([latitude, longitude] of the venue within 0.0001), `online` (is_online equals it) and
 *   `no_venue_contains` (the venue text lacks it, case-insensitive).
 */
import { readFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import { registrableDomain } from '../../src/crawl/shared/urls'
import type { Event } from '../../src/model/event'
import { runBytes } from './extract'
import { ROOT } from './process'

export const PAGES_DIR = join(ROOT, 'test', 'fixtures', 'pages')

export type PageCheck = {
  count_min?: number
  count_max?: number
  no_title_contains?: string[]
  no_start_date?: string
  title?: string
  title_contains?: string
  title_any?: boolean
  start?: string
  end?: string
  start_instant?: string
  end_instant?: string
  start_date?: string
  venue_contains?: string
  address_contains?: string
  city?: string
  cost_contains?: string
  url?: string
  performer?: string
  status?: string
  geo?: [number, number]
  /** `is_online` equals this (an online or hybrid event). */
  online?: boolean
  /** The venue text (name, address) lacks this, case-insensitive: a Zoom room is no venue. */
  no_venue_contains?: string
}

export type PageCase = {
  id: string
  kind: string
  file: string
  base_url: string
  /** Omitted for the cases where the zone must be inferred from the page. */
  tz?: string
  start: string
  end: string
  checks: PageCheck[]
  why: string
}

export type CheckResult = { check: PageCheck; pass: boolean; reason: string }
export type CaseResult = { id: string; events: Event[]; results: CheckResult[]; error?: string }

/** The keys a check may use; anything else in cases.json is a typo that would silently pass. */
export const CHECK_KEYS = new Set<string>([
  'count_min',
  'count_max',
  'no_title_contains',
  'no_start_date',
  'title',
  'title_contains',
  'title_any',
  'start',
  'end',
  'start_instant',
  'end_instant',
  'start_date',
  'venue_contains',
  'address_contains',
  'city',
  'cost_contains',
  'url',
  'performer',
  'status',
  'geo',
  'online',
  'no_venue_contains',
])

const CONTENT_TYPES: Record<string, string> = {
  '.ics': 'text/calendar',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.rss': 'application/rss+xml',
  '.atom': 'application/atom+xml',
  '.jsonld': 'application/ld+json',
  '.html': 'text/html',
  '.htm': 'text/html',
}

export function loadPageCases(path = join(PAGES_DIR, 'cases.json')): PageCase[] {
  return (JSON.parse(readFileSync(path, 'utf8')) as { cases: PageCase[] }).cases
}

const norm = (s: unknown) =>
  String(s ?? '')
    .replace(/\s+/g, ' ')
    .trim()
const instant = (s: unknown) => Date.parse(String(s ?? ''))

/** Local wall time and offset as written: `2025-03-01T11:00-08:00` (seconds ignored, `Z` = `+00:00`). */
export function wallTime(s: unknown): string | null {
  const m = String(s ?? '').match(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/)
  if (!m) return null
  const off = m[2] === 'Z' ? '+00:00' : m[2].includes(':') ? m[2] : `${m[2].slice(0, 3)}:${m[2].slice(3)}`
  return m[1] + off
}

const venueText = (e: Event) => norm([e.venue?.name, e.venue?.address, e.address].filter(Boolean).join(' | '))
const addressText = (e: Event) => norm([e.address, e.venue?.address, e.venue?.name].filter(Boolean).join(' | '))
const statusName = (s: unknown) => String(s ?? '').replace(/^https?:\/\/schema\.org\//i, '')

function titleMatches(e: Event, c: PageCheck): boolean {
  if (c.title_any) return true
  if (c.title !== undefined) return norm(e.title) === norm(c.title)
  if (c.title_contains !== undefined) return norm(e.title).includes(norm(c.title_contains))
  return true
}

function costMatches(e: Event, wanted: string): boolean {
  if (norm(e.cost).includes(wanted)) return true
  return (e.offers ?? []).some((o) => `$${o.price}`.includes(wanted.replace('$', '')))
}

function geoMatches(e: Event, [lat, lon]: [number, number]): boolean {
  const v = e.venue
  return typeof v?.latitude === 'number' && typeof v?.longitude === 'number' && Math.abs(v.latitude - lat) < 1e-4 && Math.abs(v.longitude - lon) < 1e-4
}

/** What one event gets wrong for a field check (empty when it has every listed field right). */
function fieldFailures(e: Event, c: PageCheck): string[] {
  const f: string[] = []
  if (c.start && wallTime(e.startDate) !== wallTime(c.start)) f.push(`start ${e.startDate} != ${c.start}`)
  if (c.end && wallTime(e.endDate) !== wallTime(c.end)) f.push(`end ${e.endDate} != ${c.end}`)
  if (c.start_instant && instant(e.startDate) !== instant(c.start_instant)) f.push(`start instant ${e.startDate}`)
  if (c.end_instant && instant(e.endDate) !== instant(c.end_instant)) f.push(`end instant ${e.endDate}`)
  if (c.start_date && !String(e.startDate ?? '').startsWith(c.start_date)) f.push(`start date ${e.startDate} != ${c.start_date}`)
  if (c.venue_contains && !venueText(e).toLowerCase().includes(c.venue_contains.toLowerCase())) f.push(`venue "${venueText(e)}" lacks "${c.venue_contains}"`)
  if (c.address_contains && !addressText(e).toLowerCase().includes(c.address_contains.toLowerCase())) f.push(`address "${addressText(e)}" lacks "${c.address_contains}"`)
  if (c.city && norm(e.city).toLowerCase() !== c.city.toLowerCase()) f.push(`city "${e.city ?? ''}" != "${c.city}"`)
  if (c.cost_contains && !costMatches(e, c.cost_contains)) f.push(`cost "${e.cost ?? ''}"`)
  if (c.url && e.url !== c.url && e.website !== c.url) f.push(`url ${e.url} != ${c.url}`)
  if (c.performer && !(e.performers ?? []).some((p) => norm(p.name) === c.performer)) f.push(`performers ${JSON.stringify(e.performers ?? [])}`)
  if (c.status && statusName(e.eventStatus) !== c.status) f.push(`status ${e.eventStatus ?? '(none)'} != ${c.status}`)
  if (c.online !== undefined && e.is_online !== c.online) f.push(`is_online ${e.is_online ?? '(none)'} != ${c.online}`)
  if (c.no_venue_contains && venueText(e).toLowerCase().includes(c.no_venue_contains.toLowerCase())) f.push(`venue "${venueText(e)}" has "${c.no_venue_contains}"`)
  if (c.geo && !geoMatches(e, c.geo)) f.push(`geo ${e.venue?.latitude ?? '?'},${e.venue?.longitude ?? '?'} != ${c.geo.join(',')}`)
  return f
}

/** A short name for a check, for test output: its selector and the fields it asks for. */
export function describeCheck(c: PageCheck): string {
  if (c.count_min !== undefined) return `count_min ${c.count_min}`
  if (c.count_max !== undefined) return `count_max ${c.count_max}`
  if (c.no_title_contains) return `no_title_contains ${JSON.stringify(c.no_title_contains)}`
  if (c.no_start_date) return `no_start_date ${c.no_start_date}`
  const who = c.title !== undefined ? `"${c.title}"` : c.title_contains !== undefined ? `~"${c.title_contains}"` : 'any title'
  const fields = Object.entries(c)
    .filter(([k]) => !['title', 'title_contains', 'title_any'].includes(k))
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : v}`)
  return `${who} ${fields.join(' ')}`
}

function fieldCheck(events: Event[], c: PageCheck): { pass: boolean; reason: string } {
  const candidates = events.filter((e) => titleMatches(e, c))
  if (candidates.length === 0) {
    const titles = events
      .slice(0, 8)
      .map((e) => `"${norm(e.title)}"`)
      .join(', ')
    return { pass: false, reason: `no event titled ${c.title ?? c.title_contains ?? ''} (have: ${titles || 'none'})` }
  }
  const best = candidates.map((e) => ({ e, f: fieldFailures(e, c) })).sort((a, b) => a.f.length - b.f.length)[0]
  if (best.f.length === 0) return { pass: true, reason: '' }
  return { pass: false, reason: `closest "${norm(best.e.title)}": ${best.f.join('; ')}` }
}

/** Judges one check against the extracted events. */
export function judgeCheck(events: Event[], c: PageCheck): CheckResult {
  if (c.count_min !== undefined) {
    const pass = events.length >= c.count_min
    return { check: c, pass, reason: pass ? '' : `${events.length} events < ${c.count_min}` }
  }
  if (c.count_max !== undefined) {
    if (events.length === 0) return { check: c, pass: c.count_max === 0, reason: c.count_max === 0 ? '' : 'no events' }
    const pass = events.length <= c.count_max
    const extra = events
      .map((e) => `"${norm(e.title)}" ${e.startDate}`)
      .slice(0, 20)
      .join(', ')
    return { check: c, pass, reason: pass ? '' : `${events.length} events > ${c.count_max}: ${extra}` }
  }
  if (c.no_title_contains) {
    const bad = events.filter((e) => c.no_title_contains!.some((s) => String(e.title ?? '').includes(s)))
    const pass = events.length > 0 && bad.length === 0
    return { check: c, pass, reason: pass ? '' : events.length === 0 ? 'no events' : `titles: ${bad.map((e) => `"${norm(e.title)}"`).join(', ')}` }
  }
  if (c.no_start_date) {
    const bad = events.filter((e) => String(e.startDate ?? '').startsWith(c.no_start_date!))
    const pass = events.length > 0 && bad.length === 0
    return { check: c, pass, reason: pass ? '' : events.length === 0 ? 'no events' : `on ${c.no_start_date}: ${bad.map((e) => `"${norm(e.title)}" ${e.startDate}`).join(', ')}` }
  }
  return { check: c, ...fieldCheck(events, c) }
}

/** Extracts the case's document with the repository pipeline (as `event-index extract` does) and judges every check. */
export function runPageCase(c: PageCase, dir = PAGES_DIR): CaseResult {
  const bytes = readFileSync(join(dir, c.file))
  const ctx = { baseUrl: c.base_url, timezone: c.tz, window: { start: c.start, end: c.end }, orgDomain: registrableDomain(c.base_url) }
  let events: Event[] = []
  let error: string | undefined
  try {
    events = runBytes(new Uint8Array(bytes), ctx, CONTENT_TYPES[extname(c.file).toLowerCase()]).events
  } catch (e) {
    error = `pipeline threw: ${(e as Error).message}`
  }
  const results = c.checks.map((check) => (error ? { check, pass: false, reason: error } : judgeCheck(events, check)))
  return { id: c.id, events, results, error }
}
