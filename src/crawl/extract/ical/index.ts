/**
 * iCalendar feeds (`.ics`, `webcal:`, Google/Outlook/WordPress exports) → candidates (DESIGN §6 "Extract",
 * §9 iCalendar pitfalls). A series stays one candidate with its RRULE/RDATE/EXDATE and its RECURRENCE-ID
 * overrides attached; the normalizer expands it. Pre-expanded feeds (many VEVENTs sharing a UID, no RRULE)
 * give one candidate per VEVENT. Bad input gives warnings plus whatever could be saved, never a throw.
 */
import { expandRecurrence } from '../../shared/rrule/expand'
import type { Candidate, ExtractContext, ExtractResult, RecurrenceSpec, WallTime } from '../../candidate-types'
import { addDays } from '../../../model/dates'
import { readEvent, type RawEvent } from './vevent'
import { calendarProperty, propertyName, rawValue, splitIcs, type IcsBlock } from './content-lines'
import { findVenue, readVenue, venueReference, withVenue, type Venue } from './vvenue'
import { buildZoneTable, customOffset } from './vtimezone'

/** Fields an override VEVENT that leaves them out takes from its master. */
const INHERITED: (keyof Candidate)[] = ['title', 'description', 'url', 'place', 'onlineUrl', 'organizer', 'image', 'categories', 'status']

function mergeOverride(master: Candidate, override: Candidate): Candidate {
  const merged: Candidate = { ...override }
  for (const key of INHERITED) if (merged[key] === undefined && master[key] !== undefined) Object.assign(merged, { [key]: master[key] })
  return merged
}

const isSeries = (e: RawEvent) => !!e.rrule || e.rdates.length > 0 || e.periods.length > 0

/** Keeps, per key, the VEVENT with the highest SEQUENCE (a feed that repeats an updated component). */
function latest(events: RawEvent[], key: (e: RawEvent) => string): RawEvent[] {
  const best = new Map<string, RawEvent>()
  for (const e of events) {
    const k = key(e)
    const seen = best.get(k)
    if (!seen || e.sequence > seen.sequence) best.set(k, e)
  }
  return [...best.values()]
}

const timeKey = (w?: WallTime) => (w ? `${w.date}T${w.time ?? ''}${w.offset ?? ''}` : '')

function recurrenceOf(master: RawEvent, overrides: RawEvent[]): RecurrenceSpec {
  const spec: RecurrenceSpec = {}
  if (master.rrule) spec.rrule = master.rrule
  const rdates = [...master.rdates, ...master.periods.map((p) => p.start)]
  if (rdates.length) spec.rdates = rdates
  if (master.exdates.length) spec.exdates = master.exdates
  const list = [
    // An RDATE with a period has its own end: it is an occurrence that overrides the series' length.
    ...master.periods.map((p) => ({ recurrenceId: p.start, candidate: { ...stripSeries(master.candidate), start: p.start, end: p.end } })),
    ...overrides.map((o) => ({ recurrenceId: o.recurrenceId!, candidate: mergeOverride(stripSeries(master.candidate), o.candidate) })),
  ]
  if (list.length) spec.overrides = list
  return spec
}

function stripSeries(c: Candidate): Candidate {
  const { recurrence: _r, end: _e, duration: _d, ...rest } = c
  return rest
}

/**
 * A series in a custom VTIMEZONE (no IANA name) cannot be expanded by the normalizer without that zone's
 * rules, so it is expanded here, on the zone's wall clock, and every occurrence is written with the offset
 * the VTIMEZONE gives it (`expanded: true`).
 */
function preExpand(master: RawEvent, spec: RecurrenceSpec, window: ExtractContext['window']): RecurrenceSpec {
  const tz = master.customZone!
  const floating = (w: WallTime): WallTime => ({ date: w.date, ...(w.time ? { time: w.time } : {}) })
  const fixed = (w: WallTime): WallTime => (w.time ? { date: w.date, time: w.time, offset: customOffset(tz, w.date, w.time) } : w)
  const occurrences = expandRecurrence({
    start: floating(master.candidate.start!),
    end: master.candidate.end && floating(master.candidate.end),
    duration: master.candidate.duration,
    recurrence: { rrule: spec.rrule, rdates: spec.rdates?.map(floating), exdates: spec.exdates?.map(floating) },
    window,
  })
  return { ...(spec.rrule ? { rrule: spec.rrule } : {}), rdates: occurrences.map((o) => fixed(o.start)), ...(spec.overrides ? { overrides: spec.overrides } : {}), expanded: true }
}

