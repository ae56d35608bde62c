/**
 * A paragraph that tells of several events on one day, sentence by sentence ("El viernes 3 de abril haremos
 * el Vía Crucis … a las 15 hs, saliendo desde la plaza. A las 20 hs, Celebración de la Pasión del Señor."):
 * each sentence that gives a time is one event on the paragraph's day, titled by what the sentence says
 * besides its date and time. A paragraph that names several days, each followed by its timed items, gives
 * one event per item (`dayItemEvents`).
 */
import { weekdayCodeOf } from '../../shared/calendar-math'
import type { Candidate } from '../../candidate-types'
import { clockOf, dayOf, type YearRef } from '../prose-dates'
import { type YearHint } from '../year-hint'
import { NOT_EVENT_DATE, type LineDates, type Mention } from './line-dates'
import type { Line } from './page-lines'
import { endAfter } from './record-when'
import { addDays } from '../../../model/dates'
import { weekdayCode } from '../rule-words'
import { WEEKDAY_ALTERNATION } from '../weekday-words'

const SENTENCE_END = /(?<!(?:^|[^\p{L}])\p{L}{1,3})[.!?]\s+(?=\p{Lu})/gu
const LEADING_CONNECTORS = /^(?:(?:el|la|los|las|le|les|il|lo|der|die|das|de|het|the|on|at|a|à|às|alle|ore|um|om|on|am|y|e|et|and|und|en)\s+)+/iu
const UNTIL = /(hasta( las?)?|until|till|to|bis|jusqu'à|jusqu’à|tot|fino alle?|até( às)?)\s*$/i
const EDGES = /^[\s\-–—:,;.]+|[\s\-–—:,;(]+$/g

type Sentence = { from: number; to: number }

function sentences(text: string): Sentence[] {
  const out: Sentence[] = []
  let last = 0
  for (const m of text.matchAll(SENTENCE_END)) {
    out.push({ from: last, to: m.index! + 1 })
    last = m.index! + m[0].length
  }
  out.push({ from: last, to: text.length })
  return out
}

function titleOf(text: string, s: Sentence, mentions: Mention[]): string {
  let t = ''
  let at = s.from
  for (const m of mentions) {
    if (m.endIndex <= s.from || m.index >= s.to) continue
    t += ` ${text.slice(at, Math.max(at, m.index))} `
    at = Math.max(at, m.endIndex)
  }
  t += text.slice(at, s.to)
  const whole = t.replace(/\s+/g, ' ').replace(EDGES, '').replace(LEADING_CONNECTORS, '').replace(EDGES, '')
  const clause = whole.split(/,\s+/)[0]
  const title = (clause.match(/\p{L}{2,}/gu)?.length ?? 0) >= 2 ? clause : whole
  return subjectOfSentence(
    title
      .replace(EDGES, '')
      .replace(/\s+(a|à|às|a las|alle|at|um|om|from|de|des)$/i, '')
      .trim(),
  )
}

/** The verbs that say an event happens ("is", "will be held", "findet … statt", "se tiendra", "tendrá lugar", …). */
const VERB =
  /(?<![\p{L}])(?:is|are|will be held|will take place|takes place|will be|findet|finden|folgt|folgen|beginnt|gibt es|se tiendra|se tiendront|aura lieu|a lieu|auront lieu|se déroulera|donnera|tendrá lugar|tiene lugar|se celebrará|se celebra|se realizará|habrá|vindt|vinden|volgt|si terrà|si svolgerà|avrà luogo|acontece|acontecerá|será realizad[oa]|terá lugar)(?![\p{L}])/iu
/** What ends a subject that follows its verb: a preposition, a comma, the sentence's end. */
const AFTER_SUBJECT = /\s+(?:auf|in|im|am|an|bei|vor|mit|sur|dans|à|au|avec|en|con|op|met|bij|su|nel|nella|con|no|na|em|com|statt|plaats|de\s+\d|,)(?![\p{L}])|[.!]\s*$/iu
const ARTICLE = /^(?:der|die|das|den|le|la|les|l['’]|el|los|las|het|de|il|lo|gli|i|o|os|as|a|the|our)\s+/iu

/**
 * "Our Christmas Bazaar is in the fellowship hall." → "Our Christmas Bazaar"; "findet ab der Weihnachtsmarkt auf
 * dem Kirchplatz statt." → "Weihnachtsmarkt"; "le marché de Noël se tiendra de sur la place" → "Marché de Noël":
 * what the sentence says happens, before its verb, or after a verb that opens it.
 */
function subjectOfSentence(text: string): string {
  const verb = VERB.exec(text)
  if (!verb) return text
  const before = text.slice(0, verb.index).trim()
  if ((before.match(/\p{L}{2,}/gu)?.length ?? 0) >= 2) return upperFirst(before.replace(ARTICLE, ''))
  // The verb opens the sentence (its day and time went before it): the subject follows, up to a preposition.
  const after = text
    .slice(verb.index + verb[0].length)
    .replace(/^\s*(?:ab|um|dès|à partir de|desde)\s+/i, '')
    .trim()
  const end = AFTER_SUBJECT.exec(after)
  const subject = (end ? after.slice(0, end.index) : after).replace(ARTICLE, '').trim()
  return (subject.match(/\p{L}{3,}/gu)?.length ?? 0) >= 1 ? upperFirst(subject) : text
}

/** "El domingo 13, a las 12:00": a weekday and a day number after a dated sentence, in its month or the next; only when the weekday fits. */
function weekdayAndDay(sentence: string, after: string): string | undefined {
  const m = WEEKDAY_DAY.exec(sentence)
  const code = m && weekdayCode(m[1])
  if (!m || !code) return undefined
  const n = Number(m[2])
  for (const date of [after.slice(0, 8) + String(n).padStart(2, '0'), addDays(`${after.slice(0, 8)}01`, 32).slice(0, 8) + String(n).padStart(2, '0')]) {
    const at = new Date(`${date}T00:00:00Z`)
    if (date > after && at.getUTCDate() === n && weekdayCodeOf(date) === code) return date
  }
  return undefined
}
const WEEKDAY_DAY = new RegExp(`(?<![\\p{L}])(${WEEKDAY_ALTERNATION})\\.?,?\\s+(\\d{1,2})(?![\\d:.h])`, 'iu')

const upperFirst = (t: string) => t.charAt(0).toUpperCase() + t.slice(1)

/**
 * The events of one prose line, when it gives two or more times in different sentences on one day;
 * undefined otherwise (the line is then read as one record).
 */
export function proseEvents(line: Line, d: LineDates, ref: YearRef, yearHint: YearHint | undefined, sourceUrl: string): Candidate[] | undefined {
  if (line.text.length < 80) return undefined
  const text = line.text
  const dayMention = d.mentions.find((m) => m.eligible && m.start.day !== undefined)
  const date = dayMention && dayOf(dayMention.start, ref, yearHint)
  if (!date) return undefined
  // "hasta la medianoche", "until 9 pm": an end, not another event.
  const timed = d.mentions.filter(
    (m) => m.start.hour !== undefined && !NOT_EVENT_DATE.test(text.slice(Math.max(0, m.index - 40), m.index)) && !UNTIL.test(text.slice(Math.max(0, m.index - 12), m.index)),
  )
  const out: Candidate[] = []
  let day = date
  for (const s of sentences(text)) {
    // "… Am Sonntag, 13. Dezember, folgt um 17 Uhr das Adventskonzert.": a sentence that names its own day.
    const own = d.mentions.find((x) => x.start.day !== undefined && x.index >= s.from && x.index < s.to)
    day = (own && dayOf(own.start, ref, yearHint)) || (own ? day : (weekdayAndDay(text.slice(s.from, s.to), day) ?? day))
    const m = timed.find((x) => x.index >= s.from && x.index < s.to)
    const time = m && clockOf(m.start)
    if (!time) continue
    const title = titleOf(text, s, d.mentions)
    if (title.length < 3 || !/\p{L}{3}/u.test(title)) continue
    const start = { date: day, time }
    const c: Candidate = { source: { url: sourceUrl, format: 'html', method: 'listing' }, title, start }
    const endTime = clockOf(m!.end)
    if (endTime) c.end = endAfter(start, endTime)
    out.push(c)
  }
  return out.length >= 2 ? out : undefined
}

/** An item's title: what follows its time up to the next item (";") or the end of its sentence. */
function itemTitle(text: string): string | undefined {
  const t = text
    .split(/;|(?<=\p{L}{3}|\))\.(?:\s|$)/u)[0]
    .replace(EDGES, '')
    .trim()
  return /\p{L}{3}/u.test(t) ? t : undefined
}

/**
 * "Friday 5 June: 18:00 Opening; 19:30 Quiz Night. Saturday 6 June: 10:00 Dog Show; 14:00 Tug of War": a
 * paragraph that names several days, each with its timed items set off by semicolons, gives one event per
 * item on its day. Every day must open its items with a time; undefined when the line is not so written.
 */
export function dayItemEvents(line: Line, d: LineDates, ref: YearRef, yearHint: YearHint | undefined, sourceUrl: string): Candidate[] | undefined {
  const days = d.mentions.filter((m) => m.eligible && m.start.day !== undefined)
  if (days.length < 2 || !line.text.includes(';')) return undefined
  const text = line.text
  const out: Candidate[] = []
  for (const [k, day] of days.entries()) {
    const date = dayOf(day.start, ref, yearHint)
    const end = k + 1 < days.length ? days[k + 1].index : text.length
    const clocks = d.mentions.filter((m) => m.start.hour !== undefined && m.index >= day.index && m.index < end)
    // The day's first time is in its mention or right after it ("Friday 5 June: 18:00").
    if (!date || !clocks.length || clocks[0].index - day.endIndex > 3) return undefined
    for (const [j, m] of clocks.entries()) {
      const stop = j + 1 < clocks.length ? clocks[j + 1].index : end
      const time = clockOf(m.start)
      const title = itemTitle(text.slice(m.endIndex, stop))
      // Items are set off by semicolons: "from 10:00 until 14:00" is one item's hours.
      if (!time || !title || (j + 1 < clocks.length && !text.slice(m.endIndex, stop).includes(';'))) return undefined
      const c: Candidate = { source: { url: sourceUrl, format: 'html', method: 'listing' }, title, start: { date, time } }
      const endTime = clockOf(m.end)
      if (endTime) c.end = endAfter(c.start!, endTime)
      out.push(c)
    }
  }
  return out.length >= 3 ? out : undefined
}
