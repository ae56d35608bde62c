/**
 * Readings of one text joined after they are resolved: two days with a dash between them are one span
 * ("December 29 – December 30, 10 am – 4 pm"), two clocks with a dash between them a start and its end
 * ("das 19:00 às 21:00"). Kept apart from the prose date reader that calls them last.
 */
import { addDays } from '../../model/dates'
import type { ProseWhen } from './prose-dates'
import { WEEKDAY_ALTERNATION } from './weekday-words'

/** What joins the two days of a span: "–", "to", "bis", "t/m", "tot en met", "a", "ao", "al", "hasta el", "até", "fino al", "jusqu'au". */
export const SPAN_JOINER = /^\s*(–|—|-|to|through|thru|until|bis|au|al|a|ao|tot en met|tot|t\/m|até|hasta(?: el)?|fino al|jusqu'au)\s*$/i

/** The weekday that opens the next day ("und So. 6. Dezember"), which chrono may leave out of that day's match. */
const TRAILING_WEEKDAY = new RegExp(`(?:${WEEKDAY_ALTERNATION})\\.?,?\\s*$`, 'iu')

/** The text between two days without the weekday that opens the second: what joins them (" und ", ", ", " – "). */
export function dayJoiner(between: string): string {
  return between.replace(TRAILING_WEEKDAY, '')
}
/** "and" between the last two days of a list. */
const AND_JOINER = /^\s*(and|&|und|et|y|en|e)\s*$/i

/**
 * chrono reads "December 29 – December 30, 10 am – 4 pm" as two dates; written like that it is one
 * event over two days, from the first day at the first time to the last day at the last time. So is a
 * list of days sharing the time written after the last ("Friday 11, Saturday 12 and Sunday 13 December,
 * 7.30pm"; "Sa. 5. und So. 6. Dezember, 11 – 19 Uhr"), as the pair of days is.
 */
export function joinDaySpans(found: ProseWhen[], text: string): ProseWhen[] {
  const out: ProseWhen[] = []
  const between = (i: number) => dayJoiner(text.slice(found[i].endIndex, found[i + 1].index))
  const bareDay = (w: ProseWhen) => !!w.date && !w.time && !w.endDate
  for (let i = 0; i < found.length; i++) {
    const a = found[i]
    // A list: days joined by commas, then "and" and the last day, which has the time.
    let last = i
    while (last + 1 < found.length && bareDay(found[last]) && found[last + 1].date! > found[last].date! && /^\s*,\s*$/.test(between(last))) last++
    const b = found[last + 1]
    const joinedBy = b ? between(last) : ''
    // "Tuesday, December 29 and Wednesday, December 30, 10 a.m. to 4 p.m." shares one time over both days.
    const shared = !!b?.time && AND_JOINER.test(joinedBy)
    const listed = found.slice(i, last + 2)
    // Days a week apart ("Sessions: 12, 19 and 26 January, 14:00–16:00") are sessions, each at the shared time.
    if (shared && bareDay(found[last]) && a.date && b.date && listed.some((w, k) => k > 0 && w.date! > addDays(listed[k - 1].date!, 2))) {
      for (const w of listed.slice(0, -1)) out.push({ ...w, time: b.time, endTime: b.endTime })
      out.push(b)
      i = last + 1
      continue
    }
    if (b && bareDay(found[last]) && a.date && b.date && b.date > found[last].date! && ((last === i && SPAN_JOINER.test(joinedBy)) || shared)) {
      const joined: ProseWhen = { index: a.index, endIndex: b.endIndex, date: a.date, time: undefined, endDate: b.endDate ?? b.date, endTime: undefined }
      if (b.time) joined.time = b.time
      if (b.endTime) joined.endTime = b.endTime
      out.push(joined)
      i = last + 1
    } else if (
      found[i + 1] &&
      a.date &&
      a.time &&
      !a.endDate &&
      !a.endTime &&
      found[i + 1].date &&
      found[i + 1].time &&
      !found[i + 1].endDate &&
      found[i + 1].date! > a.date &&
      SPAN_JOINER.test(between(i))
    ) {
      // "sábado, 5 de dezembro de 2026 - 10:00 até domingo, 6 de dezembro de 2026 - 16:00": a start and an end, each with its time.
      const end = found[i + 1]
      out.push({ index: a.index, endIndex: end.endIndex, date: a.date, time: a.time, endDate: end.date, endTime: end.time })
      i++
    } else out.push(a)
  }
  return out
}

const TIME_JOINER = /^\s*(–|—|-|to|bis|à|a|às|as|al|alle|tot|until|till)?\s*$/i

/** "das 19:00 às 21:00", "9:00 AM <span></span> 10:00 AM" read as two times: one start and its end. */
export function joinTimeRanges(found: ProseWhen[], text: string): ProseWhen[] {
  const out: ProseWhen[] = []
  for (let i = 0; i < found.length; i++) {
    const a = found[i]
    const b = found[i + 1]
    // Two clocks with nothing but a dash (or a styled divider) between them: a start and its end.
    const joiner = b ? text.slice(a.endIndex, b.index) : ''
    if (b && a.time && !a.endTime && !b.date && b.time && !b.endTime && TIME_JOINER.test(joiner) && (joiner.trim() !== '' || b.time > a.time)) {
      out.push({ ...a, endTime: b.time, endIndex: b.endIndex })
      i++
    } else out.push(a)
  }
  return out
}
