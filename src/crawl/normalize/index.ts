/**
 * The normalize stage (DESIGN §6): Candidates in source terms become the spec's Event records. Each
 * candidate yields one record per occurrence inside the window; fields the source does not state stay
 * absent; a candidate that cannot become a record (no title, no usable start) is dropped with a warning
 * naming it. Records of one document are deduplicated before they are returned.
 */
import { EventSchema, type Event, type NormalizedEvent } from '../../model/event'
import { VERSION } from '../../version'
import { dedupeEvents, differentPlaces, titleKey } from '../dedupe'
import { startDocument } from '../document-memo'
import type { Candidate, ExtractContext, WallTime } from '../candidate-types'
import { overlapsWindow, resolveOccurrence } from './dates'
import { assignCities } from './event-city'
import { eventId } from './ids'
import type { Draft } from './draft'
import { planOccurrences, zoneFor } from './occurrences'
import { baseRecord } from './record'
import { attachSeriesSchedules } from './recurrence/instance-series'
import { registrableDomain } from '../shared/urls'

export type NormalizeOptions = { scrapedAt?: string; scriptVersion?: string }

const FIELD_ORDER = Object.keys(EventSchema.properties) as (keyof Event)[]

/**
 * The record with its fields in the schema's order (undefined ones left out), plus `_locality`: the
 * schema's thirty fields asked for in turn, which costs less than reading the record's own keys and
 * placing each by rank.
 */
function ordered(e: NormalizedEvent): NormalizedEvent {
  const out: Record<string, unknown> = {}
  for (const key of FIELD_ORDER) {
    const value = e[key]
    if (value !== undefined) out[key] = value
  }
  if (e._locality) out._locality = e._locality
  return out as NormalizedEvent
}

function label(c: Candidate): string {
  const name = c.title ? `"${c.title.slice(0, 80)}"` : 'untitled event'
  return `${name} (${c.source.method}${c.source.id ? ` ${c.source.id}` : ''})`
}

/** resolveOccurrence's two options (one object each, not one per occurrence). */
const ZONE_INFERRED = { zoneInferred: true }
const ZONE_NAMED = { zoneInferred: false }

const STRUCTURED_FEEDS = new Set(['ics', 'tec-json', 'squarespace-json', 'localist-json', 'trumba-json', 'json-events'])

type Tally = { floating: number; titles: Map<string, number> }

/** Adds the candidate's drafts to `drafts`; `key` is its title's key (titleKey). */
function normalizeOne(c: Candidate, key: string, ctx: ExtractContext, orgDomain: string | undefined, warnings: string[], tally: Tally, drafts: Draft[]): void {
  const base = baseRecord(c, { baseUrl: ctx.baseUrl, orgDomain })
  if (!base.fields.title) {
    warnings.push(`${label(c)} dropped: no title`)
    return
  }
  const zone = zoneFor(c, ctx, base)
  // Calendar feeds state every occurrence (or an RRULE) themselves: "monthly meeting" in an iCalendar
  // description does not make a single VEVENT recur. Prose in descriptions counts only on web pages.
  const listedOnce = !c.seriesKey && !STRUCTURED_FEEDS.has(c.source.format) && (tally.titles.get(key) ?? 0) <= 1
  const occurrences = planOccurrences(c, { zone, window: ctx.window, description: base.descriptionText, allowDescriptionProse: listedOnce }, warnings)
  if (!occurrences.length) {
    if (!c.start && !c.schedule && !c.recurrence) warnings.push(`${label(c)} dropped: no usable start date`)
    return
  }
  let floating = false
  for (let i = 0; i < occurrences.length; i++) {
    const occ = occurrences[i]
    const source = occ.override ?? c
    const occZone = occ.zone ?? zone
    const r = resolveOccurrence(occ.start, occ.end, occ.end ? undefined : (source.duration ?? c.duration), occZone, !!ctx.timezoneInferred && occZone === ctx.timezone ? ZONE_INFERRED : ZONE_NAMED)
    for (const note of r.notes) warnings.push(`${label(c)}: ${note}`)
    if (!overlapsWindow(r, ctx.window)) continue
    const fields = occ.override ? { ...base.fields, ...baseRecord({ ...c, ...occ.override, source: c.source }, { baseUrl: ctx.baseUrl, orgDomain }).fields } : base.fields
    // An override's fields are its own; the candidate's last occurrence takes the shared fields object itself
    // (every other one has copied it by then).
    const event: Event = fields !== base.fields || i === occurrences.length - 1 ? fields : { ...fields }
    event.startDate = r.start.iso
    if (r.end) event.endDate = r.end.iso
    if (r.duration) event.duration = r.duration
    const schedule = occ.schedule ?? occ.describe?.()
    if (schedule) event.schedule = schedule
    if (!r.start.allDay && !r.start.zoned) floating = true
    const draftZone = r.start.zone ?? occZone
    drafts.push(
      occ.end ? { event, candidate: c, startMs: r.start.ms, start: occ.start, end: occ.end, zone: draftZone } : { event, candidate: c, startMs: r.start.ms, start: occ.start, zone: draftZone },
    )
  }
  if (floating) tally.floating++
}

