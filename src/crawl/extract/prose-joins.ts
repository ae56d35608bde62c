/**
 * Readings of one text joined after they are resolved: two days with a dash between them are one span
 * ("December 29 – December 30, 10 am – 4 pm"), two clocks with a dash between them a start and its end
 * ("das 19:00 às 21:00"). Kept apart from the prose date reader that calls them last.
 */
import type { ProseWhen } from './prose-dates'

/** What joins the two days of a span: "–", "to", "bis", "t/m", "tot en met", "a", "ao", "al", "hasta el", "até", "fino al", "jusqu'au". */
export const SPAN_JOINER = /^\s*(–|—|-|to|through|thru|until|bis|au|al|a|ao|tot en met|tot|t\/m|até|hasta(?: el)?|fino al|jusqu'au)\s*$/i

/**
 * chrono reads "December 29 – December 30, 10 am – 4 pm" as two dates; written like that it is one
 * event over two days, from the first day at the first time to the last day at the last time.
 */
export function joinDaySpans(found: ProseWhen[], text: string): ProseWhen[] {
  const out: ProseWhen[] = []
  for (let i = 0; i < found.length; i++) {
    const a = found[i]
    const b = found[i + 1]
    const between = b ? text.slice(a.endIndex, b.index) : ''
    // "Tuesday, December 29 and Wednesday, December 30, 10 a.m. to 4 p.m." shares one time over both days.
    const shared = !!b?.time && /^\s*(and|&|und|et|y|en|e)\s*$/i.test(between)
    if (b && a.date && !a.time && !a.endDate && b.date && b.date > a.date && (SPAN_JOINER.test(between) || shared)) {
      const joined: ProseWhen = { index: a.index, endIndex: b.endIndex, date: a.date, time: undefined, endDate: b.endDate ?? b.date, endTime: undefined }
      if (b.time) joined.time = b.time
      if (b.endTime) joined.endTime = b.endTime
      out.push(joined)
      i++
    } else if (b && a.date && a.time && !a.endDate && !a.endTime && b.date && b.time && !b.endDate && b.date > a.date && SPAN_JOINER.test(between)) {
      // "sábado, 5 de dezembro de 2026 - 10:00 até domingo, 6 de dezembro de 2026 - 16:00": a start and an end, each with its time.
      out.push({ index: a.index, endIndex: b.endIndex, date: a.date, time: a.time, endDate: b.date, endTime: b.time })
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
