/**
 * A record that gives no day but a rule ("Every Tuesday at 10:30 a.m.", "Thursdays, 4:00 – 5:30 p.m.",
 * "Second Saturday of each month, 1 p.m."): a weekly or monthly program of a library or a club. It is read
 * as an event on the rule's first day on or after the day the page is read, carrying the rule's text, so
 * that the normalizer gives one occurrence per day of the rule inside the window, as it does for an
 * iCalendar RRULE. Any rule in English; in the other languages "every <weekday>" and plural weekdays
 * (rule-words.ts). A line without a time, or a rule the reader is unsure of, gives nothing: a wrong rule
 * would invent events.
 */
import { weekdayCodeOf } from '../../shared/calendar-math'
import type { Candidate } from '../../candidate-types'
import { addDays } from '../../../model/dates'
import { clockOf } from '../prose-dates'
import type { LineDates } from './line-dates'
import { type LineRule, untimedRule } from './line-rule'
import type { Line } from './page-lines'
import type { DateLocale } from '../date-locale'
import { habitHeading, ruleStart, withoutWeekdays } from '../rule-words'
import { readingDay } from '../year-hint'
import { type RecordContext, readRecord } from './record-fields'
import { clean, usableTitle } from './record-title'
import { endAfter } from './record-when'
import { proseVenue } from './record-place'

/** Whether `date` (YYYY-MM-DD) is a day of a weekly rule's BYDAY or a monthly rule's "2SA", "-1FR" or BYMONTHDAY. */
export function onRule(rrule: string, date: string): boolean {
  const parts = Object.fromEntries(rrule.split(';').map((p) => p.split('=') as [string, string]))
  if (parts.INTERVAL || parts.COUNT || parts.UNTIL) return false
  const d = new Date(`${date}T00:00:00Z`)
  const weekday = weekdayCodeOf(date)
  const day = d.getUTCDate()
  if (parts.FREQ === 'WEEKLY') return !!parts.BYDAY && parts.BYDAY.split(',').includes(weekday)
  if (parts.FREQ !== 'MONTHLY') return false
  if (parts.BYMONTHDAY) return parts.BYMONTHDAY.split(',').map(Number).includes(day)
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
  return (parts.BYDAY ?? '').split(',').some((code) => {
    const m = /^(-?\d)?([A-Z]{2})$/.exec(code)
    if (!m || m[2] !== weekday) return false
    const n = Number(m[1] ?? 0)
    return n > 0 ? Math.ceil(day / 7) === n : n < 0 ? Math.ceil((last - day + 1) / 7) === -n : true
  })
}

const WE_MEET =
  /^(?:we meet|we get together|nos reunimos|nos juntamos|nous nous réunissons|on se retrouve|nous nous retrouvons|wir treffen uns|ci riuniamo|ci troviamo|we komen samen|reunimo-nos|nos reunimos)$/i

/** "Library Hours", "Öffnungszeiten": a section of a place's hours. */
const HOURS_SECTION = /(?<!\p{L})(hours|öffnungszeiten|sprechzeiten|horaires|horario de apertura|orari|openingstijden|horário de funcionamento)(?!\p{L})/iu
/** "Open", "Closed", "Geöffnet": a title that only says a place is open. */
const OPEN_WORD = /^(open|opens|closed|geöffnet|geschlossen|ouvert|fermé|abierto|cerrado|aperto|chiuso|geopend|gesloten|aberto|fechado)$/iu

/** Opening hours ("Open Tuesdays 10 am – 8 pm" under "Hours") are a place's, not a program. */
function openingHours(title: string | undefined, section: string | undefined): boolean {
  return (!!section && HOURS_SECTION.test(section)) || (!!title && OPEN_WORD.test(withoutWeekdays(title, 'en').trim()))
}

/**
 * The name a rule's line gives before its rule, when no verb joins them ("Storytime every Wednesday at
 * 10:30 a.m." → "Storytime", under a heading "Good to know"); "Der Vorstand trifft sich jeden …" is a
 * sentence, whose heading names the meeting better.
 */
function namedBefore(text: string): string | undefined {
  const cut = ruleStart(text)
  const head = cut > 0 ? text.slice(0, cut).replace(/[\s,:–—-]+$/, '') : ''
  if (!head || NOT_A_NAME.test(head) || WE_MEET.test(head) || ORDINALS_ONLY.test(head)) return undefined
  return clean(head) === head && usableTitle(head) ? head : undefined
}

/** "Meets the 2nd and", "Held on", "Open": a verb or a connector before the rule, no program's name. */
const NOT_A_NAME = /^(?:meets?|meeting|held|is|are|open|opens|closed|we|on|at|the)\b|\b(?:and|the|on|of|at|und|et|y|e|en|le|el|il|de)$/i

/** "1st and 3rd", "2. und 4.", "premier et troisième": the rule's own ordinals before its weekday, no name. */
const ORDINALS_ONLY =
  /^(?:[\s,&]*(?:\d{1,2}(?:st|nd|rd|th|er|e|º|°|\.)?|first|second|third|fourth|fifth|last|erste[nrs]?|zweite[nrs]?|dritte[nrs]?|vierte[nrs]?|letzte[nrs]?|premiers?|deuxièmes?|troisièmes?|quatrièmes?|derniers?|primer|segundo|tercer|cuarto|último|primo|secondo|terzo|quarto|ultimo|primeir[oa]|segund[oa]|terceir[oa]|quart[oa]|últim[oa])(?:\s+(?:and|und|et|y|e|en))?)+$/i

