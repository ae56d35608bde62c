/**
 * Recurrence written in English prose ("every Wednesday", "first and third Tuesdays", "monthly on the
 * 15th") → an RRULE. Deliberately narrow: a phrase with exceptions, bounds, seasons, alternatives or two
 * contradicting patterns gives undefined, because a wrong rule invents events (DESIGN §6: no invented
 * values). The rule has no COUNT/UNTIL; the caller supplies the start.
 */
import { WEEKDAY_CODES } from './calendar-math'
import { lookupTable } from '../../lookup-table'

const DAY_WORDS: [RegExp, number][] = [
  [/^mon(?:day)?s?$/, 0],
  [/^tue(?:s|sday)?s?$/, 1],
  [/^wed(?:s|nesday)?s?$/, 2],
  [/^thu(?:r|rs|rsday)?s?$/, 3],
  [/^fri(?:day)?s?$/, 4],
  [/^sat(?:urday)?s?$/, 5],
  [/^sun(?:day)?s?$/, 6],
]
const DAY_TOKEN = '(?:mon(?:day)?s?|tue(?:s|sday)?s?|wed(?:s|nesday)?s?|thu(?:r|rs|rsday)?s?|fri(?:day)?s?|sat(?:urday)?s?|sun(?:day)?s?)'
const DAY_LIST = `${DAY_TOKEN}(?:\\s*(?:,\\s*and|,|and)\\s*${DAY_TOKEN})*`
const ORDINALS: Record<string, number> = lookupTable({
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  fifth: 5,
  '5th': 5,
  last: -1,
  'second to last': -2,
  'next to last': -2,
  penultimate: -2,
})
const ORDINAL_TOKEN = '(?:second to last|next to last|penultimate|first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last)'
const ORDINAL_LIST = `${ORDINAL_TOKEN}(?:\\s*(?:,\\s*and|,|and)\\s*${ORDINAL_TOKEN})*`
const NUMBER_WORDS: Record<string, number> = lookupTable({ two: 2, three: 3, four: 4, five: 5, six: 6 })
// Compiled once: a description's sentences are each tried.
const ORDINAL_DAYS = new RegExp(`\\b(${ORDINAL_LIST})\\s+(${DAY_LIST})\\b`, 'g')
const ORDINAL_WEEK = new RegExp(`\\b${ORDINAL_TOKEN} weeks?\\b`)
const EVERY_DAY = new RegExp(`\\b(?:every|each)\\s+(?:(other|\\d|two|three|four)\\s+)?(?:weeks?\\s+on\\s+)?(${DAY_LIST})\\b`)
const WEEKLY_ON = new RegExp(`\\b(?:weekly|every week|each week) on (?:the )?(${DAY_LIST})\\b`)
const DAYS = new RegExp(`\\b(${DAY_LIST})\\b`)

/** Words that make a phrase unsafe to turn into a rule: exceptions, bounds, seasons, alternatives, vague counts. */
const UNSURE =
  /\b(except|exceptions?|excluding|excepting|unless|but not|other than|skip\w*|no (?:class|classes|meeting|meetings|session|sessions)|holidays?|school year|term|semester|summer|winter|spring|autumn|fall|season\w*|through|thru|until|till|ending|ends|twice|three times|several|some|occasional\w*|alternat\w*|bi-?weekly|bi-?monthly|semi-?\w+|or|select(?:ed)?|various|usually|sometimes|most|as needed|if needed|when needed|as necessary|if necessary|when necessary|as required|on call)\b/

function normalize(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/until further notice/g, ' ')
    .replace(/[&+/]/g, ' and ')
    .replace(/[.;:!?()"'’]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `
}

function dayIndex(word: string): number | undefined {
  return DAY_WORDS.find(([re]) => re.test(word))?.[1]
}

function daysOf(list: string): number[] {
  return [...new Set(list.split(/\s*(?:,\s*and|,|and)\s*/).map((w) => dayIndex(w.trim())!))].sort((a, b) => a - b)
}

const codes = (days: number[]) => days.map((d) => WEEKDAY_CODES[d]).join(',')

function intervalWord(word: string | undefined): number {
  if (!word) return 1
  if (word === 'other') return 2
  return NUMBER_WORDS[word] ?? Number(word)
}

/** "first and third Tuesdays", "the last Friday of the month", "every second Tuesday", "1st Monday and 3rd Wednesday". */
function ordinalWeekdays(t: string): string[] {
  const found: string[] = []
  for (const m of t.matchAll(ORDINAL_DAYS)) {
    const ordinals = m[1].split(/\s*(?:,\s*and|,|and)\s*/).map((o) => ORDINALS[o.trim()])
    for (const n of ordinals) for (const d of daysOf(m[2])) found.push(`${n}${WEEKDAY_CODES[d]}`)
  }
  return [...new Set(found)]
}

/** "on the 1st and 15th of every month", "monthly on the 15th", "the last day of the month". */
function monthDays(t: string): number[] | undefined {
  if (!/\bmonth(?:ly|s)?\b/.test(t)) return undefined
  // "200 W. 4th Street", "on the 2nd floor": an ordinal that numbers a street or a floor is no day.
  const days = [
    ...t.matchAll(
      /\b(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:week|month|(?:street|st|avenue|ave|road|rd|boulevard|blvd|drive|dr|lane|ln|place|pl|way|court|ct|parkway|pkwy|floor|fl|ward|district|grade)\b))/g,
    ),
  ].map((m) => Number(m[1]))
  if (/\blast day of (?:the|each|every) month\b/.test(t)) days.push(-1)
  if (days.length === 0 || days.some((d) => d < -1 || d === 0 || d > 31)) return undefined
  return [...new Set(days)]
}

