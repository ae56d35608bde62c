/**
 * The languages dates are read in (DESIGN §6: chrono-node with its locales for de/fr/es/nl/it/pt) and the
 * small rewrites that let chrono read forms it misses ("19 Uhr", "19.30 Uhr", "19 h 30", "20u30", "ore
 * 19.30", "Noon", "21.3."). A rewrite keeps a map back to the original text, so every match still points
 * at the characters the page wrote.
 */
import { MAY_OPEN_WITH_DAY, type MonthContext, monthAfterDay } from './month-context'
import { PAREN_TRIGGER, PAREN_WEEKDAY, WEEKDAY_DOT_DAY } from './weekday-rewrites'
import {
  NOON,
  MIDNIGHT,
  H_CLOCK,
  DOT_CLOCK,
  U_CLOCK,
  ORE_CLOCK,
  SHORT_NUMERIC,
  MIDI,
  MINUIT,
  MEDIANOCHE,
  MEDIODIA,
  RANGE,
  DAY_AT_CLOCK,
  CLOCK_H_SUFFIX,
  BARE_DOT_CLOCK,
  AND_CLOCKS,
  HOUR_RANGE_START,
  DOORS_TIME,
  doorsAndStart,
} from './clock-rewrites'
import { DAY_PAIR_NUMERIC, dayListRules, EN_NUMERIC_RANGE, ES_DAY_RANGE, IT_DAY_RANGE, mayListDays, NL_DAY_RANGE } from './day-lists'
import {
  DAY_FIRST_NUMERIC,
  EN_SHARED_MERIDIEM,
  EN_WEEKDAY_DOT_DATE,
  SHARED_MERIDIEM_TRIGGER,
  WEEKDAY_DOT_TRIGGER,
  EN_CLOCK_DASH_DAY,
  EN_DAY_FIRST_RUNS,
  EN_DOT_CLOCKS,
  EN_FOR_CLOCK,
  NUMERIC_TRIGGER,
  type Rule,
} from './english-rewrites'
import { NUMERIC_DAY_RUN } from './numeric-runs'
import * as chrono from 'chrono-node'

export type DateLocale = 'en' | 'de' | 'fr' | 'es' | 'nl' | 'it' | 'pt'

export const DATE_LOCALES: readonly DateLocale[] = ['en', 'de', 'fr', 'es', 'nl', 'it', 'pt']

type Parser = { parse: (text: string, ref: Date, options?: chrono.ParsingOption) => chrono.ParsedResult[] }

const PARSERS: Record<DateLocale, Parser> = {
  en: chrono.strict,
  de: chrono.de.strict,
  fr: chrono.fr.strict,
  es: chrono.es.strict,
  nl: chrono.nl.strict,
  it: chrono.it.strict,
  pt: chrono.pt.strict,
}

type PatternParser = { innerPattern?: (...args: unknown[]) => RegExp }

/**
 * chrono compiles a parser's pattern once and reuses it while `innerPattern()` returns the same RegExp; a
 * few parsers (Dutch, German, French "within" / "ago" / relative units) build a new RegExp on every call,
 * so their full pattern is rebuilt and compiled for every text read. An `innerPattern` that takes no
 * context depends on nothing but its parser: its first RegExp is kept and given again (one without a `g`
 * or `y` flag keeps no state between reads, so one object serves every read).
 */
export function keepInnerPatterns(chronoParser: { parsers: unknown[] }): void {
  for (const parser of chronoParser.parsers as PatternParser[]) {
    const own = parser.innerPattern
    if (typeof own !== 'function' || own.length !== 0) continue
    let kept: RegExp | undefined
    parser.innerPattern = function (this: PatternParser, ...args: unknown[]) {
      // A pattern that keeps state between reads (`g`, `y`) is built afresh, as chrono wrote it.
      if (kept) return kept
      const pattern = own.apply(this, args)
      if (!pattern.global && !pattern.sticky) kept = pattern
      return pattern
    }
  }
}

for (const locale of DATE_LOCALES) keepInnerPatterns(PARSERS[locale] as unknown as { parsers: unknown[] })

