/**
 * Weekdays written beside a date in ways chrono misreads: in parentheses after it ("05/12 (sábado), 10h"),
 * or before a dotted day and month ("Vendredi 11.12 - 20h30"). Rewrites for `prepareForChrono` (date-locale.ts).
 */
import type { Rule } from './english-rewrites'
import { MONTH_ALTERNATION } from './month-context'
import { WEEKDAY_ALTERNATION } from './weekday-words'

/**
 * "05/12 (sábado), 10h", "Dec 5 (Sat) 7 pm", "12.12. (Sa) 19 Uhr": a weekday in parentheses after the date.
 * chrono takes it for a date of its own and swallows the time after it; it goes (the date is whole).
 */
export const PAREN_WEEKDAY: Rule = { pattern: new RegExp(String.raw`(?=\s*\()(?<=\d\.?|(?:${MONTH_ALTERNATION}))\s*\((?:${WEEKDAY_ALTERNATION})(?:-feira)?\.?\)`, 'giu'), replace: () => '' }
export const PAREN_TRIGGER = new RegExp(String.raw`\((?:${WEEKDAY_ALTERNATION})(?:-feira)?\.?\)`, 'iu')

/**
 * "Vendredi 11.12 - 20h30", "sábado 12.12.2026": a weekday, then day and month with a dot, which chrono
 * reads in French, Spanish, Italian and Portuguese only with a slash. Never a clock ("sábado 10.30 h").
 */
export const WEEKDAY_DOT_DAY: Rule = {
  pattern: new RegExp(String.raw`(?=\d)(?<=\b(?:${WEEKDAY_ALTERNATION})\.?,?\s+)(3[01]|[12]\d|0?[1-9])\.(1[0-2]|0?[1-9])(?:\.(\d{4}|\d{2}))?(?![\d:]|\.\d|\s*(?:h\b|hs?\b|uhr|horas?))`, 'giu'),
  replace: (m) => `${m[1]}/${m[2]}${m[3] ? `/${m[3]}` : ''}`,
}
