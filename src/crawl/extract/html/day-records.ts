/**
 * A record that is a day and its programme ("<b>Sunday, December 6</b><br>9:00 AM – Sunday School<br>
 * 10:30 AM – Worship Service<br>6:00 PM – Youth Group"): the day heads the lines under it, and each line
 * that gives a time and words is an event of its own on that day, like records under a day heading. (One
 * line whose items are set off by semicolons is read by `programme-items.ts`.)
 */
import type { Candidate } from '../../candidate-types'
import type { Line } from './page-lines'
import { type RecordContext, readRecord } from './record-fields'
import { headingDay } from './record-when'

/** The events of a day-and-programme record, or undefined when the record is not one (then it is read whole). */
export function dayProgramme(lines: Line[], ctx: RecordContext): Candidate[] | undefined {
  const texts = lines.filter((l) => !l.virtual && l.text)
  if (texts.length < 3) return undefined
  const head = ctx.dates(texts[0])
  const day = head?.whenOnly && head.day ? headingDay(texts[0], head, ctx.ref, ctx.yearHint) : undefined
  if (!day) return undefined
  const rest = texts.slice(1)
  // Every other line a time with words; one with a day of its own keeps it ("14:00 Guided Walk POSTPONED – new date Sunday 28 June, 14:00").
  const timed = rest.filter((l) => {
    const d = ctx.dates(l)
    return d && d.time && d.words
  })
  if (timed.length < 2 || timed.length !== rest.length) return undefined
  const out: Candidate[] = []
  for (const line of timed) {
    const read = readRecord([line], { ...ctx, day })
    if (read.candidate) out.push(read.candidate, ...(read.also ?? []))
  }
  return out.length >= 2 ? out : undefined
}
