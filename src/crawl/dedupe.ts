/**
 * Deduplication (DESIGN §6): the same event seen twice (JSON-LD and microdata on one page, or a feed and
 * the event's page) becomes one record keeping the richer value of each field. Two records are the same
 * event when they start at the same instant (or on the same day when one of them has no time) and share an
 * id, a URL or a title, unless they are plainly two events: two identities the same source gave (two
 * iCalendar UIDs), or two places (two branches' storytimes at ten, two street addresses). Pure functions
 * over Event records.
 */
import { parseAddress } from '../geo/address'
import type { Event, NormalizedEvent } from '../model/event'
import { documentMemo } from './document-memo'

const ASCII = /^[\x00-\x7f]*$/
const STATUS_WORDS = /\b(cancell?ed|postponed|rescheduled|sold out|new date|updated?)\b[:!-]*/gi

/** A title reduced for comparison: lower case, no status words, punctuation or extra spaces. */
export function titleKey(title: string | undefined): string {
  if (!title) return ''
  // Long texts (a record's or a page's whole text, read once to find titles in it) are not remembered.
  return title.length > 300 ? computeKey(title) : keyOf(title)
}

/**
 * A piece every match of STATUS_WORDS holds in an ASCII text put in lower case: such a title without one
 * (nearly every title) is spared the pattern's scan. Only for ASCII: a decomposed text can hold upper-case
 * letters again (NFKD turns "ℂ" into "C").
 */
const STATUS_PIECES = ['cancel', 'postponed', 'rescheduled', 'sold out', 'new date', 'update']

/** `lower` (ASCII, lower case) without its status words (STATUS_WORDS), the scan run only when a piece of one is there. */
export function withoutStatusWords(lower: string): string {
  return STATUS_PIECES.some((piece) => lower.includes(piece)) ? lower.replace(STATUS_WORDS, ' ') : lower
}

