/**
 * The extract stage's entry point (DESIGN §6): one fetched document in, Candidates out. Decodes bytes,
 * detects the format from the content, dispatches to the format's extractor and turns any failure into a
 * warning: a crawl never stops on one bad document.
 */
import { startDocument } from '../document-memo'
import type { ExtractContext, ExtractResult, Format } from '../candidate-types'
import { decodeBody } from './decode'
import { sniffDocument } from './detect'
import type { ParsedJson } from './feed-utils'
import { extractHtml } from './html'
import { extractIcs } from './ical/index'
import { extractJsonEvents } from './json-events'
import { unwrapJsonp } from './json-events/records'
import { extractLocalist } from './localist'
import { extractFeed } from './rss'
import { extractSquarespace } from './squarespace'
import { extractTec } from './tec'

/** Documents beyond this many characters are cut (a warning says so): parse time grows with size. */
export const MAX_DOCUMENT_CHARS = 16_000_000

/** `parsed`: the JSON the format detection already parsed, with the text it came from. */
type Extractor = (text: string, ctx: ExtractContext, parsed?: ParsedJson) => ExtractResult

const EXTRACTORS: Partial<Record<Format, Extractor>> = {
  html: extractHtml,
  ics: extractIcs,
  'tec-json': extractTec,
  'squarespace-json': extractSquarespace,
  'localist-json': extractLocalist,
  'trumba-json': extractLocalist,
  'json-events': extractJsonEvents,
  rss: extractFeed,
  atom: extractFeed,
}

/**
 * `extractDocument(body, ctx, contentType)`: every event a document states, whatever its format. Never
 * throws: undecodable bytes, unknown formats and extractor failures come back as warnings with whatever
 * candidates could still be read.
 */
export function extractDocument(body: string | Uint8Array, ctx: ExtractContext, contentType?: string): ExtractResult {
  startDocument()
  const warnings: string[] = []
  let text: string
  try {
    if (typeof body === 'string') text = body
    else {
      const decoded = decodeBody(body, contentType)
      warnings.push(...decoded.warnings)
      text = decoded.text
    }
  } catch (error) {
    return { format: 'unknown', candidates: [], warnings: [`document could not be decoded: ${(error as Error).message}`] }
  }
  if (text.length > MAX_DOCUMENT_CHARS) {
    warnings.push(`document cut to ${MAX_DOCUMENT_CHARS} of its ${text.length} characters`)
    text = text.slice(0, MAX_DOCUMENT_CHARS)
  }
  // JSONP: the JSON inside goes to whichever reader its shape calls for (The Events Calendar, Localist, the generic reader).
  const inner = /^\s*(?:\/\*\*\/)?\s*[\w$.]*\s*\(/.test(text) ? unwrapJsonp(text) : undefined
  if (inner !== undefined) text = inner
  let format: Format = 'unknown'
  let parsed: ParsedJson | undefined
  try {
    ;({ format, parsed } = sniffDocument(text, { url: ctx.baseUrl, contentType }))
  } catch (error) {
    warnings.push(`format detection failed: ${(error as Error).message}`)
  }
  const extractor = EXTRACTORS[format]
  if (!extractor) {
    warnings.push(format === 'unknown' ? 'document format not recognised (not HTML, iCalendar, a known JSON calendar API or a feed)' : `no extractor for ${format}`)
    return { format, candidates: [], warnings }
  }
  try {
    const result = extractor(text, ctx, parsed)
    return { ...result, warnings: [...warnings, ...result.warnings] }
  } catch (error) {
    warnings.push(`${format} extraction failed: ${(error as Error).message}`)
    return { format, candidates: [], warnings }
  }
}
