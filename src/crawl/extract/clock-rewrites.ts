/**
 * Clock forms the languages write that chrono misses or misreads ("19 Uhr", "19.30 Uhr", "19 h 30", "20u30",
 * "ore 19.30", "Noon", "20:30h", "à 18h30 et à 23h"), and the short German and Dutch day ("21.3."), as
 * rewrites for `prepareForChrono` (date-locale.ts).
 */
import type { Rule } from './english-rewrites'

const hm = (h: string, m?: string) => `${h}:${m ?? '00'}`
export const NOON: Rule = { pattern: /\b(?:12\s*)?noon\b/gi, replace: () => '12:00 pm' }
export const MIDNIGHT: Rule = { pattern: /\bmidnight\b/gi, replace: () => '12:00 am' }
/** "19h30", "19 h 30", "19h", "20 hs" (French, Spanish, Portuguese, Italian, Dutch and German notices); not "1h antes" (a duration). */
export const H_CLOCK: Rule = {
  pattern: /\b([01]?\d|2[0-3])\s?hs?\s?([0-5]\d)?(?![\p{L}\d])(?!\s*(antes|avant|before|vor|prima|depois|após|après|de (route|marche|caminata|duraci[oó]n)|of|d'avance|min))/giu,
  replace: (m) => hm(m[1], m[2]),
}
/** "19.30 Uhr", "20.00 uur", "19 Uhr": a clock the locale writes with a dot or without minutes. */
export const DOT_CLOCK: Rule = { pattern: /\b([01]?\d|2[0-3])(?:[.:]([0-5]\d))?\s*(uhr|uur|u)(?![\p{L}])/giu, replace: (m) => `${hm(m[1], m[2])} ${m[3].toLowerCase() === 'u' ? '' : m[3]}`.trimEnd() }
/** Belgian Dutch "20u30". */
export const U_CLOCK: Rule = { pattern: /\b([01]?\d|2[0-3])u([0-5]\d)\b/gi, replace: (m) => hm(m[1], m[2]) }
/** Italian "ore 19.30", "alle 19", "dalle 9.30", "h 21.00"; "alle ore 21" as "alle 21:00", which chrono joins to the day before it. */
export const ORE_CLOCK: Rule = { pattern: /\b(?:(alle|dalle)\s+ore|(ore|alle|dalle|h\.?))\s*([01]?\d|2[0-3])(?:[.:]([0-5]\d))?\b/gi, replace: (m) => `${m[1] ?? m[2]} ${hm(m[3], m[4])}` }
/** A German or Dutch day and month without a year ("21.3.", "Sa 21.03."): chrono wants a year or a name. */
export const SHORT_NUMERIC = (months: string[]): Rule => ({ pattern: /\b(0?[1-9]|[12]\d|3[01])\.(0?[1-9]|1[0-2])\.(?!\d)/g, replace: (m) => `${Number(m[1])}. ${months[Number(m[2]) - 1]}` })
export const MIDI: Rule = { pattern: /\bmidi\b/gi, replace: () => '12:00' }
export const MINUIT: Rule = { pattern: /\bminuit\b/gi, replace: () => '00:00' }
export const MEDIANOCHE: Rule = { pattern: /\bmedianoche\b/gi, replace: () => '00:00' }
export const MEDIODIA: Rule = { pattern: /\bmediod[ií]a\b/gi, replace: () => '12:00' }

/** "de 17:30 a 18:30", "20:00 à 00:00", "19:00 às 21:00", "20.00 tot 22.00": a range chrono reads as one time. */
export const RANGE: Rule = { pattern: /(\d{1,2}(?:[:.]\d{2}|h\d{0,2}))\s+(a|à|às|as|al|alle|até|tot|bis)\s+(?=\d)/gi, replace: (m) => `${m[1]} - ` }

/**
 * "5/12 à 20h30", "5/12 alle 21", "5/12 om 20:00", "Mardi 8/12 – 18h30": a numeric day, then "at" or a dash and its time; chrono reads "12 à 20:30" as hours.
 * A second date after the dash ("09.12.2026 - 11.12.2026") is no time.
 */
export const DAY_AT_CLOCK: Rule = {
  pattern: /\b(\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?\.?)(?:\s+(?:à|alle|om)\s+(?=\d)|\s*[–—-]\s*(?=(?:[01]?\d|2[0-3])(?:h[0-5]\d|[:.][0-5]\d(?![.\d/])|\s?h\b|\s?uhr|\s?uur)))/gi,
  replace: (m) => `${m[1]}, `,
}
/** "20:30h", "20:30 hs", "20:30 hrs.": chrono reads a clock with a trailing "h" as the hour alone. */
export const CLOCK_H_SUFFIX: Rule = { pattern: /\b([01]?\d|2[0-3]):([0-5]\d)\s?(?:hrs?\.?|hs?\.?)(?![\p{L}\d])/giu, replace: (m) => hm(m[1], m[2]) }

/**
 * "za 5 december · 20.15", "aanvang 20.15", "Beginn 19.30": a clock with a dot and no "uur"/"Uhr", after a
 * clock word or a field separator, on a quarter hour ("20.12" alone may be a day and a month).
 */
export const BARE_DOT_CLOCK: Rule = {
  pattern: /(?<=(?:\b(?:om|aanvang|vanaf|van|tot|beginn|ab|um|bis|einlass|start)\s*:?\s*|[·|,–—]\s*))([01]?\d|2[0-3])\.(00|15|30|45)(?![\d.])/gi,
  replace: (m) => hm(m[1], m[2]),
}

/** "à 18h30 et à 23h", "um 10 und um 18 Uhr": two times joined by "and" are two times, not a range chrono reads from them. */
export const AND_CLOCKS: Rule = { pattern: /(?<=\b\d{1,2}(?::\d{2}|h\d{0,2}))\s+(?:et|und|y|e|en)\s+(?:à\s+|um\s+|a las\s+|alle\s+|às\s+|om\s+)?(?=\d)/gi, replace: () => '; ' }

/**
 * "11 – 18 Uhr", "10 bis 17 Uhr", "de 10 a 14 h", "de 10 à 18h30", "das 9 às 17h": a bare hour before a dash
 * or "to" and an hour with its unit is the range's start. Left bare after a date without a year ("Sonntag, 6.
 * Dezember, 11 – 18 Uhr"), chrono took it for the year 2011; in Spanish it read "10" as a second start.
 */
export const HOUR_RANGE_START: Rule = {
  pattern: /\b([01]?\d|2[0-3])(?:[.:]([0-5]\d))?(\s*[-–—]\s*|\s+(?:bis|a|à|às|as|al|tot)\s+)(?=(?:[01]?\d|2[0-3])(?:h[0-5]\d|(?:[.:][0-5]\d)?\s*(?:uhr|uur|hrs?|hs?)\b))/gi,
  replace: (m) => `${hm(m[1], m[2])}${m[3]}`,
}

/**
 * "Doors 7PM · Show 8PM", "Einlass 19 Uhr · Beginn 20 Uhr", "ouverture des portes 19h30 – concert 20h30":
 * with a start written as well, the doors' time is not the event's; it is blanked (same length) so the
 * start is read. A doors time alone ("Doors 7PM") stays the only time there is.
 */
export const DOORS_TIME: Rule = {
  pattern:
    /\b(?:doors(?:\s+open)?|einlass|(?:ouverture\s+des\s+)?portes|apertura\s+(?:de\s+)?(?:las\s+)?(?:porte|puertas)|deuren\s+open|zaal\s+open|abertura\s+(?:das\s+)?portas)\s*:?\s*(?:at|à|um|om|a las|às|ab)?\s*\d{1,2}(?:[:.h]\d{2})?(?:\s*(?:[ap]\.?\s?m\b\.?|uhr\b|uur\b|h\b))?/gi,
  replace: (m) => '~'.repeat(m[0].length),
}
const DOORS_WORD = /\b(?:doors|einlass|portes|puertas|deuren|zaal open|portas|porte)\b/i
/** A start's word and its time with a unit or on 24 hours ("Show 8PM", "Beginn 20 Uhr", "concert 20h30", "aanvang 20.15 uur"). */
const START_WORD =
  /\b(?:show(?:time)?|starts?|begins?|beginn|concert|konzert|aanvang|début|inicio|inizio|início|spettacolo|vorstellung)\b\s*:?\s*(?:at|um|à|om|a las|alle|às)?\s*(?:(?:1[3-9]|2[0-3])(?:[:.h]\d{2})?|\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?\s?m\b|uhr\b|uur\b|h\b)|\d{1,2}h\d{2})/i

/**
 * A doors time and a start written beside it with its own unit: the text `DOORS_TIME` applies to. A bare
 * start ("Doors 6:30 PM / Show 7:30") keeps the doors' time, which says its half of the day.
 */
export function doorsAndStart(text: string): boolean {
  return DOORS_WORD.test(text) && START_WORD.test(text)
}
