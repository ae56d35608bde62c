/**
 * RDFa Lite 1.1 (`vocab`, `typeof`, `property`, `resource`, `prefix`) read into the same schema.org-shaped
 * items as microdata. Only properties inside a typed node count, so page-level Open Graph `<meta
 * property="og:…">` tags are ignored. URLs stay as written.
 */
import type { SchemaItem } from '../schema-org'
import { attr, childrenOf, collapse, type Document, type Element, hasAttr, isElement, textOf, tokens } from '../../shared/dom'
import { emptyRecord, lookupTable } from '../../../lookup-table'

const SCHEMA = /^https?:\/\/(?:www\.)?schema\.org\/?$/i
const DEFAULT_PREFIXES: Record<string, string> = lookupTable({ schema: 'http://schema.org/' })
const MAX_DEPTH = 300
const MAX_ITEMS = 5000

type Scope = { vocab?: string; prefixes: Record<string, string>; item?: SchemaItem }

function parsePrefixes(value: string, inherited: Record<string, string>): Record<string, string> {
  const prefixes = Object.assign(emptyRecord<string>(), inherited)
  const re = /([A-Za-z_][\w.-]*):\s+(\S+)/g
  let m: RegExpExecArray | null
  while ((m = re.exec(value))) prefixes[m[1]] = m[2]
  return prefixes
}

/** Expands a term or CURIE to an IRI (`Event` with a schema.org vocab → `https://schema.org/Event`). */
function expand(term: string, scope: Scope): string {
  if (/^https?:\/\//i.test(term)) return term
  const colon = term.indexOf(':')
  if (colon > 0) {
    const base = scope.prefixes[term.slice(0, colon)]
    if (base) return base + term.slice(colon + 1)
    return term
  }
  return scope.vocab ? scope.vocab + term : term
}

/** A property's local name when it belongs to schema.org; undefined for other vocabularies. */
function schemaProperty(iri: string): string | undefined {
  const m = /^https?:\/\/(?:www\.)?schema\.org\/(.+)$/i.exec(iri)
  return m ? m[1] : /^[A-Za-z]\w*$/.test(iri) ? iri : undefined
}

function literal(el: Element): string {
  const content = attr(el, 'content')
  if (content !== undefined) return content
  for (const name of ['href', 'src', 'resource'] as const) {
    const v = attr(el, name)
    if (v !== undefined) return v
  }
  if (el.tagName === 'time' && hasAttr(el, 'datetime')) return attr(el, 'datetime')!
  if (el.tagName === 'data' && hasAttr(el, 'value')) return attr(el, 'value')!
  return collapse(textOf(el))
}

/** Adds a property value; names come from the page, so only own properties count and `__proto__` is none. */
function add(item: SchemaItem, name: string, value: unknown) {
  if (name === '__proto__') return
  const existing = Object.hasOwn(item, name) ? item[name] : undefined
  if (existing === undefined) item[name] = value
  else if (Array.isArray(existing)) existing.push(value)
  else item[name] = [existing, value]
}

/** Every top-level RDFa typed node of a document (nested nodes are property values). */
export function parseRdfa(doc: Document): SchemaItem[] {
  const top: SchemaItem[] = []
  let count = 0
  const visit = (el: Element, parent: Scope, depth: number) => {
    if (depth > MAX_DEPTH || count > MAX_ITEMS) return
    let vocab: string | undefined
    let prefix: string | undefined
    let property: string | undefined
    let typed = false
    for (const a of el.attrs) {
      if (a.name === 'vocab') vocab = a.value
      else if (a.name === 'prefix') prefix = a.value
      else if (a.name === 'property') property = a.value
      else if (a.name === 'typeof') typed = true
    }
    // Most elements carry no RDFa: walk on with the parent's scope, allocating nothing.
    let scope = parent
    if (vocab !== undefined || prefix !== undefined || typed) {
      scope = { ...parent }
      if (vocab !== undefined) scope.vocab = vocab.trim() ? (SCHEMA.test(vocab.trim()) ? vocab.trim().replace(/\/?$/, '/') : vocab.trim()) : undefined
      if (prefix) scope.prefixes = parsePrefixes(prefix, scope.prefixes)
    }
    const properties =
      property === undefined
        ? []
        : property
            .trim()
            .split(/\s+/)
            .map((p) => schemaProperty(expand(p, scope)))
            .filter((p): p is string => !!p)
    if (typed) {
      count++
      const item: SchemaItem = {}
      const types = tokens(el, 'typeof').map((t) => expand(t, scope))
      if (types.length) item['@type'] = types.length === 1 ? types[0] : types
      const id = attr(el, 'resource') ?? attr(el, 'about')
      if (id) item['@id'] = id
      if (properties.length && parent.item) for (const p of properties) add(parent.item, p, item)
      else top.push(item)
      scope.item = item
    } else if (properties.length && parent.item) {
      const value = literal(el)
      for (const p of properties) add(parent.item, p, value)
    }
    for (const child of childrenOf(el)) if (isElement(child)) visit(child, scope, depth + 1)
  }
  const root: Scope = { prefixes: DEFAULT_PREFIXES }
  for (const child of childrenOf(doc)) if (isElement(child)) visit(child, root, 0)
  return top
}
