/**
 * Records from repeated structure, anchored on dates (DESIGN §6 "Pages without structured data"; MDR, Liu,
 * Grossman and Zhai, KDD 2003; DEPTA, Zhai and Liu, WWW 2005). The lines holding dates are found first;
 * then, bottom-up, every element whose children repeat one structure (same tag and class) and hold those
 * dates is a region, and each of those children is one record: a card, list item, table row, paragraph
 * or `<br>`-separated line. A child that itself holds a region of records is a section (a day of a
 * month grid, a month of a menu) and its other dates head the records inside it. Children that only hold
 * a date ("June 5" under a title heading) take the siblings around them into their record, in the
 * direction the page repeats (title before or after the date).
 */
import { memoize } from '../../../bounded-cache'
import { BLOCK, type Element } from '../../shared/dom'
import { NEW_DATE, VENUE_WORD } from './labels'
import type { LineDates } from './line-dates'
import { elementRanges } from './element-ranges'
import type { Line } from './page-lines'

/** One record: the contiguous lines `[from, to]` of the page. */
export type RecordSpan = { from: number; to: number; region: number; root?: Element }

export type Segmentation = { records: RecordSpan[]; regions: number; anchors: number }

type Child = {
  key: Element | Line
  from: number
  to: number
  /** The child's place among its container's children. */
  pos: number
  anchored: boolean
  content: boolean
  day: boolean
  time: boolean
  visibleDay: boolean
  labeled: boolean
  sig?: string
  section: boolean
  text: boolean
  /** The child opens with a label alone (`<tr><td>Datum</td><td>21 mei</td></tr>`): a field of one event, not a record. */
  field: boolean
}

const PLAIN_SIG = new Set(['tr', 'td', 'th', 'li', 'dt', 'dd', 'p', 'article', 'section'])
const VOLATILE_CLASS = /\d|^(odd|even|first|last|active|current|featured|past|today|selected|hidden|sticky|alt|clearfix|is-.*|has-.*)$/i

function signature(key: Element | Line): string {
  if ('path' in key) return key.virtual ? '#virtual' : '#line'
  if (PLAIN_SIG.has(key.tagName)) return key.tagName
  const attr = key.attrs.find((a) => a.name === 'class')
  return `${key.tagName}.${attr ? stableClass(attr.value) : ''}`
}

/** The first class name that is not a state or a number (a listing repeats its class attributes: each is read once). */
const stableClass = memoize((value: string) => value.split(/\s+/).find((c) => c && !VOLATILE_CLASS.test(c)) ?? '')

/** A child's signature, worked out when first asked (only anchored children and their neighbours are). */
function sigOf(c: Child): string {
  return (c.sig ??= signature(c.key))
}

/** What the segmenter needs to know about each line. */
export type LineInfo = (line: Line) => LineDates | undefined

/** Lines that can anchor a record: a visible day, a dedicated time (or clocks opening a line of fields), or a date carried by markup. */
function isAnchor(line: Line, d: LineDates | undefined): boolean {
  // The end of a range in its own element (`<span class="date-display-end">`) belongs to its start's record.
  if (line.rangeEnd) return false
  if (line.machine) return !line.published
  if (!d) return false
  return d.day || d.allDay || !!d.rule || (d.time && d.mentions.some((m) => m.eligible && (m.dedicated || d.whenOnly || leadsFields(line.text, m))))
}

/** "19:00–20:30 · Sherwell Centre", "7 pm | Hall", "11:00–12:30 and 14:00–15:30 · Library": clocks opening a line of fields. */
const CLOCKS_THEN_FIELD = /^(?:[\d:.\s–—\-,&/]|\b(?:and|und|en|et|to|bis|tot|[ap]\.?m\.?|uhr|uur|h)\b)+[·|•]\s*\S/i
const leadsFields = (text: string, m: { index: number; start: { hour?: number } }) => m.index === 0 && m.start.hour !== undefined && CLOCKS_THEN_FIELD.test(text)

