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

function rows(table: Element): Element[] {
  const out: Element[] = []
  for (const c of childrenOf(table)) {
    if (!isElement(c)) continue
    if (c.tagName === 'tr') out.push(c)
    else if (c.tagName === 'thead' || c.tagName === 'tbody' || c.tagName === 'tfoot') for (const r of childrenOf(c)) if (isElement(r) && r.tagName === 'tr') out.push(r)
    if (out.length > 3) break
  }
  return out
}

/** Column index of every cell, counting `colspan`. */
function columnsOf(row: Element): Element[] {
  const out: Element[] = []
  for (const cell of cells(row)) {
    const span = Math.min(20, Math.max(1, Number(attr(cell, 'colspan') ?? 1) || 1))
    for (let i = 0; i < span; i++) out.push(cell)
  }
  return out
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

/** The role of a line of a table row: its cell's column header, if the table has one. */
export function cellRole(line: Line, row: Element, roles: (FieldRole | undefined)[]): FieldRole | undefined {
  const at = line.path.indexOf(row)
  const cell = at >= 0 ? line.path[at + 1] : undefined
  if (!cell) return undefined
  const i = columnsOf(row).indexOf(cell)
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
