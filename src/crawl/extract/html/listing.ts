/**
 * The listing heuristic for pages without structured data: an events page repeats one structure per event
 * (cards, table rows, list items), each with a title, a day and usually a link. Repeated siblings are
 * found bottom-up, so a group of day sections holding event cards yields the cards, not the days.
 * Navigation, headers, footers and menus are never read: they repeat links but name no days.
 */
import type { Candidate } from '../../types'
import { attr, childrenOf, type Document, type Element, isElement, tokens, walk } from './dom'
import { dayHeading, readCard } from './listing-card'

const SKIP_TAGS = new Set(['nav', 'header', 'footer', 'script', 'style', 'noscript', 'template', 'form', 'select', 'svg', 'head'])
const SKIP_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'menu', 'menubar', 'search'])
const SKIP_CLASS = /^(nav|navbar|navigation|menu|main-menu|site-menu|submenu|sub-menu|breadcrumbs?|footer|site-footer|header|site-header|masthead|pagination|pager|cookie.*|social.*|share.*|skip-link)$/i
const VOLATILE_CLASS = /\d|^(odd|even|first|last|active|current|featured|past|today|selected|hidden|sticky|alt|clearfix|is-.*|has-.*)$/i
const MAX_CARDS = 1500

export type ListingOptions = { sourceUrl: string; ref: string }
export type ListingResult = { candidates: Candidate[]; truncated: boolean }

function skipped(el: Element): boolean {
  if (SKIP_TAGS.has(el.tagName)) return true
  const role = attr(el, 'role')
  if (role && SKIP_ROLES.has(role)) return true
  if (attr(el, 'aria-hidden') === 'true') return true
  return tokens(el, 'class').some((c) => SKIP_CLASS.test(c)) || SKIP_CLASS.test(attr(el, 'id') ?? '')
}

/** Groups siblings that share a tag and their first stable class. */
function signature(el: Element): string {
  const stable = tokens(el, 'class').find((c) => !VOLATILE_CLASS.test(c)) ?? ''
  return `${el.tagName}.${stable}`
}

function siblingGroups(container: Element): Element[][] {
  const groups = new Map<string, Element[]>()
  for (const child of childrenOf(container)) {
    if (!isElement(child) || skipped(child) || /^h[1-6]$/.test(child.tagName)) continue
    const key = signature(child)
    const list = groups.get(key)
    if (list) list.push(child)
    else groups.set(key, [child])
  }
  return [...groups.values()].filter((g) => g.length >= 2)
}

/** The day a group sits under: a heading just before the container, or before the first card in it. */
function contextDate(container: Element, first: Element, ref: string): string | undefined {
  const kids = childrenOf(container).filter(isElement)
  for (const k of kids) {
    if (k === first) break
    const d = dayHeading(k, ref)
    if (d) return d
  }
  const parent = container.parentNode
  if (!parent || !('childNodes' in parent)) return undefined
  const siblings = childrenOf(parent).filter(isElement)
  const i = siblings.indexOf(container)
  for (let j = i - 1; j >= Math.max(0, i - 2); j--) {
    const d = dayHeading(siblings[j], ref)
    if (d) return d
  }
  return undefined
}

/** Containers in an order where every element comes after all of its descendants. */
function containersBottomUp(doc: Document): Element[] {
  const order: Element[] = []
  walk(doc, (el) => {
    if (skipped(el)) return false
    if (childrenOf(el).filter(isElement).length >= 2) order.push(el)
  })
  return order.reverse()
}

function markAncestors(el: Element, marked: Set<Element>) {
  let p = el.parentNode
  while (p && isElement(p as Element) && !marked.has(p as Element)) {
    marked.add(p as Element)
    p = (p as Element).parentNode
  }
}

/**
 * Candidates from a page's repeated event structures. A group counts when at least two of its members and
 * at least half of them read as events; it is ignored when its members hold an already accepted group.
 */
export function extractListing(doc: Document, options: ListingOptions): ListingResult {
  const candidates: Candidate[] = []
  const holdsAccepted = new Set<Element>()
  let cards = 0
  let truncated = false
  for (const container of containersBottomUp(doc)) {
    if (cards >= MAX_CARDS) {
      truncated = true
      break
    }
    for (const group of siblingGroups(container)) {
      if (group.some((el) => holdsAccepted.has(el))) continue
      const budget = group.slice(0, MAX_CARDS - cards)
      if (budget.length < group.length) truncated = true
      let day: { value?: string } | undefined
      const contextDay = () => (day ??= { value: contextDate(container, group[0], options.ref) }).value
      const cardCtx = { sourceUrl: options.sourceUrl, ref: options.ref, contextDate: contextDay }
      const read = budget.map((card) => ({ card, candidate: hasDigitOrTime(card) || contextDay() ? readCard(card, cardCtx) : undefined }))
      cards += budget.length
      const good = read.filter((r) => r.candidate)
      if (good.length < 2 || good.length * 2 < budget.length) continue
      for (const { card, candidate } of good) {
        candidates.push(candidate!)
        markAncestors(card, holdsAccepted)
      }
    }
  }
  return { candidates, truncated }
}

/** Cheap pre-check before chrono: a card with no digit and no `<time>` cannot name a day. */
function hasDigitOrTime(card: Element): boolean {
  const stack = [...childrenOf(card)]
  while (stack.length) {
    const n = stack.pop()!
    if (n.nodeName === '#text' && /\d/.test((n as { value: string }).value)) return true
    if (isElement(n)) {
      if (n.tagName === 'time') return true
      if (n.tagName !== 'script' && n.tagName !== 'style') stack.push(...childrenOf(n))
    }
  }
  return false
}
