/**
 * A list of dates whose time is said once, before it: "The Planning Commission meets at 7:00 p.m. in the
 * Council Chambers on the following dates:" over a list of days, or "The Board of Zoning Appeals meets at
 * 5:30 p.m. on the following dates in 2027: Jan. 20, Apr. 21, Jul. 21 and Oct. 20." in one sentence ("La
 * Junta se reúne a las 19:30 h en las siguientes fechas: 13 de enero, 10 de febrero …"). The lead holds
 * one time and no day and ends in a colon; every day of the list after it takes that time.
 */
import type { Candidate, CandidatePlace } from '../../candidate-types'
import { addDays } from '../../../model/dates'
import { proseToRecurrence } from '../../shared/prose-rule'
import { clockOf, type RawWhen } from '../prose-dates'
import { onRule } from './recurring-records'
import { proseVenue } from './record-place'
import type { Line } from './page-lines'
import { childrenOf, type Element, isElement } from '../../shared/dom'

export type LeadTime = { time: string; endTime?: string; place?: CandidatePlace }

/** The one time (or range) among `mentions` before `at`, when none of them names a day. */
function timeBefore(mentions: RawWhen[], at: number): LeadTime | undefined {
  const before = mentions.filter((m) => m.index < at)
  if (before.length !== 1 || before[0].start.day !== undefined) return undefined
  const time = clockOf(before[0].start)
  if (!time) return undefined
  const endTime = clockOf(before[0].end)
  return endTime ? { time, endTime } : { time }
}

/** Meetings, sessions: what a sentence that gives the time of a list of days speaks of. */
const MEETING =
  /(?<!\p{L})(meet|meets|meetings?|sessions?|sitzung(en)?|tagt|séances?|réunions?|se réunit|sesi[oó]n(es)?|reuni[oó]n(es)?|se reúne|vergadering(en)?|vergadert|sedut[ae]|riunion[ei]|reuni(ão|ões)|reúne)(?!\p{L})/iu

/**
 * A line of its own that leads a list, or undefined: a line ending in a colon ("… meets at 7:00 p.m. … on
 * the following dates:"), a heading ("Finance Committee — 5:30 p.m."), or a sentence about meetings ("All
 * regular meetings begin at 7:00 p.m. in the Library Meeting Room."), each with one time and no day.
 */
export function leadLine(line: Line, mentions: RawWhen[] | undefined): LeadTime | undefined {
  const t = line.text.trimEnd()
  if (!mentions?.length || t.length > 300) return undefined
  const lead = t.endsWith(':') || (line.heading > 0 && line.heading < 7) || MEETING.test(t) ? timeBefore(mentions, t.length) : undefined
  // "All meetings begin at 6:30 p.m. in the District Office boardroom …": the place said with the time.
  const place = lead && proseVenue(t, mentions[0].endIndex)
  return place ? { ...lead, place } : lead
}

/**
 * A line in a table's header cell ("Date | Agenda | Minutes"), which leaves a lead above the table in force:
 * a `th`, or a bold word in a cell of the table's first row ("<tr><td><strong>Date</strong></td>…").
 */
export function headerCell(line: Line): boolean {
  if (line.path.some((e) => e.tagName === 'th' || e.tagName === 'thead')) return true
  if (!line.strong || line.text.length > 40) return false
  const row = line.path.findLast((e) => e.tagName === 'tr')
  return !!row && childrenOf(row.parentNode as Element).find((c) => isElement(c) && c.tagName === 'tr') === row
}

const SENTENCE_END = /[.!?]\s+(?=\p{Lu})|[.!?]?$/u

/**
 * In a line that leads its own list, the index of the colon the days follow, else -1: the days are all
 * after it, at least two, and they fill the rest of the sentence (`listed` says whether what remains
 * between them is little enough, as for a line that only lists dates).
 */
export function leadColon(text: string, raw: RawWhen[], listed: (tail: string, days: RawWhen[]) => boolean): number {
  const colon = text.indexOf(': ')
  if (colon < 0 || raw.length < 3 || !timeBefore(raw, colon)) return -1
  const days = raw.filter((m) => m.index > colon)
  if (days.length < 2 || days.length !== raw.length - 1 || days.some((m) => m.start.day === undefined || m.start.hour !== undefined)) return -1
  const tailEnd = days[days.length - 1].endIndex
  const end = tailEnd + (SENTENCE_END.exec(text.slice(tailEnd))?.index ?? 0)
  const shifted = days.map((m) => ({ ...m, index: m.index - colon - 1, endIndex: m.endIndex - colon - 1 }))
  return listed(text.slice(colon + 1, end), shifted) ? colon : -1
}

/** The time of a line that leads its own list (see `leadColon`). */
export function inlineLead(text: string, mentions: RawWhen[]): LeadTime | undefined {
  const colon = text.indexOf(': ')
  const lead = colon < 0 ? undefined : timeBefore(mentions, colon)
  // "… at 6:00 p.m. at the District Office, 4410 Ridge Road. 2027 regular meeting dates: …": its place too.
  const place = lead && proseVenue(text, mentions.find((m) => m.index < colon)!.endIndex)
  return place ? { ...lead, place } : lead
}

