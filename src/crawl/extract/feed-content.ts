/**
 * Event dates written in a feed item's content (description, `content:encoded`, Atom `content`), for items
 * with no event element. Three readings, in order of trust:
 * - `<time datetime>` elements of the content (Drupal views and smart-date fields render the event's date
 *   that way; a `- <time>` right after the first is its end). A time element marked as the post's
 *   (published, posted, created, updated) or equal to the item's publication date is not the event's.
 * - a prose date that has a time, follows a label ('When:', 'Date:', 'on' but not 'begins on'), or is the whole first line of the
 *   content (The Events Calendar's feed opens each description with 'January 9, 2027 @ 10:00 am – 12:00 pm'
 *   or 'February 13 – February 14, 2027');
 * - else a day in the title, at the time the content gives alone ('Sat Jan 9 - Snowshoe to Mirror Lake' /
 *   'Meet at the Park & Ride at 8:00 am');
 * - never a date before the day the item was published (a day of slack for zones): a post looking back ('Our Harvest Dinner on
 *   November 14 served 212 neighbors') reports on an event, it does not announce one.
 * Content inside CDATA keeps its entities (`&#8211;`), so the text is decoded before dates are read.
 */
import type { WallTime } from '../candidate-types'
import type { DateLocale } from './date-locale'
import { parseIsoDateTime } from '../shared/datetime'
import { decodeEntities } from '../shared/text'
import { findProseDates } from './prose-dates'

/** `title`: the item's title without the day that headed or closed it, when the day came from the title. */
export type FeedWhen = { start?: WallTime; end?: WallTime; where?: string; title?: string }

const DATE_LABEL = /\b(when|date|dates|time|on)\s*:?\s*$/i
/** 'begins on', 'closes on': a date when something changes state (a season, a deadline), not an event. */
const STATE_ON = /\b(?:begins?|starts?|ends?|opens?|closes?|closed|effective|due|expires?|until)\s+on\s*$/i
/** A change of state right before a title's day ('hours start June 1', 'closes', 'effective'). */
const STATE_WORD = /\b(?:begins?|starts?|ends?|opens?|closes?|closed|effective|due|expires?|until|deadline)\b[^\d]{0,12}$/i
const LOCATION_LABEL = /(?:^|\n)\s*(?:where|location|place|venue)\s*:\s*([^\n]{2,120})/i
const TIME_TAG = /<time\b([^>]*)>/gi
const DATETIME_ATTR = /\bdatetime\s*=\s*["']([^"']+)["']/i
const POST_STAMP = /publish|posted|created|updated|modified|changed|submitted/i
/** Text allowed between a start `<time>` and the end `<time>` that follows it ('</time> - <time'). */
const RANGE_GAP = /^\s*(?:<\/time>)?\s*(?:[-–—]|to|bis|à|au|tot)?\s*$/i

/** Content HTML as lines of text (block tags become line breaks, entities decoded). */
export function plainText(html: string): string {
  const text = html.replace(/<(br|\/p|\/div|\/li|\/h\d)[^>]*>/gi, '\n').replace(/<[^>]*>/g, ' ')
  return decodeEntities(text).replace(/[ \t\u00a0]+/g, ' ')
}

function sameInstant(a: WallTime, published: number | undefined): boolean {
  if (published === undefined || !a.time || !a.offset) return false
  const offset = a.offset === 'Z' ? '+00:00' : a.offset.replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2')
  return Math.abs(Date.parse(`${a.date}T${a.time}${offset}`) - published) < 60_000
}

/** Start (and end) of the first `<time datetime>` of `html` that is not the post's own date. */
export function contentTimes(html: string, published: number | undefined): { start: WallTime; end?: WallTime } | undefined {
  TIME_TAG.lastIndex = 0
  let start: WallTime | undefined
  let after = 0
  for (let m = TIME_TAG.exec(html); m; m = TIME_TAG.exec(html)) {
    const raw = DATETIME_ATTR.exec(m[1])?.[1]
    const wall = raw ? parseIsoDateTime(raw) : undefined
    const stamp = POST_STAMP.test(m[1]) || POST_STAMP.test(html.slice(Math.max(0, m.index - 40), m.index))
    if (start) {
      const gap = html.slice(after, m.index).replace(/<\/time>/gi, '')
      return wall && RANGE_GAP.test(gap) && !stamp && `${wall.date}T${wall.time ?? ''}` >= `${start.date}T${start.time ?? ''}` ? { start, end: wall } : { start }
    }
    if (!wall || stamp || sameInstant(wall, published)) continue
    start = wall
    after = TIME_TAG.lastIndex
    const close = html.indexOf('</time>', after)
    if (close >= 0 && close - after < 200) after = close + 7
  }
  return start ? { start } : undefined
}

/** True when the date is written alone on the content's first line (a date heading the item). */
function headsContent(plain: string, index: number, endIndex: number): boolean {
  const first = /^\s*/.exec(plain)?.[0].length ?? 0
  const lineEnd = plain.indexOf('\n', first)
  return index <= first + 1 && plain.slice(endIndex, lineEnd < 0 ? plain.length : lineEnd).trim() === ''
}

function labelled(before: string): boolean {
  return DATE_LABEL.test(before) && !STATE_ON.test(before)
}

