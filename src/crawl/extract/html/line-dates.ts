/**
 * The date and time mentions of each line of a page, and which of them can anchor an event: a date in a
 * line of its own or in an element of its own ("Tuesday, October 4, 2022", `<b>Feb 11, 2020 at 4:15
 * p.m.</b>`), at the start of a line ("June 13: Lego Club"), with a time or a year at its end ("Closed
 * Session – January 7, 2026, 4:00 PM"), or in a line that is a list of dates. A date inside a sentence
 * ("declared on March 11, 2020, and …", "Library closed June 19 for Juneteenth") or after "Posted",
 * "Updated", "Register by" is not an event's date.
 */
import type { DateReader, RawWhen } from '../prose-dates'
import type { MonthContext } from '../month-context'
import { dayJoiner, SPAN_JOINER } from '../prose-joins'
import { openingHours } from './opening-hours'
import { type FieldRole, roleOfLabel, SAVE_THE_DATE } from './labels'
import { deadlineTime, NOT_EVENT_DATE, noteDate, RENEWED_BEFORE, replacedBefore, ROOM_BEFORE, struckOut } from './not-event-dates'

export { NOT_EVENT_DATE } from './not-event-dates'
import type { Line } from './page-lines'
import { leadColon } from './list-lead'
import { type LineRule, lineRule } from './line-rule'

export type Mention = RawWhen & {
  /** The mention can stand for an event's day or time (see the module comment). */
  eligible: boolean
  /** The mention fills its line or its inline element. */
  dedicated: boolean
}

export type LineDates = {
  mentions: Mention[]
  /** An eligible mention names a day. */
  day: boolean
  /** An eligible mention names a clock time. */
  time: boolean
  /** Nothing but dates, times, weekdays, labels ("When:", "Doors") and separators. */
  whenOnly: boolean
  /** The line labels its date as a start or end ("Starts:", "Bis:"), so it is a field, not a record. */
  labeled: boolean
  /** Two or more different days listed in one line ("January 26, March 23, May 25"). */
  list: boolean
  /** Words beyond the dates and their labels: the line says something (a title, a place, "Minutes"). */
  words: boolean
  /** The line says the event lasts all day ("All Day", "ganztägig", "toute la journée"). */
  allDay: boolean
  /** The whole line is a field label ("Date", "Location:", "Wann", "Lieu :"): it names the next line. */
  label?: FieldRole
  /** A recurrence a line states with its time ("Every Tuesday at 10:30 a.m.", "jeden Dienstag um 10 Uhr"): the RRULE and the clock. */
  rule?: LineRule
}

const ASCII_WORD = /[A-Za-z]{2}/
const NON_ASCII = /[^\x00-\x7f]/
const WORD = /\p{L}{2}/u

/** Two letters in a row: the ASCII test answers for most text, the Unicode one only when it must. */
export function hasWord(text: string): boolean {
  return ASCII_WORD.test(text) || (NON_ASCII.test(text) && WORD.test(text))
}

/** The role of a line that is only a label (never a title word: "Meeting" alone is a title). */
export function labelOnly(text: string): FieldRole | undefined {
  if (text.length > 32) return undefined
  const role = roleOfLabel(text)
  return role && role !== 'title' ? role : undefined
}

export const ALL_DAY =
  /^(all[- ]day( event)?|ganztägig|ganztags|den ganzen tag|toute la journée|journée entière|todo el d[ií]a|d[ií]a completo|(de )?hele dag|tutto il giorno|giornata intera|(o )?dia (todo|inteiro))$/i

