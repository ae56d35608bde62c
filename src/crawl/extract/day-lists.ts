/**
 * Several days written with one month ("Jueves 10 y viernes 11 de diciembre", "Samedi 5 et dimanche 6
 * décembre", "Sa. 5. und So. 6. Dezember", "December 5 and 6", "12 y 13/12", "5 t/m 13 december"): chrono
 * reads only the day the month is written beside, or nothing. Each rewrite writes the month beside every
 * day, so that chrono reads each day and the prose joins (prose-joins.ts) make them one span, as they do
 * for "December 29 and December 30". Applied by `prepareForChrono` before the locale's clock rewrites.
 */
import type { Rule } from './english-rewrites'
import { MONTH_ALTERNATION, MONTH_STEM } from './month-context'
import { WEEKDAY_ALTERNATION } from './weekday-words'

/** A month's name or its usual abbreviation, in the languages read here. */
const MONTH = `(?:${MONTH_ALTERNATION}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec|d[eé]c|dez|dic|okt|ott|out|ene|abr|ago|set|gen|mag|giu|lug|janv|f[eé]vr?|avr|juil|mrt|mei|m[aä]r)\\.?(?![\\p{L}])`
/** A weekday before a day ("viernes ", "So. ", "Saturday, "). */
const WEEKDAY = `(?:(?:${WEEKDAY_ALTERNATION})\\.?,?\\s+)`
/** A day of the month as the languages write it ("11", "11th", "11.", "1er", "1º"). */
const DAY = '\\d{1,2}(?:st|nd|rd|th|er|º)?\\.?'
/** The words that join the last two days of a list. */
const AND = '(?:&|and|und|et|y|e|en)'

/**
 * "Jueves 10 y viernes 11 de diciembre", "Friday 11, Saturday 12 and Sunday 13 December", "Samedi 5 –
 * dimanche 6 décembre": each day before the one the month follows gets the month. The list's days are
 * joined by commas and a last "and", or two days by a dash with a weekday after it (a dash between bare
 * numbers, "5 – 6 décembre", chrono reads already, and "grades 9 – 12" is no list). A number after a
 * clock, a date's other parts or a price is no day ("19:00, 5 December", "£5 and 6 December" stay).
 */
export const DAY_LIST_NAMED: Rule = {
  pattern: new RegExp(
    `(?<![\\d:./£$€#])(\\d{1,2})((?:st|nd|rd|th|er|º)?\\.?)(?=\\s*(?:,|&|[-–—]|\\p{L}))(?=(?:\\s*,\\s*${WEEKDAY}?${DAY}){0,12}\\s*(?:${AND}\\s+${WEEKDAY}?|[-–—]\\s*${WEEKDAY})${DAY}\\s+((?:de\\s+)?${MONTH}))`,
    'giu',
  ),
  replace: (m) => `${m[1]}${m[2]} ${m[3]}`,
}

const EN_MONTH = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)'

const EN_DAY = '\\d{1,2}(?:st|nd|rd|th)?'
/** What may not follow a day of the list: more digits, a clock, a percentage, or a month of its own. */
const EN_DAY_END = `(?!\\d|[:.]\\d|\\s*(?:[ap]\\.?\\s?m\\b|o'?clock|%|${EN_MONTH}\\b))`

/**
 * "December 5 and 6", "Dec. 4, 5 & 6": an English month written once before a list of its days; the
 * month goes before each later day (one day at a time, so every reading still points at its own day).
 * A list ends with "and": "June 5, 2 – 7 pm" is a day and its hours. Not "June 5 and 7 pm" (a time), nor
 * a list whose next day has its own month.
 */
export const EN_MONTH_DAY_LIST: Rule = {
  pattern: new RegExp(
    `(?=\\d)(?<=\\b(${EN_MONTH}\\.?)\\s+${EN_DAY}(?:\\s*,\\s*${EN_DAY}){0,12}\\s*(?:,|and|&)\\s*)(${EN_DAY})(?=(?:\\s*,\\s*${EN_DAY}){0,12}\\s*(?:and|&)\\s*${EN_DAY}${EN_DAY_END}|(?<=(?:and|&)\\s*${EN_DAY})${EN_DAY_END})`,
    'gi',
  ),
  replace: (m) => `${m[1]} ${m[2]}`,
}

/**
 * "Friday and Saturday, December 4 and 5", "samedi et dimanche 5 et 6 décembre", "Samstag und Sonntag, 5.
 * und 6. Dezember": a list of weekdays before the list of its days. Read as written, the last weekday
 * stands before the first day ("Saturday, December 4") and moves it to a year where it is one; the
 * weekdays go (blanked in the text chrono reads, so every reading keeps its place).
 */
