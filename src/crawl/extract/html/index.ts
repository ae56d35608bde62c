/**
 * Extraction from one HTML page: the page is parsed once with parse5 and every reader (JSON-LD, microdata,
 * RDFa, microformats, then the listing heuristic when the page has no structured events) walks that one
 * tree. Each reader is isolated: one that fails adds a warning and the others still count.
 */
import { parse } from 'parse5'
import type { Candidate, ExtractContext, ExtractResult } from '../../candidate-types'
import { findEvents, fromSchemaOrg, indexIds, type SchemaItem, type SchemaSource } from '../schema-org'
import { absoluteUrl, attr, type Document, findFirst, tokens } from '../../shared/dom'
import { hEventToSchema } from './h-event'
import { parseJsonLd } from './jsonld'
import { calendarLinkCandidates } from './calendar-links'
import { collectLinks, registrationLink } from './links'
import { extractListing, type ListingResult } from './listing'
import { coveredBy, uncovered } from './merge'
import { type PageFacts, type PageLines, pageLines } from './page-lines'
import { findHEvents, parseMicroformats } from './microformats'
import { parseMicrodata } from './microdata'
import { organizationPlace } from './organization-place'
import { parseRdfa } from './rdfa'
import { refineWithPage } from './visible-time'
import { MICROFORMATS, type MarkupCensus, markupCensus } from './markup-census'

type Reader = {
  method: string
  read: (doc: Document, warnings: string[], census: MarkupCensus) => unknown[]
  /** Some element carries the markup the reader makes items of: without it the reader finds nothing. */
  carried: (census: MarkupCensus) => boolean
  present: RegExp
}

/**
 * Each reader with the markup it needs: a page none of whose elements carries it (the census says so)
 * or whose source has none of it is not read for it (most pages carry one kind of structured data or
 * none). The source test runs only on pages whose elements carry the markup.
 */
const STRUCTURED: Reader[] = [
  { method: 'json-ld', read: (doc, warnings, census) => parseJsonLd(doc, warnings, census.scripts), carried: (c) => c.scripts.length > 0, present: /ld\+json/i },
  { method: 'microdata', read: (doc, _w, census) => parseMicrodata(doc, census.itemscopes), carried: (c) => c.itemscopes.length > 0, present: /\bitem(scope|prop|type)\b/i },
  // `property=` alone is Open Graph's <meta>, not RDFa: RDFa Lite types its items with typeof (only typed nodes make items).
  { method: 'rdfa', read: (doc) => parseRdfa(doc), carried: (c) => c.typed, present: /\b(typeof|vocab)\s*=/i },
]

/** What a page's source says about the markup it carries; absent, every reader runs. */
export type MarkupHints = { source?: string }

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Candidates from the page's structured data, each reader guarded on its own. */
function structuredCandidates(doc: Document, source: SchemaSource, warnings: string[], hints: MarkupHints, roots: unknown[], census: MarkupCensus): Candidate[] {
  const out: Candidate[] = []
  const has = (pattern: RegExp) => hints.source === undefined || pattern.test(hints.source)
  for (const reader of STRUCTURED) {
    if (!reader.carried(census) || !has(reader.present)) continue
    try {
      const read = reader.read(doc, warnings, census)
      roots.push(...read)
      const index = indexIds(read)
      for (const found of findEvents(read, index)) out.push(fromSchemaOrg(found, { ...source, method: reader.method }, index))
    } catch (error) {
      warnings.push(`${reader.method} reader failed: ${describe(error)}`)
    }
  }
  if (!census.hEvent || !has(MICROFORMATS)) return out
  try {
    for (const item of findHEvents(parseMicroformats(doc))) {
      const schema: SchemaItem = hEventToSchema(item)
      out.push(fromSchemaOrg({ item: schema }, { ...source, method: item.backcompat ? 'hcalendar' : 'h-event' }))
    }
  } catch (error) {
    warnings.push(`microformats reader failed: ${describe(error)}`)
  }
  return out
}

/** The page's own address: `<link rel=canonical>`, else `og:url`, else where it was fetched from. */
function canonicalUrl(facts: PageFacts, baseUrl: string): string {
  return absoluteUrl(facts.canonical, baseUrl) ?? absoluteUrl(facts.ogUrl, baseUrl) ?? baseUrl
}

