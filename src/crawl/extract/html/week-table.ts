/**
 * A weekly schedule table: weekdays across the header row (Zeit | Montag | Dienstag …) or down the first
 * column (rows Monday … Saturday under | Gym | Studio A | Pool |). Each filled cell is a program on its
 * weekday, at the time in the cell or in its row's header ("17:00 – 18:30"), in the room the other header
 * names. A season said just above the table ("Fall 2026 Schedule, Sept 8 – Dec 12", "Gültig vom 2.
 * November 2026 bis 20. März 2027") bounds the rule; without one the rule runs from the day the page is
 * read, as a habit heading's does. A cell without a time gives nothing: a rule is never guessed.
 */
import { weekdayCodeOf } from '../../shared/calendar-math'
import type { Candidate } from '../../candidate-types'
import { addDays } from '../../../model/dates'
import { childrenOf, collapse, type Element, isElement, textOf } from '../../shared/dom'
import type { ProseWhen } from '../prose-dates'
import { weekdayCode, weekdayCodes } from '../rule-words'
import type { Line } from './page-lines'
import { type RecordContext, readRecord, withoutDates } from './record-fields'
import { usableTitle } from './record-title'
import { tableRoles } from './table-columns'

/** `byRow`: weekdays down a Day column of a table whose header names its columns (Day | Time | Class | Room): each row is one program. */
type WeekTable = { byColumn: boolean; byRow: boolean; header: string[]; rows: Element[] }
const tables = new WeakMap<Element, WeekTable | null>()

function cellsOf(row: Element): Element[] {
  return childrenOf(row).filter((c): c is Element => isElement(c) && (c.tagName === 'td' || c.tagName === 'th'))
}

function rowsOf(table: Element): Element[] {
  const out: Element[] = []
  for (const c of childrenOf(table).filter(isElement)) {
    if (c.tagName === 'tr') out.push(c)
    else if (c.tagName === 'thead' || c.tagName === 'tbody' || c.tagName === 'tfoot') for (const r of childrenOf(c).filter(isElement)) if (r.tagName === 'tr') out.push(r)
  }
  return out
}

const cellText = (cell: Element | undefined) => (cell ? collapse(textOf(cell)) : '')

/** A table's weekdays, across its first row or down its first column (three at least, nothing else there), or null. */
function weekTable(table: Element): WeekTable | null {
  const hit = tables.get(table)
  if (hit !== undefined) return hit
  const rows = rowsOf(table)
  const header = rows.length ? cellsOf(rows[0]).map(cellText) : []
  const across = header.slice(1).filter(Boolean)
  const down = rows.slice(1).map((r) => cellText(cellsOf(r)[0]))
  let found: WeekTable | null = null
  // A month grid's header names every day, the first too, and its rows open with day numbers.
  const firstColumn = header[0] === undefined || (!weekdayCode(header[0]) && !down.some((t) => /^\d{1,2}$/.test(t)))
  if (across.length >= 3 && firstColumn && across.every((t) => weekdayCode(t))) found = { byColumn: true, byRow: false, header, rows }
  else if (down.length >= 3 && down.every((t) => weekdayCodes(t)))
    found = {
      byColumn: false,
      byRow: !!tableRoles(table)
        ?.slice(1)
        .some((r) => r === 'time' || r === 'title'),
      header,
      rows,
    }
  tables.set(table, found)
  return found
}

/** The cell a line is in, when that cell is a body cell of a weekly schedule table (its row, when rows are programs). */
export function weekCell(line: Line): Element | undefined {
  const path = line.path
  for (let i = path.length - 1; i >= 2; i--) {
    const cell = path[i]
    if (cell.tagName !== 'td' && cell.tagName !== 'th') continue
    const table = path.slice(0, i - 1).findLast((e) => e.tagName === 'table')
    const info = table && weekTable(table)
    if (!info || info.rows.indexOf(path[i - 1]) <= 0 || cellsOf(path[i - 1]).indexOf(cell) <= 0) return undefined
    return info.byRow ? path[i - 1] : cell
  }
  return undefined
}

/** `breaks`: closures said beside the season ("No classes Nov 26 – 28", "In den Weihnachtsferien … geschlossen"). */
export type Season = { from: string; until: string; breaks?: { from: string; until: string }[] }

const CLOSED =
  /(?<!\p{L})(no class(?:es)?|closed|closure|holidays?|geschlossen|ferien|fermée?s?|fermeture|vacances|cerrad[oa]s?|vacaciones|chius[oa]|chiusura|vacanze|gesloten|vakantie|fechad[oa]s?|férias)(?!\p{L})/iu

/**
 * The longest span of four weeks or more said in the few lines before a table ("Sept 8 – Dec 12", "vom 2.
 * November 2026 bis 20. März 2027"); a closure beside it ("No classes Nov 26 – 28") is no season.
 */
export function seasonOf(texts: string[], find: (text: string) => ProseWhen[]): Season | undefined {
  let best: Season | undefined
  const closed: Season[] = []
  for (const text of texts) {
    const found = find(text)
    for (const [i, w] of found.entries()) {
      let span = w.date && w.endDate ? { from: w.date, until: w.endDate } : undefined
      // "September 14 – December 11, 2026" read as two days: the first takes the year that puts it before the second.
      const next = found[i + 1]
      if (!span && w.date && next?.date && !next.endDate && SPAN_WORD.test(text.slice(w.endIndex, next.index))) {
        span = { from: w.date > next.date ? `${Number(w.date.slice(0, 4)) - 1}${w.date.slice(4)}` : w.date, until: next.date }
      }
      // "21. Dezember bis 6. Januar": the end in the year after.
      if (span && span.until < span.from) span.until = `${Number(span.until.slice(0, 4)) + 1}${span.until.slice(4)}`
      if (span && CLOSED.test(text)) closed.push(span)
      if (!span || span.until < addDays(span.from, 28)) continue
      if (!best || Date.parse(span.until) - Date.parse(span.from) > Date.parse(best.until) - Date.parse(best.from)) best = span
    }
  }
  const breaks = best ? closed.filter((b) => b !== best && b.from >= best.from && b.until <= best.until) : []
  return best && breaks.length ? { ...best, breaks } : best
}

