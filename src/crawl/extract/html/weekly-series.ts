/**
 * A class or program that meets each week over a span of dates, as parks and recreation departments,
 * libraries and community centers list them: a row "Tiny Tumblers | Sat | 1/9–2/13 | 9:00–9:45 am", a
 * card "Days: Tue & Thu · Dates: Jan 12 – Feb 18 · 4:30–6 pm". Read as a span, it would be one event from
 * the first session's start to the last session's end, five weeks long; it is one session on each of its
 * days in the span, as an iCalendar RRULE with UNTIL is (the normalizer expands it).
 */
import { weekdayCodeOf } from '../../shared/calendar-math'
import type { Candidate } from '../../candidate-types'
import { addDays } from '../../../model/dates'
import { pluralWeekdayCodes, weekdayCodes } from '../rule-words'
import type { Line } from './page-lines'
import { endAfter } from './record-when'

/** A span shorter than a week is one event's days (a weekend festival); longer than a half year, no term of classes. */
const MIN_DAYS = 7
const MAX_DAYS = 190
/** "Days:", "Day(s):", "Tage:", "Jours :", "Días:": a label before the day cell's value. */
const LABEL = /^[\p{L}() ]{2,12}\s*:\s*/u

/** Opening hours, which a line of plural weekdays may be ("Open Tuesdays – Sundays, 10–5"): no sessions. */
const HOURS = /\b(?:open|opening|hours|geöffnet|öffnungszeiten|ouvert|horaires|abierto|horario|aperto|orari|geopend|openingstijden|aberto)\b/i

/** The RRULE codes of a field that holds only weekdays ("Sat", "Tue & Thu", "Mon–Fri", "Days: Sat"), or of plural weekdays in a line. */
function dayField(lines: Line[]): string | undefined {
  for (const line of lines) {
    if (line.text.length > 48) continue
    const codes = weekdayCodes(line.text) ?? weekdayCodes(line.text.replace(LABEL, ''))
    if (codes) return codes
  }
  for (const line of lines) {
    if (line.text.length > 200 || HOURS.test(line.text)) continue
    const days = pluralWeekdayCodes(line.text)
    if (days) return days
  }
  return undefined
}

/**
 * Turns a timed span of `MIN_DAYS` to `MAX_DAYS` days into weekly sessions when the record has a field of
 * weekdays among which the span's first day is: each session keeps the first day's times, until the
 * span's last day. A record without such a field, or whose first day is not one of its weekdays, keeps
 * its span (an exhibition, a festival).
 */
export function weeklySeries(c: Candidate, lines: Line[]): void {
  const start = c.start
  const end = c.end
  if (!start?.date || !start.time || !end?.date || !end.time) return
  if (end.date < addDays(start.date, MIN_DAYS) || end.date > addDays(start.date, MAX_DAYS)) return
  const codes = dayField(lines)
  const first = weekdayCodeOf(start.date)
  if (!codes?.split(',').includes(first)) return
  c.end = endAfter(start, end.time)
  c.recurrence = { rrule: `FREQ=WEEKLY;BYDAY=${codes};UNTIL=${end.date.replaceAll('-', '')}T235959` }
}
