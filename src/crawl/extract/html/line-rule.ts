/**
 * The recurrence a line states ("Every Tuesday at 10:30 a.m.", "jeden ersten Montag im Monat um 19 Uhr",
 * "Thursdays, 4:00 – 5:30 p.m."): its RRULE and its time, read by the prose rule reader (prose-rule.ts)
 * after rule-words.ts has put the other languages' words into its English. A sentence counts only when it
 * says an ordinal weekday of the month in full; a line announcing a list ("… on the following Mondays:")
 * states no rule.
 */
import { proseToRecurrence } from '../../shared/prose-rule'
import type { DateLocale } from '../date-locale'
import { clockOf, type DateReader } from '../prose-dates'
import { englishRule, monthRuleSentence, withoutWeekdays } from '../rule-words'

/** `text`: the rule in the prose rule reader's English, for the normalizer to expand. */
export type LineRule = { rrule: string; time: string; endTime?: string; text: string }

/**
 * The rule a line states, before its time is looked for ("First Tuesday of the month", "Every Thursday"):
 * the RRULE, the part of the line that says it, and that part in the prose rule reader's English.
 */
export function untimedRule(line: string, locale: DateLocale): { rule: { rrule: string }; text: string; english: string } | undefined {
  // A field ("Every Tuesday at 10:30 a.m., Children's Room"), not a sentence ("Childcare is available … on
  // Sundays."), unless the sentence says an ordinal weekday of the month in full.
  // A line that announces a list ("… at 6:30 p.m. on the following Mondays:") states the list's days, not a rule.
  if (line.endsWith(':')) return undefined
  // A clock's "a.m." or "p.m." ends no sentence ("Knitting Circle: 1st and 3rd Mondays, 10 a.m.").
  const prose = line.length > 100 || (/\.\s*$/.test(line) && !/\b[ap]\.\s?m\.\s*$/i.test(line) && line.split(/\s+/).length >= 8)
  // "Every Tuesday, 8.30pm – 11pm, in the back bar. All welcome.": a first sentence that opens with the rule says it.
  const first = prose ? line.split(/(?<=[.!?])\s+(?=\p{Lu})/u)[0].replace(/[.!]\s*$/, '') : ''
  const text = prose ? (first.length <= 100 && RULE_OPENS.test(first) && first !== line ? first : monthRuleSentence(line, locale)) : line
  if (!text) return undefined
  const english = englishRule(text, locale)
  if (!english || !RULE_HINT.test(english)) return undefined
  const rule = proseToRecurrence(english)
  return rule ? { rule, text, english } : undefined
}

/**
 * The rule and time of a line that states a recurrence ("Thursdays, 4:00 – 5:30 p.m."); the weekday is
 * blanked out before the time is read (a weekday with a time is no date of its own).
 */
export function lineRule(line: string, reader: DateReader): LineRule | undefined {
  const found = untimedRule(line, reader.locale)
  if (!found) return undefined
  const { rule, text, english } = found
  const timed = reader.raw(withoutWeekdays(text, reader.locale)).find((m) => m.start.day === undefined && m.start.hour !== undefined)
  const time = clockOf(timed?.start)
  if (!time) return undefined
  const endTime = clockOf(timed!.end)
  return endTime ? { rrule: rule.rrule, time, endTime, text: english } : { rrule: rule.rrule, time, text: english }
}

/** A sentence that opens with its rule ("Every Tuesday, …", "Jeden Mittwoch …", "Tous les mardis …"). */
const RULE_OPENS =
  /^(?:every|each|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|jeden|jede|tous les|chaque|todos los|todas las|cada|elke|iedere|ogni|tutti i|tutte le|todas as|todos os)\b/i

/** What every recurrence the prose rule reader accepts holds: a day's name, "each"/"every", an ordinal, "daily"/"weekly"/"monthly". */
const RULE_HINT = /\b(every|each|of the month|daily|weekly|monthly|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)\b/i
