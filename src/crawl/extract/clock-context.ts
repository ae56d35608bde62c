/**
 * What a clock means from the clock before it in the same text: a bare "7:30" after "6:30 PM" is in the
 * evening. Kept apart from the prose date reader, which applies it while it resolves a text's mentions.
 */
import type { Parts, RawWhen } from './prose-dates'
import { twoDigits } from '../../model/dates'

/**
 * "Doors 6:30 PM / Show 7:30": a bare clock written just after an afternoon time in the same text is in
 * the afternoon too, when the morning would put it before that time.
 */
export function afternoonAfter(time: string | undefined, r: RawWhen, prev: { endIndex: number; time?: string } | undefined, text: string): string | undefined {
  if (!time || r.start.meridiem || !prev?.time || prev.time < '12:00' || time >= prev.time || r.start.hour! >= 12) return time
  if (r.index - prev.endIndex > 24 || /[.!?]\s/.test(text.slice(Math.max(0, prev.endIndex - 1), r.index))) return time
  return `${r.start.hour! + 12}:${twoDigits(r.start.minute ?? 0)}`
}

/**
 * "Saturday, March 7 from 10 to 2": chrono reads an end clock smaller than its start as the next day, and
 * marks that day and its reference year certain. With neither clock's half of the day written and no year
 * in the text, the end is only a clock (2 in the afternoon, see `clockOf`); "10 pm to 2 am" stays overnight.
 */
export function endClock(text: string, start: Parts, end: Parts): Parts {
  const rolled = end.year !== undefined && start.year === undefined && !start.meridiem && !end.meridiem && end.hour !== undefined && !/\d{4}/.test(text)
  return rolled ? { hour: end.hour, minute: end.minute, meridiem: end.meridiem } : end
}
