import { XMLParser } from 'fast-xml-parser'
import { scoreWords, words } from './keywords'

const parser = new XMLParser({ ignoreAttributes: true, processEntities: true })

/** True when a sitemap's file name says events (`tribe_events-sitemap.xml`, `event-sitemap.xml`, `termine-sitemap.xml`). */
function eventSitemap(url: string): boolean {
  const file = url.split('?')[0].split('/').pop() ?? ''
  return /tribe/i.test(file) || scoreWords(words(file.replace(/\.xml(\.gz)?$/i, ''))).positive >= 2
}

/**
 * The URLs of a sitemap or sitemap index (fast-xml-parser). For an index, the child sitemaps whose name
 * suggests events (in any language of the keyword table) come first. Invalid XML gives nothing.
 */
export function readSitemap(xml: string): { sitemaps: string[]; pages: string[] } {
  let doc: Record<string, any>
  try {
    doc = parser.parse(xml)
  } catch {
    return { sitemaps: [], pages: [] }
  }
  const list = (x: unknown): any[] => (Array.isArray(x) ? x : x ? [x] : [])
  const sitemaps = list(doc?.sitemapindex?.sitemap)
    .map((s) => String(s?.loc ?? '').trim())
    .filter(Boolean)
  const pages = list(doc?.urlset?.url)
    .map((u) => String(u?.loc ?? '').trim())
    .filter(Boolean)
  sitemaps.sort((a, b) => Number(eventSitemap(b)) - Number(eventSitemap(a)))
  return { sitemaps, pages }
}

/** Where in a sitemap URL's path the events are: the index of its calendar segment, and what follows it. */
function eventSegment(page: string): { listing: boolean } | undefined {
  let path: string
  try {
    path = new URL(page, 'http://x').pathname
  } catch {
    return undefined
  }
  const segments = path.split('/').filter(Boolean)
  let at = -1
  for (let i = 0; i < segments.length; i++) {
    const s = scoreWords(words(segments[i]))
    if (s.negative < 0) return undefined
    if (at < 0 && s.pure && s.positive >= 2) at = i
  }
  if (at < 0) return undefined
  return { listing: segments.slice(at + 1).every((s) => /^\d+$/.test(s)) }
}

/**
 * A sitemap's pages that look like events, in the words of any language of the keyword table: the
 * listings (`/veranstaltungen/`, `/agenda/`) and the event pages under them (`/event/lego-club/`,
 * `/termine/sommerfest/`). Archives and past events are left out. At most `limit` of each.
 */
export function sitemapEventPages(pages: string[], limit: number): { listings: string[]; details: string[] } {
  const listings: string[] = []
  const details: string[] = []
  for (const page of pages) {
    const found = eventSegment(page)
    if (!found) continue
    if (found.listing) listings.length < limit && listings.push(page)
    else if (details.length < limit) details.push(page)
  }
  return { listings, details }
}

/** Sitemap pages that look like event detail pages. */
export function eventPagesOf(pages: string[], limit: number): string[] {
  return sitemapEventPages(pages, limit).details
}
