/**
 * Microformats 2 parsing (microformats.org/wiki/microformats2-parsing) of h-event and the items it nests
 * (h-card, h-adr, h-geo), with the classic hCalendar/hCard classes (`vevent`, `summary`, `dtstart`, …)
 * read through the backward-compatible mapping. Output is mf2 JSON; date-times come out as ISO 8601.
 */
import { attr, childrenOf, collapse, type Document, type Element, hasAttr, isElement, textOf, tokens, walk } from '../../shared/dom'
import { assembleDateTime, normalizeDateTimeText } from './mf-datetime'
import { memoize } from '../../../bounded-cache'
import { emptyRecord, lookupTable } from '../../../lookup-table'

/** An mf2 item; `backcompat` marks one read from classic (v1) class names. */
export type Mf2Item = { type: string[]; properties: Record<string, Mf2Value[]>; value?: string; children?: Mf2Item[]; backcompat?: boolean }
export type Mf2Value = string | Mf2Item | { html: string; value: string }

/** Classic root classes and the mf2 type each stands for. */
const BACKCOMPAT_ROOTS: Record<string, string> = lookupTable({ vevent: 'h-event', vcard: 'h-card', adr: 'h-adr', geo: 'h-geo' })
/** Classic property classes per root type, mapped to mf2 prefixed properties. */
const BACKCOMPAT_PROPS: Record<string, Record<string, string>> = lookupTable({
  'h-event': {
    summary: 'p-name',
    dtstart: 'dt-start',
    dtend: 'dt-end',
    duration: 'dt-duration',
    description: 'p-description',
    url: 'u-url',
    category: 'p-category',
    location: 'p-location',
    geo: 'p-location',
    uid: 'u-uid',
    attendee: 'p-attendee',
    contact: 'p-contact',
    organizer: 'p-organizer',
  },
  'h-card': {
    fn: 'p-name',
    org: 'p-org',
    url: 'u-url',
    adr: 'p-adr',
    'street-address': 'p-street-address',
    'extended-address': 'p-extended-address',
    locality: 'p-locality',
    region: 'p-region',
    'postal-code': 'p-postal-code',
    'country-name': 'p-country-name',
    tel: 'p-tel',
    email: 'u-email',
    photo: 'u-photo',
    geo: 'p-geo',
    latitude: 'p-latitude',
    longitude: 'p-longitude',
    note: 'p-note',
    category: 'p-category',
  },
  'h-adr': {
    'street-address': 'p-street-address',
    'extended-address': 'p-extended-address',
    locality: 'p-locality',
    region: 'p-region',
    'postal-code': 'p-postal-code',
    'country-name': 'p-country-name',
    'post-office-box': 'p-post-office-box',
  },
  'h-geo': { latitude: 'p-latitude', longitude: 'p-longitude' },
})
const MF2_ROOT = /^h-([a-z0-9]+-)?[a-z]+(-[a-z]+)*$/
const MF2_PROP = /^(p|u|dt|e)-([a-z0-9]+-)?[a-z]+(-[a-z]+)*$/
const MAX_ITEMS = 5000

type Root = { readonly types: readonly string[]; readonly backcompat: boolean }

function rootTypes(el: Element): Root | undefined {
  const cls = attr(el, 'class')
  return cls ? (rootsOfClass(cls) ?? undefined) : undefined
}

// Every element of the page is asked whether it is a root: each distinct class attribute is read once.
const rootsOfClass = memoize((cls: string): Root | null => {
  const classes = cls.trim().split(/\s+/).filter(Boolean)
  const mf2 = classes.filter((c) => MF2_ROOT.test(c))
  if (mf2.length) return { types: [...new Set(mf2)].sort(), backcompat: false }
  const old = classes.map((c) => BACKCOMPAT_ROOTS[c]).filter(Boolean)
  return old.length ? { types: [...new Set(old)].sort(), backcompat: true } : null
})

/** Property classes of an element as seen from its parent item (mf2 prefixes, or mapped classic names). */
function propertyClasses(el: Element, parent: Root): readonly string[] {
  const cls = attr(el, 'class')
  if (!cls) return NONE
  return propertiesOfClass(`${parent.backcompat ? parent.types.join(' ') : ''}|${cls}`)
}

const NONE: readonly string[] = []