/** Words that only label or join dates: what is left when they and the dates are removed says whether a line is more than a date. */
// biome-ignore format: a word table, kept packed so it reads as one table
const FILLER = new Set(['a', 'ab', 'alle', 'am', 'and', 'apr', 'april', 'at', 'aug', 'august', 'begin', 'beginn', 'begins', 'bis', 'bst', 'cest', 'cet', 'cdt', 'cst', 'cuando', 'cuándo', 'da', 'dalle', 'das', 'data', 'date', 'dates', 'datum', 'day', 'de', 'dec', 'december', 'del', 'den', 'der', 'des', 'di', 'die', 'dienstag', 'dimanche', 'dinsdag', 'do', 'domenica', 'domingo', 'donderdag', 'donnerstag', 'door', 'edt', 'doors', 'einlass', 'dos', 'du', 'e', 'el', 'en', 'end', 'ende', 'ends', 'est', 'et', 'feb', 'february', 'fecha', 'feira', 'fr', 'freitag', 'fri', 'friday', 'from', 'giovedì', 'gmt', 'h', 'heure', 'hora', 'horaire', 'horario', 'horário', 'hr', 'hrs', 'jan', 'january', 'jeudi', 'jueves', 'jul', 'july', 'jun', 'june', 'la', 'le', 'les', 'lundi', 'lunedì', 'lunes', 'm', 'ma', 'maandag', 'mar', 'march', 'mardi', 'martedì', 'martes', 'may', 'mercoledì', 'mercredi', 'met', 'mez', 'mesz', 'mi', 'midnight', 'mdt', 'mittwoch', 'mst', 'miércoles', 'mo', 'mon', 'monday', 'montag', 'noon', 'nov', 'november', 'oct', 'october', 'of', 'om', 'on', 'op', 'open', 'opens', 'or', 'ora', 'orario', 'ore', 'pdt', 'pm', 'pst', 'quand', 'quando', 'quarta', 'quinta', 'sa', 'sabato', 'samedi', 'samstag', 'sat', 'saturday', 'segunda', 'sep', 'sept', 'september', 'sexta', 'show', 'showtime', 'so', 'sonntag', 'start', 'starts', 'sun', 'sunday', 'sábado', 't', 'terça', 'the', 'through', 'thru', 'thu', 'thur', 'thurs', 'thursday', 'tijd', 'till', 'time', 'times', 'to', 'today', 'tot', 'tue', 'tues', 'tuesday', 'u', 'uhr', 'um', 'und', 'until', 'utc', 'uur', 'van', 'vanaf', 'vendredi', 'venerdì', 'viernes', 'vom', 'von', 'vr', 'vrijdag', 'wann', 'wanneer', 'wed', 'wednesday', 'when', 'where', 'wo', 'woensdag', 'y', 'za', 'zaterdag', 'zeit', 'zo', 'zondag', 'à', 'às'])
/** "Date: …", "Wann: …", "Horário: …": a labelled field line. */
const FIELD_LABEL =
  /^(date|dates|time|when|datum|zeit|uhrzeit|wann|termin|date et heure|heure|horaires?|quand|fecha|hora|horario|cu[aá]ndo|wanneer|tijd|data|orario|ora|quando|hor[aá]rio|dia)\s*[:：]/i
const AND = /^\s*(and|&|und|et|y|en|e)\s*$/i
const START_END_LABEL = /\b(starts?|ends?|begins?|from|until|till|beginn|ende|bis|début|fin|inicio|fin|vanaf|tot en met|t\/m|inizio|fine|início|término)\s*:/i
/** The characters that separate words here: white space (as `\s` has it), dashes and punctuation. */
const SEPARATOR_CODES = new Set([...'-–—:,.;|/@·•()[]*\'"’'].map((c) => c.charCodeAt(0)))
const WEEKDAY_PREFIX = /^[\p{L}]{2,12}\.?,?\s*$/u

function isSeparator(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || SEPARATOR_CODES.has(c) || (c >= 0x80 && isWideSpace(c))
}

/**
 * The words of `text` outside the mentions, run together, without filler (labels, joining words, weekdays,
 * ordinals): what is left when the dates are taken out. Words are runs between separators, read in place
 * (no text is cut out and split again: every dated line of a page is read so).
 */
