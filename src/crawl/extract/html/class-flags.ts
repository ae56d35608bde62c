/**
 * What an element's class names say about its text (a title, a date, a place, a category, a price, a
 * summary, a cancelled event), read once per element: a record's fields are looked up along its lines'
 * ancestor paths, many times per page.
 */
import type { Element } from '../../shared/dom'

export const TITLE = 1
export const DATE = 2
export const PLACE = 4
export const CATEGORY = 8
export const COST = 16
export const SUMMARY = 32
export const CANCELLED = 64

const TITLE_CLASS = /(^|[-_])(title|name|summary|heading|headline)($|[-_])/i
/** Text set above or below a title ("evo_above_title", "subtitle", "pre-title"): a kicker, a type tag, never the title. */
const BESIDE_TITLE = /(above|pre|sub|super|before|after|over)[-_]?title/i
const DATE_CLASS = /(date|time|when|day|month|year)/i
const PLACE_CLASS =
  /(^|[-_]|event|meeting)(location|loc|venue|where|place|address|room|city|town|ort|lieu|ville|lugar|ciudad|cidade|citta|stad|plaats|locatie|luogo|local|onde|dove|donde|waar|sede|spielort|veranstaltungsort)s?($|[-_])/i
const CATEGORY_CLASS = /(categor|(^|[-_])tags?$|audience|event-type)/i
const COST_CLASS = /(cost|price|fee|admission)/i
const SUMMARY_CLASS = /(summary|description|excerpt|teaser|blurb)/i
const CANCELLED_CLASS = /(^|[-_])(cancell?ed)($|[-_])/i

/** The flags ride on the element itself: a property lookup is cheaper than a WeakMap's. */
const FLAGS = Symbol('classFlags')
type Flagged = Element & { [FLAGS]?: number }

function flagsOf(classes: string[]): number {
  let f = 0
  for (const c of classes) {
    const date = DATE_CLASS.test(c)
    if (date) f |= DATE
    if (TITLE_CLASS.test(c) && !date && !BESIDE_TITLE.test(c)) f |= TITLE
    if (PLACE_CLASS.test(c) && !date) f |= PLACE
    if (CATEGORY_CLASS.test(c) && !date) f |= CATEGORY
    if (COST_CLASS.test(c)) f |= COST
    if (SUMMARY_CLASS.test(c) && !/title/i.test(c)) f |= SUMMARY
    if (CANCELLED_CLASS.test(c)) f |= CANCELLED
  }
  return f
}

const byAttr = new Map<string, number>()

/** The same class attribute repeats on every card of a listing: read each distinct one once. */
function flagsOfAttr(cls: string): number {
  let f = byAttr.get(cls)
  if (f === undefined) {
    f = flagsOf(cls.split(/\s+/).filter(Boolean))
    if (byAttr.size > 20_000) byAttr.clear()
    byAttr.set(cls, f)
  }
  return f
}

/** The flags of an element's classes (0 when it has none that say anything). */
export function classFlags(el: Element): number {
  const flagged = el as Flagged
  let f = flagged[FLAGS]
  if (f === undefined) {
    let cls: string | undefined
    for (const a of el.attrs) if (a.name === 'class') cls = a.value
    f = cls ? flagsOfAttr(cls) : 0
    flagged[FLAGS] = f
  }
  return f
}

/** True when one of `path[from..]` carries the flag. */
export function pathHas(path: Element[], from: number, flag: number): boolean {
  for (let i = Math.max(0, from); i < path.length; i++) if (classFlags(path[i]) & flag) return true
  return false
}
