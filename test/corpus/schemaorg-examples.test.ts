// Pins schema.org conformance (corpus `schemaorg/event-examples.json`, 34 Event-family examples):
// 1. the JSON-LD rendering, through extractHtml + normalizeCandidates, yields every Event of the
//    example's `jsonld_parsed` with its stated fields (name, dates, location, offers, performers,
//    organizer, status, attendance mode, url, description, image) — checked against the parsed JSON
//    directly;
// 2. the microdata and RDFa renderings yield the same records as the JSON-LD rendering, field by field,
//    except for differences the upstream renderings really have (listed below, and asserted to differ);
// 3. every normalized record validates against EventSchema.
// An Event node counts when it has a name and a startDate (or an eventSchedule): the others (no date:
// eg-0191, eg-0228, eg-0419; no name: broadcast publications, release events) may yield nothing.
import { describe, expect, it } from 'bun:test'
import { Value } from '@sinclair/typebox/value'
import { decodeHTML } from 'entities'
import { extractHtml } from '../../src/crawl/extract/html'
import { normalizeCandidates } from '../../src/crawl/normalize'
import { EventSchema, type Event } from '../../src/model/event'
import type { ExtractContext } from '../../src/crawl/candidate-types'
import { CORPUS, canonicalIso } from '../helpers/corpus'

type Example = { id: string; jsonld_html: string; microdata_html: string | null; rdfa_html: string | null; jsonld_parsed: unknown[] }
type Node = Record<string, unknown>

const examples = (await Bun.file(`${CORPUS}/schemaorg/event-examples.json`).json()) as Example[]
const BASE = 'https://example.org/events/'
const ctx: ExtractContext = { baseUrl: BASE, window: { start: '2000-01-01', end: '2030-12-31' } }
const RENDERINGS = ['microdata_html', 'rdfa_html'] as const

/** Fields where an example's microdata/RDFa rendering says something else than its JSON-LD (verified by reading them). */
const UPSTREAM_DIFFERENCES: Record<string, string[]> = {
  'eg-0009/microdata_html': ['title'], // events named after venues ("FedExForum") where the JSON-LD has no name
  'eg-0009/rdfa_html': ['title'],
  'eg-0166/microdata_html': ['title'], // the episode's name ("The Hungry Earth") is only in the markup
  'eg-0166/rdfa_html': ['title'],
  'eg-0167/microdata_html': ['title'],
  'eg-0167/rdfa_html': ['title'],
  'eg-0189/microdata_html': ['more_info_website'], // the venue links to Wikipedia only in the markup
  'eg-0189/rdfa_html': ['more_info_website'],
  'eg-0419/microdata_html': ['title'], // `Jaws 3-D"` with a stray quote in the markup
  'eg-0419/rdfa_html': ['title'],
  'eg-0426/microdata_html': ['title', 'url', 'website', 'more_info_website', 'venue'], // "The 2016 Missoula Marathon", another url, no venue name or url
  'eg-0426/rdfa_html': ['title', 'url', 'website', 'more_info_website', 'venue'],
  'eg-0436/microdata_html': ['title'], // the name is written in quotes in the markup
  'eg-0436/rdfa_html': ['title', 'startDate', 'endDate'], // and the RDFa gives other dates
}