const withoutFragment = (url: string | undefined) => url?.replace(/#.*$/, '')

/**
 * An event page's own event: the one whose `@id` is the page (`…/lego-club#event`), or the only dated
 * event on the page. It gets the page's canonical URL when it states none, and the page's registration
 * link when it names no ticket URL.
 */
function attachPageUrl(doc: Document, facts: PageFacts, candidates: Candidate[], baseUrl: string) {
  const canonical = canonicalUrl(facts, baseUrl)
  const page = new Set([withoutFragment(canonical), withoutFragment(baseUrl)])
  for (const c of candidates) if (!c.url && page.has(withoutFragment(absoluteUrl(c.source.id, baseUrl)))) c.url = canonical
  const dated = candidates.filter((c) => c.start || c.schedule)
  if (dated.length === 1 && !dated[0].url) dated[0].url = canonical
  const own = dated.filter((c) => page.has(withoutFragment(absoluteUrl(c.url, baseUrl))))
  if (own.length === 1 && !own[0].ticketUrl) {
    const link = registrationLink(doc, baseUrl)
    if (link && link !== own[0].url) own[0].ticketUrl = link
  }
}

/**
 * Extracts the events of an HTML page that was already parsed (the benchmark and the document dispatcher
 * share one tree). See `extractHtml`.
 */
export function extractHtmlTree(doc: Document, ctx: ExtractContext, hints: MarkupHints = {}): ExtractResult {
  const warnings: string[] = []
  const source: SchemaSource = { url: ctx.baseUrl, format: 'html', method: 'html' }
  const roots: unknown[] = []
  const census = markupCensus(doc)
  const candidates = structuredCandidates(doc, source, warnings, hints, roots, census)
  const structured = candidates.some((c) => c.start || c.schedule)
  let listing: ListingResult | undefined
  let page: PageLines | undefined
  try {
    page = pageLines(doc, ctx.window.start)
    const covered = structured ? coveredBy(candidates) : undefined
    listing = extractListing(page, { sourceUrl: ctx.baseUrl, ref: ctx.window.start, zone: ctx.timezone, ...(covered ? { covered } : {}) })
  } catch (error) {
    warnings.push(`page reader failed: ${describe(error)}`)
  }
  const facts = page?.facts ?? {}
  if (structured) {
    attachPageUrl(doc, facts, candidates, ctx.baseUrl)
    if (listing) {
      try {
        const { lines } = listing.reader.page
        const refined = refineWithPage(candidates, { lines, dates: listing.reader.dates, ref: listing.reader.ref, zone: ctx.timezone })
        if (refined) warnings.push(`${refined} structured date(s) given the time the page shows`)
      } catch (error) {
        warnings.push(`time refinement failed: ${describe(error)}`)
      }
      candidates.push(...uncovered(candidates, listing.records))
    }
  } else if (listing) {
    candidates.push(...listing.candidates)
    // "This Saturday!" and an "Add to Google Calendar" link: the link's event, when the text gives none.
    const linked = listing.candidates.length ? [] : calendarLinkCandidates(census.links, ctx.baseUrl)
    candidates.push(...linked)
    const canonical = canonicalUrl(facts, ctx.baseUrl)
    for (const c of listing.candidates) if (c.source.method === 'page' && !c.url) c.url = canonical
    if (linked.length) warnings.push(`${linked.length} event(s) from "add to calendar" links (the visible text gave none)`)
    else if (!listing.candidates.length) warnings.push(...listing.diagnostics.map((d) => `no events: ${d}`))
    else warnings.push(...listing.diagnostics)
  }
  let links
  try {
    links = collectLinks(
      doc,
      ctx.baseUrl,
      candidates.map((c) => c.url).filter((u): u is string => !!u),
      census.links,
    )
  } catch (error) {
    warnings.push(`link collection failed: ${describe(error)}`)
  }
  let place
  try {
    place = organizationPlace(page?.lines ?? [], roots)
  } catch (error) {
    warnings.push(`organization address failed: ${describe(error)}`)
  }
  return { format: 'html', candidates, warnings, ...(links ? { links } : {}), ...(place ? { organizationPlace: place } : {}) }
}

/**
 * `extractHtml(html, ctx)`: every event an HTML page states, as Candidates with source-relative values, plus
 * the links a crawler wants next (calendar feeds, the next listing page, event pages). Never throws for
 * bad markup: parse5 recovers like a browser and each reader reports its own failure as a warning.
 */
export function extractHtml(html: string, ctx: ExtractContext): ExtractResult {
  let doc: Document
  try {
    doc = parse(html)
  } catch (error) {
    return { format: 'html', candidates: [], warnings: [`HTML could not be parsed: ${describe(error)}`] }
  }
  return extractHtmlTree(doc, ctx, { source: html })
}
