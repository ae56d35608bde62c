/**
 * What a page says of itself in its head (`<title>`, `og:` and `article:` meta, the canonical link,
 * schema.org publication dates), read by the page-lines walk as it meets those elements.
 */
import { attr, collapse, type Element } from '../../shared/dom'

export type PageFacts = { lang?: string; ogLocale?: string; ogTitle?: string; siteName?: string; title?: string; published?: string; modified?: string; ogUrl?: string; canonical?: string }

// biome-ignore format: a word table, kept packed so it reads as one table
const META_FACTS: Record<string, keyof PageFacts> = {
  'og:title': 'ogTitle', 'og:locale': 'ogLocale', 'og:site_name': 'siteName', 'og:url': 'ogUrl', 'article:published_time': 'published', 'article:modified_time': 'modified',
  'og:updated_time': 'modified', date: 'published', 'dcterms.date': 'published', 'dcterms.modified': 'modified', 'dc.date': 'published', 'last-modified': 'modified',
}

/** Adds what a head element (`<title>`, `<meta>`, `<link rel=canonical>`) says to `facts`; the first word on each fact wins. */
export function readMeta(facts: PageFacts, el: Element): void {
  if (el.tagName === 'link') {
    if ((attr(el, 'rel') ?? '').toLowerCase().split(/\s+/).includes('canonical')) facts.canonical ??= attr(el, 'href')
    return
  }
  if (el.tagName === 'title') {
    const t = el.childNodes.map((c) => (c.nodeName === '#text' ? (c as { value: string }).value : '')).join('')
    facts.title ??= collapse(t) || undefined
    return
  }
  const key = (attr(el, 'property') ?? attr(el, 'name') ?? attr(el, 'itemprop') ?? attr(el, 'http-equiv'))?.toLowerCase()
  const fact = key && META_FACTS[key]
  const content = attr(el, 'content')
  if (fact && content) facts[fact] ??= content.trim()
  if ((key === 'datepublished' || key === 'datemodified') && content) facts[key === 'datepublished' ? 'published' : 'modified'] ??= content.trim()
}