/** Gives each draft its `event_id`; two different events that would share one are told apart by title, then by place. */
function assignIds(drafts: Draft[], domain: string, documentUrl: string) {
  const seen = new Map<string, Event>()
  for (const d of drafts) {
    const input = { domain, sourceId: d.candidate.source.id, url: d.event.url, documentUrl: d.candidate.source.url || documentUrl, title: d.event.title, start: d.event.startDate! }
    let id = eventId(input)
    const owner = seen.get(id)
    if (owner) {
      const title = (d.event.title ?? '').toLowerCase()
      if ((owner.title ?? '').toLowerCase() !== title) id = eventId(input, title)
      else if (differentPlaces(owner, d.event, true)) id = eventId(input, `${title}\u0000${(d.event.venue?.name ?? '').toLowerCase()}\u0000${(d.event.address ?? '').toLowerCase()}`)
    }
    seen.set(id, d.event)
    d.event.event_id = id
  }
}

/**
 * `normalizeCandidates(candidates, ctx, options)`: Event records valid against `EventSchema`, one per
 * occurrence in `ctx.window`, deduplicated and sorted by start. `options.scrapedAt` (ISO timestamp) and
 * `options.scriptVersion` fill `_source`; they default to now and the release.
 */
export function normalizeCandidates(candidates: Candidate[], ctx: ExtractContext, options: NormalizeOptions = {}): { events: NormalizedEvent[]; warnings: string[] } {
  startDocument()
  const warnings: string[] = []
  const orgDomain = ctx.orgDomain ?? registrableDomain(ctx.baseUrl)
  const drafts: Draft[] = []
  const tally: Tally = { floating: 0, titles: new Map() }
  const keys = candidates.map((c) => titleKey(c.title))
  for (const key of keys) tally.titles.set(key, (tally.titles.get(key) ?? 0) + 1)
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i]
    // A candidate that fails adds none of its drafts.
    const before = drafts.length
    try {
      normalizeOne(c, keys[i], ctx, orgDomain, warnings, tally, drafts)
    } catch (error) {
      drafts.length = before
      warnings.push(`${label(c)} dropped: ${(error as Error).message}`)
    }
  }
  assignCities(
    drafts.map((d) => ({ event: d.event, place: d.candidate.place })),
    { zone: ctx.timezone, organization: ctx.organizationPlace },
  )
  if (tally.floating)
    warnings.push(
      `${tally.floating} event(s) have times but no known time zone (none from the source, the organization or the venue): written in UTC (+00:00) as the last resort: pass --tz or the organization's zone`,
    )
  try {
    attachSeriesSchedules(drafts)
  } catch (error) {
    warnings.push(`series detection failed: ${(error as Error).message}`)
  }
  const domain = orgDomain ?? 'unknown'
  assignIds(drafts, domain, ctx.baseUrl)
  const scrapedAt = options.scrapedAt ?? new Date().toISOString()
  const _source = { domain, scrapedAt, scriptVersion: options.scriptVersion ?? VERSION }
  drafts.sort((a, b) => a.startMs - b.startMs)
  const identities = drafts.map((d) => (d.candidate.source.id ? `${d.candidate.source.method}\u0000${d.candidate.source.id}` : undefined))
  // Each draft's event is its own object: it takes `_source` in place rather than being copied again.
  for (const d of drafts) d.event._source = _source
  const { events, merged } = dedupeEvents(
    drafts.map((d) => d.event),
    { sameDocument: true, identities },
  )
  if (merged) warnings.push(`${merged} duplicate record(s) merged`)
  return { events: events.map(ordered), warnings }
}
