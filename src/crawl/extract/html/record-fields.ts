/**
 * Reads one record (a card, row, list item, paragraph or group of lines) into a Candidate: its title is the
 * most prominent text that is neither its date nor boilerplate ("Agenda", "Read more", "Minutes"), else
 * the heading of the section it sits in; its place comes from a label ("Location:", "Waar:"), a column,
 * a class, a map link or an address-shaped line; its link from its title.
 */
import type { YearRef } from '../prose-dates'
import { type YearHint } from '../year-hint'
import type { Candidate } from '../../candidate-types'
import { attr, type Element, findFirst, textOf } from '../../shared/dom'
import { companionEvents } from './companion-title'
import { readAttendance } from './online-place'
import { isBoilerplate, NEW_DATE, NO_EVENT, statusFromText } from './labels'
import { labelOnly, type LineDates } from './line-dates'
import { weeklySeries } from './weekly-series'
import type { Line } from './page-lines'
import { furtherItems } from './programme-items'
import { recordDetails } from './record-details'
import { fieldPlace, MAP_HOST, placeOf, placeOnly } from './record-place'
import { venueInTitle } from './title-venue'
import { type Roles, titleOf, usableTitle, withoutDates } from './record-title'
import { recordWhen } from './record-when'
import { cellRole, recordRow, tableRoles } from './table-columns'

export { withoutDates } from './record-title'
export { companionSection } from './companion-title'

