/**
 * The details a record shows beside its title and date: categories, cost, a summary, an image, a ticket
 * link and a "cancelled" marker, read from the classes pages give them (`event-category`, `price`,
 * `excerpt`, `cancelled`) and from the record's remaining lines.
 */
import type { Candidate, CandidatePlace } from '../../types'
import { attr, type Element, findAll, findFirst, textOf } from './dom'
import { isBoilerplate } from './labels'
import type { Line } from './page-lines'

const DATE_CLASS = /(date|time|when|day|month|year)/i
const TICKET_TEXT = /\b(register|registration|tickets?|rsvp|sign ?up|book( now| a seat)?|reserve|anmelden|tickets|billets?|inscri|entradas|kaarten|aanmelden|biglietti|ingressos)\b/i
const CANCELLED_CLASS = /(^|[-_])(cancell?ed)($|[-_])/i

/** The elements a record is made of: its own element, or the siblings it groups. */
export function recordElements(lines: Line[]): Element[] {
  const visible = lines.filter((l) => !l.virtual)
  const all = visible.length ? visible : lines
  let depth = all[0].path.length
  for (const l of all) {
    let i = 0
    while (i < depth && i < l.path.length && l.path[i] === all[0].path[i]) i++
    depth = i
  }
  if (depth === 0) return []
  const out: Element[] = []
  for (const l of all) {
    const el = l.path[depth] ?? l.path[depth - 1]
    if (out[out.length - 1] !== el) out.push(el)
  }
  // All lines in one element: that element is the record.
  return out.length === 1 || all.every((l) => l.path.length === depth) ? [all[0].path[depth - 1]] : out
}

function classIn(els: Element[], pattern: RegExp, unless?: RegExp): Element | undefined {
  for (const root of els) {
    const hit = (root.attrs.some((a) => a.name === 'class' && a.value.split(/\s+/).some((c) => pattern.test(c) && !unless?.test(c))) && root) || findFirst(root, (e) => (attr(e, 'class') ?? '').split(/\s+/).some((c) => pattern.test(c) && !unless?.test(c)))
    if (hit) return hit
  }
  return undefined
}

function classText(els: Element[], pattern: RegExp, unless?: RegExp): string | undefined {
  const el = classIn(els, pattern, unless)
  const text = el ? textOf(el) : ''
  return text || undefined
}

function usable(href: string | undefined): string | undefined {
  const h = href?.trim()
  return h && !h.startsWith('#') && !/^(javascript|mailto|tel):/i.test(h) ? h : undefined
}

/** Fills categories, cost, description, image, ticket link and a cancelled class into `c`. */
export function recordDetails(c: Candidate, lines: Line[], known: { title: string; place?: CandidatePlace; root?: Element; skip?: (line: Line) => boolean }) {
  const els = known.root ? [known.root] : recordElements(lines)
  const cats = classText(els, /(categor|(^|[-_])tags?$|audience|event-type)/i, DATE_CLASS)
  if (cats) c.categories = cats.split(/[,|•·]/).map((s) => s.trim()).filter(Boolean)
  const cost = classText(els, /(cost|price|fee|admission)/i)
  if (cost) c.cost = cost
  const skip = new Set([known.title, known.place?.name, known.place?.address, cats, cost].filter(Boolean) as string[])
  const summary = classText(els, /(summary|description|excerpt|teaser|blurb)/i, /title/i)
  const rest = lines.filter((l) => !l.virtual && l.text.length > 15 && !skip.has(l.text) && !known.skip?.(l) && !l.heading && !isBoilerplate(l.text) && !l.text.includes(known.title) && !/\d{1,2}[:.]\d{2}|\b\d{1,2}\s*[ap]\.?m\b/i.test(l.text))
  const description = summary ?? (rest.length ? rest.map((l) => l.text).join('\n') : undefined)
  if (description && description.length > 15) c.description = description.slice(0, 2000)
  for (const root of els) {
    const img = root.tagName === 'img' ? root : findFirst(root, (e) => e.tagName === 'img')
    const src = img && (attr(img, 'src') ?? attr(img, 'data-src'))
    if (src && !src.startsWith('data:')) {
      c.image = src
      break
    }
  }
  const ticket = els.flatMap((root) => findAll(root, (e) => e.tagName === 'a' && TICKET_TEXT.test(textOf(e)))).map((a) => usable(attr(a, 'href'))).find(Boolean)
  if (ticket && ticket !== c.url) c.ticketUrl = ticket
  if (!c.status && els.some((e) => (attr(e, 'class') ?? '').split(/\s+/).some((cl) => CANCELLED_CLASS.test(cl)))) c.status = 'EventCancelled'
}
