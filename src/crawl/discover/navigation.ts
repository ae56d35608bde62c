import { absoluteUrl, attr, collapse, findFirst, isElement, textOf, walk, type Document, type Element } from '../shared/dom'
import { pageLang, scoreWords, words, type Lang } from './keywords'
import { isCalendarHost, reachOf, type Org, type Reach } from './scope'

/**
 * A URL a page points to that may lead to the organization's events: a link (`<a>`, `<area>`) scored by
 * what it says and where it sits, or an embed (iframe `src`, widget script `src`, a `data-*` URL) that
 * a calendar platform or a calendar subdomain may serve.
 */
export type FoundLink = { url: string; score: number; via: 'link' | 'iframe' | 'script' | 'data'; reach: Reach; label: string }

/** Least score of a link worth a fetch: a calendar word in its label or URL, and a little more. */
export const MIN_LINK_SCORE = 3
/** Score of an embed: a widget or frame on the page is the calendar itself, when a platform reads it. */
const EMBED_SCORE = 6
const SKIP = /\.(pdf|jpe?g|png|gif|webp|svg|docx?|xlsx?|pptx?|zip|mp3|mp4)(\?|#|$)/i
const CHROME_TAG = new Set(['nav', 'header', 'footer'])
const CHROME_ROLE = new Set(['navigation', 'menubar', 'menu', 'menuitem', 'banner', 'contentinfo'])
const CHROME_CLASS = /(^|[\s_-])(menu|menus|nav|navbar|navigation|dropdown|submenu|megamenu|mega|footer|header|masthead|sitemap)([\s_-]|$)/i
const DATED_PATH = /\/(19|20)\d{2}\/\d{1,2}(\/|$)|(19|20)\d{2}-\d{2}-\d{2}/
const NUMBERS = /^\d+$/

/** What a label says: the table's positive and negative terms, plus one when it is nothing but that ("Termine", "Our upcoming events"). */
function labelScore(label: string, lang: Lang | undefined): { score: number; positive: number } {
  const list = words(label)
  if (!list.length || label.length > 60) return { score: 0, positive: 0 }
  const s = scoreWords(list, lang)
  const pure = s.pure && list.length <= 6 && s.positive > 0
  return { score: s.positive + s.negative + (pure ? 1 : 0), positive: s.positive }
}

/**
 * What a URL says: its best path segment that is nothing but a calendar word (`/termine/`, `/tour-dates`,
 * `Calendar.aspx`), one more when that segment ends the path (a listing, not a post under it), one
 * fewer for a slug after it, and the worst negative segment. `post`: a dated path or a long slug under
 * the keyword, a single post rather than a listing (its link is not a listing whatever its text says).
 * A subdomain named for a calendar (`events.example.org/`) counts as such a segment.
 */
export function urlScore(url: URL, lang: Lang | undefined, org?: Org): { score: number; positive: number; post?: boolean } {
  const segments = url.pathname
    .split('/')
    .map((s) => {
      try {
        return decodeURIComponent(s)
      } catch {
        return s
      }
    })
    .filter(Boolean)
    .map((s) => s.replace(/\.(aspx?|php|html?|jsp|cfm)$/i, ''))
  let best = 0
  let bestAt = -1
  let negative = 0
  segments.forEach((segment, i) => {
    const s = scoreWords(words(segment), lang)
    negative = Math.min(negative, s.negative)
    if (s.pure && s.positive > best) {
      best = s.positive
      bestAt = i
    }
  })
  if (org && bestAt < 0 && reachOf(url.href, org) === 'subdomain' && isCalendarHost(url.href)) {
    best = 3
    bestAt = segments.length - 1
  }
  if (best === 0) return { score: negative, positive: 0 }
  let shape = 0
  const after = segments.slice(bestAt + 1).filter((s) => !NUMBERS.test(s))
  const slug = (s: string) => (scoreWords(words(s), lang).pure ? 0 : words(s).length)
  if (after.length === 0) shape = 1
  else if (after.some((s) => slug(s) >= 3)) shape = -1
  const post = DATED_PATH.test(url.pathname) || after.some((s) => slug(s) >= 4)
  return { score: best + shape + negative, positive: best, post }
}

/** True for navigation: `nav`, `header`, `footer`, ARIA menus and elements whose class or id says menu or nav. */
function isChrome(el: Element): boolean {
  return CHROME_TAG.has(el.tagName) || CHROME_ROLE.has(attr(el, 'role') ?? '') || CHROME_CLASS.test(`${attr(el, 'class') ?? ''} ${attr(el, 'id') ?? ''}`)
}

/**
 * Where a link sits: in the site's navigation (header, footer, menus), and under which menu heading — a
 * dropdown's entries ("Programs & Events" → "Storytime", "Calendar") inherit what their heading says.
 */
function context(link: Element): { chrome: boolean; heading?: string } {
  let chrome = false
  let heading: string | undefined
  let node: Element = link
  for (let depth = 0; depth < 12; depth++) {
    const parent = node.parentNode
    if (!parent || !isElement(parent)) break
    if (!chrome && isChrome(parent)) chrome = true
    if (heading === undefined && parent.tagName === 'li' && (node.tagName === 'ul' || node.tagName === 'ol' || node.tagName === 'div')) {
      const label = parent.childNodes.find(
        (c): c is Element => isElement(c) && c !== node && ['a', 'button', 'span', 'strong', 'p', 'div', 'h2', 'h3', 'h4'].includes(c.tagName) && !findFirst(c, (e) => e === link),
      )
      if (label) heading = collapse(textOf(label)) || attr(label, 'aria-label')
    }
    node = parent
  }
  return { chrome, heading }
}

/** The best of what a link says about itself: its text, `aria-label`, `title`, and the alt text of its image. */
function labelsOf(el: Element): string[] {
  const labels = [collapse(textOf(el)), attr(el, 'aria-label'), attr(el, 'title')]
  const img = findFirst(el, (e) => e.tagName === 'img')
  if (img) labels.push(attr(img, 'alt'))
  return labels.filter((l): l is string => !!l && l.trim().length > 0)
}

function scoreLink(el: Element, url: URL, lang: Lang | undefined, org: Org): { score: number; label: string } | undefined {
  // The label that says the most: its text, else its aria-label, title or image alt.
  let text = { score: 0, positive: 0 }
  let label = ''
  labelsOf(el).forEach((l, i) => {
    const s = labelScore(l, lang)
    if (i === 0 || s.score > text.score) {
      text = s
      label = l
    }
  })
  const path = urlScore(url, lang, org)
  const where = context(el)
  const heading = where.heading ? labelScore(where.heading, lang) : undefined
  // A dropdown entry under "Programs & Events" is worth a look even when it says only "Kids corner".
  const underHeading = heading && heading.score > 0 ? (heading.positive >= 3 ? 2 : heading.positive >= 2 ? 1 : 0) : 0
  if (path.post || (text.positive === 0 && path.positive === 0 && !underHeading)) return undefined
  return { score: text.score + path.score + underHeading + (where.chrome ? 1 : 0), label: label.slice(0, 80) }
}

/**
 * Every URL of a page that may lead to the organization's events, best first: links by what their text,
 * `aria-label`, `title` and URL say in the page's language (one keyword table: en, de, fr, es, nl, it,
 * pt), where they sit (menus, dropdown headings, footers) and whether they look like a listing rather
 * than a single post; and every embed (iframe, widget script, `data-*` URL). Links below
 * {@link MIN_LINK_SCORE} are left out; embeds are kept for the platform registry to judge.
 */
export function discoverLinks(doc: Document, pageUrl: string, org: Org): FoundLink[] {
  const html = findFirst(doc, (e) => e.tagName === 'html')
  const lang = pageLang(html && attr(html, 'lang'))
  const page = pageUrl.split('#')[0]
  const found = new Map<string, FoundLink>()
  const keep = (link: FoundLink) => {
    const known = found.get(link.url)
    if (!known || link.score > known.score) found.set(link.url, link)
  }
  walk(doc, (el) => {
    const tag = el.tagName
    if (tag === 'a' || tag === 'area') {
      const href = attr(el, 'href')
      const abs = absoluteUrl(href, pageUrl)
      if (!abs || abs.startsWith('webcal:') || SKIP.test(abs)) return
      const clean = abs.split('#')[0]
      if (clean === page) return
      const url = new URL(clean)
      const scored = scoreLink(el, url, lang, org)
      if (scored && scored.score >= MIN_LINK_SCORE) keep({ url: clean, score: scored.score, via: 'link', reach: reachOf(clean, org), label: scored.label })
      return
    }
    const embeds: [string | undefined, FoundLink['via']][] = []
    if (tag === 'iframe' || tag === 'embed') embeds.push([attr(el, 'src') ?? attr(el, 'data-src'), 'iframe'])
    if (tag === 'object') embeds.push([attr(el, 'data'), 'iframe'])
    if (tag === 'script') embeds.push([attr(el, 'src'), 'script'])
    for (const a of el.attrs) if (a.name.startsWith('data-') && /^(https?:)?\/\//i.test(a.value.trim())) embeds.push([a.value, 'data'])
    for (const [value, via] of embeds) {
      const abs = absoluteUrl(value, pageUrl)
      if (abs && !abs.startsWith('webcal:')) keep({ url: abs, score: EMBED_SCORE, via, reach: reachOf(abs, org), label: attr(el, 'title') ?? '' })
    }
  })
  return [...found.values()].sort((a, b) => b.score - a.score || a.url.length - b.url.length || (a.url < b.url ? -1 : 1))
}

/**
 * The organization's own listing pages among a page's links: on its site or a subdomain, best first, at
 * most `limit` (what the page budget allows). A subdomain is followed only when a link to it says
 * calendar (its text, its path, or its own name: `events.example.org`), never for any other reason.
 */
export function calendarPages(doc: Document, pageUrl: string, limit = 5, org: Org = { siteHost: new URL(pageUrl).hostname, orgDomain: new URL(pageUrl).host }): string[] {
  return discoverLinks(doc, pageUrl, org)
    .filter((l) => l.via === 'link' && l.reach !== 'outside')
    .slice(0, limit)
    .map((l) => l.url)
}