export function leftover(text: string, mentions: RawWhen[]): string {
  let kept = ''
  let last = 0
  for (const m of mentions) {
    kept += keptWords(text, last, m.index)
    last = Math.max(last, m.endIndex)
  }
  return kept + keptWords(text, last, text.length)
}

/** The words of `text[from, to)` that are not filler, run together. */
function keptWords(text: string, from: number, to: number): string {
  let kept = ''
  let start = -1
  for (let i = from; i <= to; i++) {
    if (i < to && !isSeparator(text.charCodeAt(i))) {
      if (start < 0) start = i
      continue
    }
    if (start < 0) continue
    const token = text.slice(start, i)
    start = -1
    if (token.length === 1 || /^\d+(st|nd|rd|th)?$/i.test(token)) continue
    const w = token.toLowerCase()
    if (FILLER.has(w) || (w.length >= 5 && misspeltWeekday(w))) continue
    kept += token
  }
  return kept
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']

/** "Wedensday", "Thrusday": a weekday with a typo chrono does not read is still only a weekday. */
export function misspeltWeekday(word: string): boolean {
  const w = word.toLowerCase()
  if (!w.endsWith('day') && !w.endsWith('dy')) return false
  return WEEKDAYS.some((d) => d !== w && editDistance(d, w) <= 2)
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    prev = cur
  }
  return prev[b.length]
}

/** The inline element's text span around `[from, to)`, from the line's break offsets. */
function partAround(line: Line, from: number, to: number): [number, number] {
  let lo = 0
  let hi = line.text.length
  for (const b of line.breaks) {
    if (b <= from) lo = b
    else if (b >= to) {
      hi = b
      break
    }
  }
  return [lo, hi]
}

/** True for the character codes `\s` matches above ASCII (no one-character string and regex per accented letter). */
function isWideSpace(c: number): boolean {
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
}

/** Characters of `text[from, to)` other than white space. */
function visibleLength(text: string, from = 0, to = text.length): number {
  let n = 0
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i)
    if (!(c === 32 || (c >= 9 && c <= 13) || (c >= 0x80 && isWideSpace(c)))) n++
  }
  return n
}

function classify(line: Line, m: RawWhen, others: RawWhen[], list: boolean, visible: number): Mention {
  const text = line.text
  const before = text.slice(Math.max(0, m.index - 40), m.index)
  const [lo, hi] = partAround(line, m.index, m.endIndex)
  // The dates and times in the mention's inline element, together, fill most of it.
  let span = 0
  for (const o of others) if (o.index < hi && o.endIndex > lo) span += visibleLength(text, Math.max(lo, o.index), Math.min(hi, o.endIndex))
  const dedicated = span >= visibleLength(text, lo, hi) * 0.6 || span >= visible * 0.6
  const hasDay = m.start.day !== undefined
  const hasTime = m.start.hour !== undefined || m.end?.hour !== undefined
  const prose = text.length > 160 && !list
  const posted = line.postedSpans?.some(([a, b]) => m.index < b && m.endIndex > a) ?? false
  let eligible = !posted && !NOT_EVENT_DATE.test(before) && !ROOM_BEFORE.test(before) && !deadlineTime(text, m, others) && !(text.length <= 300 && hasDay && openingHours(text))
  if (eligible && !dedicated && !list) {
    const atStart = m.index <= 1 || WEEKDAY_PREFIX.test(text.slice(0, m.index))
    const atEnd = () => leftover(text.slice(m.endIndex), []) === ''
    if (prose) eligible = (atStart && text.length < 400) || (hasDay && hasTime)
    else
      eligible =
        atStart ||
        (hasTime && (hasDay || others.length === 1)) ||
        ((m.start.year !== undefined || hasTime) && atEnd()) ||
        (hasDay && (timedBefore(text, m, others) || timedAfter(text, m, others) || SAVE_THE_DATE.test(text) || RENEWED_BEFORE.test(before)))
  }
  return { ...m, eligible, dedicated }
}