function computeKey(title: string): string {
  // ASCII has no accents to take off (no Unicode decomposition), and its letters and digits are [a-z0-9].
  const ascii = ASCII.test(title)
  const lower = ascii
    ? title.toLowerCase()
    : title
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
  return (ascii ? withoutStatusWords(lower) : lower.replace(STATUS_WORDS, ' '))
    .replace(/&/g, ' and ')
    .replace(ascii ? /[^a-z0-9]+/g : /[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

// Every title of a document is compared several times (tallies, dedupe, merging with the page).
const keyOf = documentMemo(computeKey)

function urlKey(url: string | undefined | null): string | undefined {
  return url ? urlKeyOf(url) : undefined
}

/** A day's records are compared pairwise: each URL is reduced once per document. */
const urlKeyOf = documentMemo((url: string) =>
  url
    .replace(/#.*$/, '')
    .replace(/\/+$/, '')
    .replace(/^https?:\/\/(www\.)?/i, '')
    .toLowerCase(),
)

/** The distinct words of a title key (read only), once per document. */
const wordsOf = documentMemo((key: string) => new Set(key.split(' ')))

function similarTitles(a: string | undefined, b: string | undefined): boolean {
  const x = titleKey(a)
  const y = titleKey(b)
  if (!x || !y) return false
  if (x === y) return true
  const [short, long] = x.length < y.length ? [x, y] : [y, x]
  if (short.length >= 8 && long.includes(short)) return true
  const wx = wordsOf(x)
  const wy = wordsOf(y)
  let common = 0
  for (const w of wx) if (wy.has(w)) common++
  // The words both titles hold over the words either holds (|wx ∪ wy| = |wx| + |wy| - common).
  return common / (wx.size + wy.size - common) >= 0.75
}

const isTimed = (iso: string | undefined) => !!iso && iso.length > 10
const spansDays = (e: Event) => !isTimed(e.startDate) && !!e.endDate && e.endDate.slice(0, 10) > (e.startDate ?? '')

/** A day's records are compared pairwise: each start is parsed once per document. */
const instantOf = documentMemo((iso: string) => Date.parse(iso))

/** Same start: the same instant when both are timed, the same day when either is date-only (not a span of days beside a timed event: an exhibition and its opening). */
function sameStart(a: Event, b: Event): boolean {
  if (!a.startDate || !b.startDate) return false
  if (a.startDate === b.startDate) return true
  if (isTimed(a.startDate) && isTimed(b.startDate)) {
    const x = instantOf(a.startDate)
    const y = instantOf(b.startDate)
    return Number.isFinite(x) && Number.isFinite(y) ? x === y : a.startDate === b.startDate
  }
  return a.startDate.slice(0, 10) === b.startDate.slice(0, 10) && !(isTimed(a.startDate) !== isTimed(b.startDate) && (spansDays(a) || spansDays(b)))
}

const houseNumbers = new Map<string, string | undefined>()

/**
 * The house number of an address: the number of its street part, as the address parser finds it, so that a
 * room or studio number before the street ("Studio 1, 118 Mill Street") or a postal code never stands in
 * for it. Undefined when the address has no street with a number.
 */
function houseNumber(address: string | null | undefined): string | undefined {
  if (!address) return undefined
  if (houseNumbers.has(address)) return houseNumbers.get(address)
  const street = parseAddress(address).street
  const number = street ? /\b(\d+[a-z]?)\b/i.exec(street)?.[1]?.toLowerCase() : undefined
  if (houseNumbers.size > 10_000) houseNumbers.clear()
  houseNumbers.set(address, number)
  return number
}

/**
 * True when two records name two different places: street addresses with different house numbers that do
 * not contain one another; within one document also venue names that do not contain one another (a
 * feed's "Room 101" and a page's "Main Library" can be one place, so names alone count only there).
 */
export function differentPlaces(a: Event, b: Event, sameDocument = false): boolean {
  const ra = a.address ?? a.venue?.address
  const rb = b.address ?? b.venue?.address
  const ha = houseNumber(ra)
  const hb = houseNumber(rb)
  if (ha && hb && ha !== hb) {
    const aa = titleKey(ra ?? undefined)
    const ab = titleKey(rb ?? undefined)
    if (!aa.includes(ab) && !ab.includes(aa)) return true
  }
  if (!sameDocument) return false
  const na = titleKey(a.venue?.name ?? undefined)
  const nb = titleKey(b.venue?.name ?? undefined)
  return !!na && !!nb && !na.includes(nb) && !nb.includes(na)
}

export type SameEventOptions = {
  /** Both records come from one document: different venue names there mean different events. */
  sameDocument?: boolean
  /** The source's own identities of the two records (`method` + id), when known: two different ones of one method are two events. */
  identities?: [string | undefined, string | undefined]
}

function differentIdentities(identities: SameEventOptions['identities']): boolean {
  const [x, y] = identities ?? []
  if (!x || !y || x === y) return false
  return x.slice(0, x.indexOf('\u0000')) === y.slice(0, y.indexOf('\u0000'))
}

/** True when two records describe the same occurrence of the same event. */
export function sameEvent(a: Event, b: Event, options: SameEventOptions = {}): boolean {
  if (!sameStart(a, b)) return false
  if (a.event_id && a.event_id === b.event_id) return true
  if (differentIdentities(options.identities) || differentPlaces(a, b, options.sameDocument)) return false
  const [ua, ub] = [urlKey(a.url), urlKey(b.url)]
  if (ua && ub && ua === ub && (!a.title || !b.title)) return true
  return similarTitles(a.title, b.title)
}

function filled(v: unknown): number {
  if (v === undefined || v === null) return 0
  if (typeof v === 'object') return Object.values(v as object).filter((x) => x !== null && x !== undefined).length
  return 1
}

const placeWords = (text: string | null | undefined) =>
  (text ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

/** True when `a` names a place inside `b`'s: "Studio B, Riverside Community Centre" refines "Riverside Community Centre". */
function refines(a: Event['venue'], b: Event['venue']): boolean {
  const [na, nb] = [placeWords(a?.name), placeWords(b?.name)]
  return !!na && !!nb && na !== nb && ` ${na} `.includes(` ${nb} `)
}

/** How much a record says about its place: venue fields given, then the length of its address, then of its name. */
function placeDetail(e: Event): number[] {
  return [filled(e.venue), placeWords(e.venue?.address ?? e.address).length, placeWords(e.venue?.name).length]
}

/**
 * The record whose place is the more specific, whichever came first: a venue that refines the other's
 * (a room of the building the other names) wins, else the one with more venue fields, else the longer
 * address, else the longer name; a full tie keeps `a`.
 */
function morePrecisePlace(a: Event, b: Event): Event {
  if (refines(b.venue, a.venue)) return b
  if (refines(a.venue, b.venue)) return a
  const [da, db] = [placeDetail(a), placeDetail(b)]
  const i = da.findIndex((n, k) => n !== db[k])
  return i >= 0 && db[i] > da[i] ? b : a
}

function unionCategories(a: string[] = [], b: string[] = []): string[] | undefined {
  const seen = new Set<string>()
  const out: string[] = []
  for (const c of [...a, ...b]) {
    if (seen.has(c.toLowerCase())) continue
    seen.add(c.toLowerCase())
    out.push(c)
  }
  return out.length ? out : undefined
}

/**
 * Merges two records of one event: the precise time over a date-only one, the longer description, the
 * longer offer list, the more specific venue (see morePrecisePlace), every category, and otherwise the first record's value. The
 * smaller `event_id` is kept, so the merged id does not depend on the order the sources were read in.
 */
export function mergeEvents(a: NormalizedEvent, b: NormalizedEvent): NormalizedEvent {
  const out: NormalizedEvent = { ...b, ...a }
  for (const key of Object.keys(b) as (keyof Event)[]) if (out[key] === undefined) (out as Record<string, unknown>)[key] = b[key]
  const timedFromB = isTimed(b.startDate) && !isTimed(a.startDate)
  if (timedFromB) {
    out.startDate = b.startDate
    if (b.endDate) out.endDate = b.endDate
    else delete out.endDate
    if (b.duration !== undefined) out.duration = b.duration
  }
  if ((b.description?.length ?? 0) > (a.description?.length ?? 0)) out.description = b.description
  if ((b.offers?.length ?? 0) > (a.offers?.length ?? 0)) out.offers = b.offers
  const place = morePrecisePlace(a, b)
  const other = place === a ? b : a
  if (place === b && b.venue) {
    // The place fields travel together: the one-line address and city (with where it came from) of the more specific venue's record.
    out.venue = b.venue
    if (b.address !== undefined) out.address = b.address
    if (b.city !== undefined) {
      out.city = b.city
      if (b._locality) out._locality = b._locality
      else delete out._locality
    }
  }
  if (out.venue && other.venue && (refines(out.venue, other.venue) || placeWords(out.venue.name) === placeWords(other.venue.name))) {
    // The same place (or a room of it): what the other record knows of it fills the gaps.
    out.venue = { ...out.venue, address: out.venue.address ?? other.venue.address, latitude: out.venue.latitude ?? other.venue.latitude, longitude: out.venue.longitude ?? other.venue.longitude }
  }
  if ((b.performers?.length ?? 0) > (a.performers?.length ?? 0)) out.performers = b.performers
  const categories = unionCategories(a.categories, b.categories)
  if (categories) out.categories = categories
  if (a.event_id && b.event_id) out.event_id = a.event_id < b.event_id ? a.event_id : b.event_id
  if (a._external !== undefined && b._external !== undefined) out._external = a._external && b._external
  return out
}

export type DedupeOptions = {
  /** All records come from one document (see `SameEventOptions.sameDocument`). */
  sameDocument?: boolean
  /** Each record's source identity (`method` + NUL + id), aligned with `events`. */
  identities?: (string | undefined)[]
}

/** The instant of a record's timed start, as sameStart reads it; NaN for a date-only or absent start. */
function timedInstant(e: Event): number {
  return isTimed(e.startDate) ? instantOf(e.startDate!) : Number.NaN
}

/** Two timed starts read as two different instants: sameStart answers false for them, so sameEvent does. */
function startsApart(x: number, y: number): boolean {
  return Number.isFinite(x) && Number.isFinite(y) && x !== y
}

/**
 * `dedupeEvents(events, options)`: one record per event occurrence, in the order each was first seen.
 * Quadratic only within a day's events (records are bucketed by local start day).
 */
export function dedupeEvents(events: NormalizedEvent[], options: DedupeOptions = {}): { events: NormalizedEvent[]; merged: number } {
  const byDay = new Map<string, number[]>()
  const out: NormalizedEvent[] = []
  const kept: (string | undefined)[] = []
  // Each kept record's timed start as an instant: a day's records at other times are passed over at once.
  const instants: number[] = []
  let merged = 0
  for (let n = 0; n < events.length; n++) {
    const event = events[n]
    const day = event.startDate?.slice(0, 10) ?? ''
    const bucket = byDay.get(day) ?? []
    const identity = options.identities?.[n]
    const at = timedInstant(event)
    const match = bucket.find((i) => !startsApart(at, instants[i]) && sameEvent(out[i], event, { sameDocument: options.sameDocument, identities: [kept[i], identity] }))
    if (match === undefined) {
      bucket.push(out.length)
      byDay.set(day, bucket)
      out.push(event)
      kept.push(identity)
      instants.push(at)
    } else {
      out[match] = mergeEvents(out[match], event)
      instants[match] = timedInstant(out[match])
      merged++
    }
  }
  return { events: out, merged }
}