/** "January 19 · February 16 · June 15 (all at 7:00 PM)": one time after a line's last day, said of all its days. */
export function trailingLead(text: string, mentions: RawWhen[]): LeadTime | undefined {
  const times = mentions.filter((m) => m.start.day === undefined && m.start.hour !== undefined)
  const last = mentions.findLast((m) => m.start.day !== undefined)
  if (times.length !== 1 || !last || times[0].index < last.endIndex || !ALL_OF_THEM.test(text.slice(last.endIndex, times[0].index))) return undefined
  return timeBefore([times[0]], text.length)
}
const ALL_OF_THEM = /\(\s*(?:all|each|both|todas?|todos|tous|toutes|alle|jeweils|tutte|tutti|allemaal)\b/i

/** A listed day without a time of its own takes the lead's time (and its end); one without a place, its place. */
export function withLead(c: Candidate, lead: LeadTime | undefined): Candidate {
  if (!lead || !c.start || c.recurrenceText) return c
  // A day with its own time ("February 10, 2027 at 3:00 p.m.") still meets where the lead says, unless it says where.
  if (lead.place && !c.place) c.place = { ...lead.place }
  if (c.start.time || c.end) return c
  c.start = { date: c.start.date, time: lead.time }
  if (lead.endTime) c.end = { date: lead.endTime > lead.time ? c.start.date : addDays(c.start.date, 1), time: lead.endTime }
  return c
}

const words = (t: string | undefined) =>
  new Set(
    (t ?? '')
      .toLowerCase()
      .match(/\p{L}{4,}/gu)
      ?.filter((w) => !/^(meetings?|regular|sitzung(en)?|séances?|sesi[oó]n(es)?|reuni[oó]n(es)?|vergadering(en)?|riunion[ei]|schedule|dates?)$/.test(w)),
  )
/**
 * "Regular meetings of the Board of Education" and "Board of Education": the rule and the list name one body;
 * a rule that names none ("Regular meetings are held …") speaks of the list's.
 */
function sameBody(rule: string | undefined, list: string | undefined): boolean {
  const wr = words(rule)
  if (!wr.size) return true
  const wl = words(list)
  return [...wr].some((w) => wl.has(w))
}

/** The events read from a list of days (listing.ts marks them). */
const listed = new WeakSet<Candidate>()
export const markListed = (c: Candidate): Candidate => (listed.add(c), c)

/**
 * "Meetings begin at 7:00 PM at Town Hall … unless the agenda states otherwise." right after a list or table of
 * days: a lead said after its list times that list's days as one said before it would.
 */
export function leadAfter(records: { candidate: Candidate; to: number; region: number }[], lines: Line[], at: number, lead: LeadTime): void {
  const last = records[records.length - 1]
  if (!last || lines.slice(last.to + 1, at).some((l) => l.text && !l.virtual)) return
  for (let k = records.length - 1; k >= 0 && records[k].region === last.region; k--) if (listed.has(records[k].candidate)) withLead(records[k].candidate, lead)
}

/** The words of a kind of meeting before its time ("Regular meetings begin at" → regular, meeting). */
function kindWords(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}{3,}/gu) ?? []).filter((w) => !KIND_FILLER.test(w)).map((w) => w.replace(/s$/, ''))
}
const KIND_FILLER = /^(?:begin|begins|start|starts|are|held|will|the|and|all|from|with)$/

/**
 * "Regular meetings begin at 9:00 a.m.; work sessions at 1:30 p.m." right after a list of days titled
 * "Regular Meeting" and "Work Session": each kind of meeting its own time. Every time must follow words
 * that name a kind, and a listed day takes the time whose words its title holds (none when two do).
 */
export function kindTimesAfter(records: { candidate: Candidate; to: number; region: number }[], lines: Line[], at: number, mentions: RawWhen[] | undefined): void {
  const last = records[records.length - 1]
  const text = lines[at].text
  if (!last || !mentions || mentions.length < 2 || text.length > 300 || mentions.some((m) => m.start.day !== undefined)) return
  if (lines.slice(last.to + 1, at).some((l) => l.text && !l.virtual)) return
  const kinds: { words: string[]; lead: LeadTime }[] = []
  let from = 0
  for (const m of mentions) {
    const time = clockOf(m.start)
    const words = kindWords(text.slice(from, m.index))
    if (!time || !words.length) return
    const endTime = clockOf(m.end)
    kinds.push({ words, lead: endTime ? { time, endTime } : { time } })
    from = m.endIndex
  }
  for (let k = records.length - 1; k >= 0 && records[k].region === last.region; k--) {
    const c = records[k].candidate
    const title = new Set(kindWords(c.title ?? ''))
    const fits = kinds.filter((kind) => kind.words.every((w) => title.has(w)))
    if (fits.length === 1) withLead(c, fits[0].lead)
  }
}

/**
 * A monthly rule said beside a list of the same meetings' days ("… held on the second Monday of each month
 * at 6:00 p.m." over "January 11, February 8, March 15, April 12"): the list gives the days (March 15, not
 * the rule's March 8) and the rule their time. The rule goes when at least half the listed days are its, or two
 * of them are (a year's list moves many days for holidays: "17/12 (adelantada por Navidad)", "Aplazada al 4 de marzo").
 */
export function foldRules(candidates: Candidate[]): Candidate[] {
  const days = candidates.filter((c) => listed.has(c) && c.start)
  if (days.length < 2) return candidates
  const folded = new Set<Candidate>()
  for (const rule of candidates) {
    const rrule = rule.recurrenceText && rule.start?.time ? proseToRecurrence(rule.recurrenceText)?.rrule : undefined
    if (!rrule?.startsWith('FREQ=MONTHLY') || !days.some((c) => sameBody(rule.title, c.title))) continue
    const on = days.filter((c) => onRule(rrule, c.start!.date)).length
    if (on * 2 < days.length && on < 2) continue
    folded.add(rule)
    for (const c of days) {
      withLead(c, { time: rule.start!.time!, ...(rule.end?.time ? { endTime: rule.end.time } : {}) })
      if (rule.place && !c.place) c.place = rule.place
    }
  }
  return folded.size ? candidates.filter((c) => !folded.has(c)) : candidates
}
