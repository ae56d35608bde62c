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
  const stack: Element[] = []
  pushElements(stack, childrenOf(doc))
  while (stack.length) {
    const node = stack.pop()!
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
    pushElements(stack, childrenOf(node))
  }
  return census
}

/** The element children of a node, last first (text and comment nodes, half a page's nodes, never enter the stack). */
function pushElements(stack: Element[], kids: Node[]): void {
  for (let i = kids.length - 1; i >= 0; i--) {
    const kid = kids[i]
    // '#text', '#comment', '#documentType': every node that is not an element has a name starting with '#'.
    if (kid.nodeName.charCodeAt(0) !== 35 && isElement(kid)) stack.push(kid)
  }
}
