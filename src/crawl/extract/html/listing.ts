/**
 * The general reader for pages without structured data (DESIGN §6), one reader for every site: the page's
 * lines and their dates first, then the records their repeated structure makes (cards, rows, list items,
 * paragraphs, `<br>` lines), read in document order so that headings scope what follows them: a day
 * heading gives its day to records that name none, a section heading titles records that have none, a
 * year in a heading gives dates without one their year. A page that is one event is read from its title
 * and labels. Every decision that leaves a page without events is said in `diagnostics`.
 */
import type { Candidate } from '../../candidate-types'
import { resolveAll, type YearRef } from '../prose-dates'
import { readingDay, type YearHint } from '../year-hint'
import { listCandidates, sectionTitle, YEAR, yearIn } from './list-records'
import { dayProgramme } from './day-records'
import { looseEvents } from './detail-page'
import { hasWord, type LineDates } from './line-dates'
import { foldRules, headerCell, inlineLead, kindTimesAfter, type LeadTime, leadAfter, leadLine, markListed, trailingLead, withLead } from './list-lead'
import type { Line, PageLines } from './page-lines'
import { dayItemEvents, proseEvents } from './prose-records'
import { RowDays } from './row-spans'
import { runRecord, runUntil, sharedPlace } from './run-records'
import { companionSection, readRecord, withoutDates } from './record-fields'
import { finder, linesBefore, looseProgrammes, withSeason } from './loose-programmes'
import { type Habit, recurringRecord } from './recurring-records'
import { type Season, weekCell, weekRecords } from './week-table'
import { headingDay } from './record-when'
import { PageReader } from './page-reader'
import { type RecordSpan, segmentRecords } from './records'
import { bareDay, type Coverage, coverage, explain, genericHeading } from './listing-support'

export type ListingOptions = {
  sourceUrl: string
  ref: string
  /**
   * Records the page's structured data already describes (their title and day are in the record's text):
   * they are noted for merging, not read again.
   */
  covered?: (text: string) => boolean
  zone?: string // the organization's zone: a European or Australian one reads "05/12" day first
}

/** A record the reader kept, with its lines (for merging); `covered`: structured data describes it (kept to say what the data touches). */
export type ListingRecord = { candidate: Candidate; from: number; to: number; region: number; covered?: boolean }

/**
 * `diagnostics` is worked out when first read: with structured data on the page nobody reads it, and saying
 * why a page has no events reads the dates of every line.
 */
export type ListingResult = { candidates: Candidate[]; records: ListingRecord[]; readonly diagnostics: string[]; reader: PageReader }

const MAX_RECORDS = 2000
/** `site`: the site's own name, the title of records under a heading that only says they are events ("Tour Dates"). */
/** `named`: the headings that name something, by level (1–7), for records under a generic one. */
/** `lead`: the time a paragraph gives the list of days after it ("… meets at 7:00 p.m. on the following dates:"). */
/** `habit`: the weekday of a habit heading ("Mondays", "Le mardi") over timed lines, and its level. */
type Scope = {
  year?: YearHint
  day?: string
  /** The last day of a day heading that is a range ("November 12 – 22"): a production's run (run-records.ts). */
  until?: string
  dayLevel: number
  dayLine?: number
  section?: string
  site?: string
  named: (string | undefined)[]
  rows: RowDays
  lead?: LeadTime
  habit?: Habit
  season?: Season
}

/** The site's name: `og:site_name`, else the last part of a `<title>` of several ("Tour | The Juniper Lanterns"). */
function siteName(facts: PageLines['facts']): string | undefined {
  if (facts.siteName?.trim()) return facts.siteName.trim()
  const parts = (facts.title ?? '').split(/\s+[|–—-]\s+|\s+::\s+|\s+·\s+/).map((p) => p.trim())
  return parts.length > 1 && parts[parts.length - 1] ? parts[parts.length - 1] : undefined
}

/** Updates the scope with a line that is not part of a record; true when the line headed records as a day. */
function scopeLine(scope: Scope, line: Line, d: LineDates | undefined, ref: YearRef): boolean {
  if (line.chrome) return false
  const level = line.heading || (line.virtual ? 9 : 8)
  const day = headingDay(line, d, ref, scope.year)
  if (day) {
    scope.day = day
    scope.until = runUntil(line.text, d, day, ref, scope.year)
    scope.dayLevel = level
    return true
  }
  const short = line.text.length <= 90
  if (short && (line.heading || line.strong || line.text.length <= 40) && !d?.day) {
    const year = yearIn(line.text)
    if (year !== undefined && (line.heading || line.strong || line.link || line.text.replace(YEAR, '').trim().length <= 30)) scope.year = year
  }
  if (line.heading && !d?.day) {
    if (level <= scope.dayLevel) scope.day = scope.until = undefined
    // "Finance Committee — 5:30 p.m.": the heading's time is its records' (see list-lead.ts), not its name.
    const title = sectionTitle(d?.time ? withoutDates(line, d) : line.text)
    if (title && short) {
      // "2027 Meeting Dates" under "Board of Trustees": the nearest heading above that names something, else the site.
      const generic = genericHeading(title)
      scope.section = generic ? (scope.named.slice(0, level).findLast((t) => t !== undefined) ?? scope.site ?? title) : companionSection(title, scope.named.slice(0, level))
      scope.named.length = level
      if (!generic) scope.named[level] = title
    }
  }
  return false
}

