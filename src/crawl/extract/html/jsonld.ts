/**
 * JSON-LD blocks of a page, parsed leniently (DESIGN §9 "JSON-LD in the wild"): each block on its own, so
 * one broken block is reported and skipped while its neighbours still count.
 */
import { parseLenientJson } from '../lenient-json'
import { attr, childrenOf, type Document, type Element } from '../../shared/dom'
import { markupCensus } from './markup-census'

const MAX_BLOCKS = 500
const MAX_BLOCK_CHARS = 2_000_000

function isJsonLdScript(type: string | undefined): boolean {
  return !!type && /^\s*application\/ld\+json\s*(;.*)?$/i.test(type)
}

/** A script inside another (SVG's `<script>` holds markup): never a block of its own. */
function insideScript(el: Element): boolean {
  for (let p = el.parentNode; p && 'tagName' in p; p = p.parentNode) if (p.tagName === 'script') return true
  return false
}

/**
 * The raw text of every `<script type="application/ld+json">` in document order; `elements`: the page's
 * `<script>` elements in document order, when a census already found them (else the tree is walked).
 */
export function jsonLdScripts(doc: Document, elements?: Element[]): string[] {
  const scripts: string[] = []
  for (const el of elements ?? markupCensus(doc).scripts) {
    if (isJsonLdScript(attr(el, 'type')) && scripts.length < MAX_BLOCKS && !insideScript(el)) {
      scripts.push(
        childrenOf(el)
          .map((n) => (n.nodeName === '#text' ? (n as { value: string }).value : ''))
          .join(''),
      )
    }
  }
  return scripts
}

/**
 * Parses every JSON-LD block. A block that cannot be read even after repair adds a warning naming its
 * position and the parser's complaint; a repaired block adds a quieter note so the source can be fixed.
 */
export function parseJsonLd(doc: Document, warnings: string[], scripts?: Element[]): unknown[] {
  const values: unknown[] = []
  jsonLdScripts(doc, scripts).forEach((raw, i) => {
    if (raw.length > MAX_BLOCK_CHARS) {
      warnings.push(`JSON-LD block ${i + 1} skipped: ${raw.length} characters is over the ${MAX_BLOCK_CHARS} limit`)
      return
    }
    const parsed = parseLenientJson(raw)
    if ('error' in parsed) {
      if (raw.trim()) warnings.push(`JSON-LD block ${i + 1} is not valid JSON and could not be repaired (${parsed.error}); skipped`)
      return
    }
    if (parsed.repaired) warnings.push(`JSON-LD block ${i + 1} needed repair (invalid JSON as published)`)
    values.push(parsed.value)
  })
  return values
}
