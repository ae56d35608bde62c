/**
 * RSS 2.0 / RSS 1.0 and Atom feeds that carry events. Event dates come from the event namespaces feeds use
 * (`ev:startdate` of the RSS event module, `xCal:dtstart`, Google's `gd:when`, LibCal's and Trumba's
 * elements, CivicPlus' `calendarEvent:EventDates`, matched by local name), else from a `pubDate` the feed
 * shows to be the event's (feed-dates.ts), else from `<time datetime>` elements or prose dates in the item's
 * content, read in the feed's language (feed-content.ts).
 * Otherwise `pubDate` is when the post was published, never the event's date, so an item with no event
 * date is not an event. A feed served as text/html is still a feed (detection reads the content).
 */
import { XMLParser } from 'fast-xml-parser'
import type { Candidate, CandidatePlace, ExtractContext, ExtractResult, Format, WallTime } from '../candidate-types'
import { parseIsoDateTime, parseRfc822 } from '../shared/datetime'
import { type DateLocale, pickDateLocale } from './date-locale'
import { contentTimes, type FeedWhen, proseWhen, titleWithoutDay } from './feed-content'
import { civicPlusWhen, pubDateRange, pubDatesAreEventDates } from './feed-dates'
import { asArray, asRecord, feedDate, put, str } from './feed-utils'
import { placeFromText } from './json-events/record'
import { parseClock } from './json-events/values'

type Json = Record<string, unknown>
const START_NAMES = new Set(['startdate', 'dtstart', 'start', 'eventstart', 'startdatetime', 'event_start', 'eventdate', 'date_start', 'localstart'])
const END_NAMES = new Set(['enddate', 'dtend', 'end', 'eventend', 'enddatetime', 'event_end', 'date_end', 'localend'])
const DAY_NAMES = new Set(['date', 'eventday', 'day'])
const LOCATION_NAMES = new Set(['location', 'venue', 'where', 'eventlocation'])
const CIVICPLUS_DATES = new Set(['eventdates'])
const CIVICPLUS_TIMES = new Set(['eventtimes'])
const MAX_XML = 20_000_000

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => ['item', 'entry', 'category', 'link', 'gd:when', 'when'].includes(name),
})

function localName(key: string): string {
  return key.slice(key.indexOf(':') + 1).toLowerCase()
}

/** Text of an XML value: a string, or an element's `#text` (attributes ignored). */
function xtext(value: unknown): string | undefined {
  if (Array.isArray(value)) return xtext(value[0])
  const r = asRecord(value)
  return r ? str(r['#text']) : str(value)
}

function byLocalName(item: Json, names: Set<string>, except: Set<string> = new Set()): unknown {
  for (const [key, value] of Object.entries(item)) {
    if (!key.includes(':') && !except.has(key)) continue
    if (names.has(localName(key))) return value
  }
  return undefined
}

function atomLink(entry: Json): string | undefined {
  const links = asArray(entry.link)
    .map(asRecord)
    .filter((l): l is Json => !!l)
  const alt = links.find((l) => !l['@_rel'] || l['@_rel'] === 'alternate') ?? links[0]
  return str(alt?.['@_href'])
}

/** The event's days from its namespaced elements, else from the prose of its title and content. */
/**
 * An event element's value: its text, with the offset of a `tzOffset` attribute (Trumba's
 * `x-trumba:localstart tzOffset="-04:00"`), or joined to the item's date element when it is a clock time
 * alone (LibCal's `libcal:start` beside `libcal:date`).
 */
function eventTime(item: Json, names: Set<string>, ref: string): WallTime | undefined {
  const raw = byLocalName(item, names)
  const text = xtext(raw)
  if (!text) return undefined
  const clock = parseClock(text)
  if (clock) {
    const day = feedDate(xtext(byLocalName(item, DAY_NAMES)), ref)?.date
    return day ? { date: day, time: clock } : undefined
  }
  const offset = str(asRecord(Array.isArray(raw) ? raw[0] : raw)?.['@_tzOffset'])
  const wall = feedDate(text, ref)
  return wall?.time && !wall.offset && offset && /^[+-]\d{2}:?\d{2}$/.test(offset) ? { ...wall, offset: `${offset.slice(0, 3)}:${offset.slice(-2)}` } : wall
}