const propertiesOfClass = memoize((key: string): readonly string[] => {
  const bar = key.indexOf('|')
  const types = key.slice(0, bar)
  const classes = key
    .slice(bar + 1)
    .trim()
    .split(/\s+/)
    .filter(Boolean)
  if (!types) return [...new Set(classes.filter((c) => MF2_PROP.test(c)))]
  const map: Record<string, string> = Object.assign(emptyRecord<string>(), ...types.split(' ').map((t) => BACKCOMPAT_PROPS[t] ?? {}))
  return [...new Set(classes.map((c) => map[c]).filter(Boolean))] as string[]
})

/** Elements carrying `value` / `value-title` under `el`, not inside nested items. */
function valueParts(el: Element): Element[] {
  const found: Element[] = []
  const stack = childrenOf(el).filter(isElement).reverse()
  while (stack.length) {
    const child = stack.pop()!
    const classes = tokens(child, 'class')
    if (classes.includes('value') || classes.includes('value-title')) found.push(child)
    else if (!rootTypes(child)) for (const k of childrenOf(child).filter(isElement).reverse()) stack.push(k)
  }
  return found
}

function partValue(el: Element, forDate: boolean): string {
  if (tokens(el, 'class').includes('value-title')) return attr(el, 'title') ?? ''
  const tag = el.tagName
  if ((tag === 'img' || tag === 'area') && hasAttr(el, 'alt')) return attr(el, 'alt')!
  if (tag === 'data') return attr(el, 'value') ?? textOf(el)
  if (tag === 'abbr') return attr(el, 'title') ?? textOf(el)
  if (forDate && (tag === 'del' || tag === 'ins' || tag === 'time') && hasAttr(el, 'datetime')) return attr(el, 'datetime')!
  return textOf(el)
}

function pValue(el: Element): string {
  const parts = valueParts(el)
  if (parts.length) return parts.map((p) => partValue(p, false)).join('')
  const tag = el.tagName
  if ((tag === 'abbr' || tag === 'link') && hasAttr(el, 'title')) return attr(el, 'title')!
  if ((tag === 'data' || tag === 'input') && hasAttr(el, 'value')) return attr(el, 'value')!
  if ((tag === 'img' || tag === 'area') && hasAttr(el, 'alt')) return attr(el, 'alt')!
  return collapse(textOf(el))
}

function uValue(el: Element): string {
  const tag = el.tagName
  if ((tag === 'a' || tag === 'area' || tag === 'link') && hasAttr(el, 'href')) return attr(el, 'href')!
  if (['img', 'audio', 'video', 'source', 'iframe'].includes(tag) && hasAttr(el, 'src')) return attr(el, 'src')!
  if (tag === 'video' && hasAttr(el, 'poster')) return attr(el, 'poster')!
  if (tag === 'object' && hasAttr(el, 'data')) return attr(el, 'data')!
  const parts = valueParts(el)
  if (parts.length) return parts.map((p) => partValue(p, false)).join('')
  if (tag === 'abbr' && hasAttr(el, 'title')) return attr(el, 'title')!
  if ((tag === 'data' || tag === 'input') && hasAttr(el, 'value')) return attr(el, 'value')!
  return collapse(textOf(el))
}

function dtValue(el: Element): string {
  const parts = valueParts(el)
  if (parts.length) {
    const assembled = assembleDateTime(parts.map((p) => partValue(p, true)))
    if (assembled) return assembled
  }
  const tag = el.tagName
  if ((tag === 'time' || tag === 'ins' || tag === 'del') && hasAttr(el, 'datetime')) return normalizeDateTimeText(attr(el, 'datetime')!)
  if (tag === 'abbr' && hasAttr(el, 'title')) return normalizeDateTimeText(attr(el, 'title')!)
  if ((tag === 'data' || tag === 'input') && hasAttr(el, 'value')) return normalizeDateTimeText(attr(el, 'value')!)
  return normalizeDateTimeText(collapse(textOf(el)))
}

class Mf2Parser {
  private count = 0