/**
 * "Christmas Eve services are at 5:00 p.m. … and 10:30 p.m. … on Thursday, December 24.": the sentence
 * gives its times before its day, which ends it.
 */
const SENTENCE_END = /(?<!(?:^|[^\p{L}])\p{L}{1,3})[.!?]\s+(?=\p{Lu})/gu

function timedBefore(text: string, m: RawWhen, others: RawWhen[]): boolean {
  let start = 0
  for (const s of text.slice(0, m.index).matchAll(SENTENCE_END)) start = s.index! + s[0].length
  if (!/^\s*[.!]?\s*$/.test(text.slice(m.endIndex, m.endIndex + 3)) && m.endIndex < text.length) return false
  return others.some(
    (o) => o !== m && o.start.day === undefined && o.start.hour !== undefined && o.index >= start && o.endIndex <= m.index && !NOT_EVENT_DATE.test(text.slice(Math.max(0, o.index - 40), o.index)),
  )
}

/** Between a day and its time when both are fields of a line ("Meeting – Tuesday, January 12, 2027 – 7:00 PM – Town Hall"). */
const FIELD_GAP = /^\s*(?:[-–—,|·•@]\s*)?(?:at|from|um|à|a las|alle|om|às|ore)?\s*$/i

/** A day whose time follows it as the next field of the line: the pair is an event's when, not a date in a sentence. */
function timedAfter(text: string, m: RawWhen, others: RawWhen[]): boolean {
  const next = others.find((o) => o.index >= m.endIndex && o.start.day === undefined && o.start.hour !== undefined)
  if (!next) return false
  const gap = text.slice(m.endIndex, next.index)
  // "Christmas Eve, December 24: services at 4:00 pm, …": a day set off by a colon heads the times of its clause.
  return (next.index - m.endIndex <= 8 && FIELD_GAP.test(gap)) || (gap.length <= 40 && /^\s*:/.test(gap) && !/[.!?;]\s/.test(gap))
}

/** "Starts: …", "Date: …": both kinds of label end in a colon. */
function isLabeled(text: string): boolean {
  return (text.includes(':') || text.includes('：')) && (START_END_LABEL.test(text) || FIELD_LABEL.test(text))
}

/** What remains of `text` besides its `mentions` is little: the text lists them. */
function fills(text: string, mentions: RawWhen[]): boolean {
  return visibleLength(leftover(text, mentions)) <= Math.max(12, visibleLength(text) * 0.25)
}