/** A record in navigation counts only when it is a dated link with a time ("Closed Session – January 7, 2026, 4:00 PM"). */
function trustedInChrome(lines: Line[], dates: (l: Line) => LineDates | undefined): boolean {
  if (!lines.some((l) => l.chrome)) return true
  return lines.some((l) => {
    const d = l.link ? dates(l) : undefined
    return !!d && d.day && d.mentions.some((m) => m.eligible && (m.start.hour !== undefined || m.end?.hour !== undefined))
  })
}

/**
 * Every event the page's visible text lists. `page` is the page's lines, built once per document and
 * shared with the other readers.
 */
export function extractListing(page: PageLines, options: ListingOptions): ListingResult {
  const pr = new PageReader(page, options.ref, { sourceUrl: options.sourceUrl, zone: options.zone })
  const { lines } = page
  // With structured data, a page that never shows one of its events with its day has no structure to merge.
  const shown = !options.covered || options.covered(lines.map((l) => l.text).join(' '))
  const seg = shown ? segmentRecords(lines, pr.dates) : { records: [], regions: 0, anchors: 0 }
  const structured = options.covered ? coverage(seg.records, lines, options.covered) : undefined
  const records: ListingRecord[] = []
  const taken = new Set<number>()
  const reasons = new Map<string, number>()
  const years: (YearHint | undefined)[] = new Array(lines.length)
  const scope: Scope = { dayLevel: 99, site: siteName(page.facts), named: [], rows: new RowDays() }
  let next = 0
  for (let i = 0; i < lines.length; i++) {
    const span: RecordSpan | undefined = seg.records[next]
    if (span && span.from === i) {
      next++
      for (let j = span.from; j <= span.to; j++) taken.add(j), (years[j] = scope.year)
      i = span.to
      if (records.length >= MAX_RECORDS) continue
      const read = readSpan(span, lines.slice(span.from, span.to + 1), { pr, scope, options, structured })
      const bare = bareDay(lines.slice(span.from, span.to + 1), pr.dates)
      for (const r of read.records) withLead(bare || r.candidate.title === scope.section ? markListed(r.candidate) : r.candidate, scope.lead)
      records.push(...read.records)
      // A day heading that gave a record its day, or heads records of its day, is the listing's, not the page's own date.
      if ((read.dayFromHeading || read.records.some((r) => r.candidate.start?.date === scope.day)) && scope.dayLine !== undefined) taken.add(scope.dayLine)
      if (read.reason) reasons.set(read.reason, (reasons.get(read.reason) ?? 0) + 1)
      continue
    }
    years[i] = scope.year
    const d = pr.dates(lines[i])
    // A table's header row, or a generic heading ("2027 Meeting Dates") between the lead and its list, leaves it in force.
    const lead = lines[i].text && !lines[i].chrome && !headerCell(lines[i]) ? leadLine(lines[i], d?.mentions) : scope.lead
    if (lead && lead !== scope.lead) leadAfter(records, lines, i, lead)
    else if (!lead && lines[i].text && !lines[i].chrome) kindTimesAfter(records, lines, i, d?.mentions)
    if (lead || !lines[i].heading || !genericHeading(sectionTitle(lines[i].text) ?? 'dates')) scope.lead = lead
    const loose = looseProgrammes(lines, i, seg.records[next]?.from, scope, pr, options.sourceUrl)
    if (loose) {
      for (let k = i; k <= loose.to; k++) taken.add(k), (years[k] = scope.year)
      for (const c of loose.candidates) records.push({ candidate: c, from: i, to: loose.to, region: 0 })
      i = loose.to
      continue
    }
    if (d?.list && !lines[i].chrome) {
      taken.add(i)
      for (const c of listCandidates(lines[i], pr, scope, options.sourceUrl)) records.push({ candidate: c, from: i, to: i, region: 0 })
      continue
    }
    if (scopeLine(scope, lines[i], pr.dates(lines[i]), pr.ref)) scope.dayLine = i
  }
  // Loose dates are the page's own event, which its structured data already states; a loose rule may give a list its time.
  const loose = structured ? [] : looseEvents({ lines, dates: pr.dates, taken, facts: page.facts, sourceUrl: options.sourceUrl, ref: pr.ref, yearAt: (i) => years[i] })
  const candidates = foldRules([...records.filter((r) => !r.covered).map((r) => r.candidate), ...loose])
  sharedPlace(loose.length ? candidates.filter((c) => !loose.includes(c)) : candidates, lines)
  const cut = seg.records.length > MAX_RECORDS
  const none = !candidates.length
  let diagnostics: string[] | undefined
  return {
    candidates,
    records,
    reader: pr,
    get diagnostics() {
      if (diagnostics) return diagnostics
      diagnostics = []
      if (cut) diagnostics.push(`listing heuristic stopped early: the page has more records than the limit (${MAX_RECORDS})`)
      if (none) diagnostics.push(explain(seg, reasons, lines, pr))
      return diagnostics
    },
  }
}

