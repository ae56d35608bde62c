/**
 * iCalendar text as found on the web → unfolded content lines grouped by component, before any value is
 * parsed. Real feeds have BOMs, bare LF or CR, NUL bytes, lines that lost their folding space, quoting
 * that swallows the colon (`TZID="W. Europe Standard Time:20200609T090000"`), missing END lines and
 * concatenated VCALENDARs; each VEVENT, VTIMEZONE and VVENUE (the vendor venue component, at the top or
 * inside its event) comes out as its own block so one broken component never spoils the others.
 */

export type IcsBlock = {
  kind: 'VEVENT' | 'VTIMEZONE' | 'VVENUE'
  lines: string[]
  line: number
  /** For a VVENUE written inside a VEVENT: the line where that VEVENT begins. */
  owner?: number
}
export type IcsDocument = { calendar: string[]; blocks: IcsBlock[]; sawCalendar: boolean }

const CONTENT_LINE = /^[A-Za-z0-9-]+[;:]/
/** Properties whose value is free text, so a line that lost its folding is most likely more of it. */
const TEXT_PROPERTIES = new Set(['DESCRIPTION', 'SUMMARY', 'LOCATION', 'COMMENT', 'X-ALT-DESC', 'CONTACT'])

/** The property name a content line opens with, upper-cased (`dtstart;tzid=…` → `DTSTART`); '' when none. */
export function propertyName(line: string): string {
  // Every line of a feed asks: the name's end is found without a regular expression.
  let end = 0
  for (let c = line.charCodeAt(0); (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45; c = line.charCodeAt(++end));
  return line.slice(0, end).toUpperCase()
}

/** Index of the `:` that separates parameters from the value, skipping colons inside quoted parameter values. */
export function valueColon(line: string): number {
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const c = line[i]
    if (c === '"') quoted = !quoted
    else if (c === ':' && !quoted) return i
  }
  return -1
}

/** `DTSTART;TZID="Zone Name:20200609T090000"` (Outlook) → `DTSTART;TZID="Zone Name":20200609T090000`. */
function repairQuotedColon(line: string): string {
  if (valueColon(line) >= 0 || !line.endsWith('"')) return line
  const open = line.lastIndexOf('"', line.length - 2)
  const colon = line.lastIndexOf(':')
  if (open < 0 || colon < open) return line
  return `${line.slice(0, colon)}":${line.slice(colon + 1, -1)}`
}

function unfold(text: string, warnings: string[]): { text: string; line: number }[] {
  const raw = text
    .replace(/^\uFEFF/, '')
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .split(/\r\n|\n|\r/)
  const lines: { text: string; line: number }[] = []
  let dropped = 0
  raw.forEach((text, i) => {
    if (text === '') return
    const last = lines[lines.length - 1]
    if ((text[0] === ' ' || text[0] === '\t') && last) last.text += text.slice(1)
    else if (CONTENT_LINE.test(text)) lines.push({ text, line: i + 1 })
    else if (last && TEXT_PROPERTIES.has(propertyName(last.text))) last.text += `\\n${text}`
    else dropped++
  })
  if (dropped) warnings.push(`ics: ${dropped} line(s) are not content lines and were ignored`)
  return lines.map((l) => ({ ...l, text: repairQuotedColon(l.text) }))
}

/**
 * Groups unfolded lines into VEVENT and VTIMEZONE blocks (nested components such as VALARM are left out of
 * the event, so an alarm's DESCRIPTION never becomes the event's) plus the calendar's own properties.
 * A component without its END ends where the next one begins.
 */
export function splitIcs(text: string, warnings: string[]): IcsDocument {
  const doc: IcsDocument = { calendar: [], blocks: [], sawCalendar: false }
  let current: IcsBlock | undefined
  let nested: string[] = []
  let skipping: string | undefined
  let venue: IcsBlock | undefined
  const close = (reason?: string) => {
    if (current && reason) warnings.push(`ics: ${current.kind} at line ${current.line} ${reason}`)
    if (current) doc.blocks.push(current)
    current = undefined
    nested = []
  }
  for (const { text: line, line: number } of unfold(text, warnings)) {
    const name = propertyName(line)
    // Only BEGIN and END lines are told apart by their value: a long DESCRIPTION is not upper-cased for nothing.
    const value =
      name === 'BEGIN' || name === 'END'
        ? line
            .slice(line.indexOf(':') + 1)
            .trim()
            .toUpperCase()
        : ''
    if (venue) {
      if (name === 'END' && value === 'VVENUE') {
        doc.blocks.push(venue)
        venue = undefined
      } else if (name !== 'BEGIN' && name !== 'END') venue.lines.push(line)
      if (name !== 'END' || value !== 'VEVENT') continue
      doc.blocks.push(venue!)
      venue = undefined
    }
    if (name === 'BEGIN' && value === 'VVENUE' && (!current || current.kind === 'VEVENT') && !nested.length) {
      venue = { kind: 'VVENUE', lines: [], line: number, ...(current ? { owner: current.line } : {}) }
    } else if (name === 'BEGIN' && (value === 'VEVENT' || value === 'VTIMEZONE')) {
      close(current ? `has no END:${current.kind}` : undefined)
      skipping = undefined
      current = { kind: value, lines: [], line: number }
    } else if (name === 'BEGIN' && value === 'VCALENDAR') {
      close(current ? `has no END:${current.kind}` : undefined)
      doc.sawCalendar = true
    } else if (name === 'BEGIN' && current) {
      if (current.kind === 'VTIMEZONE' && (value === 'STANDARD' || value === 'DAYLIGHT')) current.lines.push(line)
      else nested.push(value)
    } else if (name === 'BEGIN') {
      skipping ??= value // VTODO, VJOURNAL, VFREEBUSY, X-…: not events
    } else if (name === 'END' && current && nested.length) {
      if (nested[nested.length - 1] === value) nested.pop()
    } else if (name === 'END' && current && value === current.kind) {
      close()
    } else if (name === 'END' && current && current.kind === 'VTIMEZONE' && (value === 'STANDARD' || value === 'DAYLIGHT')) {
      current.lines.push(line)
    } else if (name === 'END') {
      if (value === skipping) skipping = undefined
      if (value === 'VCALENDAR') close(current ? `has no END:${current.kind}` : undefined)
    } else if (current && !nested.length) {
      current.lines.push(line)
    } else if (!current && !skipping) {
      doc.calendar.push(line)
    }
  }
  if (venue) doc.blocks.push(venue)
  close(current ? `has no END:${current.kind}` : undefined)
  return doc
}

/** The raw value of a content line (after the separating colon), unparsed. */
export function rawValue(line: string): string {
  const colon = valueColon(line)
  return colon < 0 ? '' : line.slice(colon + 1)
}

/** The raw value of the first calendar-level property `name` (X-WR-TIMEZONE, X-WR-CALNAME). */
export function calendarProperty(doc: IcsDocument, name: string): string | undefined {
  const line = doc.calendar.find((l) => propertyName(l) === name)
  return line === undefined ? undefined : rawValue(line).trim()
}
