/**
 * Lines that list days ("Board meeting schedule 2021: January 26, March 23, …", "Fri Dec 18 at 7:30 pm, Sat
 * Dec 19 at 2 pm & 7:30 pm"): one event per day, and per time joined to a day's time by "and"; titled by the
 * line's own words or else the section heading, with the time a lead line says once for the list. Also the
 * year and the section name a heading gives the records under it.
 */
import type { Candidate } from '../../candidate-types'
import { type ProseWhen, resolveAll } from '../prose-dates'
import type { YearHint } from '../year-hint'
import { hasWord } from './line-dates'
import { inlineLead, type LeadTime, markListed, trailingLead, withLead } from './list-lead'
import type { Line } from './page-lines'
import type { PageReader } from './page-reader'
import { withoutDates } from './record-fields'

export const YEAR = /\b(19[5-9]\d|20\d\d)\b/
/** A school or fiscal year: "2026-27", "2026–2027", "2026/27" (checked to be consecutive years). */
const SEASON = /\b(19[5-9]\d|20\d\d)\s?[-–—/]\s?((?:19|20)?\d\d)\b(?![-–—/.]\d)/

/** The year a line names for the dates after it: a school or fiscal year ("2026-27"), else a year. */
export function yearIn(text: string): YearHint | undefined {
  const season = SEASON.exec(text)
  if (season) {
    const first = Number(season[1])
    const second = Number(season[2])
    if (second === first + 1 || second === (first + 1) % 100) return { season: first }
  }
  const year = YEAR.exec(text)
  return year ? Number(year[1]) : undefined
}

/** "2023 Library Board Meeting Schedule" → "Library Board Meeting Schedule": a section's name without its year. */
export function sectionTitle(text: string): string | undefined {
  const t = text
    .replace(new RegExp(SEASON.source, 'g'), ' ')
    .replace(/\b(19|20)\d\d\b/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s\-–—:,|]+|[\s\-–—:,|]+$/g, '')
    .trim()
  return t.length >= 3 && hasWord(t) ? t : undefined
}

/** A label that only says a list of days follows ("Performances:", "Showtimes", "Dates", "Termine", "Séances"). */
const LIST_LABEL =
  /^(?:performances?|showtimes?|show times|shows|dates|times|sessions|screenings|meetings|termine|aufführungen|vorstellungen|séances|représentations|dates et horaires|funciones|fechas|sesiones|voorstellingen|data|date|repliche|spettacoli|sessões|datas)\s*:?$/i

/** What a list needs of its scope: the year a heading gives, the section's name, the lead's time. */
export type ListScope = { year?: YearHint; section?: string; lead?: LeadTime }

/** "… 2:00 p.m. and 7:30 p.m.", "at 2 pm & 7:30 pm": a time joined to the reading before it on its day. */
const AND_TIME = /^\s*(?:,|&|and|und|et|y|e|en)\s*(?:at|à|um|a las|alle|às|om)?\s*$/i

/** One event per day a list line names, titled by the line's own words or else the section heading. */
export function listCandidates(line: Line, pr: PageReader, scope: ListScope, sourceUrl: string): Candidate[] {
  const d = pr.dates(line)!
  const yearHint = scope.year ?? yearIn(line.text.replace(/\d{1,2}[./-]\d{1,2}[./-]\d{2,4}/g, ' '))
  const words = sectionTitle(withoutDates(line, { ...d, mentions: d.mentions.map((m) => ({ ...m, eligible: true })) }))
  // A line that leads its own list ("The Board meets at 5:30 p.m. on: Jan. 20, Apr. 21"), or ends it with the time of all its days ("… June 15 (all at 7:00 PM)"), is titled by its section.
  const after = trailingLead(line.text, d.mentions)
  const lead = (line.text.includes(': ') ? inlineLead(line.text, d.mentions) : undefined) ?? after
  // "Performances: December 18 at 7:30 p.m., …": a word that only says what follows names nothing; the section does.
  const label = !!words && LIST_LABEL.test(words)
  const title = words && !lead && !label && !/^(and|or|und|et|y|en|e)$/i.test(words) ? words : (scope.section ?? words)
  if (!title) return []
  const out: Candidate[] = []
  let prev: ProseWhen | undefined
  let day: string | undefined
  for (const w of resolveAll(
    d.mentions.filter((m) => m.eligible && (!after || m.start.day !== undefined)),
    line.text,
    pr.ref,
    yearHint,
  )) {
    // "Sat Dec 19 at 2 pm & 7:30 pm": a time joined by "and" to the time before it is another event on that day.
    const also = !w.date && w.time && !w.endTime && prev?.time && day && AND_TIME.test(line.text.slice(prev.endIndex, w.index))
    prev = w
    if (w.date) day = w.date
    else if (!also) continue
    const date = w.date ?? day!
    const c: Candidate = { source: { url: sourceUrl, format: 'html', method: 'listing' }, title, start: w.time ? { date, time: w.time } : { date } }
    if (w.endTime) c.end = { date, time: w.endTime }
    out.push(markListed(withLead(c, lead ?? scope.lead)))
  }
  return out
}