const ENGLISH_DAYS: Record<string, string> = { MO: 'monday', TU: 'tuesday', WE: 'wednesday', TH: 'thursday', FR: 'friday', SA: 'saturday', SU: 'sunday' }

/** A timed line under a habit heading ("Le mardi" / "Gym douce, 9h30 – 10h30") states that weekday's rule. */
function habitRule(d: LineDates | undefined, habit: string | undefined): LineRule | undefined {
  if (!habit || !d || d.day) return undefined
  const m = d.mentions.find((x) => x.start.day === undefined && x.start.hour !== undefined)
  const time = clockOf(m?.start)
  if (!time) return undefined
  const endTime = clockOf(m!.end)
  const rule = {
    rrule: `FREQ=WEEKLY;BYDAY=${habit}`,
    time,
    text: `every ${habit
      .split(',')
      .map((code) => ENGLISH_DAYS[code])
      .join(' and ')}`,
  }
  return endTime ? { ...rule, endTime } : rule
}

/**
 * A rule and its time in two fields of one record ("<p>First Tuesday of the month</p><p>7:00 PM</p>"):
 * one line states the rule and no time, one other line only a time.
 */
function splitRule(lines: Line[], ctx: RecordContext, locale: DateLocale): { line: Line; rule: LineRule } | undefined {
  let ruled: { line: Line; rule: { rrule: string }; english: string } | undefined
  let clock: { time: string; endTime?: string } | undefined
  for (const line of lines) {
    const d = line.virtual || !line.text ? undefined : ctx.dates(line)
    if (!d || d.day) continue
    if (d.time) {
      const m = d.whenOnly && !clock ? d.mentions.find((x) => x.start.hour !== undefined) : undefined
      const time = clockOf(m?.start)
      if (!time) return undefined
      clock = { time, ...(clockOf(m!.end) ? { endTime: clockOf(m!.end)! } : {}) }
      continue
    }
    const found = d.words ? untimedRule(line.text, locale) : undefined
    if (found && ruled) return undefined
    if (found) ruled = { line, rule: found.rule, english: found.english }
  }
  return ruled && clock ? { line: ruled.line, rule: { rrule: ruled.rule.rrule, ...clock, text: ruled.english } } : undefined
}

/**
 * A record of a recurring program, or undefined. `today`: the day the page is read against; `habit`: the
 * weekday of a habit heading over the record ("Mondays", "Le mardi"), if any.
 */
export function recurringRecord(lines: Line[], ctx: RecordContext, today: string, habit?: string, locale?: DateLocale): Candidate | undefined {
  const split = locale ? splitRule(lines, ctx, locale) : undefined
  for (const line of lines) {
    const d = line.virtual ? undefined : ctx.dates(line)
    const lineRule = d?.rule ?? habitRule(d, habit) ?? (split?.line === line ? split.rule : undefined)
    if (!lineRule) continue
    const { rrule, time, endTime } = lineRule
    let first: string | undefined
    for (let i = 0, date = today; i < 62 && !first; i++, date = addDays(date, 1)) if (onRule(rrule, date)) first = date
    if (!first) return undefined
    const read = readRecord(lines, { ...ctx, day: first })
    const c = read.candidate
    // The program's own title: a heading's name over a weekly rule ("Visit us") does not make it an event;
    // over an ordinal weekday of the month ("Vorstandssitzung", "Club de lectura") it names the meeting.
    if (!c?.start || c.start.date !== first || (c.title === ctx.section && !/BYDAY=-?\d/.test(rrule))) return undefined
    if (openingHours(c.title, ctx.section)) return undefined
    c.start = { date: first, time }
    c.end = endTime ? endAfter(c.start, endTime) : undefined
    if (!c.end) delete c.end
    c.recurrenceText = lineRule.text
    // "… the second Tuesday of each month at 9:00 a.m. in the Board Chambers": the rule's sentence names its place.
    const clock = c.place ? undefined : d?.mentions.find((m) => m.start.day === undefined && m.start.hour !== undefined)
    const place = clock && proseVenue(line.text, clock.endIndex)
    if (place) c.place = place
    // A title read from the rule's own line ends where the rule begins ("Vestry meets the second Tuesday …").
    const cut = c.title ? ruleStart(c.title) : -1
    const short = cut > 0 ? clean(c.title!.slice(0, cut)) : undefined
    // "Nos reunimos el primer martes …" ("we meet") names nobody: the heading over it does.
    if (short && WE_MEET.test(short) && ctx.section) c.title = ctx.section
    else if (short && usableTitle(short)) c.title = short
    else c.title = namedBefore(line.text) ?? c.title
    return c
  }
  return undefined
}

export type Habit = { code: string; level: number }

/**
 * Follows habit headings ("Mondays", "Le mardi", "Los martes") in `scope`; a timed line under one that is
 * in no record is that weekday's program ("Gym douce, 9h30 – 10h30"), returned as its record, and so is a
 * line in no record that states its own rule ("Permanence : le premier mardi du mois à 18h").
 */
export function habitLine(line: Line, scope: { habit?: Habit }, locale: DateLocale, ctx: RecordContext): Candidate | undefined {
  if (line.chrome || !line.text) return undefined
  const code = line.heading ? habitHeading(line.text, locale) : undefined
  if (code) scope.habit = { code, level: line.heading }
  else if (line.heading && scope.habit && line.heading <= scope.habit.level) scope.habit = undefined
  if (line.heading || (!scope.habit && !ctx.dates(line)?.rule)) return undefined
  return recurringRecord([line], ctx, readingDay(ctx.ref), scope.habit?.code, locale)
}