  item(el: Element, root: Root, depth = 0): Mf2Item {
    this.count++
    // Property names come from class attributes: a class named `constructor` is a property, not Object's.
    const item: Mf2Item = { type: [...root.types], properties: emptyRecord<Mf2Value[]>() }
    if (root.backcompat) item.backcompat = true
    const push = (name: string, value: Mf2Value) => (item.properties[name] ??= []).push(value)
    let explicitP = false
    let explicitU = false
    let nested = false
    // Depth-first in document order with an explicit stack: deep markup cannot overflow the call stack.
    const stack: Element[] = childrenOf(el).filter(isElement).reverse()
    while (stack.length) {
      const child = stack.pop()!
      if (this.count > MAX_ITEMS) continue
      const props = propertyClasses(child, root)
      const childRoot = depth < 20 ? rootTypes(child) : undefined
      if (childRoot) {
        const inner = this.item(child, childRoot, depth + 1)
        nested = true
        if (!props.length) (item.children ??= []).push(inner)
        for (const prop of props) {
          const [prefix, name] = splitProp(prop)
          const first = (key: string) => inner.properties[key]?.[0]
          const v = prefix === 'u' ? first('url') : prefix === 'p' ? first('name') : undefined
          push(name, { ...inner, value: typeof v === 'string' ? v : collapse(textOf(child)) })
          if (prefix === 'p' || prefix === 'e') explicitP = true
          if (prefix === 'u') explicitU = true
        }
        continue
      }
      for (const prop of props) {
        const [prefix, name] = splitProp(prop)
        if (prefix === 'p') {
          explicitP = true
          push(name, pValue(child))
        } else if (prefix === 'u') {
          explicitU = true
          push(name, uValue(child))
        } else if (prefix === 'dt') push(name, dtValue(child))
        else {
          explicitP = true
          push(name, { html: '', value: collapse(textOf(child)) })
        }
      }
      for (const k of childrenOf(child).filter(isElement).reverse()) stack.push(k)
    }
    if (!root.backcompat) this.implied(el, item, { explicitP, explicitU, nested })
    impliedEndDate(item)
    return item
  }

  private implied(el: Element, item: Mf2Item, seen: { explicitP: boolean; explicitU: boolean; nested: boolean }) {
    if (!item.properties.name && !seen.explicitP && !seen.nested) {
      const name = el.tagName === 'img' || el.tagName === 'area' ? attr(el, 'alt') : el.tagName === 'abbr' ? attr(el, 'title') : undefined
      const text = name ?? collapse(textOf(el))
      if (text) item.properties.name = [text]
    }
    if (!item.properties.url && !seen.explicitU && !seen.nested) {
      const own = (el.tagName === 'a' || el.tagName === 'area') && hasAttr(el, 'href') ? attr(el, 'href') : undefined
      const kids = childrenOf(el).filter(isElement)
      const only = kids.length === 1 && kids[0].tagName === 'a' && hasAttr(kids[0], 'href') && !rootTypes(kids[0]) ? attr(kids[0], 'href') : undefined
      const url = own ?? only
      if (url) item.properties.url = [url]
    }
  }

  /** Top-level items: roots not inside another root. */
  roots(doc: Document): Mf2Item[] {
    const found: Mf2Item[] = []
    walk(doc, (el) => {
      if (this.count > MAX_ITEMS) return false
      const root = rootTypes(el)
      if (!root) return
      found.push(this.item(el, root))
      return false
    })
    return found
  }
}

function splitProp(prop: string): [string, string] {
  const dash = prop.indexOf('-')
  return [prop.slice(0, dash), prop.slice(dash + 1)]
}

/** mf2 "implied date": a dt-end (or other dt) with only a time takes the date of the first dt-start. */
function impliedEndDate(item: Mf2Item) {
  const start = item.properties.start?.find((v): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v))
  if (!start) return
  const date = start.slice(0, 10)
  for (const key of ['end']) {
    const values = item.properties[key]
    if (!values) continue
    item.properties[key] = values.map((v) => (typeof v === 'string' && /^\d{2}:\d{2}:\d{2}/.test(v) ? `${date}T${v}` : v))
  }
}

/** Every top-level microformat item of a document (h-event and classic vevent included). */
export function parseMicroformats(doc: Document): Mf2Item[] {
  return new Mf2Parser().roots(doc)
}

/** The h-event items at any depth (an h-feed or h-entry may hold them as children or properties). */
export function findHEvents(items: Mf2Item[]): Mf2Item[] {
  const out: Mf2Item[] = []
  const stack = [...items]
  while (stack.length) {
    const item = stack.shift()!
    if (item.type.includes('h-event')) out.push(item)
    for (const child of item.children ?? []) stack.push(child)
    for (const values of Object.values(item.properties)) for (const v of values) if (typeof v === 'object' && 'type' in v) stack.push(v)
  }
  return out
}
