/**
 * Rewrites for English dates that chrono's month-first strict parser misses (see date-locale.ts): numeric
 * dates written day first on British, Irish and Australian pages ("05/12/2026" is 5 December there), the
 * British clock with a dot ("10.30am") and a run of days written day first with its month once ("Wed 9 –
 * Sat 12 December").
 */

/** A rewrite: what to find, and what to write for it. */
export type Rule = { pattern: RegExp; replace: (m: RegExpExecArray) => string }

/** Countries whose English writes numeric dates day first ("05/12/2026" is 5 December): a region tag or a ccTLD. */
const DAY_FIRST_REGIONS = /^(gb|uk|ie|au|nz|za|in|sg|mt|hk|ng|ke)$/
/** Zones of the continents where English numeric dates are day first (the Americas write them month first). */
const DAY_FIRST_ZONE = /^(Europe|Australia|Africa|Asia|Pacific\/Auckland)/

/**
 * Whether an English page writes its numeric dates day first: its `<html lang>` or `og:locale` region
 * (`en-GB`, `en_AU`; `en-US` says month first), else its domain's country (`.uk`, `.ie`, `.au`), else the
 * organization's zone (given, or inferred from its site). A page that tells none of these reads month first, as chrono does.
 */
export function writesDayFirst(lang: string | undefined, ogLocale: string | undefined, host: string | undefined, zone: string | undefined): boolean {
  for (const tag of [lang, ogLocale]) {
    const [language, region] = tag?.trim().toLowerCase().split(/[-_]/) ?? []
    if (language === 'en' && region) return DAY_FIRST_REGIONS.test(region)
  }
  const tld = host?.toLowerCase().split('.').pop()
  if (tld && DAY_FIRST_REGIONS.test(tld)) return true
  return !!zone && DAY_FIRST_ZONE.test(zone)
}

/**
 * "05/12/2026", "16/01/2027 - 17/01/2027" on a page that writes the day first: day and month change places,
 * so that the month-first English readers (chrono's strict parser and the fast reader) read them right. A
 * weekday before a dated year decides when it fits only the month-first reading ("Sat, 12/05/2026": Drupal's
 * default format on a British site).
 */
export const DAY_FIRST_NUMERIC: Rule = {
  pattern: /\b(0?[1-9]|[12]\d|3[01])\/(0?[1-9]|1[0-2])(?=(\/(?:\d{4}|\d{2})\b)|(?![/\d]))/g,
  replace: (m) => (monthFirstByWeekday(m) ? m[0] : `${m[2]}/${m[1]}`),
}

const WEEKDAY_BEFORE = /\b(sun|mon|tue|wed|thu|fri|sat)[a-z]*\.?,?\s*$/i
const WEEKDAY_INDEX: Record<string, number> = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 }

/** True when the weekday written before the date fits it read month first and not read day first. */
function monthFirstByWeekday(m: RegExpExecArray): boolean {
  const weekday = WEEKDAY_BEFORE.exec(m.input.slice(Math.max(0, m.index - 12), m.index))
  if (!weekday || !m[3]) return false
  const y = Number(m[3].slice(1))
  const year = y < 100 ? 2000 + y : y
  const [a, b] = [Number(m[1]), Number(m[2])]
  const dayOfWeek = (month: number, day: number) => new Date(Date.UTC(year, month - 1, day)).getUTCDay()
  const want = WEEKDAY_INDEX[weekday[1].toLowerCase()]
  return a <= 12 && dayOfWeek(a, b) === want && dayOfWeek(b, a) !== want
}
export const NUMERIC_TRIGGER = /\d\/\d/

/**
 * "Shows at 2 & 7 pm", "at 1, 4 and 7 p.m.": clocks that share the last one's half of the day; chrono reads
 * only the last. Each gets it ("at 2 pm & 7 pm"), and the times joined by "and" are one event each.
 */
export const EN_SHARED_MERIDIEM: Rule = {
  pattern:
    /(?<=\b(?:at|@|shows?|times?|screenings?)\s+(?:\d{1,2}(?::\d{2})?\s*(?:,|&|and)\s*){0,8})(\d{1,2}(?::\d{2})?)(?=\s*(?:,|&|and)\s*(?:\d{1,2}(?::\d{2})?\s*(?:,|&|and)\s*){0,8}\d{1,2}(?::\d{2})?\s*([ap])\.?\s?m\b)/gi,
  replace: (m) => `${m[1]} ${m[2].toLowerCase()}m`,
}
export const SHARED_MERIDIEM_TRIGGER = /\d\s*(?:,|&|and)\s*\d{1,2}(?::\d{2})?\s*[ap]\.?\s?m\b/i

/**
 * "FRI 12.11", "Sat. 1.9.27" (American venue and club listings): a weekday, then a month and day with a
 * dot, which chrono does not read; written with a slash, they are read as other numeric dates are. Only
 * on a page that writes the month first, and never a clock ("Fri 7.30pm", "Fri 7.30 – 9.30pm").
 */