/** chrono's strict parser for a locale. */
export function parserFor(locale: DateLocale): Parser {
  return PARSERS[locale]
}

/** The locale of a language tag (`de-AT`, `nl_NL`, `pt-BR`), or undefined when we read no such language. */
export function localeOfTag(tag: string | undefined): DateLocale | undefined {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0]
  return DATE_LOCALES.find((l) => l === base)
}

/** Month names that tell the languages apart (the English ones are the default and need no vote). */
const MONTH_WORDS: [DateLocale, RegExp][] = [
  ['de', /\b(januar|februar|märz|maerz|mai|juni|juli|oktober|dezember|uhr)\b/gi],
  ['fr', /\b(janvier|février|fevrier|mars|avril|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre)\b/gi],
  ['es', /\b(enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre)\b/gi],
  ['nl', /\b(januari|februari|maart|mei|augustus|oktober|uur|maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag)\b/gi],
  ['it', /\b(gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre)\b/gi],
  ['pt', /\b(janeiro|fevereiro|março|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)\b/gi],
]
/** Any of the words above, in one alternation (several `\b(…)\b` groups are twice as slow), for one look before counting them. */
const ANY_OTHER_WORD = new RegExp(`\\b(?:${[...new Set(MONTH_WORDS.flatMap(([, words]) => words.source.slice(3, -3).split('|')))].join('|')})\\b`, 'i')
/** English words no other language here shares (April, August, September and November are German and Dutch too). */
const ENGLISH_WORDS = /\b(january|february|march|may|june|july|october|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|[ap]\.m\.|[ap]m)\b/gi

/**
 * The language a page's dates are written in: its `<html lang>`, else `og:locale`, else the language
 * whose month and day names its text uses most (a page with no language tag, or a German page that kept
 * its template's `lang="en"`, still reads as German when its text says so).
 */
export function pickDateLocale(lang: string | undefined, ogLocale: string | undefined, sample: string): DateLocale {
  const declared = localeOfTag(lang) ?? localeOfTag(ogLocale)
  if (declared && declared !== 'en') return declared
  const text = sample.slice(0, 60_000)
  // A text without one word of another language (most English pages) needs no counting.
  if (!ANY_OTHER_WORD.test(text)) return declared ?? 'en'
  const english = text.match(ENGLISH_WORDS)?.length ?? 0
  let best: DateLocale | undefined
  let bestCount = 0
  for (const [locale, words] of MONTH_WORDS) {
    const count = text.match(words)?.length ?? 0
    if (count > bestCount) [best, bestCount] = [locale, count]
  }
  // A declared English page switches only when another language clearly dominates its dates.
  if (best && bestCount >= 3 && bestCount > english * 2) return best
  return declared ?? 'en'
}

/** Text rewritten for chrono, with the original index of every rewritten character. */
export type Prepared = { text: string; origin?: number[] }

/**
 * "Nov. 25 – 27", "June 3 to 5", "Dec 28th through 30th": a range of days in one month, which chrono reads
 * only with a hyphen ("Nov 25-27"). Not "June 5 – 7 pm" or "June 5 – 7:30" (a day and an end time).
 */