/** A short head before ':' or ' - ' holding a digit ('Jan 21, 2027: ', 'Sat 9 Jan - '): maybe a day. */
const DAY_HEAD = /^\s*([^:|–—]{3,32}?\d[^:|–—]{0,16}?)\s*(?::|\s[-–—|]\s)\s*(?=\S)/

/**
 * The title without a leading day that is the event's own day ('Jan 21, 2027: Faculty Recital' on 21
 * January is 'Faculty Recital'), as campus and library calendar feeds write their item titles.
 */
export function titleWithoutDay(title: string | undefined, day: string, ref: string, locale: DateLocale = 'en'): string | undefined {
  const head = title ? DAY_HEAD.exec(title) : null
  if (!title || !head) return title
  const found = findProseDates(head[1], ref, { locale })[0]
  return found?.date === day && found.index === 0 && found.endIndex >= head[1].length - 1 ? title.slice(head[0].length) : title
}

const STREET_LINE = /^\d+[a-z]?\s+\S|,\s*\d+[a-z]?\s+[A-Z]/
const TOWN_LINE = /^[A-Z][\p{L}' .-]{1,30}(?:,\s*[A-Z]{2}(?:\s+\d{5})?)?$/u

/**
 * The place written on the lines right after the event's date line, as calendar plugins lay out their feed
 * descriptions ('Riverton Fire Hall' / '120 Main Street' / 'Riverton'): a name line or two, then a line
 * with a street number, then a short town line. Nothing without a street line among the first three.
 */
function placeLines(plain: string, after: number): string | undefined {
  const lineEnd = plain.indexOf('\n', after)
  if (lineEnd < 0 || plain.slice(after, lineEnd).trim().length > 20) return undefined
  const lines = plain
    .slice(lineEnd + 1, lineEnd + 400)
    .split('\n')
    .map((l) => l.trim())
  const first = lines.findIndex((l) => l !== '')
  if (first < 0) return undefined
  const next = lines.slice(first, first + 4)
  const street = next.findIndex((l, i) => i < 3 && l.length <= 80 && STREET_LINE.test(l))
  if (street < 0 || next.slice(0, street + 1).some((l) => !l || l.length > 80)) return undefined
  const town = next[street + 1] && TOWN_LINE.test(next[street + 1]) ? 1 : 0
  return next.slice(0, street + 1 + town).join(', ')
}

/** The day before `day` (a post written the evening of an event can carry the next day's UTC stamp). */
function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
}

/**
 * The event's date from the prose of the item's title and content (see the module comment), read in the
 * feed's language; `publishedDay` (YYYY-MM-DD) is the day the item was published, when known.
 */
export function proseWhen(texts: (string | undefined)[], ref: string, publishedDay: string | undefined, locale: DateLocale = 'en'): FeedWhen {
  for (const text of texts) {
    if (!text) continue
    const plain = plainText(text)
    const since = publishedDay && dayBefore(publishedDay)
    const w = findProseDates(plain, ref, { locale }).find(
      (x) => x.date && !(since && (x.endDate ?? x.date) < since) && (x.time || labelled(plain.slice(Math.max(0, x.index - 20), x.index)) || headsContent(plain, x.index, x.endIndex)),
    )
    if (!w?.date) continue
    const s: WallTime = w.time ? { date: w.date, time: w.time } : { date: w.date }
    const e: WallTime | undefined = w.endTime ? { date: w.endDate ?? w.date, time: w.endTime } : w.endDate ? { date: w.endDate } : undefined
    return { start: s, end: e, where: LOCATION_LABEL.exec(plain)?.[1]?.trim() ?? placeLines(plain, w.endIndex) }
  }
  return titleDay(texts, ref, publishedDay && dayBefore(publishedDay), locale)
}

/**
 * A post titled by its day ('Sat Jan 9 - Snowshoe to Mirror Lake', 'Annual Potluck - Thursday, December 10')
 * whose content gives the time alone ('Meet … at 8:00 am', '6:30 pm at the Grange'): that day at that time.
 * Blogs of clubs announce their outings so. A title day before the post is a report; a title day without a
 * time in the content, or after 'start' / 'begin' ('New summer hours start June 1'), is news.
 */
function titleDay(texts: (string | undefined)[], ref: string, since: string | undefined, locale: DateLocale): FeedWhen {
  const [title, ...contents] = texts
  const heading = title ? plainText(title).trim() : ''
  const day = heading ? findProseDates(heading, ref, { locale }).find((x) => x.date && !x.time) : undefined
  if (!day?.date || (since && day.date < since) || STATE_WORD.test(heading.slice(0, day.index))) return {}
  const rest = `${heading.slice(0, day.index)} ${heading.slice(day.endIndex)}`.replace(/^[\s\-–—:|,]+|[\s\-–—:|,]+$/g, '').replace(/\s+/g, ' ')
  const named = rest.length >= 3 ? { title: rest } : {}
  for (const text of contents) {
    if (!text) continue
    const plain = plainText(text)
    const clock = findProseDates(plain, ref, { locale }).find((x) => x.time && !x.date)
    if (clock?.time) {
      const end = clock.endTime ? { date: day.date, time: clock.endTime } : undefined
      return { start: { date: day.date, time: clock.time }, end, where: LOCATION_LABEL.exec(plain)?.[1]?.trim(), ...named }
    }
  }
  return {}
}
