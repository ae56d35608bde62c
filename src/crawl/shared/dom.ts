/**
 * Small helpers over parse5's default tree, so that every HTML extractor walks the one tree parsed per
 * document (never re-parsing) with the same notion of text, attributes and skipped subtrees.
 */
import type { DefaultTreeAdapterTypes } from 'parse5'
import { plainUrl, type UrlParts } from '../plain-url'

export type Node = DefaultTreeAdapterTypes.Node
export type Element = DefaultTreeAdapterTypes.Element
export type ParentNode = DefaultTreeAdapterTypes.ParentNode
export type Document = DefaultTreeAdapterTypes.Document

/** Elements whose content is never visible text. */
const INVISIBLE = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'iframe', 'object', 'svg', 'select', 'option', 'textarea'])

/** Block-level elements: their boundaries separate words and lines in extracted text. */
export const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
])

/** True for element nodes (not text, comments or the document). */
export function isElement(node: Node): node is Element {
  return 'tagName' in node
}

/** Children of a node, including a template's content. */
export function childrenOf(node: Node): Node[] {
  if (node.nodeName === 'template' && 'content' in node) return (node as DefaultTreeAdapterTypes.Template).content.childNodes
  return 'childNodes' in node ? node.childNodes : []
}

/** An attribute's value, or undefined when absent (names are lower-case in parse5's tree). */
export function attr(el: Element, name: string): string | undefined {
  for (const a of el.attrs) if (a.name === name) return a.value
  return undefined
}

/** True when the element carries the attribute, whatever its value (`itemscope`, `itemscope=""`). */
export function hasAttr(el: Element, name: string): boolean {
  for (const a of el.attrs) if (a.name === name) return true
  return false
}

const SPACE = /\s/

/** The whitespace-separated tokens of an attribute (class, rel, itemprop, typeof, …). */
export function tokens(el: Element, name: string): string[] {
  const value = attr(el, name)
  if (!value) return []
  // One token (most values) needs no split.
  if (!SPACE.test(value)) return [value]
  return value.trim().split(/\s+/).filter(Boolean)
}

/**
 * Depth-first walk over elements. The visitor may return `false` to skip an element's subtree.
 * Iterative, so a pathologically deep document cannot overflow the stack.
 */
export function walk(root: Node, visit: (el: Element) => boolean | void): void {
  const stack: Node[] = [...childrenOf(root)].reverse()
  while (stack.length) {
    const node = stack.pop()!
    if (!isElement(node)) continue
    if (visit(node) === false) continue
    const kids = childrenOf(node)
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i])
  }
}

/** Every element matching `test` under `root`, in document order. */
export function findAll(root: Node, test: (el: Element) => boolean): Element[] {
  const found: Element[] = []
  walk(root, (el) => {
    if (test(el)) found.push(el)
  })
  return found
}

/** The first element matching `test`, or undefined. */
export function findFirst(root: Node, test: (el: Element) => boolean): Element | undefined {
  let hit: Element | undefined
  walk(root, (el) => {
    if (hit) return false
    if (test(el)) {
      hit = el
      return false
    }
  })
  return hit
}

/**
 * The text of a subtree as a reader sees it: invisible elements skipped, block boundaries and `<br>`
 * turned into newlines when `lines` is set (else spaces), whitespace collapsed within lines.
 */
export function textOf(node: Node, options: { lines?: boolean; raw?: boolean; skip?: (el: Element) => boolean } = {}): string {
  const parts: string[] = []
  const visit = (n: Node, depth: number) => {
    if (depth > 400) return
    if (n.nodeName === '#text') {
      parts.push((n as DefaultTreeAdapterTypes.TextNode).value)
      return
    }
    if (!isElement(n)) {
      if (n.nodeName === '#document' || n.nodeName === '#document-fragment') for (const c of childrenOf(n)) visit(c, depth + 1)
      return
    }
    if (!options.raw && INVISIBLE.has(n.tagName)) return
    if (options.skip?.(n)) return
    const block = BLOCK.has(n.tagName)
    if (block) parts.push(options.lines ? '\n' : ' ')
    for (const c of childrenOf(n)) visit(c, depth + 1)
    if (block) parts.push(options.lines ? '\n' : ' ')
  }
  visit(node, 0)
  const text = parts.join('')
  if (options.raw) return text
  if (!options.lines) return collapse(text)
  return text.split('\n').map(collapse).filter(Boolean).join('\n')
}

/** Runs of white space (non-breaking and zero-width spaces included), as collapsing finds them. */
const SPACE_RUN = /[\s\u00a0\u200b]+/g
/** White space that collapsing changes: any but a plain space, or two in a row. */
const UNSQUEEZED = /[\t\n\v\f\r\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]| {2}/

/**
 * Runs of white space as one space: the text as it is when it has none to squeeze (most text nodes), one
 * space for a node that is only white space (the indentation between tags).
 */
export function squeeze(text: string): string {
  // Indentation between tags (a line break, then spaces or tabs) is the commonest text node: no regex for it.
  if (text.charCodeAt(0) === 10) {
    let i = 1
    for (let c = text.charCodeAt(i); c === 32 || c === 10 || c === 9 || c === 13; c = text.charCodeAt(++i));
    if (i === text.length) return ' '
  }
  return UNSQUEEZED.test(text) ? text.replace(SPACE_RUN, ' ') : text
}

/**
 * `squeeze` for a text node: most nodes of a page are only the indentation between tags ("\n\t\t",
 * "\r\n  ", "  "), answered by one look at their characters without a regular expression.
 */
export function squeezeNode(text: string): string {
  const n = text.length
  let i = 0
  for (; i < n; i++) {
    const c = text.charCodeAt(i)
    if (c !== 32 && c !== 10 && c !== 9 && c !== 13) break
  }
  if (i === n) return n ? ' ' : ''
  return squeeze(text)
}

/** Collapses runs of whitespace (including non-breaking spaces) to one space and trims. */
export function collapse(text: string): string {
  // Most texts have only single plain spaces: nothing to replace.
  return (UNSQUEEZED.test(text) ? text.replace(SPACE_RUN, ' ') : text).trim()
}

/** The nearest ancestor element (excluding `el`) matching `test`. */
export function closest(el: Element, test: (e: Element) => boolean): Element | undefined {
  let p = el.parentNode
  while (p && isElement(p as Node)) {
    if (test(p as Element)) return p as Element
    p = (p as Element).parentNode
  }
  return undefined
}

/** Resolves a URL against a base; undefined for unusable values (javascript:, mailto:, garbage). */
export function absoluteUrl(href: string | undefined, base: string): string | undefined {
  return resolveUrl(href, base)?.href
}

/** `absoluteUrl` as a parsed URL, for callers that go on to read its parts. */
export function resolveUrl(href: string | undefined, base: string): UrlParts | undefined {
  if (!href) return undefined
  const trimmed = href.trim()
  if (!trimmed || /^(javascript|mailto|tel|data|about):/i.test(trimmed) || trimmed.startsWith('#')) return undefined
  // Plain links (nearly all) need no URL object; their protocol is http(s).
  const plain = plainUrl(trimmed, base)
  if (plain) return plain
  try {
    const url = new URL(trimmed, base)
    if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'webcal:') return undefined
    return url
  } catch {
    return undefined
  }
}