/** True when a one-off candidate lies wholly outside the window (a day of margin for zone differences). */
function outsideWindow(c: Candidate, window: ExtractContext['window']): boolean {
  const first = c.start!.date
  const last = c.end?.date ?? first
  return last < addDays(window.start, -1) || first > addDays(window.end, 1)
}

/** Fills an event's place from the VVENUE it refers to (by reference, nesting or name), when there is one. */
function placeAtVenue(event: RawEvent, block: IcsBlock, venues: { venue: Venue; owner?: number }[]): RawEvent {
  const location = block.lines.find((l) => propertyName(l) === 'LOCATION')
  const venue = findVenue(venues, block.line, venueReference(block.lines), location === undefined ? undefined : rawValue(location))
  if (!venue) return event
  return { ...event, candidate: { ...event.candidate, place: withVenue(event.candidate.place, venue) } }
}

/**
 * Extracts every public event of an iCalendar document. Series keep their recurrence for the normalizer;
 * one-off events outside the window (±1 day) are dropped here; CLASS:PRIVATE and CONFIDENTIAL events are
 * skipped. Never throws: each component is read on its own, and problems become warnings.
 */
export function extractIcs(text: string, ctx: ExtractContext): ExtractResult {
  const warnings: string[] = []
  const candidates: Candidate[] = []
  try {
    const doc = splitIcs(typeof text === 'string' ? text : '', warnings)
    if (!doc.sawCalendar && !doc.blocks.length) warnings.push('ics: no VCALENDAR or VEVENT found')
    const zones = buildZoneTable(doc.blocks, calendarProperty(doc, 'X-WR-TIMEZONE'), warnings)
    const events: RawEvent[] = []
    const venues = doc.blocks
      .filter((b) => b.kind === 'VVENUE')
      .flatMap((b) => {
        const venue = readVenue(b)
        return venue ? [{ venue, owner: b.owner }] : []
      })
    for (const block of doc.blocks.filter((b) => b.kind === 'VEVENT')) {
      try {
        const event = readEvent(block, zones, ctx.baseUrl, warnings)
        if (event) events.push(venues.length ? placeAtVenue(event, block, venues) : event)
      } catch (e) {
        warnings.push(`ics: VEVENT at line ${block.line} could not be read (${(e as Error).message})`)
      }
    }
    const hidden = events.filter((e) => e.private).length
    if (hidden) warnings.push(`ics: ${hidden} private or confidential event(s) skipped`)
    const visible = events.filter((e) => !e.private)
    const masters = latest(
      visible.filter((e) => !e.recurrenceId),
      (e) => (isSeries(e) ? `${e.uid ?? e.line}` : `${e.uid ?? e.line}|${timeKey(e.candidate.start)}`),
    )
    const overrides = latest(
      visible.filter((e) => e.recurrenceId),
      (e) => `${e.uid ?? e.line}|${timeKey(e.recurrenceId)}`,
    )
    const attached = new Set<RawEvent>()
    for (const master of masters) {
      if (!isSeries(master)) {
        if (!outsideWindow(master.candidate, ctx.window)) candidates.push(master.candidate)
        continue
      }
      const mine = overrides.filter((o) => o.uid !== undefined && o.uid === master.uid)
      mine.forEach((o) => attached.add(o))
      let spec = recurrenceOf(master, mine)
      if (master.customZone) spec = preExpand(master, spec, ctx.window)
      candidates.push({ ...master.candidate, recurrence: spec })
    }
    // An override whose master is not in the feed is an event of its own.
    for (const o of overrides) if (!attached.has(o) && !outsideWindow(o.candidate, ctx.window)) candidates.push(o.candidate)
  } catch (e) {
    warnings.push(`ics: extraction stopped early (${(e as Error).message})`)
  }
  return { format: 'ics', candidates, warnings }
}