/** What the whole feed tells about its items: whether `pubDate` is the event's, and its dates' language. */
type FeedFacts = { pubDateIsEvent: boolean; locale: DateLocale }
const DTEND = new Set(['dtend'])

/**
 * An `xCal:dtend` keeps iCalendar's meaning: a date-only end is exclusive ('20270215' to '20270216' is the
 * one day 15 February), so it is the day before, and no end at all when that is the start day.
 */
function xcalEnd(item: Json, start: WallTime, end: WallTime): WallTime | undefined {
  if (start.time || end.time || end.date <= start.date || byLocalName(item, DTEND) === undefined) return end
  const last = new Date(Date.parse(`${end.date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
  return last > start.date ? { date: last } : undefined
}

function when(item: Json, ref: string, feed: FeedFacts): FeedWhen {
  const gd = asRecord(asArray(item['gd:when'] ?? item.when)[0])
  const start = eventTime(item, START_NAMES, ref) ?? feedDate(str(gd?.['@_startTime']), ref)
  const end = eventTime(item, END_NAMES, ref) ?? feedDate(str(gd?.['@_endTime']), ref)
  if (start) return { start, end: end && xcalEnd(item, start, end) }
  const civic = civicPlusWhen(xtext(byLocalName(item, CIVICPLUS_DATES)), xtext(byLocalName(item, CIVICPLUS_TIMES)), ref)
  if (civic.start) return civic
  const pub = xtext(item.pubDate)
  const range = pubDateRange(pub)
  if (range) return range
  const published = xtext(item.pubDate) ?? xtext(item.published) ?? xtext(item['dc:date']) ?? xtext(item.updated)
  const stamp = published ? (parseRfc822(published) ?? parseIsoDateTime(published)) : undefined
  const contents = [xtext(item.description) ?? xtext(item.summary), xtext(item['content:encoded']) ?? xtext(item.content)]
  for (const html of contents) {
    const times = html ? contentTimes(html, published ? Date.parse(published) : undefined) : undefined
    if (times) return times
  }
  const eventPub = feed.pubDateIsEvent ? feedDate(pub, ref) : undefined
  if (!eventPub) return proseWhen([xtext(item.title), ...contents], ref, stamp?.date, feed.locale)
  // The content often repeats the pubDate's day with the end and the place ('7:30–9pm', 'Location: …').
  const said = proseWhen(contents, ref, undefined, feed.locale)
  const same = said.start?.date === eventPub.date && (!said.start.time || eventPub.time?.startsWith(said.start.time.slice(0, 5)))
  return same ? { start: eventPub, end: said.end?.time ? said.end : undefined, where: said.where } : { start: eventPub }
}

/**
 * A location element's text: 'Name<br>Street' splits; 'Community Room, Library, 80 Depot St., Millbrook'
 * splits where the street number begins; other text with commas is an address, without them a name.
 */
function feedPlace(location: string): CandidatePlace {
  const split = placeFromText(location)
  if (/<br|\n/i.test(location) || (split.name && split.address)) return split
  return location.includes(',') ? { address: location } : { name: location }
}

function candidate(item: Json, format: Format, ctx: ExtractContext, feed: FeedFacts): Candidate | undefined {
  const { start, end, where, title } = when(item, ctx.window.start, feed)
  if (!start) return undefined
  const c: Candidate = { source: { url: ctx.baseUrl, format, method: format }, start }
  const guid = xtext(item.guid) ?? xtext(item.id)
  if (guid) c.source.id = guid
  put(c, 'title', title ?? titleWithoutDay(xtext(item.title), start.date, ctx.window.start, feed.locale))
  put(c, 'description', xtext(item['content:encoded']) ?? xtext(item.description) ?? xtext(item.content) ?? xtext(item.summary))
  put(c, 'url', format === 'atom' ? atomLink(item) : (xtext(item.link) ?? (guid && /^https?:/.test(guid) ? guid : undefined)))
  put(c, 'end', end)
  const gdWhere = asRecord(asArray(item['gd:where'])[0])
  const location = xtext(byLocalName(item, LOCATION_NAMES)) ?? str(gdWhere?.['@_valueString']) ?? where
  if (location) c.place = feedPlace(location)
  const organizer = xtext(byLocalName(item, new Set(['organizer'])))
  if (organizer) c.organizer = { name: organizer }
  const categories = asArray(item.category)
    .map((x) => xtext(x) ?? str(asRecord(x)?.['@_term']))
    .filter((s): s is string => !!s)
  const evType = xtext(byLocalName(item, new Set(['type'])))
  put(c, 'categories', evType ? [...categories, evType] : categories)
  const enclosure = asRecord(item.enclosure)
  if (enclosure && /^image\//.test(str(enclosure['@_type']) ?? '')) put(c, 'image', str(enclosure['@_url']))
  const status = str(asRecord(item['gd:eventStatus'])?.['@_value'])
  if (status && /canceled|cancelled/i.test(status)) c.status = 'EventCancelled'
  return c
}

const XHTML_BODY = /(<(content|summary)\b[^>]*\btype\s*=\s*["']xhtml["'][^>]*>)([\s\S]*?)(<\/\2>)/g

/**
 * Atom `content type="xhtml"` holds markup, which the parser would split into elements; escaped, it reads
 * like `type="html"` content, in its order ('<b>Date:</b> Wednesday 2 December 2026').
 */
function escapeXhtml(text: string): string {
  if (!/type\s*=\s*["']xhtml["']/.test(text)) return text
  return text.replace(XHTML_BODY, (_m, open: string, _tag: string, body: string, close: string) => `${open}${body.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}${close}`)
}

/**
 * `extractFeed(text, ctx)`: events of an RSS or Atom feed. Items that name no event date are skipped and
 * counted in one warning; XML that cannot be read is a warning, never a throw.
 */
export function extractFeed(text: string, ctx: ExtractContext): ExtractResult {
  const warnings: string[] = []
  let doc: Json | undefined
  try {
    doc = asRecord(parser.parse(escapeXhtml(text.length > MAX_XML ? text.slice(0, MAX_XML) : text)))
  } catch (error) {
    return { format: 'rss', candidates: [], warnings: [`feed: XML could not be read (${(error as Error).message})`] }
  }
  const rss = asRecord(doc?.rss) ?? asRecord(doc?.['rdf:RDF'])
  const feed = asRecord(doc?.feed)
  const format: Format = feed && !rss ? 'atom' : 'rss'
  const channel = asRecord(rss?.channel)
  const items = feed ? asArray(feed.entry) : [...asArray(channel?.item), ...asArray(rss?.item)]
  if (!rss && !feed) warnings.push('feed: neither an RSS channel nor an Atom feed')
  const candidates: Candidate[] = []
  let undated = 0
  const facts: FeedFacts = {
    pubDateIsEvent: pubDatesAreEventDates(
      items.map((i) => xtext(asRecord(i)?.pubDate)),
      xtext(channel?.lastBuildDate) ?? xtext(channel?.pubDate),
      ctx.window.start,
    ),
    locale: pickDateLocale(xtext(channel?.language) ?? xtext(channel?.['dc:language']) ?? str(feed?.['@_xml:lang']), undefined, text),
  }
  for (const raw of items) {
    const item = asRecord(raw)
    const c = item && candidate(item, format, ctx, facts)
    if (c) candidates.push(c)
    else undated++
  }
  if (undated) warnings.push(`feed: ${undated} item(s) name no event date and were skipped`)
  return { format, candidates, warnings }
}
