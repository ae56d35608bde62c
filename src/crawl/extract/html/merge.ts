/**
 * Structured data that covers only some of a page's records does not hide the rest (a table of 13
 * meetings with microdata on one row): the page's records that match no structured event, in a repeated
 * structure where at least one record does match one, are the same kind of thing the markup describes
 * and are added. Records in structures the markup never touches (a "Related events" box, a sidebar) are
 * left to the markup's silence.
 */
import { titleKey } from '../../dedupe'
import type { Candidate } from '../../types'
import type { ListingRecord } from './listing'

function similar(a: string | undefined, b: string | undefined): boolean {
  const x = titleKey(a)
  const y = titleKey(b)
  if (!x || !y) return false
  if (x === y || (Math.min(x.length, y.length) >= 6 && (x.includes(y) || y.includes(x)))) return true
  const wx = new Set(x.split(' '))
  const wy = y.split(' ')
  const common = wy.filter((w) => wx.has(w)).length
  return common / Math.max(wx.size, wy.length) >= 0.6
}

function near(a: string, b: string): boolean {
  return Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) <= 86_400_000
}

function matches(s: Candidate, r: Candidate): boolean {
  if (!s.start || !r.start || !near(s.start.date, r.start.date)) return false
  return similar(s.title, r.title) || (!!s.url && !!r.url && s.url.replace(/#.*$/, '') === r.url.replace(/#.*$/, ''))
}

/** The page records to add to the structured events (see the module comment). */
export function uncovered(structured: Candidate[], records: ListingRecord[]): Candidate[] {
  const dated = structured.filter((c) => c.start)
  if (!dated.length || !records.length) return []
  const matched = records.map((r) => dated.some((s) => matches(s, r.candidate)))
  const regions = new Set(records.filter((_, i) => matched[i]).map((r) => r.region))
  return records.filter((r, i) => !matched[i] && regions.has(r.region)).map((r) => r.candidate)
}
