/**
 * What an element's markup says about the text in it, for the page's lines: hidden (never read), page chrome
 * (navigation, site header and footer, menus, comments), a publication date, or a field read as a line
 * of its own; and date badges split over elements, joined back into one line.
 */
import { memoize } from '../../../bounded-cache'
import { lookupTable } from '../../../lookup-table'
import { BLOCK, type Element } from '../../shared/dom'
import type { Line } from './page-lines'

const INVISIBLE = ['script', 'style', 'noscript', 'template', 'title', 'iframe', 'object', 'svg', 'select', 'option', 'textarea', 'head']
const CHROME_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'menu', 'menubar', 'search'])
const CHROME_CLASS =
  /^(nav|navbar|navigation|menu|main-menu|site-menu|submenu|sub-menu|breadcrumbs?|footer|site-footer|header|site-header|masthead|pagination|pager|cookie.*|social.*|share.*|skip-link|comments?|comment-list|commentlist|comments-area|comment-body|comment-meta|comment-respond)$/i
const HIDDEN_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/i
const PUBLISHED = /(published|updated|posted|modified|byline|entry-date|post-date|post-meta|entry-meta)/i
/** A class name or id of a footer, a contact block or an address (where a page states its organization's address). */
export const FOOTERISH = /(?:^|[-_])(?:footer|contact|address|vcard|adr|site-info|colophon|contentinfo)(?:[-_]|$)/i

/** What `marksOf` says of an element. */
export const HIDDEN = 1
export const CHROME = 2
export const POSTED = 4
export const FIELD = 8
/** The element carries an attribute that may hold a date or an image (`datetime`, `aria-label`, `src`, …). */
export const MACHINE = 16
/** Footer-like: `<footer>`, `<address>`, role=contentinfo, a footer or contact class name or id (see FOOTERISH). */
export const FOOTER = 32
/** The end field of a date range (`date-display-end`, `event-time-12hr-end`, `datetag-enddate`, `dt-end`, `evo_end`); not `text-end`. */
export const RANGE_END = 64

const MACHINE_NAMES = new Set(['src', 'data-src', 'aria-label', 'datetime', 'data-date', 'data-start', 'data-start-date', 'content'])
/** The first letters of those names: most attributes (`href`, `alt`, `type`, `rel`, `width`) are told apart by it. */
const MACHINE_START = new Set([...MACHINE_NAMES].map((n) => n.charCodeAt(0)))

const FIELD_CLASS =
  /(^|[-_])(event|meeting|cal|item|entry|post|card)?[-_]?(title|name|heading|headline|date|time|when|start|end|loc|location|venue|place|address|city|room|where|cost|price|fee|categor(y|ies)|status|badge)s?($|[-_])/i
const DATE_PROP = /^date(published|modified|created)$/i

/**
 * What an element's class attribute says (a listing repeats its class attributes on every card: each
 * distinct one is judged once): a field read as a line of its own (`<span class="cal-time">`, `<a
 * class="cal-title">`: a card that sets its title, date, time and place in spans keeps them apart),
 * chrome, a publication date.
 */
const classMarks = memoize((cls: string) => {
  const names = cls.split(/\s+/)
  return (
    (names.some((c) => FIELD_CLASS.test(c)) ? FIELD : 0) |
    (names.some((c) => CHROME_CLASS.test(c)) ? CHROME : 0) |
    (PUBLISHED.test(cls) ? POSTED : 0) |
    (names.some((c) => FOOTERISH.test(c)) ? FOOTER : 0) |
    (/end/i.test(cls) && END_CLASS.test(cls) ? RANGE_END : 0)
  )
})

/** A class naming the end of a date range; not `text-end`. */
const END_CLASS =
  /(?:date|time|day)[\w-]*[-_]end(?![\p{L}\d])|(?<![\p{L}])end[-_]?(?:date|time|day)|(?<![\p{L}])dt-end(?![\p{L}])|(?<![\p{L}\d-])(?!(?:text|float|justify|align|navbar|level|flex|order|place|content|items|self|col|row)[-_])[a-z\d]{2,12}_end(?![\p{L}\d])/iu

