/**
 * A day's programme that runs on in one line, its items set off by semicolons ("Tuesday, Dec. 1 – 9:30 am
 * Bible Study (Parish Center); 7:00 pm Knights of Columbus meeting"): each item that opens with a time of
 * its own is an event of its own on that day, as the lines of a day and its programme are (`day-records.ts`).
 */
import type { Candidate } from '../../candidate-types'
import { clockOf } from '../prose-dates'
import type { LineDates } from './line-dates'
import type { Line } from './page-lines'
import { clean, usableTitle } from './record-title'
/**
 * The further items of a line whose programme runs on after semicolons ("9:30 am Bible Study; 7:00 pm
 * Knights of Columbus meeting"), as copies of the record's event (`first`, read from the first item) at
 * each item's time with its own title. Every item after the first must open with a time of its own and
 * name something, else the line is one event (a sentence with a semicolon is not a programme).
 */
export function furtherItems(line: Line, first: Candidate, ctx: { dates: (line: Line) => LineDates | undefined }): Candidate[] {
  const text = line.text
  if (!text.includes(';') || !first.start?.date || !first.start.time) return []
  const clocks = (ctx.dates(line)?.mentions ?? []).filter((m) => m.eligible && m.start.hour !== undefined && m.start.day === undefined)
  const out: Candidate[] = []
  const items = text.split(';')
  let at = items[0].length + 1
  for (const item of items.slice(1)) {
    const from = at + (item.length - item.trimStart().length)
    at += item.length + 1
    const clock = clocks.find((m) => m.index === from)
    const time = clockOf(clock?.start)
    // The line's last item ends its sentence: the stop is no part of the title ("…; 22h00 Concerto de Os Marafados.").
    const title = clock && clean(text.slice(clock.endIndex, at - 1).replace(/(?<=\p{L}{3}|\))\.\s*$/u, ''))
    if (!time || !title || !usableTitle(title) || time === first.start.time) return []
    const c: Candidate = { source: first.source, title, start: { date: first.start.date, time } }
    const end = clockOf(clock.end)
    if (end) c.end = { date: first.start.date, time: end }
    if (first.status) c.status = first.status
    out.push(c)
  }
  return out
}
