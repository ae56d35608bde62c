/**
 * Reads one record (a card, row, list item, paragraph or group of lines) into a Candidate: its title is the
 * most prominent text that is neither its date nor boilerplate ("Agenda", "Read more", "Minutes"), else
 * the heading of the section it sits in; its place comes from a label ("Location:", "Waar:"), a column,
 * a class, a map link or an address-shaped line; its link from its title.
 */
import type { YearRef } from '../prose-dates'
import type { Candidate, CandidatePlace } from '../../types'
import { pathHas, PLACE, TITLE } from './class-flags'
import { attr, type Element, findFirst, textOf } from './dom'
import { type FieldRole, isBoilerplate, labelValue, NO_EVENT, statusFromText } from './labels'
import { labelOnly, type LineDates, type Mention, misspeltWeekday } from './line-dates'
import type { Line } from './page-lines'
import { recordDetails } from './record-details'
import { recordWhen } from './record-when'
import { cellRole, recordRow, tableRoles } from './table-columns'

export type RecordContext = {
  sourceUrl: string
  ref: YearRef
  dates: (line: Line) => LineDates | undefined
  yearHint?: number
  /** The day heading above the record. */
  day?: string
  /** The section heading above the record (a committee, a program, "Upcoming Board Meetings"). */
  section?: string
  /** The title, when the caller knows it (an event page's `h1`). */
  forceTitle?: string
  /** The record's own element (a card, a row), when it is one. */
  root?: Element
}

/** `dayFromHeading`: the record took its day from the day heading above it. */
export type RecordResult = { candidate?: Candidate; reason?: string; dayFromHeading?: boolean }