export const WEEKDAYS_BEFORE_DAYS: Rule = {
  pattern: new RegExp(
    `(?<![\\p{L}])(?=\\p{L}{2})(?:${WEEKDAY_ALTERNATION})\\.?(?:\\s*(?:,|${AND})\\s+(?:${WEEKDAY_ALTERNATION})\\.?)+,?\\s+(?=(?:${EN_MONTH}\\.?\\s+)?\\d{1,2}(?:st|nd|rd|th|er|º)?\\.?\\s*(?:,|${AND})\\s*\\d)`,
    'giu',
  ),
  replace: (m) => ' '.repeat(m[0].length),
}

/** A day followed by a word that may join it to another day. */
const DAY_LIST_TRIGGER = /\d(?:st|nd|rd|th|er|º)?\.?,?\s*(?:&|and|und|et|y|e|en|[-–—])\s/i

/** The one look before the day-list rewrites: a day joined to something, and a month's name (every rewrite here needs one). */
export function mayListDays(text: string): boolean {
  return DAY_LIST_TRIGGER.test(text) && MONTH_STEM.test(text)
}

/**
 * "12 January, 19 January and 26 January": chrono reads "12 January, 19" as 12 January 2019; a semicolon
 * keeps the days apart (as DAY_LIST_COMMA does in the other languages). Not "5 January, 12 noon".
 */
const EN_DAY_LIST_COMMA: Rule = {
  pattern: new RegExp(`(?<=\\b\\d{1,2}(?:st|nd|rd|th)?\\s+${EN_MONTH}\\.?),(?=\\s*\\d{1,2}(?:st|nd|rd|th)?\\s+${EN_MONTH}\\b)`, 'gi'),
  replace: () => ';',
}

/** The day-list rewrites of a language, in the order they apply. */
export function dayListRules(english: boolean): Rule[] {
  return english ? [WEEKDAYS_BEFORE_DAYS, DAY_LIST_NAMED, EN_MONTH_DAY_LIST, EN_DAY_LIST_COMMA] : [WEEKDAYS_BEFORE_DAYS, DAY_LIST_NAMED]
}

/**
 * "12 e 13/12", "12 y 13/12", "5 et 6/12", "5. und 6.12.": two days of one month written once; chrono reads
 * only the second. The month goes after the first day (only there, so the rest keeps its place). Not the
 * day of a date already whole ("12/12 y 13/12": the second 12 is a month).
 */
export const DAY_PAIR_NUMERIC: Rule = {
  pattern: /(?<![\d/.])\b(\d{1,2})\.?(?=\s+(?:e|y|et|und|en|&)\s+\d{1,2}([/.])(\d{1,2})(?![\d/]))/gi,
  replace: (m) => `${m[1]}${m[2]}${m[3]}${m[2] === '.' ? '.' : ''}`,
}

/** "5 t/m 13 december", "van 5 tot en met 13 december": a Dutch range of days, of which chrono reads only the last. */
export const NL_DAY_RANGE: Rule = {
  pattern: /\b(\d{1,2})\s+(?:t\/m|tot en met|tot)\s+(?=\d{1,2}\s+(?:jan|feb|maa|mrt|apr|mei|jun|jul|aug|sep|okt|nov|dec))/giu,
  replace: (m) => `${m[1]} - `,
}

/** "12/8-12/10": a range of two month/day dates without spaces, of which chrono reads only the second. */
export const EN_NUMERIC_RANGE: Rule = { pattern: /\b(\d{1,2}\/\d{1,2})-(?=\d{1,2}\/\d{1,2}\b)/g, replace: (m) => `${m[1]} - ` }

/** "del 10 al 14 de diciembre", "desde el 10 hasta el 14 de": a range of days chrono reads as "10 - 14 de diciembre". */
export const ES_DAY_RANGE: Rule = { pattern: /\b(?:del|desde el)\s+(\d{1,2})\s+(?:al|hasta el)\s+(?=\d{1,2}\s+de\s+\p{L})/giu, replace: (m) => `${m[1]} - ` }

/** "dal 5 all'8 dicembre", "dal 10 al 14 dicembre": an Italian range of days, of which chrono reads only the last. */
export const IT_DAY_RANGE: Rule = { pattern: /\b(?:dal|dall['’])\s*(\d{1,2})\s+(?:al|all['’])\s*(?=\d{1,2}\s+\p{L})/giu, replace: (m) => `${m[1]} - ` }
