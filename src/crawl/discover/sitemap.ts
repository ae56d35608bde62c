import { XMLParser } from 'fast-xml-parser'

const parser = new XMLParser({ ignoreAttributes: true, processEntities: true })
const EVENT_URL = /\/(events?|calendar|whats-?on|programs?|activities)\//i

/**
 * The URLs of a sitemap or sitemap index (fast-xml-parser). For an index, the child sitemaps whose name
 * suggests events come first. Invalid XML gives nothing.
 */
export function readSitemap(xml: string): { sitemaps: string[]; pages: string[] } {
  let doc: Record<string, any>
  try {
    doc = parser.parse(xml)
  } catch {
    return { sitemaps: [], pages: [] }
  }
  const list = (x: unknown): any[] => (Array.isArray(x) ? x : x ? [x] : [])
  const sitemaps = list(doc?.sitemapindex?.sitemap).map((s) => String(s?.loc ?? '')).filter(Boolean)
  const pages = list(doc?.urlset?.url).map((u) => String(u?.loc ?? '')).filter(Boolean)
  sitemaps.sort((a, b) => Number(/event|tribe/i.test(b)) - Number(/event|tribe/i.test(a)))
  return { sitemaps, pages }
}

/** Sitemap pages that look like event detail or calendar pages. */
export function eventPagesOf(pages: string[], limit: number): string[] {
  return pages.filter((p) => EVENT_URL.test(new URL(p, 'http://x').pathname)).slice(0, limit)
}