const SPAN_WORD = /^\s*(?:–|—|-|to|through|thru|until|bis|au|al|à|a|tot|t\/m|até|alle?)\s*$/i

/** The days of a span that fall on a weekday (an RRULE code). */
function daysOf(span: { from: string; until: string }, code: string): string[] {
  const out: string[] = []
  for (let d = span.from; d <= span.until && out.length < 60; d = addDays(d, 1)) if (code.split(',').includes(weekdayCodeOf(d))) out.push(d)
  return out
}

type Clock = { time: string; endTime?: string }

/**
 * The program of one cell (`lines`: its lines), or undefined. `clock(text)`: the time a text gives;
 * `today`: the day the page is read against.
 */
export function weekCellRecord(lines: Line[], ctx: RecordContext, clock: (text: string) => Clock | undefined, today: string, season?: Season): Candidate | undefined {
  const cell = weekCell(lines[0])
  const row = cell?.tagName === 'tr' ? cell : cell && lines[0].path[lines[0].path.indexOf(cell) - 1]
  const table = row && lines[0].path.findLast((e) => e.tagName === 'table')
  const info = table && weekTable(table)
  // A cell that names its own day ("Dec 7 – Storytime") is a dated record, not a weekly program.
  if (!cell || !row || !info || lines.some((l) => ctx.dates(l)?.day)) return undefined
  const column = cellsOf(row).indexOf(cell)
  const code = info.byColumn ? weekdayCode(info.header[column]) : weekdayCodes(cellText(cellsOf(row)[0]))
  // A row that is one program names its room in a column of its own, read with the row.
  const other = info.byRow ? '' : info.byColumn ? cellText(cellsOf(row)[0]) : (info.header[column] ?? '')
  const when = lines.map((l) => clock(l.text)).find(Boolean) ?? clock(other)
  if (!code || !when) return undefined
  const from = season && season.from > today ? season.from : today
  let first = from
  while (!code.split(',').includes(weekdayCodeOf(first))) first = addDays(first, 1)
  if (season && first > season.until) return undefined
  const c = readRecord(lines, { ...ctx, day: first, ...(info.byRow ? { root: row } : {}) }).candidate
  // A cell is its program's name and time: a header that names the columns' places ("Día | Sala 1") does not make it a place.
  const own = info.byRow ? undefined : lines.map((l) => withoutDates(l, ctx.dates(l)).trim()).find((t) => t && usableTitle(t))
  // A cell or row with only a time ("9:00 am – 8:00 pm" under "Library Hours") is opening hours, not a program.
  if (info.byRow ? c?.title === ctx.section : !own) return undefined
  if (c && own) {
    c.title = own
    if (c.place?.name && lines.some((l) => l.text.includes(c.place!.name!))) delete c.place
  }
  if (!c?.title || c.title === other || weekdayCode(c.title)) return undefined
  c.start = { date: first, time: when.time }
  if (when.endTime) c.end = { date: when.endTime > when.time ? first : addDays(first, 1), time: when.endTime }
  else delete c.end
  c.recurrence = { rrule: `FREQ=WEEKLY;BYDAY=${code}${season ? `;UNTIL=${season.until.replaceAll('-', '')}T235959` : ''}` }
  const exdates = (season?.breaks ?? []).flatMap((b) => daysOf(b, code).map((date) => ({ date, time: when.time })))
  if (exdates.length) c.recurrence.exdates = exdates
  // The other header names a room when it is not a time ("Studio A", "Pool").
  if (other && !clock(other) && !c.place?.name) c.place = { ...c.place, name: other }
  return c
}

const seasons = new WeakMap<Element, Season | null>()

/**
 * The programs of the week-table cells among `lines` (a table row, or a cell's loose lines), one per cell.
 * `find`: the page's date reader; `before(table)`: the texts of the few lines before the table, read once
 * per table for its season.
 */
export function weekRecords(lines: Line[], ctx: RecordContext, find: (text: string) => ProseWhen[], today: string, before: (table: Element) => string[]): Candidate[] {
  const clock = (text: string): Clock | undefined => {
    const w = find(text).find((x) => x.time && !x.date)
    return w?.time ? (w.endTime ? { time: w.time, endTime: w.endTime } : { time: w.time }) : undefined
  }
  const out: Candidate[] = []
  for (let i = 0; i < lines.length; ) {
    const cell = weekCell(lines[i])
    let j = i + 1
    while (j < lines.length && weekCell(lines[j]) === cell) j++
    const table = cell && lines[i].path.findLast((e) => e.tagName === 'table')
    if (cell && table) {
      if (!seasons.has(table)) seasons.set(table, seasonOf(before(table), find) ?? null)
      const c = weekCellRecord(lines.slice(i, j), ctx, clock, today, seasons.get(table) ?? undefined)
      if (c) out.push(c)
    }
    i = j
  }
  return out
}