type Found = { freq: 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY'; rule: string }

function weeklyRule(t: string): Found | undefined {
  const every = EVERY_DAY.exec(t)
  const nWeeks = /\bevery (other|\d|two|three|four) weeks?\b/.exec(t)
  const weeklyOn = WEEKLY_ON.exec(t)
  const plural = DAYS.exec(t)
  const interval = intervalWord(every?.[1] ?? nWeeks?.[1] ?? (/\bfortnightly\b/.test(t) ? 'two' : undefined))
  const suffix = interval > 1 ? `;INTERVAL=${interval}` : ''
  if (/\b(?:every|each) ?weekday\b|\bweekdays\b/.test(t)) return { freq: 'WEEKLY', rule: `FREQ=WEEKLY${suffix};BYDAY=MO,TU,WE,TH,FR` }
  if (/\b(?:every|each) weekend\b|\bweekends\b/.test(t)) return { freq: 'WEEKLY', rule: `FREQ=WEEKLY${suffix};BYDAY=SA,SU` }
  const list = every?.[2] ?? weeklyOn?.[1]
  if (list) return { freq: 'WEEKLY', rule: `FREQ=WEEKLY${suffix};BYDAY=${codes(daysOf(list))}` }
  // Bare weekday names count only when every one is plural ("Tuesdays", "Mondays and Wednesdays").
  if (plural && plural[1].split(/\s*(?:,\s*and|,|and)\s*/).every((w) => /s$/.test(w) && !/^(?:tues|weds|thurs)$/.test(w)))
    return { freq: 'WEEKLY', rule: `FREQ=WEEKLY${suffix};BYDAY=${codes(daysOf(plural[1]))}` }
  if (nWeeks || /\b(?:weekly|every week|each week|once a week|fortnightly)\b/.test(t)) return { freq: 'WEEKLY', rule: `FREQ=WEEKLY${suffix}` }
  return undefined
}

function simpleRule(t: string): Found[] {
  const found: Found[] = []
  const days = /\bevery (other|\d|two|three|four) days\b/.exec(t)
  if (days) found.push({ freq: 'DAILY', rule: `FREQ=DAILY;INTERVAL=${intervalWord(days[1])}` })
  else if (/\b(?:daily|every ?day|each day)\b/.test(t)) found.push({ freq: 'DAILY', rule: 'FREQ=DAILY' })
  const months = /\bevery (other|\d|two|three|four|six) months\b/.exec(t)
  if (months) found.push({ freq: 'MONTHLY', rule: `FREQ=MONTHLY;INTERVAL=${intervalWord(months[1])}` })
  else if (/\b(?:monthly|every month|each month|once a month)\b/.test(t)) found.push({ freq: 'MONTHLY', rule: 'FREQ=MONTHLY' })
  if (/\b(?:annually|yearly|every year|each year|once a year)\b/.test(t)) found.push({ freq: 'YEARLY', rule: 'FREQ=YEARLY' })
  return found
}

/**
 * Reads a recurrence phrase. Returns `{ rrule }` only when the text states one pattern plainly; undefined
 * when it states none, several, or one qualified by words we cannot model (exceptions, end dates, seasons).
 */
export function proseToRecurrence(text: string): { rrule: string } | undefined {
  if (typeof text !== 'string' || text.length > 500) return undefined
  const t = normalize(text)
  if (UNSURE.test(t)) return undefined
  // "every second week" is a biweekly phrase whose weekday is unstated; "second week" alone is unclear.
  if (ORDINAL_WEEK.test(t)) return undefined
  const ordinal = ordinalWeekdays(t)
  const rest = t.replace(ORDINAL_DAYS, ' ')
  const dom = monthDays(rest)
  const simple = simpleRule(t)
  if (ordinal.length) {
    if (dom || simple.some((f) => f.freq !== 'MONTHLY') || weeklyRule(rest)) return undefined
    return { rrule: `FREQ=MONTHLY;BYDAY=${ordinal.join(',')}` }
  }
  const weekly = weeklyRule(t)
  if (dom) {
    if (weekly || simple.some((f) => f.freq !== 'MONTHLY')) return undefined
    const interval = /\bevery (other|\d|two|three|four|six) months\b/.exec(t)?.[1]
    return { rrule: `FREQ=MONTHLY${interval ? `;INTERVAL=${intervalWord(interval)}` : ''};BYMONTHDAY=${dom.join(',')}` }
  }
  if (weekly) return simple.length ? undefined : { rrule: weekly.rule }
  return simple.length === 1 ? { rrule: simple[0].rule } : undefined
}