const EN_DAY_RANGE: Rule = {
  pattern:
    /\b((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2})(?:st|nd|rd|th)?\s*(?:–|—|to|through|thru)\s*(\d{1,2})(?:st|nd|rd|th)?\b(?![:.]?\d|\s*[ap]\.?\s?m\b|\s*o'?clock)/gi,
  replace: (m) => `${m[1]}-${m[2]}`,
}

/** A clock, or a range of hours, that follows a day and a dash ("7:00 pm", "7pm", "19:30", "7-9pm"). */
const CLOCK_AHEAD = String.raw`(?=\s*(?:\d{1,2}(?::\d{2})?(?:\s*[-–]\s*\d{1,2}(?::\d{2})?)?\s*[ap]\.?\s?m\b|\d{1,2}:\d{2}))`

/**
 * "Wednesday, Dec. 2 – 7:00 pm", "June 5 – 7 pm", "Tuesday 12/8 - 7pm": a day, a dash, then its time. chrono
 * reads "2 – 7:00 pm" or "8 - 7pm" as a range of hours and loses the day, or the day and not the time; the
 * dash is a comma here. Only after a month's name or a month/day, so that "Farmers Market 2 – 7 pm" stays
 * a range of hours.
 */
const EN_DAY_DASH_CLOCK: Rule = {
  pattern: new RegExp(
    String.raw`\b((?:(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+\d{1,2}(?:st|nd|rd|th)?\s*[–—])|(?:\d{1,2}\/\d{1,2}\s*[-–—]))` +
      CLOCK_AHEAD,
    'gi',
  ),
  replace: (m) => `${m[1].slice(0, -1)},`,
}

/**
 * "10:30a Storytime", "4:00p", "10a-2p" (month grids and compact listings): a clock with a one-letter
 * meridiem. Without minutes only in a range ("10a-2p") or opening the text ("7p Board"), not "Suite 3a".
 */
const EN_ONE_LETTER_MERIDIEM: Rule = {
  pattern: /(?<![\p{L}\d:])(\d{1,2}:[0-5]\d|(?<=^|[-–]\s?)1?\d(?=[ap]\b)|1?\d(?=[ap]\s?[-–]\s?\d{1,2}(?::[0-5]\d)?\s?[ap](?![\p{L}\d])))([ap])(?!\.?\s?m\b)(?![\p{L}\d])/giu,
  replace: (m) => `${m[1]} ${m[2]}m`,
}
/**
 * "13 de enero, 10 de febrero", "13. Januar, 10. Februar": in a list of days chrono reads the next day's
 * number as a two-digit year ("13 de enero, 10" → 2010); a semicolon keeps the days apart.
 */
const DAY_LIST_COMMA: Rule = {
  pattern: /(?<=\d\.?\s+(?:de\s+)?\p{L}{3,}\.?),(?=\s*\d{1,2}\.?\s+(?:de\s+)?\p{L}{3,})(?!\s*\d{1,2}\.?\s+(?:uhr|uur|heures?|horas?|hs|ore)(?!\p{L}))/giu,
  replace: () => ';',
}
/** "Dec 12 @ 7:00 pm" (The Events Calendar's list view): "@" is "at". */
const EN_AT_SIGN: Rule = { pattern: /(?<=[\p{L}\d.])\s*@\s*(?=\d)/gu, replace: () => ' at ' }

/**
 * "The Midnight Sparrows", "Midnight Madness Sale": the word in a name (after "The", or before a capitalised
 * word with nothing that asks for a time before it: "at", "until", a dash, a clock) is no time.
 */
const NAMED_CLOCK_WORD: Rule = {
  pattern: /(?<=\bthe\s+)(?:noon|midnight)\b|(?<!(?:\b(?:at|from|until|till|to|by|before|after|and)|[-–—@,:\d]|[ap]\.?m\.?)\s*)\b(?:noon|midnight)(?=\s+\p{Lu})/giu,
  replace: (m) => '~'.repeat(m[0].length),
}

const DE_MONTHS = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember']

const RULES: Record<DateLocale, Rule[]> = {
  en: [
    EN_FOR_CLOCK,
    ...EN_DOT_CLOCKS,
    NAMED_CLOCK_WORD,
    NOON,
    MIDNIGHT,
    EN_CLOCK_DASH_DAY,
    ...EN_DAY_FIRST_RUNS,
    EN_DAY_RANGE,
    EN_DAY_DASH_CLOCK,
    EN_NUMERIC_RANGE,
    EN_AT_SIGN,
    EN_ONE_LETTER_MERIDIEM,
  ],
  de: [DAY_PAIR_NUMERIC, NUMERIC_DAY_RUN, DAY_AT_CLOCK, HOUR_RANGE_START, DOT_CLOCK, BARE_DOT_CLOCK, H_CLOCK, SHORT_NUMERIC(DE_MONTHS), RANGE, AND_CLOCKS, DAY_LIST_COMMA],
  fr: [WEEKDAY_DOT_DAY, DAY_PAIR_NUMERIC, DAY_AT_CLOCK, CLOCK_H_SUFFIX, HOUR_RANGE_START, H_CLOCK, MIDI, MINUIT, RANGE, AND_CLOCKS, DAY_LIST_COMMA],
  es: [WEEKDAY_DOT_DAY, DAY_PAIR_NUMERIC, ES_DAY_RANGE, DAY_AT_CLOCK, CLOCK_H_SUFFIX, HOUR_RANGE_START, H_CLOCK, MEDIODIA, MEDIANOCHE, RANGE, AND_CLOCKS, DAY_LIST_COMMA],
  nl: [DAY_PAIR_NUMERIC, NL_DAY_RANGE, U_CLOCK, HOUR_RANGE_START, DOT_CLOCK, BARE_DOT_CLOCK, DAY_AT_CLOCK, RANGE, AND_CLOCKS, DAY_LIST_COMMA],
  it: [WEEKDAY_DOT_DAY, DAY_PAIR_NUMERIC, IT_DAY_RANGE, ORE_CLOCK, CLOCK_H_SUFFIX, H_CLOCK, DAY_AT_CLOCK, RANGE, AND_CLOCKS, DAY_LIST_COMMA],
  pt: [WEEKDAY_DOT_DAY, DAY_PAIR_NUMERIC, DAY_AT_CLOCK, CLOCK_H_SUFFIX, HOUR_RANGE_START, H_CLOCK, RANGE, AND_CLOCKS, DAY_LIST_COMMA],
}

/** Cheap test for each rule set: most lines need no rewrite at all. */
const TRIGGER: Record<DateLocale, RegExp> = {
  en: /\d\.\d\d\s?([ap]\.?m\b|[–—-]|for\s|hrs?\b)|[ap]\.?m\.?\s*(–|—|-|to)\s*\d{1,2}(st|nd|rd|th)?\s+[a-z]|\d(st|nd|rd|th)?\s*(–|—|-|&|to|until|and)\s*([a-z]{3,9}\.?,?\s+)?\d{1,2}(st|nd|rd|th)?\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|noon|midnight|@|[a-z]\.?\s+\d{1,2}(st|nd|rd|th)?\s*(–|—|to\b|through|thru)\s*\d|\d\/\d{1,2}\s*[-–—]\s*\d|\d[ap](?![a-z])/i,
  de: /\d\.\s*[–—-]\s*\d|\d\s+(?:e|y|et|und|en|&)\s+\d{1,2}[/.]\d|uhr|\d\.(00|15|30|45)\b|\dh|\d\s?h\b|\d\.\d{1,2}\.(?!\d)|\d\s+bis\s+\d|[^\d\s],\s*\d{1,2}\.?\s+[^\d\s]/i,
  fr: /\d\s+(?:e|y|et|und|en|&)\s+\d{1,2}[/.]\d|\dh|\d\s?h\b|midi|minuit|\d\s+à\s+\d|[^\d\s],\s*\d{1,2}\.?\s+[^\d\s]/i,
  es: /\d\s+(?:e|y|et|und|en|&)\s+\d{1,2}[/.]\d|\dh|\d\s?h|mediod|medianoche|\d\s+(a|al)\s+\d|\b(del|desde el)\s+\d|[^\d\s],\s*\d{1,2}\.?\s+[^\d\s]/i,
  nl: /\d\s+(?:t\/m|tot)\s|\d\s+(?:e|y|et|und|en|&)\s+\d{1,2}[/.]\d|uur|\d\.(00|15|30|45)\b|\du|\d\s+(tot|om)\s+\d|\d\s+tot\s+\d|[^\d\s],\s*\d{1,2}\.?\s+[^\d\s]/i,
  it: /\d\s+(?:e|y|et|und|en|&)\s+\d{1,2}[/.]\d|\bdall?['’]?\s*\d|ore|alle|\dh|\d\s?h\b|\bh\.?\s*\d|\d\s+(a|al)\s+\d|[^\d\s],\s*\d{1,2}\.?\s+[^\d\s]/i,
  pt: /\d\s+(?:e|y|et|und|en|&)\s+\d{1,2}[/.]\d|\dh|\d\s?h\b|\d\s+(a|às|as|até)\s+\d|[^\d\s],\s*\d{1,2}\.?\s+[^\d\s]/i,
}

/**
 * Applies the locale's rewrites; `origin[i]` is the index in `text` of the prepared text's `i`-th character.
 * `dayFirst`: an English page whose numeric dates are day first (see writesDayFirst).
 */
export function prepareForChrono(text: string, locale: DateLocale, month?: MonthContext, dayFirst = false): Prepared {
  // "Miércoles 2" under "Diciembre 2026": the heading's month written after the day (see month-context.ts).
  const inMonth = month && MAY_OPEN_WITH_DAY.test(text) ? monthAfterDay(text, locale, month) : undefined
  let current: Prepared = inMonth ? applyRule({ text }, { pattern: new RegExp(`^[\\s\\S]{${inMonth.at}}`, 'g'), replace: (m) => m[0] + inMonth.insert }) : { text }
  // "Doors 7PM · Show 8PM": the show's time is the start.
  if (doorsAndStart(current.text)) current = applyRule(current, DOORS_TIME)
  if (dayFirst && locale === 'en' && NUMERIC_TRIGGER.test(current.text)) current = applyRule(current, DAY_FIRST_NUMERIC)
  else if (!dayFirst && locale === 'en' && WEEKDAY_DOT_TRIGGER.test(current.text)) current = applyRule(current, EN_WEEKDAY_DOT_DATE)
  if (locale === 'en' && SHARED_MERIDIEM_TRIGGER.test(current.text)) current = applyRule(current, EN_SHARED_MERIDIEM)
  const paren = PAREN_TRIGGER.test(current.text)
  const lists = mayListDays(current.text)
  if (!paren && !lists && !TRIGGER[locale].test(current.text)) return current
  if (paren) current = applyRule(current, PAREN_WEEKDAY)
  // "Jueves 10 y viernes 11 de diciembre", "December 5 and 6" (see day-lists.ts).
  if (lists) for (const rule of dayListRules(locale === 'en')) current = applyRule(current, rule)
  for (const rule of RULES[locale]) current = applyRule(current, rule)
  return current
}

function applyRule(input: Prepared, rule: Rule): Prepared {
  rule.pattern.lastIndex = 0
  if (!rule.pattern.test(input.text)) return input
  rule.pattern.lastIndex = 0
  const source = input.text
  const originOf = (i: number) => (input.origin ? (input.origin[i] ?? source.length) : i)
  let out = ''
  const origin: number[] = []
  let last = 0
  for (let m = rule.pattern.exec(source); m; m = rule.pattern.exec(source)) {
    for (let i = last; i < m.index; i++) origin.push(originOf(i))
    out += source.slice(last, m.index)
    const replacement = rule.replace(m)
    // A replacement's characters point at the replaced ones in order ("15.00 uur" → "15:00 uur" maps one to
    // one), those past its length at the last one, and its last character at the replaced text's end.
    for (let i = 0; i < replacement.length; i++) origin.push(originOf(i === replacement.length - 1 ? m.index + m[0].length - 1 : m.index + Math.min(i, m[0].length - 1)))
    out += replacement
    last = m.index + m[0].length
    if (m[0].length === 0) rule.pattern.lastIndex++
  }
  for (let i = last; i < source.length; i++) origin.push(originOf(i))
  out += source.slice(last)
  return { text: out, origin }
}

/** The original index of a prepared index (`end` rounds to just past the original character). */
export function originalIndex(p: Prepared, index: number, end = false): number {
  if (!p.origin) return index
  if (index >= p.origin.length) return p.origin.length ? p.origin[p.origin.length - 1] + 1 : index
  return end ? p.origin[index - 1] + 1 : p.origin[index]
}
