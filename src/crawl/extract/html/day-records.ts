/**
 * A record that is a day and its programme ("<b>Sunday, December 6</b><br>9:00 AM – Sunday School<br>
 * 10:30 AM – Worship Service<br>6:00 PM – Youth Group"): the day heads the lines under it, and each line
 * that gives a time and words is an event of its own on that day, like records under a day heading. (One
 * line whose items are set off by semicolons is read by `programme-items.ts`.)
 */
import type { Candidate } from '../../candidate-types'
import type { Element } from '../../shared/dom'
import type { Line } from './page-lines'
import { type RecordContext, readRecord } from './record-fields'
import { headingDay } from './record-when'

const DAY_NUMBER = /^\d{1,2}$/
const CLOSED_ALONE = /^(closed|geschlossen|fermée?|cerrad[oa]|chius[oa]|gesloten|fechad[oa])\.?$/i

/**
 * The day of a month grid's cell ("<td aria-label="Tuesday, 5 January 2027">5 <div>10:30a Storytime</div>
 * <div>Board Mtg 7pm</div>"): a day carried by markup opens the record and its text opens with the day's
 * number alone. Its items are a programme like lines under a day.
 */
function cellDay(lines: Line[], ctx: RecordContext): string | undefined {
  const first = lines[0]
  if (!first?.virtual || !first.text || !DAY_NUMBER.test(lines[1]?.text ?? '')) return undefined
  const d = ctx.dates(first)
  return d?.day ? headingDay(first, d, ctx.ref, ctx.yearHint) : undefined
}

/**
 * The events of a grid cell's items, each the lines of one child element of the cell ("<div>10:30 AM<br>
 * <a>Storytime</a></div>", "<a>Adventsmarkt</a>"), timed or not. A child with only a time heads the next
 * child when that one has none ("<span>7 PM</span><a>Board</a>"); else it is the day's hours ("10a-6p"), no event.
 */
function cellItems(cell: Element, lines: Line[], ctx: RecordContext): Candidate[] {
  const groups = new Map<Element | Line, Line[]>()
  for (const l of lines) {
    const at = l.path.indexOf(cell)
    const key = at >= 0 && at + 1 < l.path.length ? l.path[at + 1] : l
    const group = groups.get(key)
    if (group) group.push(l)
    else groups.set(key, [l])
  }
  const items: Line[][] = []
  let pending: Line[] | undefined
  for (const g of groups.values()) {
    // "Closed" alone on a day names no closure, it is the day's hours ("Library Closed – Thanksgiving" is one).
    if (g.length === 1 && CLOSED_ALONE.test(g[0].text)) continue
    const timeOnly = g.every((l) => ctx.dates(l)?.whenOnly)
    if (timeOnly) {
      pending = g
      continue
    }
    items.push(pending && !g.some((l) => ctx.dates(l)?.time) ? [...pending, ...g] : g)
    pending = undefined
  }
  return items.flatMap((g) => {
    const read = readRecord(g, ctx)
    return read.candidate ? [read.candidate, ...(read.also ?? [])] : []
  })
}

/** The events of a day-and-programme record, or undefined when the record is not one (then it is read whole). */
export function dayProgramme(lines: Line[], ctx: RecordContext): Candidate[] | undefined {
  const texts = lines.filter((l) => !l.virtual && l.text)
  const cell = cellDay(lines, ctx)
  if (texts.length < (cell ? 2 : 3)) return undefined
  const head = cell ? undefined : ctx.dates(texts[0])
  const day = cell ?? (head?.whenOnly && head.day ? headingDay(texts[0], head, ctx.ref, ctx.yearHint) : undefined)
  if (!day) return undefined
  const rest = cell ? texts.filter((l) => !DAY_NUMBER.test(l.text)) : texts.slice(1)
  // Every other line a time with words; one with a day of its own keeps it ("14:00 Guided Walk POSTPONED – new date Sunday 28 June, 14:00").
  const timed = rest.filter((l) => {
    const d = ctx.dates(l)
    return d && d.time && d.words
  })
  const items = cell ? cellItems(lines[0].el, rest, { ...ctx, day }) : undefined
  // Several timed lines in one child ("<ul><li>10h Heure du conte</li><li>14h30 Atelier</li></ul>") are read as lines.
  if (items && (items.length > 1 || timed.length < 2 || timed.length !== rest.length)) return items
  if (timed.length < 2 || timed.length !== rest.length) return undefined
  const out: Candidate[] = []
  for (const line of timed) {
    const read = readRecord([line], { ...ctx, day })
    if (read.candidate) out.push(read.candidate, ...(read.also ?? []))
  }
  return out.length >= 2 ? out : undefined
}
