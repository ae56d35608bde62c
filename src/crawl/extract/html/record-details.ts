/**
 * The details a record shows beside its title and date: categories, cost, a summary, an image, a ticket
 * link and a "cancelled" marker, read from the classes pages give them (`event-category`, `price`,
 * `excerpt`, `cancelled`) along the record's lines, and from its remaining lines.
 */
import type { Candidate, CandidatePlace } from '../../candidate-types'
import { CANCELLED, CATEGORY, classFlags, COST, SUMMARY } from './class-flags'
import { attr, type Element, findFirst, textOf } from '../../shared/dom'
import { isBoilerplate } from './labels'
import type { Line } from './page-lines'

const TICKET_TEXT = /\b(register|registration|tickets?|rsvp|sign ?up|book( now| a seat)?|reserve|anmelden|tickets|billets?|inscri|entradas|kaarten|aanmelden|biglietti|ingressos)\b/i

/** How many ancestors all of a record's lines share; the record's own elements lie below. */
export function sharedDepth(lines: Line[]): number {
  const first = lines[0].path
  let depth = first.length
  for (const l of lines) {
    let i = 0
    while (i < depth && i < l.path.length && l.path[i] === first[i]) i++
    depth = i
  }
  return depth
}

type Flagged = { el: Element; depth: number }

/**
 * For each of the category, cost and summary flags, the first element (at or below the record's element,
 * on a line with text) whose classes carry it; and whether any line sits in a cancelled element. One walk
 * over the lines' paths.
 */
function flaggedElements(lines: Line[], from: number): { found: (Flagged | undefined)[]; cancelled: boolean } {
  const found: (Flagged | undefined)[] = [undefined, undefined, undefined]
  let cancelled = false
  let open = 3
  for (const line of lines) {
    const text = !line.virtual && !!line.text
    for (let i = Math.max(0, from); i < line.path.length; i++) {
      const f = classFlags(line.path[i])
      if (!f) continue
      if (f & CANCELLED) cancelled = true
      if (!text || !open) continue
      for (let k = 0; k < 3; k++) {
        if (found[k] || !(f & DETAIL_FLAGS[k])) continue
        found[k] = { el: line.path[i], depth: i }
        open--
      }
    }
  }
  return { found, cancelled }
}

const DETAIL_FLAGS = [CATEGORY, COST, SUMMARY]

/** The lines that sit in a flagged element, joined. */
function flaggedText(lines: Line[], flagged: Flagged | undefined): string | undefined {
  if (!flagged) return undefined
  const { el, depth } = flagged
  let out = ''
  for (const l of lines) if (!l.virtual && l.path[depth] === el) out = out ? `${out} ${l.text}` : l.text
  return out || undefined
}

function usable(href: string | undefined): string | undefined {
  const h = href?.trim()
  return h && !h.startsWith('#') && !/^(javascript|mailto|tel):/i.test(h) ? h : undefined
}

/** A link in a line whose text asks to register or buy tickets. */
function ticketOf(lines: Line[]): string | undefined {
  for (const line of lines) {
    if (line.virtual || !TICKET_TEXT.test(line.text)) continue
    const a = line.link ?? findFirst(line.el, (e) => e.tagName === 'a' && TICKET_TEXT.test(textOf(e)))
    const href = a && usable(attr(a, 'href'))
    if (href) return href
  }
  return undefined
}

/** Fills categories, cost, description, image, ticket link and a cancelled class into `c`. */
export function recordDetails(c: Candidate, lines: Line[], known: { title: string; place?: CandidatePlace; root?: Element; skip?: (line: Line) => boolean }) {
  const rootAt = known.root ? lines[0].path.indexOf(known.root) : -1
  const from = rootAt >= 0 ? rootAt : Math.max(0, sharedDepth(lines) - (lines.length === 1 ? 1 : 0))
  const flagged = flaggedElements(lines, from)
  const cats = flaggedText(lines, flagged.found[0])
  if (cats)
    c.categories = cats
      .split(/[,|•·]/)
      .map((s) => s.trim())
      .filter(Boolean)
  const cost = flaggedText(lines, flagged.found[1])
  if (cost) c.cost = cost
  const placeLine = [known.place?.name, known.place?.address].filter(Boolean).join(', ')
  const skip = new Set([known.title, known.place?.name, known.place?.address, placeLine, cats, cost].filter(Boolean) as string[])
  const summary = flaggedText(lines, flagged.found[2])
  // The remaining lines are the description only when no element is flagged as the summary.
  const rest = summary
    ? []
    : lines.filter(
        (l) =>
          !l.virtual &&
          l.text.length > 15 &&
          !skip.has(l.text) &&
          // A line of the address ("Greenfield, OH 45123" under "123 Main St.") is the place's, not the description's.
          !known.place?.address?.includes(l.text) &&
          // "Published agenda:" alone is a label whose value is elsewhere.
          !/[:：]$/.test(l.text) &&
          !known.skip?.(l) &&
          !l.heading &&
          !isBoilerplate(l.text) &&
          !l.text.includes(known.title) &&
          !/\d{1,2}[:.]\d{2}|\b\d{1,2}\s*[ap]\.?m\b/i.test(l.text),
      )
  const description = summary ?? (rest.length ? rest.map((l) => l.text).join('\n') : undefined)
  if (description && description.length > 15) c.description = description.slice(0, 2000)
  const image = lines.find((l) => l.image)?.image
  if (image) c.image = image
  const ticket = ticketOf(lines)
  if (ticket && ticket !== c.url) c.ticketUrl = ticket
  if (!c.status && flagged.cancelled) c.status = 'EventCancelled'
}
