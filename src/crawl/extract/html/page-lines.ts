/**
 * A page as the long-tail reader sees it (DESIGN §6 "Pages without structured data"): its visible text as
 * lines in document order, each line knowing the elements it sits in, so that the repeated structures
 * holding dates can be found from the lines alone. Built in one walk over the parsed tree, which also
 * collects the few page facts the reader needs (language, `og:title`, published and modified dates).
 *
 * A line is the text between two block boundaries (a block element's start or end, or a `<br>`). Hidden
 * markup (`<template>`, `hidden`, `display:none`, scripts and styles) gives no lines; comments are not
 * text. Navigation, site headers and footers give lines marked `chrome`, which the reader only trusts
 * for dated links.
 */
import { parseIsoDateTime } from '../../shared/datetime'
import type { WallTime } from '../../candidate-types'
import { attr, childrenOf, collapse, type Document, type Element, isElement, type Node, squeezeNode } from '../../shared/dom'
import { mayBeGrid, monthGridDays, monthOfHeading } from './month-grid'
import { type PageFacts, readMeta } from './page-facts'
import { type Line, newLine } from './page-line'
import { CHROME, FIELD, FOOTER, HIDDEN, joinBadges, LEVEL, MACHINE, marksOf, POSTED, RANGE_END } from './page-marks'
import { T_BLOCK, T_FACT, T_HEAD, T_SECTION_HEADING, T_SECTIONING, T_STRONG, T_STRUCK, tagInfo } from './page-marks'

/** Text nodes' white space as page lines read it (kept here for the tests and readers that know it by this name). */
export { squeeze } from '../../shared/dom'

export type { Line } from './page-line'

export type { PageFacts } from './page-facts'
export type PageLines = { lines: Line[]; facts: PageFacts }

const MACHINE_ATTRS = ['datetime', 'data-date', 'data-start', 'data-start-date', 'content']
const ARIA_DATE = /\d.*\p{L}|\p{L}.*\d/u

/** `footerAt`: the stack index of the outermost footer-like element open, -1 for none; `end`: a range's end field (RANGE_END). */
const ICON = /(?:^|[/_.-])icons?(?:[/_.-]|$)|staticmap|(?:^|[/_.-])(?:spacer|clear|blank|pixel|transparent)\.(?:gif|png)/i
const ICON_ALT = /^(?:export to|add to|download|print|rss|pdf|ical)\b/i
type Frame = { el: Element; chrome: boolean; section: boolean; heading: number; strong: boolean; link: boolean; posted: boolean; struck: boolean; end: boolean; block: boolean; footerAt: number }
const newFrame = (el: Element): Frame => ({ el, chrome: false, section: false, heading: 0, strong: false, link: false, posted: false, struck: false, end: false, block: false, footerAt: -1 })

/** Builds the lines and facts of a parsed page in one walk. */
export function pageLines(doc: Document, ref?: string): PageLines {
  const b = new Builder(ref)
  b.run(doc)
  return { lines: joinBadges(b.lines), facts: b.facts }
}

class Builder {
  lines: Line[] = []
  facts: PageFacts = {}
  private stack: Element[] = []
  private frames: Frame[] = []
  private buf = ''
  /**
   * The code of `buf`'s last character (0 when empty): `buf` grows by concatenation, and reading a
   * character of it would flatten it again at every text node of a line.
   */
  private tail = 0
  private breaks: number[] = []
  private lineMin = 0
  private lastParent: Element | undefined
  private pending: Line[] = []
  private posted: [number, number][] = []
  private struck: [number, number][] = []
  private strongAll = true
  private lead = 0
  private linkEl: Element | undefined | null = undefined
  private lastPath: Element[] | undefined
  /** The day of each cell of the month grid being read (month-grid.ts). */
  private grid: Map<Element, string> | undefined

  /** `ref`: the first day of the index window, which gives a year to a grid whose heading names only its month. */
  constructor(private readonly ref?: string) {}

  run(doc: Document) {
    const html = childrenOf(doc).find((n) => isElement(n) && n.tagName === 'html') as Element | undefined
    if (html) this.facts.lang = attr(html, 'lang') ?? attr(html, 'xml:lang')
    for (const n of childrenOf(doc)) this.visit(n)
    this.flush()
  }

  /** The open element's frame. `frames` is a pool: the first `stack.length` are open, the rest are reused. */
  private top(): Frame | undefined {
    return this.stack.length ? this.frames[this.stack.length - 1] : undefined
  }

