/**
 * One walk over a parsed page (issue 13: parse once, walk once for structure) that finds what the
 * structured readers and the link collector start from: the `<script>` elements (JSON-LD), the
 * `itemscope` elements (microdata), the `<a>`, `<link>`, `<base>` and `<iframe>` elements (links), and
 * whether any element is an RDFa typed node (`typeof`) or carries an h-event / vevent class. A reader
 * whose markup no element carries would find nothing, so it is not run; the others read from these lists
 * rather than each walking the whole tree again.
 */
import { childrenOf, type Document, type Element, isElement, type Node } from '../../shared/dom'

export type MarkupCensus = {
  /** Every `<script>`, in document order. */
  scripts: Element[]
  /** Every element with an `itemscope` attribute, in document order. */
  itemscopes: Element[]
  /** Every `<a>`, `<link>`, `<base>` and `<iframe>`, in document order. */
  links: Element[]
  /** Some element has a `typeof` attribute (RDFa items are made only from those). */
  typed: boolean
  /**
   * Some element's class attribute holds `event` (the microformats reader makes h-events only of the
   * class names `h-event` and `vevent`, written in lower case).
   */
  hEvent: boolean
}

/** The class test of the microformats reader's source test (`h-event`, `vevent` as words). */
export const MICROFORMATS = /\b(h-event|vevent)\b/i

/**
 * The census of a document: every element, template contents included (as `walk` and the readers see
 * them), in document order.
 */
export function markupCensus(doc: Document): MarkupCensus {
  const census: MarkupCensus = { scripts: [], itemscopes: [], links: [], typed: false, hEvent: false }
  const stack: Node[] = []
  const top = childrenOf(doc)
  for (let i = top.length - 1; i >= 0; i--) stack.push(top[i])
  while (stack.length) {
    const node = stack.pop()!
    if (!isElement(node)) continue
    const tag = node.tagName
    if (tag === 'script') census.scripts.push(node)
    else if (tag === 'a' || tag === 'link' || tag === 'base' || tag === 'iframe') census.links.push(node)
    let scope = false
    for (const a of node.attrs) {
      const name = a.name
      if (name === 'itemscope') scope = true
      else if (name === 'typeof') census.typed = true
      else if (name === 'class' && !census.hEvent && a.value.includes('event')) census.hEvent = true
    }
    if (scope) census.itemscopes.push(node)
    const kids = childrenOf(node)
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i])
  }
  return census
}
