/**
 * "Borgo antico · ore 17:00", "Chiesa di San Lorenzo · ore 21:00", "Stadthalle | 19:30 Uhr": a line of fields
 * set off by dots or bars whose first field is text and whose other fields are only the record's time. The
 * first field is then where the record happens (the card's title is elsewhere); read as one text, the line
 * was an address with a time in it, or nothing.
 */
import type { LineDates } from './line-dates'
import type { Line } from './page-lines'

const FIELD_SEPARATOR = /\s+[·|•]\s+/g
/** A time's own words, left over once its clock is taken out ("ore", "um", "à", "Uhr", "h"). */
const CLOCK_WORDS = /^(?:ore|alle|dalle|h\.?|um|ab|à|às|a las|at|from|om|vanaf|uhr|uur|h|hrs?|horas?)$/i

/** The text of the line's first field when every other field holds only its times, else undefined. */
export function headField(line: Line, d: LineDates | undefined): string | undefined {
  const timed = d?.mentions.filter((m) => m.eligible && m.start.hour !== undefined) ?? []
  if (!timed.length || line.virtual || line.text.length > 100) return undefined
  const seps = [...line.text.matchAll(FIELD_SEPARATOR)]
  if (!seps.length) return undefined
  const first = line.text.slice(0, seps[0].index)
  if (d!.mentions.some((m) => m.index < first.length)) return undefined
  // Each later field, its times taken out, keeps at most a clock's word.
  for (let k = 0; k < seps.length; k++) {
    const from = seps[k].index! + seps[k][0].length
    const to = k + 1 < seps.length ? seps[k + 1].index! : line.text.length
    let rest = line.text.slice(from, to)
    for (const m of d!.mentions) if (m.index >= from && m.endIndex <= to) rest = rest.replace(line.text.slice(m.index, m.endIndex), ' ')
    if (!rest.split(/\s+/).every((w) => !w || CLOCK_WORDS.test(w))) return undefined
  }
  return first.trim()
}
