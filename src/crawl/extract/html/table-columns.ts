/**
 * Tables read by their header row's meaning (Date | Time | Meeting | Location, in any order and language):
 * each cell of a row gets the role its column's header names, so a row's title is its Meeting cell and not
 * whichever cell comes first.
 */
import { attr, childrenOf, type Element, isElement, textOf } from '../../shared/dom'
import { type FieldRole, roleOfLabel } from './labels'
import type { Line } from './page-lines'

const cache = new WeakMap<Element, (FieldRole | undefined)[] | null>()

function cells(row: Element): Element[] {
  return childrenOf(row).filter((c): c is Element => isElement(c) && (c.tagName === 'td' || c.tagName === 'th'))
}

function rows(table: Element, max = 4): Element[] {
  const out: Element[] = []
  for (const c of childrenOf(table)) {
    if (!isElement(c)) continue
    if (c.tagName === 'tr') out.push(c)
    else if (c.tagName === 'thead' || c.tagName === 'tbody' || c.tagName === 'tfoot') for (const r of childrenOf(c)) if (isElement(r) && r.tagName === 'tr') out.push(r)
    if (out.length >= max) break
  }
  return out.slice(0, max)
}

const spanOf = (cell: Element, name: string, max: number) => Math.min(max, Math.max(1, Number(attr(cell, name) ?? 1) || 1))

/** Column index of every cell, counting `colspan`. */
function columnsOf(row: Element): Element[] {
  const out: Element[] = []
  for (const cell of cells(row)) {
    const span = spanOf(cell, 'colspan', 20)
    for (let i = 0; i < span; i++) out.push(cell)
  }
  return out
}

const MAX_GRID_ROWS = 2_000
const grids = new WeakMap<Element, Map<Element, Element[]>>()

/**
 * The cell in each column of every row of a table, counting `colspan` and `rowspan`: a row under a cell
 * that spans several rows ("Tue, Dec 1" over two activities) has that cell in its column, so its own
 * cells fall in the columns after it. Worked out once per table.
 */
function gridOf(table: Element): Map<Element, Element[]> {
  let grid = grids.get(table)
  if (grid) return grid
  grid = new Map()
  const carry: { cell: Element; left: number }[] = []
  const carried = (col: number) => (carry[col] && carry[col].left > 0 ? carry[col] : undefined)
  for (const row of rows(table, MAX_GRID_ROWS)) {
    const cols: Element[] = []
    const take = (c: { cell: Element; left: number }) => {
      cols.push(c.cell)
      c.left--
    }
    for (const cell of cells(row)) {
      for (let c = carried(cols.length); c; c = carried(cols.length)) take(c)
      const rowspan = spanOf(cell, 'rowspan', 50)
      for (let i = spanOf(cell, 'colspan', 20); i > 0; i--) {
        if (rowspan > 1) carry[cols.length] = { cell, left: rowspan - 1 }
        cols.push(cell)
      }
    }
    for (let c = carried(cols.length); c; c = carried(cols.length)) take(c)
    grid.set(row, cols)
  }
  grids.set(table, grid)
  return grid
}

/** The cells of earlier rows that span down into `row` (its rowspanned neighbours). */
export function spanningCells(row: Element, table: Element): Element[] {
  return [...new Set(gridOf(table).get(row) ?? [])].filter((cell) => cell.parentNode !== row)
}

/** The roles of a table's columns from its header row, or null when it has none we understand. */
export function tableRoles(table: Element): (FieldRole | undefined)[] | null {
  const hit = cache.get(table)
  if (hit !== undefined) return hit
  let roles: (FieldRole | undefined)[] | null = null
  for (const row of rows(table)) {
    const cols = columnsOf(row)
    const header = cols.length > 0 && (cols.every((c) => c.tagName === 'th') || (row.parentNode as Element | null)?.tagName === 'thead')
    if (!header) continue
    const found = cols.map((c) => roleOfLabel(textOf(c), true))
    if (found.some((r) => r === 'date' || r === 'when' || r === 'title')) roles = found
    break
  }
  cache.set(table, roles)
  return roles
}

/** The role of a line of a table row: its cell's column header, if the table has one (columns counted past rowspans). */
export function cellRole(line: Line, row: Element, table: Element, roles: (FieldRole | undefined)[]): FieldRole | undefined {
  const at = line.path.indexOf(row)
  const cell = at >= 0 ? line.path[at + 1] : undefined
  if (!cell) return undefined
  const i = (gridOf(table).get(row) ?? columnsOf(row)).indexOf(cell)
  return i >= 0 ? roles[i] : undefined
}

/** The table row a record is (its lines all sit in one `<tr>`), with the table. */
export function recordRow(lines: Line[]): { row: Element; table: Element } | undefined {
  const first = lines[0]
  for (let i = first.path.length - 1; i >= 0; i--) {
    const el = first.path[i]
    if (el.tagName !== 'tr') continue
    if (!lines.every((l) => l.path[i] === el)) return undefined
    const table = first.path
      .slice(0, i)
      .reverse()
      .find((e) => e.tagName === 'table')
    return table ? { row: el, table } : undefined
  }
  return undefined
}
