import { dedupeEvents } from './dedupe'
import type { CrawlRequest, FoundEvent, SourceReport } from './crawl-types'
import { inferSiteZone, type ZoneChoice } from './discover/site-zone'
import { assignCities } from './normalize/event-city'
import { isIanaZone } from './shared/time'
import { normalizeCandidates } from './normalize'
import type { Candidate, CandidatePlace, Format } from './candidate-types'

/** One fetched document's candidates, kept until the zone is known and everything can be normalized. */
export type DocumentHarvest = { url: string; kind: string; format: Format; candidates: Candidate[]; source?: SourceReport; organizationPlace?: CandidatePlace }

const mostFrequent = (values: (string | undefined)[]) => {
  const counts = new Map<string, number>()
  for (const v of values) if (isIanaZone(v)) counts.set(v, (counts.get(v) ?? 0) + 1)
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0]
}

/** What the home page tells about where the organization is: its visible text and declared language. */
export type HomeSignals = { text: string; lang?: string }

/** The home page's visible text (scripts and styles dropped) and its language (`<html lang>`, else og:locale or Content-Language). */
export function homeSignals(html: string): HomeSignals {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|tr|h\d|address)>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&middot;|&#183;/g, ' ')
  const lang =
    /<html\b[^>]*\blang\s*=\s*["']?([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*)/i.exec(html)?.[1] ??
    /<meta\b[^>]*\bproperty\s*=\s*["']og:locale["'][^>]*\bcontent\s*=\s*["']([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*)/i.exec(html)?.[1] ??
    /<meta\b[^>]*\bhttp-equiv\s*=\s*["']content-language["'][^>]*\bcontent\s*=\s*["']([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*)/i.exec(html)?.[1]
  return lang ? { text, lang } : { text }
}

/**
 * The organization's zone, needed before normalizing so that a page's floating times are read in the
 * right zone, and how it was chosen. In order: the zone its sources name most often (TZID,
 * X-WR-TIMEZONE, TEC timezone, scheduleTimezone); the one known from an earlier crawl; what its venues,
 * the addresses and phone numbers on its home page, its domain and its language say (`inferSiteZone`).
 */
export function inferZone(harvests: DocumentHarvest[], known?: string, home?: HomeSignals, siteUrl?: string): ZoneChoice | undefined {
  const candidates = harvests.flatMap((h) => h.candidates)
  const named = mostFrequent(candidates.map((c) => c.start?.zone))
  if (named) return { zone: named, how: "named by the calendar sources (TZID, X-WR-TIMEZONE or the platform's timezone)" }
  // An earlier crawl's zone may itself have been guessed: it is treated as inferred.
  if (isIanaZone(known)) return { zone: known, how: 'kept from the previous crawl', inferred: true }
  return inferSiteZone({
    places: candidates.map((c) => c.place).filter((p) => p !== undefined),
    texts: home ? [home.text] : [],
    languages: home?.lang ? [home.lang] : [],
    url: siteUrl ?? harvests[0]?.url,
  })
}

/**
 * The zone of one saved document's organization when the caller names none (`event-index extract`
 * without `--tz`): the same reasoning as a crawl, over that document's events and its own text, language
 * and URL. Undefined when nothing points anywhere (the normalizer then writes UTC and says so).
 */
export function documentZone(body: Uint8Array | string, format: Format, candidates: Candidate[], url: string): ZoneChoice | undefined {
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body.subarray(0, 2_000_000))
  const signals = format === 'html' ? homeSignals(text) : { text }
  return inferZone([{ url, kind: format, format, candidates }], undefined, signals, /^https?:/i.test(url) ? url : undefined)
}

/**
 * Normalizes every document's candidates in the organization's zone and window, then deduplicates
 * across documents (a feed and the event's page become one record, the richer fields kept). Each
 * event keeps the URL of the source it was first found in (as the crawl asked for it, before any
 * redirect, so it matches that source's report); each source learns how many events it gave. Events no
 * document placed get a city from another document's event at the same venue, else from the
 * organization's address as any of its pages states it (a feed has no footer; the site's pages do).
 */
export function collectEvents(harvests: DocumentHarvest[], request: CrawlRequest, zone: string | undefined, scrapedAt: string, zoneInferred = false): { events: FoundEvent[]; warnings: string[] } {
  const warnings: string[] = []
  const sourceOf = new Map<string, string>()
  const all = []
  for (const h of harvests) {
    if (!h.candidates.length) continue
    const ctx = {
      baseUrl: h.url,
      timezone: zone,
      timezoneInferred: zoneInferred,
      window: request.window,
      orgDomain: request.orgDomain,
      ...(h.organizationPlace ? { organizationPlace: h.organizationPlace } : {}),
    }
    const { events, warnings: w } = normalizeCandidates(h.candidates, ctx, { scrapedAt, scriptVersion: request.scriptVersion })
    warnings.push(...w.slice(0, 20).map((x) => `${h.url}: ${x}`))
    if (h.source) h.source.eventCount = events.length
    for (const e of events) if (e.event_id && !sourceOf.has(e.event_id)) sourceOf.set(e.event_id, h.source?.url ?? h.url)
    all.push(...events)
  }
  const { events, merged } = dedupeEvents(all)
  const organizationPlace = harvests.find((h) => h.organizationPlace)?.organizationPlace
  assignCities(
    events.map((event) => ({ event })),
    { zone, organization: organizationPlace },
  )
  if (merged) warnings.push(`${merged} event(s) found in more than one source were merged`)
  return { events: events.map((event) => ({ event, source: sourceOf.get(event.event_id ?? '') ?? request.startUrl })), warnings }
}
