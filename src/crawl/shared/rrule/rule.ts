/**
 * RFC 5545 RRULE text ⇄ a checked structure. Parsing is lenient where real feeds are sloppy (lower case,
 * a trailing `;`, spaces after commas, `BYDAY=2 TH` from Outlook, duplicate values) and strict where a
 * wrong reading would invent dates (unknown FREQ, non-Gregorian RSCALE, out-of-range values).
 */
import type { WallTime } from '../../candidate-types'
import { WEEKDAY_CODES, wallSeconds } from '../calendar-math'
import { lookupTable } from '../../../lookup-table'

export type Frequency = 'SECONDLY' | 'MINUTELY' | 'HOURLY' | 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY'
const FREQUENCIES: Frequency[] = ['SECONDLY', 'MINUTELY', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']

/** A BYDAY entry: `n` is the ordinal (0 when none, e.g. `MO`; 2 for `2MO`; -1 for `-1FR`), `day` 0 = MO … 6 = SU. */
export type ByDay = { n: number; day: number }

export type Rule = {
  freq: Frequency
  interval: number
  count?: number
  /** UNTIL as written: date-only, floating, or UTC (`offset: 'Z'`); the caller puts it on the rule's clock. */
  until?: WallTime
  /** Week start, 0 = MO … 6 = SU (default MO). */
  wkst: number
  bySecond?: number[]
  byMinute?: number[]
  byHour?: number[]
  byDay?: ByDay[]
  byMonthDay?: number[]
  byYearDay?: number[]
  byWeekNo?: number[]
  byMonth?: number[]
  bySetPos?: number[]
}

export type ParsedRule = { rule?: Rule; errors: string[] }

type ListPart = 'bySecond' | 'byMinute' | 'byHour' | 'byMonthDay' | 'byYearDay' | 'byWeekNo' | 'byMonth' | 'bySetPos'

const LIST_PARTS: Record<string, { key: ListPart; min: number; max: number; zero: boolean }> = lookupTable({
  BYSECOND: { key: 'bySecond', min: 0, max: 60, zero: true },
  BYMINUTE: { key: 'byMinute', min: 0, max: 59, zero: true },
  BYHOUR: { key: 'byHour', min: 0, max: 23, zero: true },
  BYMONTHDAY: { key: 'byMonthDay', min: -31, max: 31, zero: false },
  BYYEARDAY: { key: 'byYearDay', min: -366, max: 366, zero: false },
  BYWEEKNO: { key: 'byWeekNo', min: -53, max: 53, zero: false },
  BYMONTH: { key: 'byMonth', min: 1, max: 12, zero: false },
  BYSETPOS: { key: 'bySetPos', min: -366, max: 366, zero: false },
})

/** Parses `20251231`, `20251231T235959` or `20251231T235959Z` (the RRULE UNTIL forms). */
export function parseIcalDateTime(text: string): WallTime | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/i.exec(text.trim())
  if (!m) return undefined
  const date = `${m[1]}-${m[2]}-${m[3]}`
  const value: WallTime = m[4] ? { date, time: `${m[4]}:${m[5]}:${m[6]}`, ...(m[7] ? { offset: 'Z' } : {}) } : { date }
  return wallSeconds(value) === undefined ? undefined : value
}

function parseList(name: string, value: string, errors: string[]): number[] | undefined {
  const spec = LIST_PARTS[name]
  const values: number[] = []
  for (const raw of value.split(',')) {
    const text = raw.trim()
    if (!/^[+-]?\d{1,4}$/.test(text)) {
      errors.push(`${name}: "${text}" is not a number`)
      continue
    }
    const n = Number(text)
    if (n < spec.min || n > spec.max || (n === 0 && !spec.zero)) {
      errors.push(`${name}: ${n} is out of range`)
      continue
    }
    if (!values.includes(n)) values.push(n)
  }
  return values.length ? values : undefined
}

function parseByDay(value: string, errors: string[]): ByDay[] | undefined {
  const days: ByDay[] = []
  for (const raw of value.split(',')) {
    const m = /^([+-]?\d{1,2})?\s*(MO|TU|WE|TH|FR|SA|SU)$/i.exec(raw.trim())
    const n = m?.[1] ? Number(m[1]) : 0
    if (!m || Math.abs(n) > 53) {
      errors.push(`BYDAY: "${raw.trim()}" is not a weekday`)
      continue
    }
    const day = WEEKDAY_CODES.indexOf(m[2].toUpperCase() as (typeof WEEKDAY_CODES)[number])
    if (!days.some((d) => d.n === n && d.day === day)) days.push({ n, day })
  }
  return days.length ? days : undefined
}