  /** Depth first: each element entered before its children and left after them, without a stack entry per child. */
  private visit(root: Node) {
    if (!this.open(root)) return
    const open: Node[][] = [childrenOf(root)]
    const at: number[] = [0]
    const els: Element[] = [root as Element]
    while (open.length) {
      const top = open.length - 1
      const kids = open[top]
      if (at[top] === kids.length) {
        open.pop()
        at.pop()
        this.exit(els.pop()!)
        continue
      }
      const node = kids[at[top]++]
      if (!this.open(node)) continue
      open.push(childrenOf(node))
      at.push(0)
      els.push(node as Element)
    }
  }

  /** Reads a node; true when it is an element whose children are to be read (and which is then left). */
  private open(node: Node): boolean {
    if (node.nodeName === '#text') {
      this.text((node as { value: string }).value)
      return false
    }
    if (!isElement(node)) return false
    // One lookup of the tag serves the page facts, the marks and the frame.
    const info = tagInfo(node.tagName)
    if (info & T_FACT) readMeta(this.facts, node)
    if (info & T_HEAD) {
      for (const c of childrenOf(node)) if (isElement(c) && tagInfo(c.tagName) & T_FACT) readMeta(this.facts, c)
      return false
    }
    const parent = this.top()
    const marks = marksOf(node, parent?.chrome ?? false, parent?.section ?? false, info)
    if (marks & HIDDEN) return false
    this.enter(node, parent, marks, info)
    return true
  }

  private enter(el: Element, parent: Frame | undefined, marks: number, info: number) {
    const tag = el.tagName
    const section = (parent?.section ?? false) || (info & T_SECTIONING) !== 0
    const bare = el.attrs.length === 0
    const frame = (this.frames[this.stack.length] ??= newFrame(el))
    frame.el = el
    frame.chrome = (parent?.chrome ?? false) || (marks & CHROME) !== 0
    frame.section = section
    frame.heading = info & LEVEL || (info & T_SECTION_HEADING ? 7 : (parent?.heading ?? 0))
    frame.strong = (parent?.strong ?? false) || (info & T_STRONG) !== 0
    frame.link = (parent?.link ?? false) || (tag === 'a' && !bare && !!attr(el, 'href'))
    frame.posted = (parent?.posted ?? false) || (marks & POSTED) !== 0
    frame.struck = (parent?.struck ?? false) || (info & T_STRUCK) !== 0
    frame.end = (marks & RANGE_END) !== 0
    frame.footerAt = parent && parent.footerAt >= 0 ? parent.footerAt : marks & FOOTER ? this.stack.length : -1
    // The children of a month grid's cell (its day number, each item) are lines of their own.
    frame.block = (info & T_BLOCK) !== 0 || (marks & FIELD) !== 0 || (!!parent && !!this.grid?.has(parent.el))
    if (frame.block) this.flush()
    this.stack.push(el)
    if (marks & MACHINE && tag !== 'br') this.machineOf(el)
    const day = this.grid?.get(el)
    if (day) this.virtual(day)
    else if (mayBeGrid(el)) this.grid = monthGridDays(el, () => this.recentMonth(), this.ref) ?? this.grid
  }

  private exit(el: Element) {
    if (this.top()?.block) this.flush()
    this.stack.pop()
    if (this.buf) this.lineMin = Math.min(this.lineMin, this.stack.length)
  }

  /** Dates carried by attributes become virtual lines of their own, in document order. */
  private machineOf(el: Element) {
    const tag = el.tagName
    if (tag === 'img') {
      const src = attr(el, 'src') ?? attr(el, 'data-src')
      // An icon ("Images/icon_ical.gif", alt "Export to iCalendar") a static map or a spacer is no picture of the event.
      if (src && !src.startsWith('data:') && !ICON.test(src) && !ICON_ALT.test(attr(el, 'alt') ?? '')) this.virtual('', undefined, false, src)
      return
    }
    if (tag === 'a' || tag === 'button') return
    const label = attr(el, 'aria-label')
    if (label && label.length <= 80 && /\d/.test(label) && ARIA_DATE.test(label) && tag !== 'time') this.virtual(collapse(label))
    for (const name of MACHINE_ATTRS) {
      const raw = attr(el, name)
      if (!raw || !/^\d{4}-?\d{2}/.test(raw.trim())) continue
      const wall = parseIsoDateTime(raw)
      if (!wall) continue
      this.virtual('', wall, this.top()!.posted)
      return
    }
  }

  private virtual(text: string, machine?: WallTime, published?: boolean, image?: string) {
    const frame = this.top()!
    const line = newLine(text, frame.el, this.pathTo(this.stack.length), 0, false, frame.chrome, [])
    if (this.endAt(this.stack.length)) line.rangeEnd = true
    line.virtual = true
    if (machine) line.machine = machine
    if (image) line.image = image
    if (published) line.published = true
    // Inside a line of text, the virtual line follows that line: both stay in the same element.
    if (this.buf) this.pending.push(line)
    else this.push(line)
  }

