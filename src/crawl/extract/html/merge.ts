/**
 * Structured data that covers only some of a page's records does not hide the rest (a table of 13
 * meetings with microdata on one row): the page's records that match no structured event, in a repeated
 * structure where at least one record does match one, are the same kind of thing the markup describes
 * and are added. Records in structures the markup never touches (a "Related events" box, a sidebar) are
 * left to the markup's silence.
 */
import { memoize } from '../../../bounded-cache'
import { titleKey } from '../../dedupe'
import type { Candidate } from '../../candidate-types'
import type { ListingRecord } from './listing'

type Keyed = { key: string; words: Set<string>; date: string; url?: string }

function keyed(c: Candidate): Keyed | undefined {
  if (!c.start) return undefined
  const key = titleKey(c.title)
  return { key, words: new Set(key.split(' ')), date: c.start.date, url: c.url?.replace(/#.*$/, '') }
}

function similar(x: Keyed, y: Keyed): boolean {
  if (!x.key || !y.key) return false
  if (x.key === y.key || (Math.min(x.key.length, y.key.length) >= 6 && (x.key.includes(y.key) || y.key.includes(x.key)))) return true
  let common = 0
  for (const w of y.words) if (x.words.has(w)) common++
  return common / Math.max(x.words.size, y.words.size) >= 0.6
}

function near(a: string, b: string): boolean {
  return Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) <= 86_400_000
}

/**
 * A test for records the structured events already describe: the record's text holds an event's title
 * and one of the ways its day is commonly written (`2026-06-01`, `June 1`, `1 June`, `6/1`, `01.06.`).
 */
export function coveredBy(structured: Candidate[]): ((text: string) => boolean) | undefined {
  const events = structured.filter((c) => c.start && c.title && titleKey(c.title).length >= 4)
  if (!events.length) return undefined
  // The events by the first four characters of their title key (every key has four), for pages with many.
  const byHead = new Map<number, { title: string; date: string }[]>()
  for (const c of events) {
    const k = { title: titleKey(c.title), date: c.start!.date }
    const head = headHash(k.title, 0)
    const list = byHead.get(head)
    if (list) list.push(k)
    else byHead.set(head, [k])
  }
  const keys = [...byHead.values()].flat()
  return (text) => {
    const key = titleKey(text)
    // Up to a few dozen events a native search of the text per title is cheaper; past that, look the text's positions up among the titles.
    if (keys.length <= 64) return keys.some((k) => key.includes(k.title) && formsOf(k.date).some((f) => f.test(text)))
    // The hash of the HEAD characters at each position, rolled along the key (one step per position).
    let h = key.length >= HEAD ? headHash(key, 0) : 0
    for (let at = 0; at + HEAD <= key.length; at++) {
      if (at > 0) h = (Math.imul((h - Math.imul(key.charCodeAt(at - 1), LEAD)) | 0, BASE) + key.charCodeAt(at + HEAD - 1)) >>> 0
      const list = byHead.get(h)
      if (list?.some((k) => key.startsWith(k.title, at) && formsOf(k.date).some((f) => f.test(text)))) return true
    }
    return false
  }
}

const HEAD = 4
const BASE = 65_599
/** BASE to the power HEAD - 1, modulo 2^32: the weight of a head's first character, taken off when the head moves on. */
const LEAD = Math.imul(Math.imul(BASE, BASE), BASE)

/** A number for the HEAD characters of `text` at `at` (equal texts, equal numbers; a match is checked after). */
function headHash(text: string, at: number): number {
  let h = 0
  for (let i = at; i < at + HEAD; i++) h = (h * BASE + text.charCodeAt(i)) >>> 0
  return h
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/**
 * A day's written forms, compiled only when a record holds one of its events' titles, and once per day:
 * the patterns depend on the date alone (a crawl's pages share the days of its window).
 */
const formsOf = memoize(dayForms, 2_000)

/** The ways a day is commonly written: `June 1`, `1 June`, `6/1/2026`, `01.06.2026`, `2026-06-01`. */
function dayForms(date: string): RegExp[] {
  const [y, m, d] = date.split('-').map(Number)
  const mon = MONTHS[m - 1]
  const day = String(d)
  return [
    new RegExp(`\\b${mon}[a-z]*\\.?\\s+0?${day}\\b`, 'i'),
    new RegExp(`\\b0?${day}(st|nd|rd|th|\\.)?\\s+(de\\s+)?${mon}`, 'i'),
    new RegExp(`\\b0?${m}/0?${d}/(${y}|${y % 100})\\b`),
    new RegExp(`\\b0?${d}[.-]0?${m}[.-]${y}\\b`),
    new RegExp(date),
  ]
}

/** The page records to add to the structured events (see the module comment). */
export function uncovered(structured: Candidate[], records: ListingRecord[]): Candidate[] {
  const dated = structured.map(keyed).filter((k): k is Keyed => !!k)
  if (!dated.length || !records.length) return []
  // Structured events by day (and the days either side: an offset may move a day), for one lookup per record.
  const byDay = new Map<string, Keyed[]>()
  for (const s of dated)
    for (const d of [-1, 0, 1]) {
      const day = new Date(Date.parse(`${s.date}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10)
      const group = byDay.get(day)
      if (group) group.push(s)
      else byDay.set(day, [s])
    }
  const matched = records.map((r) => {
    if (r.covered) return true
    const k = keyed(r.candidate)
    return !!k && (byDay.get(k.date) ?? []).some((s) => near(s.date, k.date) && (similar(s, k) || (!!s.url && s.url === k.url)))
  })
  const regions = new Set(records.filter((_, i) => matched[i]).map((r) => r.region))
  return records.filter((r, i) => !matched[i] && regions.has(r.region)).map((r) => r.candidate)
}
