/**
 * Where each element of a page sits among its lines (see records.ts): the first and last line under it,
 * how many of those lines can anchor a record, and its depth.
 */
import type { Element } from '../../shared/dom'
import type { Line } from './page-lines'

/** An element's lines `[from, to]`, how many of them are anchors, and its depth (its index in a path). */
export type Range = { from: number; to: number; anchors: number; depth: number }
export type Ranges = Map<Element, Range>

/**
 * Every element's range, in one pass down the lines keeping the open elements as a stack: consecutive
 * lines share most of their path (often the very array), so an element is looked up once when it opens,
 * not once per line under it. An element's anchors are counted on its frame and handed to its parent
 * when it closes.
 */
export function elementRanges(lines: Line[], anchor: boolean[]): Ranges {
  const ranges: Ranges = new Map()
  const open: { range: Range; anchors: number }[] = []
  let prev: Element[] = []
  for (const line of lines) {
    const { path, index } = line
    let keep = 0
    if (path === prev) keep = path.length
    else while (keep < path.length && keep < prev.length && path[keep] === prev[keep]) keep++
    close(open, keep, index - 1)
    for (let i = keep; i < path.length; i++) {
      const el = path[i]
      let range = ranges.get(el)
      // An element met again after it closed keeps its first line (paths agree: one tree, so this is rare).
      if (range) range.depth = i
      else ranges.set(el, (range = { from: index, to: index, anchors: 0, depth: i }))
      open.push({ range, anchors: 0 })
    }
    prev = path
    if (anchor[index] && open.length) open[open.length - 1].anchors++
  }
  close(open, 0, lines.length - 1)
  return ranges
}

/** Closes the open elements deeper than `keep`: each ends at line `last` and gives its anchors to its parent. */
function close(open: { range: Range; anchors: number }[], keep: number, last: number) {
  while (open.length > keep) {
    const frame = open.pop()!
    frame.range.to = last
    frame.range.anchors += frame.anchors
    if (open.length) open[open.length - 1].anchors += frame.anchors
  }
}
