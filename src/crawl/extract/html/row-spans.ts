/**
 * Table rows under a cell that spans several rows: "<td rowspan=2>Tue, Dec 1</td><td>9:30 AM</td>…" then
 * "<td>1:00 PM</td>…": the second row names no day of its own; it is on the day of the row its spanning
 * cell belongs to. The listing remembers the day each row gave, in document order, and a row without one
 * asks the rows its spanning cells come from.
 */
import type { Candidate } from '../../candidate-types'
import type { Element } from '../../shared/dom'
import type { Line } from './page-lines'
import { recordRow, spanningCells } from './table-columns'

export class RowDays {
  private readonly days = new WeakMap<Element, string>()

  /** Remembers the day a table row's record gave (`root`: the record's element, a `<tr>` for a row). */
  remember(root: Element | undefined, candidate: Candidate): void {
    const date = candidate.start?.date
    if (date && root?.tagName === 'tr') this.days.set(root, date)
  }

  /** The day of the row whose cell spans down into this record's row, if it gave one. */
  dayFor(lines: Line[]): string | undefined {
    const row = recordRow(lines)
    if (!row) return undefined
    for (const cell of spanningCells(row.row, row.table)) {
      const day = this.days.get(cell.parentNode as Element)
      if (day) return day
    }
    return undefined
  }
}