/**
 * A `<header>` that only wraps a heading below the page's title (`<header><h2>Vorstandssitzung</h2></header>`,
 * as TYPO3 writes every content element's) heads content, not the site.
 */
function contentHeader(el: Element): boolean {
  if (el.tagName !== 'header') return false
  let heading = false
  for (const c of el.childNodes) {
    if (c.nodeName === '#text') {
      if ((c as { value: string }).value.trim()) return false
    } else if (c.nodeName === '#comment') continue
    else if (heading || !/^h[2-6]$/.test(c.nodeName)) return false
    else heading = true
  }
  return heading
}

/**
 * The element's marks, from its tag and one pass over its attributes (`inChrome`, `inSection`: its parent's):
 * - HIDDEN: not shown (`hidden`, scripts and templates, and inline `display:none` outside menus: a menu's
 *   dropdowns are `display:none` until opened, and a saved page keeps that state); nothing else is said;
 * - CHROME: navigation, a site header or footer (not an article's), a menu, a comments section;
 * - POSTED: a publication or update date (`dt-published`, `.entry-date`, `itemprop=datePublished`);
 * - FIELD: an inline element whose class names a field, read as a line of its own like a block;
 * - MACHINE: an attribute that may carry a date or an image (see MACHINE_NAMES);
 * - FOOTER: footer-like, where a page states its organization's address (see FOOTER).
 * `info`: the tag's TAG_INFO bits, when the caller already looked them up.
 */
export function marksOf(el: Element, inChrome: boolean, inSection: boolean, info = tagInfo(el.tagName)): number {
  if (info & T_INVISIBLE) return HIDDEN
  let marks = info & T_NAV || (info & T_PAGE_CHROME && !inSection && !contentHeader(el)) ? CHROME : 0
  let cls: string | undefined
  let role: string | undefined
  let id: string | undefined
  let prop: string | undefined
  for (const a of el.attrs) {
    const name = a.name
    if (name === 'hidden' || (name === 'style' && !inChrome && HIDDEN_STYLE.test(a.value))) return HIDDEN
    // The first of each (parse5 keeps only the first of a repeated attribute anyway).
    if (name === 'class') cls ??= a.value
    else if (name === 'role') role ??= a.value
    else if (name === 'id') id ??= a.value
    else if (name === 'itemprop') prop ??= a.value
    else if (MACHINE_START.has(name.charCodeAt(0)) && MACHINE_NAMES.has(name)) marks |= MACHINE
  }
  if (cls) marks |= classMarks(cls)
  if ((role && CHROME_ROLES.has(role)) || (id && CHROME_CLASS.test(id))) marks |= CHROME
  if (info & T_FOOTERISH || role === 'contentinfo' || (id && FOOTERISH.test(id))) marks |= FOOTER
  if (prop && DATE_PROP.test(prop)) marks |= POSTED
  return marks
}

const SECTIONING = ['article', 'section', 'main', 'aside']
const HEADING: Record<string, number> = lookupTable({ h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 })
const SECTION_HEADING = ['summary', 'caption', 'legend']
/**
 * What a tag alone says, in one lookup per element: its heading level (the low bits), then these (its
 * frame's kind, whether it is never shown, navigation, a site header or footer outside a section, a page
 * fact's element, the document's head).
 */