function applyOption(rule: Partial<Rule>, name: string, value: string, errors: string[]): void {
  switch (name) {
    case 'FREQ':
      if (FREQUENCIES.includes(value.toUpperCase() as Frequency)) rule.freq = value.toUpperCase() as Frequency
      else errors.push(`FREQ: "${value}" is not a frequency`)
      return
    case 'INTERVAL':
      // 0 or negative is seen in the wild; RFC 5545 says positive, and 1 is what such feeds mean.
      rule.interval = /^\d{1,6}$/.test(value) && Number(value) > 0 ? Number(value) : 1
      return
    case 'COUNT':
      if (/^\d{1,9}$/.test(value) && Number(value) > 0) rule.count = Number(value)
      else errors.push(`COUNT: "${value}" is not a positive integer`)
      return
    case 'UNTIL': {
      const until = parseIcalDateTime(value)
      if (until) rule.until = until
      else errors.push(`UNTIL: "${value}" is not a date`)
      return
    }
    case 'WKST': {
      const day = WEEKDAY_CODES.indexOf(value.toUpperCase() as (typeof WEEKDAY_CODES)[number])
      if (day >= 0) rule.wkst = day
      else errors.push(`WKST: "${value}" is not a weekday`)
      return
    }
    case 'BYDAY':
      rule.byDay = parseByDay(value, errors)
      return
    case 'RSCALE':
      if (value.toUpperCase() !== 'GREGORIAN') errors.push(`RSCALE=${value}: only the Gregorian calendar is supported`)
      return
    case 'SKIP':
      return // RFC 7529: only meaningful with a non-Gregorian RSCALE
  }
  if (name in LIST_PARTS) {
    rule[LIST_PARTS[name].key] = parseList(name, value, errors)
    return
  }
  if (name.startsWith('X-')) return
  errors.push(`unknown rule part ${name}`)
}

/**
 * Parses an RRULE value (with or without the `RRULE:` prefix). A rule comes back whenever FREQ is usable;
 * `errors` lists every part that was dropped or refused. No rule comes back when it cannot be expanded
 * faithfully (no or unknown FREQ, an unreadable COUNT or UNTIL, a non-Gregorian RSCALE), because a partial
 * reading would invent or lose dates.
 */
export function parseRrule(text: string): ParsedRule {
  const errors: string[] = []
  const rule: Partial<Rule> = { interval: 1, wkst: 0 }
  const body = text.trim().replace(/^RRULE:/i, '')
  for (const part of body.split(';')) {
    if (!part.trim()) continue
    const eq = part.indexOf('=')
    if (eq < 1) {
      errors.push(`"${part}" is not NAME=VALUE`)
      continue
    }
    applyOption(rule, part.slice(0, eq).trim().toUpperCase(), part.slice(eq + 1).trim(), errors)
  }
  if (!rule.freq) return { errors: errors.length ? errors : ['FREQ is missing'] }
  // RFC 5545 forbids COUNT with UNTIL; feeds that write both mean "whichever ends first", so both apply.
  if (rule.count !== undefined && rule.until) errors.push('both COUNT and UNTIL: the series ends at whichever comes first')
  // An unreadable bound would turn a finite series into an endless one: refuse rather than invent dates.
  if (errors.some((e) => /^(RSCALE|UNTIL|COUNT)/.test(e))) return { errors }
  return { rule: rule as Rule, errors }
}

/** Writes a rule back as RRULE text (without the prefix), in the conventional part order. */
export function formatRrule(rule: Rule): string {
  const parts = [`FREQ=${rule.freq}`]
  if (rule.interval > 1) parts.push(`INTERVAL=${rule.interval}`)
  if (rule.count !== undefined) parts.push(`COUNT=${rule.count}`)
  if (rule.until) {
    const u = rule.until
    parts.push(`UNTIL=${u.date.replace(/-/g, '')}${u.time ? `T${u.time.replace(/:/g, '').padEnd(6, '0')}${u.offset === 'Z' ? 'Z' : ''}` : ''}`)
  }
  const list = (name: string, values?: number[]) => values && parts.push(`${name}=${values.join(',')}`)
  list('BYMONTH', rule.byMonth)
  list('BYWEEKNO', rule.byWeekNo)
  list('BYYEARDAY', rule.byYearDay)
  list('BYMONTHDAY', rule.byMonthDay)
  if (rule.byDay) parts.push(`BYDAY=${rule.byDay.map((d) => `${d.n || ''}${WEEKDAY_CODES[d.day]}`).join(',')}`)
  list('BYHOUR', rule.byHour)
  list('BYMINUTE', rule.byMinute)
  list('BYSECOND', rule.bySecond)
  list('BYSETPOS', rule.bySetPos)
  if (rule.wkst !== 0) parts.push(`WKST=${WEEKDAY_CODES[rule.wkst]}`)
  return parts.join(';')
}

/**
 * Problems with an RRULE, for the extractor's warnings: empty when the rule is fine. A rule with problems may
 * still expand (dropped parts are listed here); one without a usable FREQ does not.
 */
export function validateRrule(text: string): string[] {
  const { rule, errors } = parseRrule(text)
  return rule ? errors : errors.length ? errors : ['unusable RRULE']
}
