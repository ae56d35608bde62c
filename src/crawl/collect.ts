import { dedupeEvents } from './dedupe'
import type { CrawlRequest, FoundEvent, SourceReport } from './crawl-types'
import { zoneFromAddresses, zoneOfRegion } from './discover/site-zone'
import { isIanaZone } from './normalize/time'
import { normalizeCandidates } from './normalize'
import type { Candidate, Format } from './types'

/** One fetched document's candidates, kept until the zone is known and everything can be normalized. */
export type DocumentHarvest = { url: string; kind: string; format: Format; candidates: Candidate[]; source?: SourceReport }

const mostFrequent = (values: (string | undefined)[]) => {
  const counts = new Map<string, number>()
  for (const v of values) if (isIanaZone(v)) counts.set(v, (counts.get(v) ?? 0) + 1)
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0]
}

/**
 * The organization's zone, needed before normalizing so that a page's floating times are read in the
 * right zone. In order: the zone its sources name most often (TZID, X-WR-TIMEZONE, TEC timezone,
 * scheduleTimezone); the one known from an earlier crawl; the state or province of its venues'
 * addresses; the addresses written on its home page.
 */
export function inferZone(harvests: DocumentHarvest[], known?: string, homeText?: string): string | undefined {
  const candidates = harvests.flatMap((h) => h.candidates)
  return (
    mostFrequent(candidates.map((c) => c.start?.zone)) ??
    (isIanaZone(known) ? known : undefined) ??
    mostFrequent(candidates.map((c) => zoneOfRegion(c.place?.region))) ??
    (homeText ? zoneFromAddresses(homeText) : undefined)
  )
}

/**
 * Normalizes every document's candidates in the organization's zone and window, then deduplicates
 * across documents (a feed and the event's page become one record, the richer fields kept). Each
 * event keeps the URL of the source it was first found in (as the crawl asked for it, before any
 * redirect, so it matches that source's report); each source learns how many events it gave.
 */
export function collectEvents(harvests: DocumentHarvest[], request: CrawlRequest, zone: string | undefined, scrapedAt: string): { events: FoundEvent[]; warnings: string[] } {
  const warnings: string[] = []
  const sourceOf = new Map<string, string>()
  const all = []
  for (const h of harvests) {
    if (!h.candidates.length) continue
    const { events, warnings: w } = normalizeCandidates(h.candidates, { baseUrl: h.url, timezone: zone, window: request.window, orgDomain: request.orgDomain }, { scrapedAt, scriptVersion: request.scriptVersion })
    warnings.push(...w.slice(0, 20).map((x) => `${h.url}: ${x}`))
    if (h.source) h.source.eventCount = events.length
    for (const e of events) if (e.event_id && !sourceOf.has(e.event_id)) sourceOf.set(e.event_id, h.source?.url ?? h.url)
    all.push(...events)
  }
  const { events, merged } = dedupeEvents(all)
  if (merged) warnings.push(`${merged} event(s) found in more than one source were merged`)
  return { events: events.map((event) => ({ event, source: sourceOf.get(event.event_id ?? '') ?? request.startUrl })), warnings }
}
