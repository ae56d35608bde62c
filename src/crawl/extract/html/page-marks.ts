/**
 * What an element's markup says about the text in it, for the page's lines: hidden (never read), page chrome
 * (navigation, site header and footer, menus, comments), a publication date, or a field read as a line
 * of its own; and date badges split over elements, joined back into one line.
 */
import { memoize } from '../../../bounded-cache'
import { attr, type Element } from './dom'
import type { Line } from './page-lines'

const INVISIBLE = new Set(['script', 'style', 'noscript', 'template', 'title', 'iframe', 'object', 'svg', 'select', 'option', 'textarea', 'head'])
const CHROME_TAGS = new Set(['nav'])
const PAGE_CHROME = new Set(['header', 'footer'])
const CHROME_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'menu', 'menubar', 'search'])
const CHROME_CLASS = /^(nav|navbar|navigation|menu|main-menu|site-menu|submenu|sub-menu|breadcrumbs?|footer|site-footer|header|site-header|masthead|pagination|pager|cookie.*|social.*|share.*|skip-link|comments?|comment-list|commentlist|comments-area|comment-body|comment-meta|comment-respond)$/i
const HIDDEN_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/i
const PUBLISHED = /(published|updated|posted|modified|byline|entry-date|post-date|post-meta|entry-meta)/i

/**
 * Markup that is not shown: `hidden`, scripts and templates, and inline `display:none` outside menus (a
 * menu's dropdowns are `display:none` until opened, and a saved page keeps that state).
 */
export function isHidden(el: Element, inChrome: boolean): boolean {
  if (INVISIBLE.has(el.tagName)) return true
  if (!el.attrs.length) return false
  for (const a of el.attrs) {
    if (a.name === 'hidden') return true
    if (a.name === 'style' && !inChrome && HIDDEN_STYLE.test(a.value)) return true
  }
  return false
}

const FIELD_CLASS = /(^|[-_])(event|meeting|cal|item|entry|post|card)?[-_]?(title|name|heading|headline|date|time|when|start|end|loc|location|venue|place|address|room|where|cost|price|fee|categor(y|ies)|status|badge)s?($|[-_])/i

/**
 * An inline element whose class names a field (`<span class="cal-time">`, `<a class="cal-title">`) is read
 * as a line of its own, like a block: a card that sets its title, date, time and place in spans keeps
 * them apart.
 */
export function fieldElement(el: Element): boolean {
  const cls = attr(el, 'class')
  return !!cls && fieldClass(cls)
}

// A listing repeats its class attributes on every card: each distinct one is judged once.
const fieldClass = memoize((cls: string) => cls.split(/\s+/).some((c) => FIELD_CLASS.test(c)))
const chromeClass = memoize((cls: string) => cls.split(/\s+/).some((c) => CHROME_CLASS.test(c)))
const postedClass = memoize((cls: string) => PUBLISHED.test(cls))

/** A publication or update date: `dt-published`, `.entry-date`, `itemprop=datePublished`. */
export function isPosted(el: Element): boolean {
  const cls = attr(el, 'class')
  if (cls && postedClass(cls)) return true
  const prop = attr(el, 'itemprop')
  return !!prop && /^date(published|modified|created)$/i.test(prop)
}

/** Navigation, a site header or footer (not an article's), a menu, a comments section. */
export function isChrome(el: Element, inSection: boolean): boolean {
  if (CHROME_TAGS.has(el.tagName) || (PAGE_CHROME.has(el.tagName) && !inSection)) return true
  if (!el.attrs.length) return false
  const role = attr(el, 'role')
  if (role && CHROME_ROLES.has(role)) return true
  const cls = attr(el, 'class')
  if (cls && chromeClass(cls)) return true
  const id = attr(el, 'id')
  return !!id && CHROME_CLASS.test(id)
}

const BADGE_WORD = /^\p{L}{3,10}\.?,?$/u
const BADGE_DAY = /^(0?[1-9]|[12]\d|3[01])(st|nd|rd|th|\.)?$/i
const BADGE_YEAR = /^(19|20)\d\d$/

/**
 * A date badge split over elements (`<div>Apr</div><div>8</div>`, `<span>12</span><span>May</span>`)
 * becomes one line, so that it reads as one date.
 */
export function joinBadges(lines: Line[]): Line[] {
  const out: Line[] = []
  for (let i = 0; i < lines.length; i++) {
    const a = lines[i]
    const b = lines[i + 1]
    const pair = b && !a.virtual && !b.virtual && a.path.length >= 2 && a.path.length === b.path.length && a.path[a.path.length - 2] === b.path[b.path.length - 2]
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
    out.push({ ...a, index: out.length, text, el: path[path.length - 1], path, breaks: [], link: undefined, heading: Math.min(a.heading, b.heading) })
    i += withYear ? 2 : 1
  }
  return out
}