/**
 * "<del>zondag 3 mei 2026, 14.30 uur</del>" or "Sábado 7 de marzo, 19:00 h" beside "UITGESTELD – nieuwe datum:
 * zondag 31 mei 2026" in one card: the old date anchors no record of its own (`newDate` answers for a line
 * with a day whether it gives a new date; asked only of lines near a dated one, once each).
 */
function replacedNear(lines: Line[], i: number, newDate: (j: number) => boolean): boolean {
  const parent = lines[i].path[lines[i].path.length - 2]
  // List items are items of their own ("<li>January 26</li><li>February 23 – RESCHEDULED to February 25</li>").
  const item = lines[i].path[lines[i].path.length - 1]?.tagName === 'li'
  for (let j = Math.max(0, i - 3); j <= i + 3 && j < lines.length; j++)
    if (j !== i && lines[j].path[lines[j].path.length - 2] === parent && !(item && lines[j].path[lines[j].path.length - 1] !== lines[i].path[lines[i].path.length - 1]) && newDate(j)) return true
  return false
}

/**
 * Finds the records of a page. `info(line)` gives each line's dates (computed on demand, cached by the
 * caller).
 */
export function segmentRecords(lines: Line[], info: LineInfo): Segmentation {
  const dates = lines.map((l) => (l.text || l.machine ? info(l) : undefined))
  const renews: (boolean | undefined)[] = new Array(lines.length)
  const newDate = (j: number) => (renews[j] ??= !!dates[j]?.day && NEW_DATE.test(lines[j].text))
  const anchor = lines.map((l, i) => isAnchor(l, dates[i]) && !(dates[i]?.day && !newDate(i) && replacedNear(lines, i, newDate)))
  const bits = lines.map((l, i) => lineBits(l, dates[i], anchor[i]))
  const ranges = elementRanges(lines, anchor)
  const containers = [...ranges.entries()].filter(([, r]) => r.anchors >= 2).sort((a, b) => b[1].depth - a[1].depth)
  const hasRecords = new Set<Element>()
  const records: RecordSpan[] = []
  let regions = 0
  for (const [el, range] of containers) {
    const d = range.depth
    // A wrapper whose lines all sit in one child element has one child: no region (most wrappers of a page).
    const first = lines[range.from].path[d + 1]
    if (first && first === lines[range.to].path[d + 1] && ranges.get(first)!.from === range.from && ranges.get(first)!.to === range.to) continue
    const children = childrenOf(lines, bits, range, d, hasRecords)
    const found = regionRecords(children, lines, dates)
    if (!found.length) continue
    regions++
    for (const r of found) records.push({ ...r, region: regions })
    for (const p of lines[range.from].path.slice(0, d + 1)) hasRecords.add(p)
  }
  records.sort((a, b) => a.from - b.from)
  return { records: dropNested(records), regions, anchors: anchor.filter(Boolean).length }
}

/** A record of an outer region never swallows the records of an inner one (they came first). */
function dropNested(records: RecordSpan[]): RecordSpan[] {
  const out: RecordSpan[] = []
  for (const r of records) {
    const last = out[out.length - 1]
    if (last && r.from <= last.to) continue
    out.push(r)
  }
  return out
}

const ANCHORED = 1
const TEXT = 2
const DAY = 4
const VISIBLE_DAY = 8
const LABELED = 16
const TIME = 32
const CONTENT = 64
const LABEL = 128

/** What a line gives the child it is in (see `childrenOf`), worked out once per line, not once per container holding it. */
function lineBits(line: Line, info: LineDates | undefined, anchor: boolean): number {
  let bits = anchor ? ANCHORED : 0
  if (line.text) bits |= TEXT
  if (info?.day) bits |= line.virtual ? DAY : DAY | VISIBLE_DAY
  if (info?.labeled) bits |= LABELED
  if (info?.time) bits |= TIME
  if (line.text && !line.virtual && (info?.words || info?.list)) bits |= CONTENT
  if (info?.label) bits |= LABEL
  return bits
}

