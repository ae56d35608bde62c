/**
 * Format detection from the content first (servers mislabel: `text/html` iCalendar, `application/json`
 * HTML error pages), with the URL and content type deciding only what the content leaves open.
 */
import type { Format } from '../candidate-types'
import type { ParsedJson } from './feed-utils'
import { looksLikeEventJson } from './json-events'
import { embeddedHtml, stripXssiPrefix, unwrapJsonp } from './json-events/records'

export type DetectHints = { url?: string; contentType?: string }

const SNIFF = 65_536

function jsonShape(value: unknown): Format | undefined {
  if (Array.isArray(value)) {
    const first = value.find((x) => typeof x === 'object' && x !== null) as Record<string, unknown> | undefined
    if (first && 'eventID' in first && ('startDateTime' in first || 'title' in first)) return 'trumba-json'
    if (first && 'start_date' in first && ('utc_start_date' in first || 'all_day' in first)) return 'tec-json'
    return undefined
  }
  if (typeof value !== 'object' || value === null) return undefined
  const o = value as Record<string, unknown>
  if (Array.isArray(o.events)) {
    const first = o.events[0] as Record<string, unknown> | undefined
    // Localist wraps each record as {"event": {...}}; a hand-written {"event": "Blood Drive", "date": …} is a title.
    if (first && typeof first === 'object' && typeof first.event === 'object' && first.event !== null) return 'localist-json'
    if ('total_pages' in o || 'rest_url' in o || (first && typeof first === 'object' && ('start_date' in first || 'utc_start_date' in first))) return 'tec-json'
    if (first && typeof first === 'object' && 'event_instances' in first) return 'localist-json'
  }
  if ('event' in o && typeof o.event === 'object' && o.event !== null && 'event_instances' in (o.event as object)) return 'localist-json'
  if ('start_date' in o && 'utc_start_date' in o) return 'tec-json'
  const items = [o.items, o.upcoming, o.past].find(Array.isArray) as unknown[] | undefined
  if (items && ('collection' in o || 'website' in o) && (items.length === 0 || items.some((i) => typeof i === 'object' && i !== null && 'startDate' in i))) return 'squarespace-json'
  if ('collection' in o && 'website' in o) return 'squarespace-json'
  return undefined
}

/** Shape by key names when the JSON itself does not parse (truncated, invalid): enough to route it. */
function jsonShapeByKeys(head: string): Format | undefined {
  if (/"event_instances"\s*:/.test(head) || /"events"\s*:\s*\[\s*\{\s*"event"\s*:\s*\{/.test(head)) return 'localist-json'
  if (/"eventID"\s*:/.test(head) && /"startDateTime"\s*:/.test(head)) return 'trumba-json'
  if (/"utc_start_date"\s*:/.test(head) || /"total_pages"\s*:/.test(head)) return 'tec-json'
  if (/"collection"\s*:/.test(head) && /"startDate"\s*:\s*\d/.test(head)) return 'squarespace-json'
  if (/"(title|name|subject|summary|\w*name)"\s*:/i.test(head) && /"(start|\w*date\w*|dtstart|\w*time)"\s*:/i.test(head)) return 'json-events'
  return undefined
}

/** JSON the generic event-list reader reads: records with a title and a start, or HTML wrapped in JSON. */
function genericJson(json: unknown): Format | undefined {
  try {
    return looksLikeEventJson(json) || embeddedHtml(json) ? 'json-events' : undefined
  } catch {
    return undefined
  }
}

function byHints(hints: DetectHints): Format | undefined {
  const type = hints.contentType?.toLowerCase() ?? ''
  const url = hints.url ?? ''
  if (type.includes('text/calendar') || /\.ics(\?|$)|[?&]ical=1|^webcal:/i.test(url)) return 'ics'
  if (/\/wp-json\/tribe\/events\/v1\/events/i.test(url)) return 'tec-json'
  if (/\/api\/2\/events/i.test(url)) return 'localist-json'
  if (/[?&]format=json/i.test(url)) return 'squarespace-json'
  if (type.includes('atom+xml')) return 'atom'
  if (type.includes('rss') || /\/feed\/?$|\.rss(\?|$)/i.test(url)) return 'rss'
  if (type.includes('text/html') || type.includes('xhtml')) return 'html'
  return undefined
}

/**
 * Detects the format and hands back the parsed JSON with the text it was parsed from, so that the
 * extractor does not parse it twice.
 */
export function sniffDocument(body: string, hints: DetectHints = {}): { format: Format; json?: unknown; parsed?: ParsedJson } {
  const head = stripXssiPrefix(body.slice(0, SNIFF).replace(/^\uFEFF/, '')).trimStart()
  if (/^BEGIN:VCALENDAR/i.test(head)) return { format: 'ics' }
  // JSONP (`callback({...})`, `({...})`): the generic JSON reader unwraps it and reads what is inside.
  if (/^(?:\/\*\*\/\s*)?(?:[A-Za-z_$][\w$.]*)?\s*\(\s*[[{]/.test(head) && unwrapJsonp(body) !== undefined) return { format: 'json-events' }
  if (head.startsWith('{') || head.startsWith('[')) {
    let json: unknown
    const text = stripXssiPrefix(body.replace(/^\uFEFF/, ''))
    try {
      json = JSON.parse(text)
    } catch {
      const guess = jsonShapeByKeys(head) ?? byHints(hints)
      return { format: guess && (guess.endsWith('-json') || guess === 'json-events') ? guess : 'unknown' }
    }
    const shape = jsonShape(json) ?? genericJson(json) ?? byHints(hints)
    return { format: shape && (shape.endsWith('-json') || shape === 'json-events') ? shape : 'unknown', json, parsed: { text, value: json } }
  }
  if (/^<\?xml/i.test(head) || /^(<!--[\s\S]*?-->\s*)*<(rss|feed|rdf:RDF)[\s>]/i.test(head)) {
    const root = /<(rss|feed|rdf:RDF|html)[\s>]/i.exec(head)?.[1]?.toLowerCase()
    if (root === 'feed') return { format: 'atom' }
    if (root === 'rss' || root === 'rdf:rdf') return { format: 'rss' }
    if (root === 'html') return { format: 'html' }
    if (/^<\?xml/i.test(head) && !/<!doctype\s+html/i.test(head)) return { format: 'unknown' }
  }
  if (/^(<!--[\s\S]*?-->\s*)*<!doctype\s+html/i.test(head) || /<(html|head|body)[\s>]/i.test(head.slice(0, 4096))) return { format: 'html' }
  if (/BEGIN:VCALENDAR/i.test(head.slice(0, 1024))) return { format: 'ics' }
  if (/^</.test(head) && /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?>/i.test(head)) return { format: 'html' }
  const hinted = byHints(hints)
  return { format: hinted === 'html' && !/</.test(head) ? 'unknown' : (hinted ?? 'unknown') }
}

/**
 * `detectFormat(body, hints)`: which extractor a document needs. Content decides (VCALENDAR, JSON shapes
 * of The Events Calendar, Squarespace, Localist, Trumba, any other JSON or JSONP list of events for the
 * generic reader, RSS/Atom roots, HTML markup); the URL and content type only break ties, and anything
 * unrecognised is `'unknown'`.
 */
export function detectFormat(body: string, hints: DetectHints = {}): Format {
  return sniffDocument(body, hints).format
}
