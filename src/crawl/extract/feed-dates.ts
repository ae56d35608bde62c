/**
 * Event dates that feeds write outside the event namespaces. `pubDate` is the post's date and is not the
 * event's, except where the feed shows it is: a range in `pubDate` ('Mon, 08 Sep 2025 09:00:00 +0200 -
 * Tue, 09 Sep 2025 17:00:00 +0200', as Drupal event feeds write it) is never a publication date, and a feed
 * whose items are mostly "published" after the feed was built dates them by the event. CivicPlus calendar
 * feeds write `calendarEvent:EventDates` ('January 5, 2026' or a range) and `calendarEvent:EventTimes`
 * ('6:00 PM - 8:00 PM').
 */
import type { WallTime } from '../candidate-types'
import { parseRfc822 } from '../shared/datetime'
import { feedDate } from './feed-utils'
import { parseClock } from './json-events/values'

const RANGE = /\s+[-–—]\s+|\s+to\s+/i

/** Start and end of a `pubDate` written as a range of two RFC 822 dates; undefined otherwise. */
export function pubDateRange(text: string | undefined): { start: WallTime; end: WallTime } | undefined {
  if (!text) return undefined
  const parts = text.split(RANGE)
  if (parts.length !== 2) return undefined
  const start = parseRfc822(parts[0])
  const end = parseRfc822(parts[1])
  return start && end ? { start, end } : undefined
}

/**
 * True when a feed dates its items by the event: none of this when most `pubDate`s carry a second other
 * than :00 (a publication stamp). Otherwise, more than half of the items' `pubDate`s lie after the
 * feed's own `lastBuildDate` (or `pubDate`), which a publication date cannot. A feed that states no build
 * date must list its items soonest first (news feeds list the newest first) with most of them on or after
 * `windowStart` (today, for a crawl).
 */
export function pubDatesAreEventDates(itemDates: (string | undefined)[], built: string | undefined, windowStart?: string): boolean {
  const dated = itemDates.map((d) => (d ? Date.parse(d.split(RANGE)[0]) : NaN)).filter(Number.isFinite)
  if (dated.length < 2) return false
  // Publication stamps carry the second they were saved ('08:41:17'); event times are set on the minute.
  const seconds = itemDates.filter((d) => d && /\d:\d{2}:(?!00)\d{2}\b/.test(d.split(RANGE)[0])).length
  if (seconds > dated.length / 2) return false
  const builtMs = built ? Date.parse(built) : NaN
  if (Number.isFinite(builtMs)) return dated.filter((ms) => ms > builtMs + 3_600_000).length > dated.length / 2
  const from = windowStart ? Date.parse(`${windowStart}T00:00:00Z`) : NaN
  const ascending = dated.every((ms, i) => i === 0 || ms >= dated[i - 1])
  return ascending && Number.isFinite(from) && dated.filter((ms) => ms >= from).length > dated.length / 2
}

/** A time range as CivicPlus writes it ('6:00 PM - 8:00 PM', '10:00 AM'). */
function clockRange(text: string | undefined): { start?: string; end?: string } {
  if (!text) return {}
  const [a, b] = text.split(RANGE)
  return { start: parseClock(a ?? ''), end: b ? parseClock(b) : undefined }
}

/** Dates and times of a CivicPlus calendar item (`EventDates`, `EventTimes`), read against `ref`. */
export function civicPlusWhen(dates: string | undefined, timesText: string | undefined, ref: string): { start?: WallTime; end?: WallTime } {
  if (!dates) return {}
  const [first, last] = dates.split(RANGE)
  const day = feedDate(first, ref)?.date
  if (!day) return {}
  const lastDay = last ? (feedDate(last, ref)?.date ?? day) : day
  const clock = clockRange(timesText)
  const start: WallTime = clock.start ? { date: day, time: clock.start } : { date: day }
  const end: WallTime | undefined = clock.end ? { date: lastDay, time: clock.end } : lastDay !== day ? { date: lastDay } : undefined
  return end ? { start, end } : { start }
}