/** The mentions of one line with what each can anchor. */
export function lineDates(line: Line, reader: DateReader, month?: MonthContext): LineDates {
  if (ALL_DAY.test(line.text)) return { mentions: [], day: false, time: false, whenOnly: true, labeled: false, list: false, words: false, allDay: true, label: undefined }
  const label = line.virtual ? undefined : labelOnly(line.text)
  if (label) return { mentions: [], day: false, time: false, whenOnly: false, labeled: false, list: false, words: false, allDay: false, label }
  const raw = line.virtual && !line.text ? [] : reader.raw(line.text, month)
  // Most lines hold no date: what is left to say of them is whether they are a labelled field and have words.
  if (!raw.length) {
    const rule = line.virtual ? undefined : lineRule(line.text, reader)
    return { mentions: [], day: false, time: false, whenOnly: false, labeled: isLabeled(line.text), list: false, words: hasWord(line.text), allDay: false, label: undefined, rule }
  }
  // A span of days ("December 21 – December 22") is one event's days, not a list.
  const struck = (line.struckSpans && struckOut(raw, line.struckSpans)) || (raw.length > 1 ? replacedBefore(line.text, raw) : undefined)
  const live = struck ? raw.filter((m) => !struck.has(m)) : raw
  // "Dec 8, 2026 — Posted Dec 3, 2026": a posting date is no second day of a list.
  const dated = live.filter((m) => m.start.day !== undefined)
  const dayMentions = dated.length >= 2 ? dated.filter((m) => !noteDate(line.text, m)) : dated
  // "12 e 13/12 a partir das 10h", "December 12 and 13": two days of one month a day or two apart are one event's days.
  // So are "Friday 11, Saturday 12 and Sunday 13 December" and "Sa. 5. und So. 6. Dezember" (the weekday opening the next day is no joiner).
  const joined = (m: RawWhen, i: number) => {
    const prev = dayMentions[i - 1]
    const between = dayJoiner(line.text.slice(prev.endIndex, m.index))
    return (
      SPAN_JOINER.test(between) || ((AND.test(between) || /^\s*,\s*$/.test(between)) && prev.start.month === m.start.month && m.start.day! - prev.start.day! > 0 && m.start.day! - prev.start.day! <= 2)
    )
  }
  const days = new Set(dayMentions.filter((m, i) => i === 0 || !joined(m, i)).map((m) => `${m.start.month}-${m.start.day}-${m.start.year ?? ''}`))
  const rest = raw.length ? leftover(line.text, raw) : line.text
  const visible = visibleLength(line.text)
  // "… meets at 7:00 p.m. on the following dates: Jan. 20, Apr. 21 and Jul. 21." lists its days after its lead.
  const list = days.size >= 2 && (visibleLength(rest) <= Math.max(12, visible * 0.25) || (line.text.includes(': ') && leadColon(line.text, raw, fills) >= 0))
  const mentions = raw.map((m) => (struck?.has(m) ? { ...m, eligible: false, dedicated: true } : classify(line, m, live, list, visible)))
  // "… on Friday and Saturday, December 4 and 5, from 9 a.m.": a day joined to an event's day opens its span.
  for (let k = dayMentions.length - 1; k > 0; k--) if (mentions[raw.indexOf(dayMentions[k])].eligible && joined(dayMentions[k], k)) mentions[raw.indexOf(dayMentions[k - 1])].eligible = true
  // "22–23 April 2027, Utrecht": the day that ends an event's span is that event's too (not the place's text).
  for (let k = 1; k < dayMentions.length; k++) if (mentions[raw.indexOf(dayMentions[k - 1])].eligible && joined(dayMentions[k], k)) mentions[raw.indexOf(dayMentions[k])].eligible = true
  // A time in a line whose day counts belongs to that day ("January 17 - Special Meeting - Noon"); in a longer
  // line, to the day of its sentence ("Am Samstag, 12. Dezember, findet ab 14 Uhr der Weihnachtsmarkt statt.").
  const eligibleDays = mentions.filter((m) => m.eligible && m.start.day !== undefined)
  const ownDay = (m: Mention) => line.text.length <= 160 || eligibleDays.some((x) => x.index < m.index && !/[.!?]\s+\p{Lu}/u.test(line.text.slice(x.endIndex, m.index)))
  if (eligibleDays.length)
    for (const [i, m] of mentions.entries())
      if (!m.eligible && !struck?.has(raw[i]) && m.start.day === undefined && m.start.hour !== undefined && !NOT_EVENT_DATE.test(line.text.slice(Math.max(0, m.index - 40), m.index)) && ownDay(m))
        m.eligible = true
  const eligible = mentions.filter((m) => m.eligible)
  return {
    mentions,
    day: eligible.some((m) => m.start.day !== undefined),
    time: eligible.some((m) => m.start.hour !== undefined),
    whenOnly: raw.length > 0 && rest === '',
    labeled: isLabeled(line.text),
    list,
    words: hasWord(rest),
    allDay: false,
    label: undefined,
    rule: line.virtual || eligible.some((m) => m.start.day !== undefined) ? undefined : lineRule(line.text, reader),
  }
}