export const LEVEL = 7
export const T_SECTIONING = 8
export const T_SECTION_HEADING = 16
export const T_BLOCK = 32
export const T_STRONG = 64
export const T_INVISIBLE = 128
export const T_NAV = 256
export const T_PAGE_CHROME = 512
/** `<meta>`, `<title>`, `<link>`: the page facts are read from them. */
export const T_FACT = 1024
export const T_HEAD = 2048
/** `<footer>`, `<address>`: footer-like by their tag. */
export const T_FOOTERISH = 4096
/** `<del>`, `<s>`, `<strike>`: struck-out text (an old date beside its replacement). */
export const T_STRUCK = 8192
const TAG_INFO = new Map<string, number>()
const addTag = (tag: string, bits: number) => TAG_INFO.set(tag, (TAG_INFO.get(tag) ?? 0) | bits)
/** The TAG_INFO bits of a tag name (0 for a tag that says nothing). */
export function tagInfo(tag: string): number {
  return TAG_INFO.get(tag) ?? 0
}
for (const tag of INVISIBLE) addTag(tag, T_INVISIBLE)
addTag('nav', T_NAV)
for (const tag of ['header', 'footer']) addTag(tag, T_PAGE_CHROME)
for (const tag of ['meta', 'title', 'link']) addTag(tag, T_FACT)
addTag('head', T_HEAD)
for (const tag of ['footer', 'address']) addTag(tag, T_FOOTERISH)
for (const tag of SECTIONING) addTag(tag, T_SECTIONING)
for (const [tag, level] of Object.entries(HEADING)) addTag(tag, level)
for (const tag of SECTION_HEADING) addTag(tag, T_SECTION_HEADING)
for (const tag of [...BLOCK, 'body', 'html']) addTag(tag, T_BLOCK)
for (const tag of ['strong', 'b']) addTag(tag, T_STRONG)
for (const tag of ['del', 's', 'strike']) addTag(tag, T_STRUCK)
const BADGE_WORD = /^\p{L}{3,10}\.?,?$/u
const BADGE_DAY = /^(0?[1-9]|[12]\d|3[01])(st|nd|rd|th|\.)?$/i
const BADGE_YEAR = /^(19|20)\d\d$/

/**
 * A date badge split over elements (`<div>Apr</div><div>8</div>`, `<span>12</span><span>May</span>`)
 * becomes one line, so that it reads as one date; and every line in a range's end element is marked `rangeEnd`.
 */
export function joinBadges(lines: Line[]): Line[] {
  const out: Line[] = []
  for (let i = 0; i < lines.length; i++) {
    const a = lines[i]
    const b = lines[i + 1]
    // A badge's day is at most four characters ("31st"), its word at most 22 (ten letters, each one or two UTF-16 units, a dot, a comma).
    const short = b && Math.min(a.text.length, b.text.length) <= 4 && Math.max(a.text.length, b.text.length) <= 22
    // Not in a calendar cell whose day markup gives (a virtual line of the cell before): "5" there is the day, "Closed" its item.
    const dated = i > 0 && lines[i - 1].virtual && lines[i - 1].el === a.path[a.path.length - 2]
    // Side by side in one parent, or the second written straight into the first one's parent (`<em class="date">05</em><em>dec</em>`).
    const parent = !b ? undefined : a.path.length === b.path.length ? a.path[a.path.length - 2] : b.path.length === a.path.length - 1 ? b.el : undefined
    const pair =
      short && !dated && !a.virtual && !b.virtual && a.path.length >= 2 && !!parent && parent === a.path[a.path.length - 2] && (b.path.length < a.path.length || parent === b.path[b.path.length - 2])
    if (!pair || !((BADGE_WORD.test(a.text) && BADGE_DAY.test(b.text)) || (BADGE_DAY.test(a.text) && BADGE_WORD.test(b.text)))) {
      // The lines are the builder's own: renumbered in place, not copied.
      a.index = out.length
      out.push(a)
      continue
    }
    const c = lines[i + 2]
    const withYear = c && !c.virtual && c.path.length === a.path.length && c.path[c.path.length - 2] === a.path[a.path.length - 2] && BADGE_YEAR.test(c.text)
    const path = a.path.slice(0, -1)
    const text = [a.text, b.text, ...(withYear ? [c.text] : [])].join(' ')
    // The end badge of a range ("Dec 5" then "Dec 6" in `…-enddate` divs) keeps its `rangeEnd` once joined.
    out.push({ ...a, index: out.length, text, el: path[path.length - 1], path, breaks: [], link: undefined, heading: Math.min(a.heading, b.heading) })
    i += withYear ? 2 : 1
  }
  return out
}