export const EN_WEEKDAY_DOT_DATE: Rule = {
  pattern:
    /\b((?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)\.?,?\s+)(1[0-2]|0?[1-9])\.(3[01]|[12]\d|0?[1-9])(?:\.((?:20)?\d{2})(?![\d.:])|(?![\d.:]|\s*(?:[ap]\.?\s?m\b|o'?clock|h\b)|\s*[-–—]\s*\d))/gi,
  replace: (m) => `${m[1]}${m[2]}/${m[3]}${m[4] ? `/${m[4]}` : ''}`,
}
export const WEEKDAY_DOT_TRIGGER = /(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+\d{1,2}\.\d/i

/** "10.30am", "7.30 pm": the British clock with a dot; chrono reads "3 Dec, 10.30am" as 3 December 2010. */
export const EN_DOT_CLOCK: Rule = {
  // Also the first clock of a range whose second one carries am/pm ("12.30–2pm", "10.30 - 12.30pm").
  pattern: /\b(1[0-2]|0?[1-9])\.([0-5]\d)(?=\s?[ap]\.?m\b|\s*[–—-]\s*\d{1,2}(?:[.:]\d{2})?\s?[ap]\.?m\b)/gi,
  replace: (m) => `${m[1]}:${m[2]}`,
}

/** "11.15 hrs", "13.00 - 14.00 hrs" (Dutch and British university pages in English): a 24-hour clock with a dot and "hrs". */
export const EN_HRS_CLOCK: Rule = {
  pattern: /\b([01]?\d|2[0-3])\.([0-5]\d)(?=\s?hrs?\b|\s*[–—-]\s*(?:[01]?\d|2[0-3])\.[0-5]\d\s?hrs?\b)/gi,
  replace: (m) => `${m[1]}:${m[2]}`,
}

/** "7.30 for 8pm" (gather at half past seven for an eight o'clock start): the start is the second clock; the first is blanked out. */
export const EN_FOR_CLOCK: Rule = { pattern: /\b\d{1,2}[.:]\d{2}\s+for\s+(?=\d{1,2}(?:[.:]\d{2})?\s?[ap]\.?m\b)/gi, replace: (m) => '~'.repeat(m[0].length) }

const EN_MONTH_NAME = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?'
/**
 * "Wed 9 – Sat 12 December", "9th – 12th Dec", "Thurs 3 – Sat 5 Dec", "Fri 4 & Sat 5 Dec": days written day first
 * with the month once, at the end; chrono keeps only the last day. The month is written after the first day too.
 */
export const EN_DAY_FIRST_RANGE: Rule = {
  // Only the month is inserted (after the first day): every other character keeps its place in the text.
  pattern: new RegExp(
    String.raw`(?<![\d:.])\b(\d{1,2}(?:st|nd|rd|th)?)(?=(?:\s*[–—&]\s*|\s+(?:-|to|until|and)\s+)(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+)?\d{1,2}(?:st|nd|rd|th)?\s+(${EN_MONTH_NAME})(?![a-z]))`,
    'gi',
  ),
  replace: (m) => `${m[1]} ${m[2]}`,
}

/**
 * "7-9 December 2026", "22-23 April": a run of days with an unspaced hyphen and the month once; chrono read only
 * the last day ("7 December-9 December" too), so the event fell on it. It becomes "7 December - 9 December".
 */
export const EN_DAY_FIRST_HYPHEN: Rule = {
  pattern: new RegExp(String.raw`(?<![\d:.\/-])\b(\d{1,2}(?:st|nd|rd|th)?)-(?=\d{1,2}(?:st|nd|rd|th)?\s+(${EN_MONTH_NAME})(?![a-z]))`, 'gi'),
  replace: (m) => `${m[1]} ${m[2]} - `,
}

/**
 * "11 December @ 5:00 pm - 13 December @ 2:00 pm" (The Events Calendar with day-first dates): chrono reads
 * "5:00 pm - 13" as a range of hours. The dash after a clock and before a day-first date becomes a stop (same
 * length); the start and the end are joined again as one range by their original "-" (see prose-joins).
 */
export const EN_CLOCK_DASH_DAY: Rule = {
  pattern: new RegExp(String.raw`(?<=(?:\d\s?[ap]\.?m\.?|\d:\d{2}))(\s*)([-–—]|to)(?=\s*\d{1,2}(?:st|nd|rd|th)?\s+${EN_MONTH_NAME}(?![a-z]))`, 'gi'),
  replace: (m) => `${m[1]};${' '.repeat(m[2].length - 1)}`,
}

/** The dot clocks in reading order (see EN_DOT_CLOCK, EN_HRS_CLOCK). */
export const EN_DOT_CLOCKS: Rule[] = [EN_DOT_CLOCK, EN_HRS_CLOCK]
/** The day-first runs of days in reading order (see EN_DAY_FIRST_RANGE, EN_DAY_FIRST_HYPHEN). */
export const EN_DAY_FIRST_RUNS: Rule[] = [EN_DAY_FIRST_RANGE, EN_DAY_FIRST_HYPHEN]