const localType = (t: unknown) => String(t).replace(/^https?:\/\/schema\.org\//, '')
const typesOf = (n: Node) => (Array.isArray(n['@type'] ?? n.type) ? ((n['@type'] ?? n.type) as unknown[]) : [n['@type'] ?? n.type]).map(localType)
const isEventNode = (n: Node) => typesOf(n).some((t) => /Event$/.test(t) && t !== 'InstantaneousEvent')
const text = (v: unknown) => decodeHTML(String(v)).replace(/\s+/g, ' ').trim()
const list = (v: unknown) => (v === undefined ? [] : Array.isArray(v) ? v : [v])

/** Every Event node of a parsed JSON-LD document, at any depth, that the rule says must become a record. */
function eventNodes(value: unknown, out: Node[] = []): Node[] {
  if (Array.isArray(value)) for (const v of value) eventNodes(v, out)
  else if (typeof value === 'object' && value !== null) {
    const n = value as Node
    if (isEventNode(n) && n.name && (n.startDate || n.eventSchedule)) out.push(n)
    for (const v of Object.values(n)) eventNodes(v, out)
  }
  return out
}

function run(html: string): { events: Event[]; warnings: string[] } {
  const extracted = extractHtml(html, ctx)
  return normalizeCandidates(extracted.candidates, ctx, { scrapedAt: '2026-01-01T00:00:00.000Z', scriptVersion: 'test' })
}

/**
 * The offset-normalized start the record must show for a node's startDate: UTC written as +00:00, and a
 * time without offset (no zone is known here) written in UTC as the last resort.
 */
const expectedStart = (v: unknown) => {
  const iso = canonicalIso(String(v)).replace(/Z$/, '+00:00')
  return iso.length === 19 ? `${iso}+00:00` : iso
}

/** Checks one record against the node it came from; returns the names of the fields that disagree. */
function disagreements(node: Node, e: Event): string[] {
  const bad: string[] = []
  const check = (field: string, ok: boolean) => ok || bad.push(field)
  if (node.endDate) check('endDate', e.endDate === expectedStart(node.endDate))
  if (node.url) check('url', e.url === new URL(String(node.url), BASE).href)
  if (node.description) check('description', (e.description ?? '').replace(/\s+/g, ' ') === text(node.description))
  if (node.eventStatus) check('eventStatus', e.eventStatus === localType(node.eventStatus))
  if (node.eventAttendanceMode) check('attendanceMode', e.attendanceMode === localType(node.eventAttendanceMode))
  const image = list(node.image)[0]
  if (typeof image === 'string') check('image_url', e.image_url === new URL(image, BASE).href)
  const organizer = node.organizer as Node | undefined
  if (organizer?.name) check('organizer', e.organizer?.name === organizer.name)
  const performers = list(node.performer)
    .map((p) => (p as Node).name)
    .filter(Boolean)
  if (performers.length) check('performers', JSON.stringify(e.performers?.map((p) => p.name)) === JSON.stringify(performers))
  for (const loc of list(node.location)) {
    if (typeof loc === 'string') check('location', e.venue?.name === loc || e.address === loc)
    const l = loc as Node
    if (typeof loc !== 'object' || typesOf(l).includes('VirtualLocation')) continue
    if (l.name) check('venue.name', e.venue?.name === l.name)
    const address = (typesOf(l).includes('PostalAddress') ? l : l.address) as Node | string | undefined
    if (typeof address === 'string') check('address', e.address === address)
    else if (address) {
      if (address.addressLocality) check('city', e.city === address.addressLocality)
      if (address.streetAddress) check('address', !!e.address?.startsWith(String(address.streetAddress)))
    }
  }
  const offers = list(node.offers).filter((o) => typeof o === 'object') as Node[]
  for (const [i, o] of offers.entries()) {
    const price = o.price ?? o.lowPrice
    if (price !== undefined) check(`offers[${i}].price`, e.offers?.[i]?.price === Number(price))
    if (o.priceCurrency) check(`offers[${i}].priceCurrency`, e.offers?.[i]?.priceCurrency === o.priceCurrency)
    if (o.url) check(`offers[${i}].url`, e.offers?.[i]?.url === new URL(String(o.url), BASE).href)
    if (o.availability) check(`offers[${i}].availability`, e.offers?.[i]?.availability === localType(o.availability))
  }
  return bad
}

const PATTERNS: Record<string, string> = { P1D: 'daily', P1W: 'weekly', P1M: 'monthly', P1Y: 'yearly' }

/**
 * A schedule node's records: one per occurrence at the schedule's start time; `schedule` with the
 * schedule's zone and pattern when it names a zone, and none when no zone is known (resolvedZone would be
 * invented).
 */
function scheduleDisagreements(node: Node, records: Event[]): string[] {
  const bad: string[] = []
  const schedules = list(node.eventSchedule) as Node[]
  const times = new Set(schedules.map((s) => String(s.startTime ?? '').slice(0, 8)))
  for (const e of records) if (!times.has(e.startDate!.slice(11, 19))) bad.push(`start time ${e.startDate}`)
  const zone = schedules[0].scheduleTimezone
  const schedule = records[0].schedule
  if (!zone) return schedule ? [...bad, 'schedule without a known zone'] : bad
  if (schedule?.recurrence.resolvedZone !== zone) bad.push(`resolvedZone ${schedule?.recurrence.resolvedZone}`)
  const pattern = PATTERNS[String(schedules[0].repeatFrequency)]
  if (pattern && schedule?.recurrence.pattern !== pattern) bad.push(`pattern ${schedule?.recurrence.pattern}`)
  if (schedules[0].repeatCount && records.length !== Number(schedules[0].repeatCount)) bad.push(`count ${records.length}`)
  return bad
}

const PROJECTED: (keyof Event)[] = [
  'title',
  'startDate',
  'endDate',
  'eventStatus',
  'attendanceMode',
  'url',
  'website',
  'description',
  'image_url',
  'venue',
  'address',
  'city',
  'offers',
  'performers',
  'organizer',
  'more_info_website',
  'isAccessibleForFree',
  'cost',
  'is_online',
  'schedule',
]

/**
 * What keeps an example's JSON-LD rendering from conforming: for each selected node, no record, or the
 * fields that disagree with it; and every record that fails EventSchema. Empty when it conforms.
 */
function jsonldProblems(ex: Example): string[] {
  const { events } = run(ex.jsonld_html)
  const problems: string[] = []
  for (const node of eventNodes(ex.jsonld_parsed)) {
    const label = `${ex.id} ${String(node.name)}`
    const matches = events.filter((e) => e.title === text(node.name) && (!node.startDate || e.startDate === expectedStart(node.startDate)))
    if (!matches.length) {
      problems.push(`${label}: no record`)
      continue
    }
    for (const field of disagreements(node, matches[0])) problems.push(`${label}: ${field}`)
    if (node.eventSchedule) for (const field of scheduleDisagreements(node, matches)) problems.push(`${label} schedule: ${field}`)
  }
  for (const e of events.filter((e): boolean => !Value.Check(EventSchema, e))) problems.push(`${ex.id} ${e.title}: ${JSON.stringify([...Value.Errors(EventSchema, e)].slice(0, 3))}`)
  return problems
}

describe('schema.org examples: JSON-LD rendering against jsonld_parsed', () => {
  for (const ex of examples) {
    it(`${ex.id}: ${eventNodes(ex.jsonld_parsed).length} event node(s) become records with their fields`, () => {
      expect(jsonldProblems(ex)).toEqual([])
    })
  }
  it('counts every node the rule selects', () => {
    const expectedTotal = examples.reduce((n, ex) => n + eventNodes(ex.jsonld_parsed).length, 0)
    const passed = examples.reduce((n, ex) => n + (jsonldProblems(ex).length ? 0 : eventNodes(ex.jsonld_parsed).length), 0)
    expect(passed).toBe(expectedTotal)
    expect(expectedTotal).toBeGreaterThanOrEqual(25)
    process.stderr.write(`schema.org examples, jsonld_html: ${passed}/${expectedTotal} event nodes conform\n`)
  })
})

describe('schema.org examples: eventSchedule with the organization’s zone', () => {
  it('eg-0303 (first and third Wednesdays, no scheduleTimezone) gets a schedule in the organization’s zone', () => {
    const ex = examples.find((e) => e.id === 'eg-0303')!
    const orgCtx: ExtractContext = { ...ctx, timezone: 'America/New_York', window: { start: '2026-06-01', end: '2026-07-31' } }
    const { events } = normalizeCandidates(extractHtml(ex.jsonld_html, orgCtx).candidates, orgCtx)
    expect(events.map((e) => e.startDate)).toEqual(['2026-06-03T20:00:00-04:00', '2026-06-17T20:00:00-04:00', '2026-07-01T20:00:00-04:00', '2026-07-15T20:00:00-04:00'])
    expect(events[0].endDate).toBe('2026-06-03T22:00:00-04:00')
    expect(events[0].schedule?.recurrence).toMatchObject({ pattern: 'monthly', weekdays: ['WE'], ordinal: [1, 3], resolvedZone: 'America/New_York' })
    expect(new Set(events.map((e) => e.event_id)).size).toBe(4)
  })
})

type Rendering = (typeof RENDERINGS)[number]

/**
 * Where an example's microdata or RDFa rendering differs from its JSON-LD rendering, beyond the listed
 * upstream differences; and a listed difference that is not there (a stale list). Empty when they agree.
 */
function renderingProblems(ex: Example, rendering: Rendering): string[] {
  const reference = run(ex.jsonld_html).events
  const actual = run(ex[rendering]!).events
  const problems: string[] = []
  for (const e of actual.filter((e): boolean => !Value.Check(EventSchema, e))) problems.push(`${ex.id} ${e.title}: not an EventSchema record`)
  const known = UPSTREAM_DIFFERENCES[`${ex.id}/${rendering}`] ?? []
  const seen = new Set<string>()
  for (const ref of reference) {
    const match = actual.find((a) => a.title === ref.title && a.startDate === ref.startDate) ?? actual.find((a) => a.startDate === ref.startDate || known.includes('startDate'))
    if (!match) {
      problems.push(`${ex.id}: no record for ${ref.title} ${ref.startDate}`)
      continue
    }
    for (const field of PROJECTED) {
      if (ref[field] === undefined) continue
      const same = JSON.stringify(match[field]) === JSON.stringify(ref[field])
      if (known.includes(field)) {
        if (!same) seen.add(field)
      } else if (!same) problems.push(`${ex.id} ${rendering} ${field}: ${JSON.stringify(match[field])} instead of ${JSON.stringify(ref[field])}`)
    }
  }
  // Every listed upstream difference must really be there, or the list is stale.
  const listed = known.filter((f) => reference.some((r) => r[f as keyof Event] !== undefined)).sort()
  if (JSON.stringify([...seen].sort()) !== JSON.stringify(listed))
    problems.push(`${ex.id} ${rendering}: upstream differences seen ${JSON.stringify([...seen].sort())}, listed ${JSON.stringify(listed)}`)
  return problems
}

for (const rendering of RENDERINGS) {
  describe(`schema.org examples: ${rendering} against the JSON-LD rendering`, () => {
    const withRendering = examples.filter((ex) => ex[rendering])
    for (const ex of withRendering) {
      it(`${ex.id} yields the JSON-LD rendering's records`, () => {
        expect(renderingProblems(ex, rendering)).toEqual([])
      })
    }
    it('counts the examples with this rendering', () => {
      const passed = withRendering.filter((ex) => renderingProblems(ex, rendering).length === 0).length
      expect(passed).toBe(withRendering.length)
      expect(withRendering.length).toBeGreaterThanOrEqual(15)
      process.stderr.write(`schema.org examples, ${rendering}: ${passed}/${withRendering.length} examples match the JSON-LD rendering\n`)
    })
  })
}