const SEPARATOR_EDGES = /^[\s\-–—:,;|/@·•.]+|[\s\-–—:,;|/@·•(]+$/g
const CONNECTOR_END = /\s+(on|at|am|le|el|la|las|op|om|il|em|um|vom|du|del|de|van|a|à|às|alle|ore|dalle|from|dès|des)$/i
const MAP_TEXT = /\b(map|maps|directions|karte|anfahrt|plan|carte|itinéraire|mapa|cómo llegar|kaart|route|mappa|indicazioni|como chegar)\b/i
const MAP_HOST = /(maps\.google\.|google\.[a-z.]+\/maps|maps\.apple\.com|bing\.com\/maps|openstreetmap\.org)/i
const STREET = /\b\d{1,6}[a-z]?\s+[\p{L}][\p{L}\s.'-]*\b(street|st|road|rd|avenue|ave|boulevard|blvd|drive|dr|lane|ln|way|court|ct|place|pl|highway|hwy|parkway|pkwy|circle|cir|square|sq|terrace)\b\.?|\b[\p{L}-]*(straat|weg|laan|plein|gracht|kade|singel|dijk|strasse|straße|str\.|platz|gasse|allee|ring)\s+\d{1,5}\b|\b(rue|avenue|boulevard|chemin|place|calle|avenida|plaza|via|viale|piazza|corso|rua|praça)\s+[\p{L}]/iu
const POSTAL = /\b[A-Z]{2}\s+\d{5}(-\d{4})?\b|\b\d{4}\s?[A-Z]{2}\b|\b\d{5}\s+[\p{Lu}][\p{L}]+/u

const POSTED = /^(posted|published|updated|last updated|modified|veröffentlicht|aktualisiert|publié|mis à jour|publicado|actualizado|gepubliceerd|bijgewerkt|pubblicato|aggiornato|atualizado)\b/i
const SEGMENT_SEPARATOR = /\s+[–—-]\s+|\s*[|•·]\s*/g

/**
 * "Palm Sunday, March 29 – Liturgy of the Palms, 9:30 AM (note: one service only)" → "Liturgy of the
 * Palms": the dash- or bar-separated parts of a line that hold a day go when another part has words, and
 * the title ends where a date or time follows it (what comes after is a note).
 */
function keptRange(text: string, spans: Mention[]): [number, number] {
  const parts: { from: number; to: number }[] = []
  let last = 0
  for (const m of text.matchAll(SEGMENT_SEPARATOR)) {
    parts.push({ from: last, to: m.index! })
    last = m.index! + m[0].length
  }
  parts.push({ from: last, to: text.length })
  // A part that holds a day and at most two other words ("Palm Sunday, March 29") is the date, not the title.
  const dated = parts.map((p) => spans.some((s) => s.start.day !== undefined && s.index < p.to && s.endIndex > p.from) && restWords(text, p.from, p.to, spans) <= 2)
  const kept = parts.filter((p, i) => !dated[i] && /\p{L}{2,}.*\s\p{L}|\p{L}{4,}/u.test(text.slice(p.from, p.to)))
  if (parts.length < 2 || !kept.length || kept.length === parts.length) return [0, text.length]
  return [kept[0].from, kept[kept.length - 1].to]
}

/** A line's text without its dates ("Closed Session – January 7, 2026, 4:00 PM" → "Closed Session"). */
export function withoutDates(line: Line, d: LineDates | undefined): string {
  const text = line.text
  const spans = (d?.mentions ?? []).filter((m) => m.eligible || m.dedicated)
  if (!spans.length) return clean(text)
  let [from, to] = keptRange(text, spans)
  for (const m of [...spans].sort((a, b) => a.index - b.index)) {
    if (m.endIndex <= from || m.index >= to) continue
    const before = text.slice(from, m.index).replace(SEPARATOR_EDGES, '')
    const after = restWords(text, m.endIndex, to, spans)
    // "Karfreitag, 15. April 2022, 15 Uhr: Andacht zur Sterbestunde": a day's name before the date, the title after it.
    if (!before || (wordCount(before) <= 2 && after >= 2 && m.start.day !== undefined)) from = Math.max(from, m.endIndex)
    else if (m.start.day === undefined || m.start.hour !== undefined || m.start.year !== undefined || m.dedicated || !restWithout(text, m.endIndex, to, spans)) {
      // A date or time after the title ends it ("…Holy Eucharist at 7 p.m.", "…Meeting – 03/17/2026 – 5:30 PM").
      to = m.index
      break
    }
  }
  return clean(text.slice(from, to))
}

/** The text of `[from, to)` without the given mentions and separators: empty when only dates follow. */
function restWithout(text: string, from: number, to: number, spans: Mention[]): string {
  let out = ''
  let at = from
  for (const m of [...spans].sort((a, b) => a.index - b.index)) {
    if (m.endIndex <= at || m.index >= to) continue
    out += text.slice(at, Math.max(at, m.index))
    at = Math.max(at, m.endIndex)
  }
  return (out + text.slice(at, to)).replace(/[\s\-–—:,;|/@·•.()]+/g, '')
}

function restWords(text: string, from: number, to: number, spans: Mention[]): number {
  let out = ''
  let at = from
  for (const m of [...spans].sort((a, b) => a.index - b.index)) {
    if (m.endIndex <= at || m.index >= to) continue
    out += ` ${text.slice(at, Math.max(at, m.index))}`
    at = Math.max(at, m.endIndex)
  }
  return wordCount(out + text.slice(at, to))
}

function wordCount(text: string): number {
  return text.match(/\p{L}{2,}/gu)?.length ?? 0
}

/** A long trailing note in parentheses is not part of a title ("… (Achtung: Beginn der Sommerzeit …)"). */
function withoutNote(text: string): string {
  const m = /\s*\(([^()]*)\)?\s*$/.exec(text)
  return m && wordCount(m[1]) >= 4 && wordCount(text.slice(0, m.index)) >= 2 ? text.slice(0, m.index) : text
}

function clean(text: string): string {
  return firstSentence(withoutNote(cleanEdges(text)))
}

/**
 * ". Club de lectura de adultos: comentamos La ciudad sumergida, de Elvira Lasheras. Sala polivalente. Más
 * información" → its first sentence: what follows (a room, a button) is not the title.
 */
function firstSentence(text: string): string {
  if (text.length <= 60) return text
  const m = /(?<!(?:^|[^\p{L}])\p{L}{1,3})[.!?]\s+(?=\p{Lu})/u.exec(text)
  return m && wordCount(text.slice(0, m.index)) >= 3 ? text.slice(0, m.index) : text
}

function cleanEdges(text: string): string {
  return text.replace(/\s+/g, ' ').replace(SEPARATOR_EDGES, '').replace(CONNECTOR_END, '').replace(SEPARATOR_EDGES, '').trim()
}

type Role = (line: Line) => FieldRole | undefined

/** Text that can be a title: words, not boilerplate, not "No meeting", not a lone (misspelt) weekday. */
function usableTitle(text: string): boolean {
  if (text.length < 3 || text.length > 200 || isBoilerplate(text) || NO_EVENT.test(text) || !/\p{L}{2}/u.test(text)) return false
  // "(public hearing on the budget)": a note in parentheses is not a title.
  if (/^\(.*\)$/.test(text)) return false
  return !(/^\p{L}+$/u.test(text) && misspeltWeekday(text))
}

function titleScore(line: Line, role: FieldRole | undefined, own: number): number {
  if (role === 'title') return 100
  let score = 0
  if (line.heading) score += 20 - line.heading
  if (pathHas(line.path, own, TITLE)) score += 8
  if (line.link) score += 4
  if (line.strong) score += 2
  return score
}

function titleOf(lines: Line[], ctx: RecordContext, role: Roles): { text: string; line?: Line } | undefined {
  if (ctx.forceTitle) return { text: ctx.forceTitle, line: lines.find((l) => l.text.startsWith(ctx.forceTitle!)) }
  // A table whose header names no title column ("Datum | Tijd | Locatie | Stukken") takes the heading above it.
  if (role.titled === false && ctx.section) return { text: ctx.section }
  const own = commonDepth(lines)
  // Score first (cheap), then clean the best lines until one reads as a title.
  const ranked: { line: Line; score: number; lead: boolean }[] = []
  for (const line of lines) {
    if (line.virtual || !line.text || line.text.length > 400) continue
    const r = role(line)
    if (r && r !== 'title' && r !== 'description') continue
    if (POSTED.test(line.text) || labelOnly(line.text) || labelValue(line.text)) continue
    const lead = !!line.lead && !ctx.dates(line)?.mentions.some((m) => m.index < line.lead!)
    ranked.push({ line, score: titleScore(line, r, own) + (lead ? 3 : 0), lead })
  }
  ranked.sort((a, b) => b.score - a.score || a.line.index - b.line.index)
  for (const { line, lead } of ranked) {
    const leadText = lead ? clean(line.text.slice(0, line.lead)) : ''
    const text = leadText && usableTitle(leadText) ? leadText : withoutDates(line, ctx.dates(line))
    if (usableTitle(text)) return { text, line }
  }
  return ctx.section ? { text: ctx.section } : undefined
}

function usableHref(el: Element | undefined): string | undefined {
  const href = el && attr(el, 'href')?.trim()
  if (!href || href.startsWith('#') || /^(javascript|mailto|tel):/i.test(href)) return undefined
  if (/\.ics(\?|$)|^webcal:|google\.com\/calendar|outlook\.(live|office)\.com|[?&]format=ical/i.test(href) || MAP_HOST.test(href)) return undefined
  return href
}

/** The link of a line: the line is a link, or holds one whose text is part of the title. */
function lineLink(line: Line, title: string): string | undefined {
  if (line.link) return usableHref(line.link)
  const anchor = findFirst(line.el, (e) => e.tagName === 'a' && !!attr(e, 'href') && title.includes(textOf(e)) && textOf(e).length >= 3)
  return usableHref(anchor)
}

function linkOf(lines: Line[], title: { text: string; line?: Line }): string | undefined {
  const own = title.line ? lineLink(title.line, title.text) : undefined
  if (own) return own
  for (const line of lines) if (line.link && !isBoilerplate(line.text) && line !== title.line) return usableHref(line.link)
  return undefined
}

/** The address a map link searches for (`maps.google.com?q=2975 Farmersville Road …`). */
function mapAddress(lines: Line[]): string | undefined {
  for (const line of lines) {
    // A map link is a link of the line itself, or one inside it whose text says "map" or "directions".
    const inner = !line.virtual && !line.link && MAP_TEXT.test(line.text)
    const anchor = line.link ?? (inner ? findFirst(line.el, (e) => e.tagName === 'a' && MAP_HOST.test(attr(e, 'href') ?? '')) : undefined)
    const href = anchor && attr(anchor, 'href')
    if (!href || !MAP_HOST.test(href)) continue
    try {
      const q = new URL(href, 'https://example.invalid/').searchParams.get('q') ?? new URL(href, 'https://example.invalid/').searchParams.get('query')
      if (q && /\p{L}/u.test(q) && !/^-?\d+(\.\d+)?,\s*-?\d+(\.\d+)?$/.test(q.trim())) return q.replace(/\s+/g, ' ').trim()
    } catch {}
  }
  return undefined
}

const placeText = (t: string) => t.replace(/\s*\(?\b(map|directions|google maps?)\b\)?\s*$/i, '').replace(SEPARATOR_EDGES, '').trim()

/** The value lines of a label line: the text after its colon, or the lines after it up to the next label. */
function labelled(lines: Line[], i: number, value: string): string[] {
  if (value) return [value]
  const out: string[] = []
  let box: Element | undefined
  for (let j = i + 1; j < lines.length && out.length < 4; j++) {
    const l = lines[j]
    const t = l.text
    if (!t || l.virtual) continue
    if (labelValue(t) || labelOnly(t) || /[:：]$/.test(t) || isBoilerplate(t) || /directions to/i.test(t)) break
    // The value is the element after the label (a `<dd>`, a field's item): the lines in it, and no further.
    box ??= valueBox(lines[i], l)
    if (box && !l.path.includes(box)) break
    out.push(t)
  }
  return out
}

/** The outermost element holding the value line but not its label line. */
function valueBox(label: Line, value: Line): Element | undefined {
  let i = 0
  while (i < label.path.length && i < value.path.length && label.path[i] === value.path[i]) i++
  return value.path[i]
}

function placeOf(lines: Line[], role: Role, skip: Set<string>): CandidatePlace | undefined {
  for (let i = 0; i < lines.length; i++) {
    const only = labelOnly(lines[i].text)
    const lv = only ? { role: only, value: '' } : labelValue(lines[i].text)
    if (!lv || (lv.role !== 'place' && lv.role !== 'address')) continue
    const values = labelled(lines, i, lv.value).map(placeText).filter(Boolean)
    if (values.length) return splitPlace(values)
  }
  const byRole = lines.filter((l) => !l.virtual && (role(l) === 'place' || role(l) === 'address')).map((l) => placeText(l.text)).filter(Boolean)
  if (byRole.length) return splitPlace(byRole)
  const own = commonDepth(lines)
  const byClass = lines.filter((l) => !l.virtual && l.text && pathHas(l.path, own, PLACE)).map((l) => placeText(l.text)).filter(Boolean)
  const fromMap = mapAddress(lines)
  if (byClass.length) {
    const place = splitPlace(byClass)
    if (fromMap && !place.address) place.address = fromMap
    if (!place.name && place.address) place.name = nameBefore(lines, lines.findIndex((l) => placeText(l.text) === byClass[0]), skip)
    if (!place.name) delete place.name
    return place
  }
  if (fromMap) return { address: fromMap }
  const i = lines.findIndex((l) => !l.virtual && l.text.length <= 120 && (STREET.test(l.text) || POSTAL.test(l.text)) && !skip.has(l.text))
  if (i < 0) return undefined
  const name = nameBefore(lines, i, skip)
  return name ? { name, address: lines[i].text } : { address: lines[i].text }
}

/** The venue's name written on the line above its address ("Dielmann West" / "11400 Olde Cabin Road …"). */
function nameBefore(lines: Line[], i: number, skip: Set<string>): string | undefined {
  const prev = lines[i - 1]
  if (!prev || prev.virtual || prev.text.length > 60 || skip.has(prev.text) || isBoilerplate(prev.text) || /\d{1,2}[:/.]\d{2}/.test(prev.text) || labelValue(prev.text)) return undefined
  return /\p{L}{2}/u.test(prev.text) ? prev.text : undefined
}

/** How many elements all of a record's lines share: classes above that depth belong to the page, not the record. */
function commonDepth(lines: Line[]): number {
  let depth = lines[0].path.length
  for (const l of lines) {
    let i = 0
    while (i < depth && i < l.path.length && l.path[i] === lines[0].path[i]) i++
    depth = i
  }
  return lines.length === 1 ? depth - 1 : depth
}

/** "Abrams Building / 1520 Market St. / St. Louis, MO 63103": a name, then its address. */
function splitPlace(values: string[]): CandidatePlace {
  if (values.length === 1) {
    const v = values[0]
    if (!STREET.test(v) && !POSTAL.test(v)) return { name: v }
    // "Library Annex, 300 Pinon Street": a name without digits, then the address.
    const comma = v.indexOf(',')
    const head = comma > 0 ? v.slice(0, comma) : ''
    return head && !/\d/.test(head) && STREET.test(v.slice(comma + 1)) ? { name: head.trim(), address: v.slice(comma + 1).trim() } : { address: v }
  }
  const [first, ...rest] = values
  if (STREET.test(first)) return { address: values.join(', ').replace(/,\s*,/g, ',') }
  return { name: first, address: rest.join(' ').replace(/\s+/g, ' ').replace(/,\s*$/, '') }
}

type Roles = Role & { titled?: boolean }

/** The roles of a table row's cells, from its table's header; `titled` is false when no column is a title. */
function rowRoles(lines: Line[]): Roles {
  const row = recordRow(lines)
  const roles = row ? tableRoles(row.table) : null
  if (!row || !roles) return () => undefined
  const role: Roles = (line) => cellRole(line, row.row, roles)
  role.titled = roles.some((r) => r === 'title' || r === 'description')
  return role
}

/** The Candidate a record describes, or the reason it is not one. */
export function readRecord(lines: Line[], ctx: RecordContext): RecordResult {
  const role = rowRoles(lines)
  const preferred = new Set(lines.filter((l) => ['date', 'time', 'when'].includes(role(l) ?? '')).map((l) => l.index))
  const when = recordWhen(lines, ctx.dates, { ref: ctx.ref, yearHint: ctx.yearHint, day: ctx.day, preferred })
  if (!when) return { reason: 'no day' }
  const words = lines.filter((l) => !l.virtual && ctx.dates(l)?.words !== false).map((l) => withoutDates(l, ctx.dates(l))).filter((t) => t && !isBoilerplate(t))
  if (words.length && words.every((t) => NO_EVENT.test(t))) return { reason: 'says there is no event' }
  const title = titleOf(lines, ctx, role)
  if (!title) return { reason: 'no title' }
  const c: Candidate = { source: { url: ctx.sourceUrl, format: 'html', method: 'listing' }, title: title.text, start: when.start }
  if (when.end) c.end = when.end
  const url = linkOf(lines, title)
  if (url) c.url = url
  const skip = new Set([title.line?.text ?? '', title.text])
  const place = placeOf(lines, role, skip)
  if (place) c.place = place
  const status = statusFromText(title.text) ?? lines.map((l) => (l.text.length <= 60 ? statusFromText(l.text) : undefined)).find(Boolean)
  if (status) c.status = status
  recordDetails(c, lines, { title: title.text, place, root: ctx.root, skip: (l) => !!ctx.dates(l)?.whenOnly || !!labelOnly(l.text) })
  return when.from === 'heading' ? { candidate: c, dayFromHeading: true } : { candidate: c }
}