  /** The open elements down to `depth`; lines in one element share one array (nobody changes a path). */
  private pathTo(depth: number): Element[] {
    const last = this.lastPath
    if (last && last.length === depth && last[depth - 1] === this.stack[depth - 1]) return last
    return (this.lastPath = this.stack.slice(0, depth))
  }

  /** One of the last three elements of a path `depth` long is a range's end field (`date-display-end`). */
  private endAt(depth: number): boolean {
    for (let i = depth - 1; i >= 0 && i >= depth - 3; i--) if (this.frames[i].end) return true
    return false
  }

  /** The last of the few lines before here that names a month and year (a month grid's heading). */
  private recentMonth(): string | undefined {
    for (let i = this.lines.length - 1; i >= 0 && i >= this.lines.length - 4; i--) if (monthOfHeading(this.lines[i].text, this.ref)) return this.lines[i].text
    return undefined
  }

  private push(line: Line) {
    line.index = this.lines.length
    this.lines.push(line)
  }

  private text(value: string) {
    const frame = this.top()
    if (!frame || !value) return
    let v = squeezeNode(value)
    if (!this.buf) {
      if (v === ' ') return
      if (v.charCodeAt(0) === 32) v = v.slice(1)
      this.lineMin = this.stack.length
      this.breaks = []
      this.strongAll = true
      this.linkEl = undefined
      this.lead = frame.strong || frame.heading > 0 ? -1 : 0
    } else {
      this.lineMin = Math.min(this.lineMin, this.stack.length)
      const spaced = this.tail === 32
      if (frame.el !== this.lastParent) {
        // Adjacent inline elements ("9:00 AM" then a link "Board meeting") read as separate words.
        if (!spaced && v && !NO_SPACE_BEFORE.has(v.charCodeAt(0))) {
          this.buf += ' '
          this.tail = 32
        }
        this.breaks.push(this.buf.length)
      }
      if (this.tail === 32 && v.charCodeAt(0) === 32) v = v.slice(1)
    }
    this.lastParent = frame.el
    // After squeezing, text without words is a single space (or nothing).
    if (v && v !== ' ') {
      if (frame.posted) this.posted.push([this.buf.length, this.buf.length + v.length])
      if (frame.struck) this.struck.push([this.buf.length, this.buf.length + v.length])
      // A bold run that opens a line and gives way to plain text ("<b>Plant Sale</b> – 9 AM …") is its lead.
      if (this.lead === -1 && !frame.strong) this.lead = this.buf.trimEnd().length
      this.strongAll &&= frame.strong
      const link = frame.link ? this.nearestLink() : null
      this.linkEl = this.linkEl === undefined ? link : this.linkEl === link ? link : null
    }
    this.buf += v
    if (v) this.tail = v.charCodeAt(v.length - 1)
  }

  private nearestLink(): Element | null {
    for (let i = this.stack.length - 1; i >= 0; i--) if (this.stack[i].tagName === 'a') return this.stack[i]
    return null
  }

  private flush() {
    // Every block boundary flushes; most find nothing buffered.
    if (!this.buf && !this.pending.length) {
      this.lastParent = undefined
      return
    }
    const text = this.buf.trimEnd()
    this.buf = ''
    this.tail = 0
    this.lastParent = undefined
    if (text && this.stack.length) {
      const depth = Math.min(this.stack.length, Math.max(1, this.lineMin))
      const frame = this.frames[depth - 1]
      // Break offsets only grow: most lines keep them all (trailing space trimmed off may drop the last).
      const all = this.breaks
      const breaks = !all.length || (all[0] > 0 && all[all.length - 1] < text.length) ? all : all.filter((b) => b > 0 && b < text.length)
      const line = newLine(text, this.stack[depth - 1], this.pathTo(depth), frame.heading, this.strongAll, frame.chrome, breaks)
      if (this.endAt(depth)) line.rangeEnd = true
      if (this.linkEl) line.link = this.linkEl
      if (this.lead > 0 && this.lead < text.length) line.lead = this.lead
      if (this.posted.length) line.postedSpans = this.posted
      if (this.struck.length) line.struckSpans = this.struck
      if (frame.footerAt >= 0) line.footerAt = frame.footerAt
      this.push(line)
    }
    this.posted = []
    this.struck = []
    for (const v of this.pending) this.push(v)
    this.pending = []
  }
}

/** Characters that join the text before them without a space (`v` starts with one: white space was squeezed to ' '). */
const NO_SPACE_BEFORE = new Set([...' ,.;:!?)]'].map((c) => c.charCodeAt(0)))