function childrenOf(lines: Line[], bits: number[], range: { from: number; to: number }, d: number, hasRecords: Set<Element>): Child[] {
  const out: Child[] = []
  let child: Child | undefined
  let acc = 0
  for (let i = range.from; i <= range.to; i++) {
    const line = lines[i]
    const key = line.path.length > d + 1 ? line.path[d + 1] : line
    if (!child || child.key !== key) {
      if (child) setBits(child, acc)
      acc = 0
      child = {
        key,
        from: i,
        to: i,
        pos: out.length,
        anchored: false,
        content: false,
        day: false,
        time: false,
        visibleDay: false,
        labeled: false,
        // Present from the start (worked out when first asked): every child keeps one shape.
        sig: undefined,
        section: 'tagName' in key && hasRecords.has(key),
        text: false,
        field: (bits[i] & LABEL) !== 0,
      }
      out.push(child)
    }
    child.to = i
    acc |= bits[i]
  }
  if (child) setBits(child, acc)
  return out
}

function setBits(c: Child, bits: number) {
  c.anchored = (bits & ANCHORED) !== 0
  c.text = (bits & TEXT) !== 0
  c.day = (bits & DAY) !== 0
  c.visibleDay = (bits & VISIBLE_DAY) !== 0
  c.labeled = (bits & LABELED) !== 0
  c.time = (bits & TIME) !== 0
  c.content = (bits & CONTENT) !== 0
}

/** The records a container's children form, or none when they are not a region. */
function regionRecords(children: Child[], lines: Line[], dates: (LineDates | undefined)[]): Omit<RecordSpan, 'region'>[] {
  const anchored = children.filter((c) => c.anchored)
  if (anchored.length < 2) return []
  const bySig = new Map<string, Child[]>()
  for (const c of anchored) {
    const group = bySig.get(sigOf(c))
    if (group) group.push(c)
    else bySig.set(sigOf(c), [c])
  }
  // A bare "Date: June 5" line among others is a field of one record, not a record.
  // So is a row or item that opens with a label alone ("Datum | donderdag 21 mei 2026", "Tijd | 20.00 uur").
  const units = anchored.filter((c) => bySig.get(sigOf(c))!.length >= 2 && !c.section && !c.field && !(c.labeled && 'path' in c.key && !c.content))
  const sections = anchored.filter((c) => bySig.get(sigOf(c))!.length >= 2 && c.section)
  if (units.length + sections.length < 2) return []
  // Days alone beside children that hold records of their own ("<h2>Friday 5 June</h2><p>18:00 Opening<br>19:30 Poetry</p>"): the days head those records.
  if (sections.length && units.every((c) => !c.content)) return []
  const content = units.filter((c) => c.content)
  // Two dates in inline elements side by side ("<span>Tue, Dec 22 10:00 AM</span> – <span>Wed, Dec 23 5:00 PM</span>") are a start and an end.
  if (!content.length && units.length === 2 && units.every((u) => 'tagName' in u.key && !BLOCK.has(u.key.tagName))) return []
  const bare = units.filter((c) => !c.content && c.visibleDay)
  // A day in one child and a time in another are two fields of one record, not two records.
  const bareUnits = units.filter((c) => !c.content)
  const mixed = bareUnits.some((c) => c.day) && bareUnits.some((c) => !c.day)
  const grouped = mixed ? undefined : groupWithSiblings(children, units)
  if (grouped) return grouped
  // Units that show a day and nothing else ("Tuesday, April 14, 2026 – 6:00 PM") are records beside the
  // others, unless they are fields (a day here, a time there) or labelled ("Starts: …").
  // A day alone above records that have only a time is their day heading, not a record.
  const headings = content.some((c) => !c.day)
  const dated = mixed || bare.some((c) => c.labeled) ? [] : bare.filter((c) => c.time || !headings)
  const datedSet = new Set(dated)
  const records = units.filter((c) => c.content || datedSet.has(c))
  const days = new Set(
    dated.map((c) =>
      lines
        .slice(c.from, c.to + 1)
        .map((l) => l.text)
        .join(' '),
    ),
  )
  if (!content.length && days.size < 2) return []
  if (records.length >= 2) return records.map((c) => (datedSet.has(c) ? withRoom(c, children, lines) : spanOf(c)))
  // One record among empty units: the days of a calendar grid with nothing on them, or a day heading over it.
  if (content.length === 1 && bareUnits.every((c) => c.day && (!c.visibleDay || (headings && !c.time)))) return content.map(spanOf)
  void dates
  return []
}

