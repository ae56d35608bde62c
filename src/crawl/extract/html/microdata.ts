/**
 * HTML microdata (WHATWG "Microdata") read into schema.org-shaped items: `@type` is the `itemtype` as
 * written, `@id` the `itemid`, and each property holds one value or an array. Values follow the spec's
 * element rules, plus the `content` attribute on any element, as search engines and extruct accept.
 * URLs stay as written; the normalizer resolves them.
 */
import type { SchemaItem } from '../schema-org'
import { attr, childrenOf, collapse, type Document, type Element, hasAttr, isElement, textOf, tokens, walk } from '../../shared/dom'
import { markupCensus } from './markup-census'

const VOCAB = /^https?:\/\/(?:www\.)?schema\.org\//i
const SRC = new Set(['audio', 'embed', 'iframe', 'img', 'source', 'track', 'video'])
const HREF = new Set(['a', 'area', 'link'])
const MAX_ITEMS = 5000

/** The value of one property element, per the microdata value rules. */
function propertyValue(el: Element): string {
  const tag = el.tagName
  if (tag === 'meta') return attr(el, 'content') ?? ''
  if (SRC.has(tag)) return attr(el, 'src') ?? ''
  if (HREF.has(tag)) return attr(el, 'href') ?? ''
  if (tag === 'object') return attr(el, 'data') ?? ''
  if (tag === 'data' || tag === 'meter') return attr(el, 'value') ?? ''
  if (tag === 'time' && hasAttr(el, 'datetime')) return attr(el, 'datetime')!
  const content = attr(el, 'content')
  if (content !== undefined) return content
  return collapse(textOf(el))
}

class MicrodataReader {
  private ids?: Map<string, Element>
  private count = 0

  constructor(private readonly doc: Document) {}

  private byId(id: string): Element | undefined {
    if (!this.ids) {
      const ids = new Map<string, Element>()
      walk(this.doc, (el) => {
        const v = attr(el, 'id')
        if (v && !ids.has(v)) ids.set(v, el)
      })
      this.ids = ids
    }
    return this.ids.get(id)
  }

  /** Builds the item rooted at `root`; `path` holds the items being built, to break itemref cycles. */
  item(root: Element, path: Set<Element> = new Set()): SchemaItem {
    this.count++
    const result: SchemaItem = {}
    const types = tokens(root, 'itemtype')
    if (types.length) result['@type'] = types.length === 1 ? types[0] : types
    const id = attr(root, 'itemid')
    if (id) result['@id'] = id
    path.add(root)
    const pending: Element[] = []
    // Depth-first in document order with an explicit stack: deep markup cannot overflow the call stack.
    const collect = (el: Element) => {
      const stack: Element[] = []
      pushChildren(stack, el)
      while (stack.length) {
        const child = stack.pop()!
        if (hasAttr(child, 'itemprop')) pending.push(child)
        if (!hasAttr(child, 'itemscope')) pushChildren(stack, child)
      }
    }
    collect(root)
    for (const ref of tokens(root, 'itemref')) {
      const target = this.byId(ref)
      if (!target || path.has(target)) continue
      if (hasAttr(target, 'itemprop')) pending.push(target)
      if (!hasAttr(target, 'itemscope')) collect(target)
    }
    for (const el of pending) {
      const names = tokens(el, 'itemprop').map((n) => n.replace(VOCAB, ''))
      if (!names.length) continue
      let value: unknown
      if (hasAttr(el, 'itemscope')) {
        if (path.has(el) || path.size > 50 || this.count > MAX_ITEMS) continue
        value = this.item(el, new Set(path))
      } else value = propertyValue(el)
      for (const name of names) {
        // Names come from itemprop attributes: only own properties count, and `__proto__` is none.
        if (name === '__proto__') continue
        const existing = Object.hasOwn(result, name) ? result[name] : undefined
        if (existing === undefined) result[name] = value
        else if (Array.isArray(existing)) existing.push(value)
        else result[name] = [existing, value]
      }
    }
    return result
  }

  /** Top-level items: itemscopes (`scopes`, in document order) that are not the value of another item's property. */
  topLevel(scopes: Element[]): SchemaItem[] {
    const items: SchemaItem[] = []
    for (const el of scopes) {
      if (this.count > MAX_ITEMS) break
      if (!(hasAttr(el, 'itemprop') && insideItem(el))) items.push(this.item(el))
    }
    return items
  }
}

/** Pushes an element's child elements in reverse, so that they pop in document order. */
function pushChildren(stack: Element[], el: Element) {
  const kids = childrenOf(el)
  for (let i = kids.length - 1; i >= 0; i--) if (isElement(kids[i])) stack.push(kids[i] as Element)
}

function insideItem(el: Element): boolean {
  let p = el.parentNode
  while (p && isElement(p as Element)) {
    if (hasAttr(p as Element, 'itemscope')) return true
    p = (p as Element).parentNode
  }
  return false
}

/**
 * Every top-level microdata item of a document, in document order; `itemscopes`: its `itemscope` elements
 * in document order, when a census already found them (else the tree is walked).
 */
export function parseMicrodata(doc: Document, itemscopes?: Element[]): SchemaItem[] {
  return new MicrodataReader(doc).topLevel(itemscopes ?? markupCensus(doc).itemscopes)
}