export type RecordContext = {
  sourceUrl: string
  ref: YearRef
  dates: (line: Line) => LineDates | undefined
  yearHint?: YearHint
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
/** `also`: the same event at the record's further start times ("services at 5 and 10:30 p.m."). */
export type RecordResult = { candidate?: Candidate; reason?: string; dayFromHeading?: boolean; also?: Candidate[] }

function usableHref(el: Element | undefined): string | undefined {
  const href = el && attr(el, 'href')?.trim()
  if (!href || href.startsWith('#') || /^(javascript|mailto|tel):/i.test(href)) return undefined
  if (/\.ics(\?|$)|^webcal:|google\.com\/calendar|outlook\.(live|office)\.com|[?&]format=ical/i.test(href) || MAP_HOST.test(href)) return undefined
  return href
}

/** The link of a line: the line is a link, or holds one whose text is part of the title. */
function lineLink(line: Line, title: string): string | undefined {
  if (line.link) return usableHref(line.link)
  const anchor = findFirst(line.el, (e) => {
    if (e.tagName !== 'a' || !attr(e, 'href')) return false
    const text = textOf(e)
    return text.length >= 3 && title.includes(text)
  })
  return usableHref(anchor)
}

function linkOf(lines: Line[], title: { text: string; line?: Line }): string | undefined {
  const own = title.line ? lineLink(title.line, title.text) : undefined
  if (own) return own
  for (const line of lines) if (line.link && !isBoilerplate(line.text) && line !== title.line) return usableHref(line.link)
  return undefined
}

/** The roles of a table row's cells, from its table's header; `titled` is false when no column is a title. */
function rowRoles(lines: Line[]): Roles {
  const row = recordRow(lines)
  const roles = row ? tableRoles(row.table) : null
  if (!row || !roles) return () => undefined
  const role: Roles = (line) => cellRole(line, row.row, row.table, roles)
  role.titled = roles.some((r) => r === 'title' || r === 'description' || r === 'opponent')
  return role
}

/** A programme's pause ("Lunch", "Coffee break", "Registration and coffee", "Kaffeepause", "Koffiepauze"): a row of its schedule, no event. */
const BREAK =
  /^(?:(?:lunch|coffee|tea|comfort|coffee and tea)(?: break)?|break|registration(?: and coffee| & coffee)?|coffee (?:and|&) registration|walk-in(?: with coffee)?|kaffeepause|mittagspause|pause(?: café| déjeuner)?|koffiepauze|lunchpauze|koffie(?: en thee)?|inloop(?: met koffie)?|pausa(?: caffè| pranzo)?)\.?$/i

/** Every line of the record with words says there is no event ("No meeting", "Summer break"). */
function saysNoEvent(lines: Line[], dates: RecordContext['dates']): boolean {
  let worded = false
  for (const l of lines) {
    if (l.virtual || dates(l)?.words === false) continue
    const t = withoutDates(l, dates(l))
    if (!t || isBoilerplate(t)) continue
    if (!NO_EVENT.test(t)) return false
    worded = true
  }
  return worded
}

/** The status the first short line stating one gives ("Cancelled"), read up to that line only. */
function lineStatus(lines: Line[]): string | undefined {
  for (const l of lines) {
    const status = l.text.length <= 60 ? statusFromText(l.text) : undefined
    if (status) return status
  }
  return undefined
}

/**
 * "22:00 Concierto: Lucía Montes, guitarra flamenca. Claustro de Santo Domingo.": a long title was cut at its
 * first sentence, before the venue its line ends with; read on the line as written, the title stays as cut.
 */
function venueOnTitleLine(title: { text: string; line?: Line }): ReturnType<typeof venueInTitle> {
  const at = title.line ? title.line.text.indexOf(title.text) : -1
  const named = at >= 0 && title.line!.text.length > at + title.text.length ? venueInTitle(title.line!.text.slice(at).replace(/\.\s*$/, '')) : undefined
  return named && title.text.startsWith(named.title) ? { title: title.text, place: named.place } : undefined
}

/** The Candidate a record describes, or the reason it is not one. */
export function readRecord(lines: Line[], record: RecordContext): RecordResult {
  // A card that gives a new date ("UITGESTELD – nieuwe datum: …", "Nueva fecha: …") beside its old one: the old one goes.
  const renewed = lines.find((l) => record.dates(l)?.day && NEW_DATE.test(l.text))
  const ctx = renewed ? { ...record, dates: (l: Line) => (l === renewed || !record.dates(l)?.day ? record.dates(l) : undefined) } : record
  const role = rowRoles(lines)
  const preferred = new Set(lines.filter((l) => ['date', 'time', 'when'].includes(role(l) ?? '')).map((l) => l.index))
  const when = recordWhen(lines, ctx.dates, { ref: ctx.ref, yearHint: ctx.yearHint, day: ctx.day, preferred })
  if (!when) return { reason: 'no day' }
  if (saysNoEvent(lines, ctx.dates)) return { reason: 'says there is no event' }
  const title = titleOf(lines, ctx, role)
  if (!title) return { reason: 'no title' }
  if (BREAK.test(title.text.trim())) return { reason: 'a break in a programme' }
  const c: Candidate = { source: { url: ctx.sourceUrl, format: 'html', method: 'listing' }, title: title.text, start: when.start }
  if (when.end) c.end = when.end
  // "Tiny Tumblers | Sat | 1/9–2/13 | 9:00–9:45 am": a class meeting each Saturday, not one five-week event.
  weeklySeries(c, lines)
  const url = linkOf(lines, title)
  if (url) c.url = url
  const skip = new Set([title.line?.text ?? '', title.text])
  let place = placeOf(lines, role, skip, ctx.dates) ?? (title.line && fieldPlace(title.line, title.text, ctx.dates(title.line)?.mentions ?? []))
  // "Rosary for Peace (Chapel)", "Marché de l'Avent, salle des fêtes": a venue at the title's end is the place.
  const named = place ? undefined : (venueInTitle(title.text) ?? venueOnTitleLine(title))
  if (named && usableTitle(named.title)) [c.title, place] = [named.title, named.place]
  // "Jeudi 18 mars 2027 à 20h30 – Salle polyvalente, rue des Écoles": a line that only says where is titled by its section.
  const where = place || !ctx.section || !title.line ? undefined : placeOnly(title.text)
  if (where) [c.title, place] = [ctx.section!, where]
  if (place) c.place = place
  readAttendance(c, lines)
  const status = statusFromText(title.text) ?? lineStatus(lines) ?? (renewed ? 'EventRescheduled' : undefined)
  if (status) c.status = status === 'EventPostponed' && lines.some((l) => NEW_DATE.test(l.text)) ? 'EventRescheduled' : status
  recordDetails(c, lines, { title: title.text, place, root: ctx.root, skip: (l) => !!ctx.dates(l)?.whenOnly || !!labelOnly(l.text) })
  const result: RecordResult = when.from === 'heading' ? { candidate: c, dayFromHeading: true } : { candidate: c }
  if (when.also) result.also = when.also.map((time) => ({ ...structuredClone(c), start: { date: c.start!.date, time } }))
  // "9:30 am Bible Study (Parish Center); 7:00 pm Knights of Columbus meeting": one event per item.
  const items = title.line ? furtherItems(title.line, c, ctx) : []
  if (items.length) result.also = [...(result.also ?? []), ...items]
  // "… 2027. Opening reception Friday 15 January, 6–8pm.": the exhibition's own companion events.
  const companions = when.from === 'text' ? companionEvents(lines, ctx.dates, c, ctx.ref, ctx.yearHint) : []
  if (companions.length) result.also = [...(result.also ?? []), ...companions]
  return result
}