type SpanContext = { pr: PageReader; scope: Scope; options: ListingOptions; structured?: Coverage }
type SpanRead = { records: ListingRecord[]; reason?: string; dayFromHeading?: boolean }

/** The records one span gives: several for a prose or list line, one for a record, none with a reason. */
function readSpan(span: RecordSpan, recordLines: Line[], { pr, scope, options, structured }: SpanContext): SpanRead {
  const record = (candidate: Candidate, covered?: boolean): ListingRecord => ({ candidate, from: span.from, to: span.to, region: span.region, ...(covered ? { covered } : {}) })
  // With structured data on the page, only the structures it touches matter (see merge.ts).
  if (structured?.covered.has(span)) return { records: [record({ source: { url: options.sourceUrl, format: 'html', method: 'listing' } }, true)] }
  if (structured && !structured.touched.has(span.region)) return { records: [] }
  // "<div class=subtitle><h2>Saturday, December 5, 2026</h2></div>" among the cards: a day heading, no event.
  const texts = recordLines.filter((l) => l.text && !l.virtual)
  if (texts.length === 1 && texts[0].heading > 0 && texts[0].heading < 7 && scopeLine(scope, texts[0], pr.dates(texts[0]), pr.ref)) return { records: [] }
  const recordContext = { sourceUrl: options.sourceUrl, ref: pr.ref, dates: pr.dates, yearHint: scope.year, day: scope.day, section: scope.section, root: span.root }
  const programme = dayProgramme(recordLines, recordContext)
  if (programme) return { records: programme.map((c) => record(c)) }
  const prose = proseLine(recordLines, pr, scope.year, options.sourceUrl)
  if (prose) return { records: prose.map((c) => record(c)) }
  const list = listLine(recordLines, pr.dates)
  if (list) {
    // A heading of the record's own ("<h2>Junta Directiva</h2><p>… en las siguientes fechas: …</p>") names its days.
    const own = recordLines.find((l) => l.heading && l.heading < 7 && !pr.dates(l)?.day)
    const section = own && sectionTitle(own.text)
    return { records: listCandidates(list, pr, section && !genericHeading(section) ? { ...scope, section } : scope, options.sourceUrl).map((c) => record(c)) }
  }
  if (!trustedInChrome(recordLines, pr.dates)) return { records: [], reason: 'in navigation without a dated link' }
  // "Thursdays & Saturdays at 7:30 PM" under "November 12 – 22": a performance rule bounded by the run.
  const run = scope.day && scope.until ? runRecord(recordLines, recordContext, scope.day, scope.until) : undefined
  if (run) return { records: [record(run)], dayFromHeading: true }
  let read = readRecord(recordLines, recordContext)
  // A row under a date cell that spans several rows takes that row's day (see row-spans.ts).
  const spanned = read.reason === 'no day' ? scope.rows.dayFor(recordLines) : undefined
  if (spanned) read = { ...readRecord(recordLines, { ...recordContext, day: spanned }), dayFromHeading: false }
  if (read.candidate) scope.rows.remember(span.root, read.candidate)
  // "Every Tuesday at 10:30 a.m.", "jeden Dienstag um 10 Uhr": no day, a rule (see recurring-records).
  const recurring = read.reason === 'no day' ? recurringRecord(recordLines, recordContext, readingDay(pr.ref), scope.habit?.code, pr.reader.locale) : undefined
  const bounded = recurring && withSeason(recurring, scope.habit ? scope.season : undefined)
  if (recurring) return { records: bounded ? [record(bounded)] : [] }
  // A row of a weekly schedule table ("Monday | Pickleball 8–10 am | Chair Yoga 9:30 am"): one program per cell.
  const week = read.reason === 'no day' && recordLines.some(weekCell) ? weekRecords(recordLines, recordContext, finder(pr, scope.year), readingDay(pr.ref), linesBefore(pr, span.from)) : []
  if (week.length) return { records: week.map((c) => record(c)) }
  return read.candidate ? { records: [read.candidate, ...(read.also ?? [])].map((c) => record(c)), dayFromHeading: read.dayFromHeading } : { records: [], reason: read.reason }
}

/** The events of a record's one dated prose line, when it tells of several (see prose-records). */
function proseLine(recordLines: Line[], pr: PageReader, yearHint: YearHint | undefined, sourceUrl: string): Candidate[] | undefined {
  const dated = recordLines.filter((l) => pr.dates(l)?.day)
  if (dated.length !== 1) return undefined
  const d = pr.dates(dated[0])!
  return dayItemEvents(dated[0], d, pr.ref, yearHint, sourceUrl) ?? proseEvents(dated[0], d, pr.ref, yearHint, sourceUrl)
}

/** The one line of a record that lists several days ("January 12, February 9, March 9, …"), if that is all it dates. */
function listLine(recordLines: Line[], dates: (l: Line) => LineDates | undefined): Line | undefined {
  const dated = recordLines.filter((l) => dates(l)?.day)
  return dated.length === 1 && dates(dated[0])!.list ? dated[0] : undefined
}