/** A unit that only holds its days ("16 januari t/m 25 april 2027") takes a short sibling after it naming a room ("Tuinzaal"): its place. */
function withRoom(c: Child, children: Child[], lines: Line[]): Omit<RecordSpan, 'region'> {
  const next = children[c.pos + 1]
  const room = next && !next.anchored && !next.day && !next.time && !next.section && next.from === next.to && lines[next.from].text.length <= 40 && VENUE_WORD.test(lines[next.from].text)
  return room ? { from: c.from, to: next.to, ...('tagName' in c.key ? { root: c.key } : {}) } : spanOf(c)
}

/** A unit's lines, and its element when it is one. */
function spanOf(c: Child): Omit<RecordSpan, 'region'> {
  return 'tagName' in c.key ? { from: c.from, to: c.to, root: c.key } : { from: c.from, to: c.to }
}

const TITLE_LIKE = /^(h[1-6]|dt|strong|b)$/

/**
 * Units that hold only a date, each next to a sibling that holds text (`<h3>Title</h3><p>June 5</p>`,
 * `<dt>June 5</dt><dd>Title</dd>`), form their records with those siblings: before the date when every
 * unit is preceded by the same kind of sibling and the last one is not followed by it, else after.
 */
function groupWithSiblings(children: Child[], units: Child[]): Omit<RecordSpan, 'region'>[] | undefined {
  if (units.length < 2) return undefined
  const pos = units.map((u) => u.pos)
  const isUnit = new Set(units)
  // A sibling without a day of its own (a title, or a title with its time) belongs to the date beside it.
  const loose = (i: number) => i >= 0 && i < children.length && !children[i].day && children[i].text && !isUnit.has(children[i])
  const bare = units.every((u) => !u.content)
  const before = pos.map((p) => (loose(p - 1) ? sigOf(children[p - 1]) : undefined))
  const leadSig = before[0]
  const leading = !!leadSig && before.every((s) => s === leadSig) && !(loose(pos[pos.length - 1] + 1) && sigOf(children[pos[pos.length - 1] + 1]) === leadSig)
  // A day over a block of timed lines ("<h2>Friday 5 June</h2><p>18:00 Opening<br>19:30 Poetry Evening</p>") heads that block, its programme.
  const timedNext = (p: number) => p + 1 < children.length && !isUnit.has(children[p + 1]) && !children[p + 1].section && children[p + 1].time && children[p + 1].text
  if (bare && pos.every(timedNext)) return pos.map((p) => ({ from: children[p].from, to: children[p + 1].to }))
  const titleLead = leading && (bare || TITLE_LIKE.test(tagOf(children[pos[0] - 1])))
  if (titleLead) {
    return pos.map((p, i) => {
      const end = i + 1 < pos.length ? pos[i + 1] - 2 : Math.min(children.length - 1, p + (pos[1] - pos[0] - 2))
      return { from: children[p - 1].from, to: children[Math.max(p, end)].to }
    })
  }
  if (!bare) return undefined
  const after = pos.map((p) => loose(p + 1))
  if (!after.every(Boolean)) return undefined
  return pos.map((p, i) => {
    const end = i + 1 < pos.length ? pos[i + 1] - 1 : Math.min(children.length - 1, p + (pos[1] - pos[0] - 1))
    let to = p
    for (let j = p + 1; j <= end && !children[j].day && !isUnit.has(children[j]) && !/^h[1-6]$/.test(tagOf(children[j])); j++) to = j
    return { from: children[p].from, to: children[to].to }
  })
}

function tagOf(c: Child): string {
  return 'tagName' in c.key ? c.key.tagName : '#line'
}
