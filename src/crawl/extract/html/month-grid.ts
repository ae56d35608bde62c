/**
 * A month grid without machine dates: a `<table>` (or a CSS grid of `<div>`s) whose cells open with a day
 * number, 1 to the month's last day in order, perhaps after the last days of the month before and before
 * the first days of the month after (greyed out), under a caption or heading that names the month and
 * year ("January 2027", "Dezember 2026"). Each cell gets its day, as a cell's `aria-label` gives it; a grid
 * whose numbers do not run exactly so, or whose month is not named, gives nothing (a day is never guessed).
 */
import { childrenOf, collapse, type Element, isElement } from '../../shared/dom'
import { addDays } from '../../../model/dates'
import { MONTH_ALTERNATION, MONTH_OF, monthOfLine } from '../month-context'

const MONTH_YEAR = new RegExp(`(?<!\\p{L})(${MONTH_ALTERNATION})(?:,|\\s+de|\\s+del)?\\s+(20\\d\\d)(?!\\d)`, 'iu')

/**
 * The month and year a short heading names ("January 2027", "Kalender Dezember 2026"), or undefined. A
 * heading that names the month alone ("December", "Programm im Dezember") takes its year from `ref` (the
 * index window's first day), as a date without a year does: that year, unless the month ended more than a
 * month before `ref`.
 */
export function monthOfHeading(text: string | undefined, ref?: string): { year: number; month: number } | undefined {
  if (!text || text.length > 60) return undefined
  const m = MONTH_YEAR.exec(text)
  if (m) return { year: Number(m[2]), month: MONTH_OF.get(m[1].toLowerCase())! }
  const named = ref ? monthOfLine(text) : undefined
  if (!named || !ref) return undefined
  const year = Number(ref.slice(0, 4))
  const end = `${year}-${pad(named.month)}-${pad(daysIn(year, named.month))}`
  return { year: end >= addDays(ref, -31) ? year : year + 1, month: named.month }
}

/** Whether `el` may be a grid, cheaply: a table, or an element with a month of cells among its children. */
export function mayBeGrid(el: Element): boolean {
  // Four to eight week rows are at most seventeen nodes with the white space between them.
  const n = el.childNodes.length
  return el.tagName === 'table' || n >= 28 || (n >= 4 && n <= 17 && weekRows(el) !== undefined)
}

function countElements(el: Element): number {
  let n = 0
  for (const c of el.childNodes) if (isElement(c)) n++
  return n
}

/** An element whose children are four to seven weeks of seven day cells each (after a weekday row, perhaps). */
function weekRows(el: Element): Element[] | undefined {
  // Most elements are none: counted first, without a copy of their children.
  let n = 0
  let last: Element | undefined
  for (const c of el.childNodes)
    if (isElement(c) && ++n > 8) return undefined
    else if (isElement(c)) last = c
  // The last row is a week: seven cells.
  if (n < 4 || !last || countElements(last) !== 7) return undefined
  const rows = childrenOf(el).filter(isElement)
  if (rows.length < 4 || rows.length > 8) return undefined
  const cells = rows.map((r) => childrenOf(r).filter(isElement))
  const weeks = cells.filter((c) => c.length === 7)
  return weeks.length >= 4 && weeks.length >= rows.length - 1 ? weeks.flat() : undefined
}

/** The first piece of visible text inside `el`, trimmed ("" when none within a few levels). */
function leadText(el: Element, depth = 0): string {
  for (const c of childrenOf(el)) {
    if (c.nodeName === '#text') {
      const t = collapse((c as { value: string }).value)
      if (t) return t
    } else if (isElement(c) && depth < 4) {
      const t = leadText(c, depth + 1)
      if (t) return t
    }
  }
  return ''
}

/** A table's body cells in reading order and its caption's text; a grid's element children. */
function cellsOf(el: Element): { cells: Element[]; caption?: string } {
  if (el.tagName !== 'table') return { cells: weekRows(el) ?? childrenOf(el).filter(isElement) }
  const rowCells: Element[][] = []
  let caption: string | undefined
  const rows = (parent: Element) => {
    for (const c of childrenOf(parent).filter(isElement)) {
      if (c.tagName === 'caption') caption = leadText(c)
      else if (c.tagName === 'tbody' || c.tagName === 'thead' || c.tagName === 'tfoot') rows(c)
      else if (c.tagName === 'tr') rowCells.push(childrenOf(c).filter((td): td is Element => isElement(td) && (td.tagName === 'td' || td.tagName === 'th')))
    }
  }
  rows(el)
  // A first column of week numbers ("KW", "Wk") is no day.
  const weeks = rowCells.length > 0 && rowCells[0].length === 8 && WEEK_COLUMN.test(leadText(rowCells[0][0]))
  return { cells: rowCells.flatMap((r) => (weeks ? r.slice(1) : r)), caption }
}

const WEEK_COLUMN = /^(kw|wk|wn|week|woche|sem\.?|semaine|semana|sett\.?|settimana|#)$/i
const pad = (n: number) => String(n).padStart(2, '0')
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

/**
 * The day (YYYY-MM-DD) of each cell of a month grid, or undefined when `el` is none. `heading`: the text
 * of the last heading before `el` (a table's own caption is read first).
 */
export function monthGridDays(el: Element, heading: string | undefined | (() => string | undefined), ref?: string): Map<Element, string> | undefined {
  // Most tables and long lists are no grid: without a caption, a heading that names no month ends it here.
  const headingText = typeof heading === 'function' ? heading() : heading
  if (!monthOfHeading(headingText, ref) && !(el.tagName === 'table' && el.childNodes.some((c) => c.nodeName === 'caption'))) return undefined
  const { cells, caption } = cellsOf(el)
  // Cells that carry their day in markup (`aria-label`, `data-date`) are read from it.
  if (cells.length < 28 || cells.some((c) => c.attrs.some((a) => a.name === 'aria-label' || a.name === 'data-date'))) return undefined
  const named = monthOfHeading(caption, ref) ?? monthOfHeading(headingText, ref)
  if (!named) return undefined
  const numbers = cells.map((c) => {
    const t = leadText(c)
    return /^\d{1,2}$/.test(t) ? Number(t) : t ? Number.NaN : undefined
  })
  // Weekday names may come first; after the first number, every cell is a number or empty.
  const start = numbers.findIndex((n) => n !== undefined && !Number.isNaN(n))
  if (start < 0 || numbers.slice(start).some((n) => Number.isNaN(n))) return undefined
  const last = daysIn(named.year, named.month)
  const before = named.month === 1 ? { year: named.year - 1, month: 12 } : { year: named.year, month: named.month - 1 }
  const after = named.month === 12 ? { year: named.year + 1, month: 1 } : { year: named.year, month: named.month + 1 }
  // The numbers run: [the month before's last days] 1 … last [1 … of the month after].
  let phase = numbers[start] === 1 ? 1 : 0
  let expect = numbers[start]!
  if (phase === 0 && expect + 6 < daysIn(before.year, before.month)) return undefined
  const days = new Map<Element, string>()
  for (let i = start; i < cells.length; i++) {
    const n = numbers[i]
    if (n === undefined) continue
    if (n !== expect) {
      if (n !== 1 || phase === 2 || (phase === 0 ? expect !== daysIn(before.year, before.month) + 1 : expect !== last + 1)) return undefined
      phase++
    }
    const ym = phase === 0 ? before : phase === 1 ? named : after
    days.set(cells[i], `${ym.year}-${pad(ym.month)}-${pad(n)}`)
    expect = n + 1
  }
  return phase >= 1 && (phase === 2 || expect === last + 1) ? days : undefined
}
